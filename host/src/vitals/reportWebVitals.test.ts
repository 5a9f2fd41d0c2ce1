import type { Metric } from 'web-vitals';
import { VITALS_PATH, type WebVitalName } from '@tshirt/shared';
import { reportWebVitals, sendWebVitalReport, type MetricListener } from './reportWebVitals';

function metric(name: WebVitalName, value: number): Metric {
  return {
    name,
    value,
    rating: 'good',
    delta: value,
    id: `v5-${name}`,
    entries: [],
    navigationType: 'navigate',
  } as unknown as Metric;
}

/** Listeners that report one metric each as soon as they are registered. */
function immediateListeners(): Record<WebVitalName, MetricListener> {
  const values: Record<WebVitalName, number> = {
    LCP: 1200,
    INP: 80,
    CLS: 0.02,
    TTFB: 150,
    FCP: 900,
  };
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      (onReport: (m: Metric) => void) => onReport(metric(name as WebVitalName, value)),
    ]),
  ) as Record<WebVitalName, MetricListener>;
}

describe('reportWebVitals', () => {
  const originalSendBeacon = navigator.sendBeacon;
  afterEach(() => {
    Object.defineProperty(navigator, 'sendBeacon', {
      value: originalSendBeacon,
      configurable: true,
    });
    window.history.replaceState(null, '', '/');
  });

  it('reports LCP, INP, CLS, TTFB and FCP with the current route', () => {
    window.history.replaceState(null, '', '/product');
    const send = jest.fn();
    reportWebVitals(immediateListeners(), send);
    expect(send.mock.calls.map(([report]) => report.name)).toEqual([
      'LCP',
      'INP',
      'CLS',
      'TTFB',
      'FCP',
    ]);
    expect(send).toHaveBeenCalledWith({
      name: 'CLS',
      value: 0.02,
      rating: 'good',
      id: 'v5-CLS',
      route: '/product',
    });
  });

  it('sends each report as a JSON beacon to the vitals endpoint', async () => {
    const sendBeacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    sendWebVitalReport({ name: 'LCP', value: 1200, rating: 'good', id: 'v5-LCP', route: '/' });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(VITALS_PATH);
    expect(body).toBeInstanceOf(Blob);
    const blob = body as Blob;
    expect(blob.type).toBe('application/json');
    const text = await blobText(blob);
    expect(JSON.parse(text)).toEqual({
      name: 'LCP',
      value: 1200,
      rating: 'good',
      id: 'v5-LCP',
      route: '/',
    });
  });
});

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}
