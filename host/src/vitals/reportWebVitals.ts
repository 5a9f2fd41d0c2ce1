import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { VITALS_PATH } from '@tshirt/shared/apiPaths';
import type { WebVitalName, WebVitalReport } from '@tshirt/shared';

export type MetricListener = (onReport: (metric: Metric) => void) => void;

/** The web-vitals listeners for every metric the server stores. */
export const WEB_VITAL_LISTENERS: Readonly<Record<WebVitalName, MetricListener>> = {
  LCP: onLCP,
  INP: onINP,
  CLS: onCLS,
  TTFB: onTTFB,
  FCP: onFCP,
};

export function toWebVitalReport(metric: Metric, route: string): WebVitalReport {
  return {
    name: metric.name,
    value: metric.value,
    rating: metric.rating,
    id: metric.id,
    route,
  };
}

/** Sends one report; a beacon survives the page being closed, fetch with keepalive is the fallback. */
export function sendWebVitalReport(report: WebVitalReport): void {
  const body = JSON.stringify(report);
  const queued =
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(VITALS_PATH, new Blob([body], { type: 'application/json' }));
  if (queued || typeof fetch !== 'function') return;
  fetch(VITALS_PATH, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => {
    // Metrics are best effort: a lost report must never disturb the shopper.
  });
}

/** Starts observing Core Web Vitals and reports each to the server, tagged with the page's path. */
export function reportWebVitals(
  listeners: Readonly<Record<WebVitalName, MetricListener>> = WEB_VITAL_LISTENERS,
  send: (report: WebVitalReport) => void = sendWebVitalReport,
): void {
  const report = (metric: Metric) => send(toWebVitalReport(metric, window.location.pathname));
  for (const listen of Object.values(listeners)) listen(report);
}
