/**
 * Print renders run on their own bounded pool: a flood of print requests neither stalls the site nor
 * piles up, and a paid order's print file is rendered in the background and kept apart from the
 * bounded cache of everyone else's.
 */
import { PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { designPrintKey, imagePrintKey, printKeyForShirt } from '../src/images/printFiles';
import { withTestServer } from './fixtures';
import { VALID_ORDER, expectErrorShape, newVisitor, query, payOnTestPage } from './helpers';

const THREADS = 1;
const QUEUE = 2;

const server = withTestServer({
  env: { PRINT_RENDER_THREADS: String(THREADS), PRINT_RENDER_QUEUE: String(QUEUE) },
  overrides: { printFilesAhead: true },
});

async function generatedImages(count: number): Promise<string[]> {
  const visitor = newVisitor();
  const urls: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(
      `${server.url}/creator/generate_image?${query({ interests: `lighthouses ${index}`, style: 'Oil Painting' })}`,
      { headers: visitor },
    );
    urls.push(((await response.json()) as { image_url: string }).image_url);
  }
  return urls;
}

describe('a flood of print renders', () => {
  it('answers pages, files and the API before any print file is ready, and refuses what the queue cannot hold', async () => {
    const images = await generatedImages(6);
    let refusedSoFar = 0;
    const flood = images.map((url) => {
      const started = performance.now();
      return fetch(`${server.url}${url.replace(/\.svg$/, '.png')}`).then(async (response) => {
        if (response.status === 503) refusedSoFar += 1;
        const finishedAfterMs = performance.now() - started;
        const body = Buffer.from(await response.arrayBuffer());
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: response.status === 200 ? body : (JSON.parse(body.toString()) as unknown),
          finishedAfterMs,
        };
      });
    });
    // A refusal means the pool is full, so once three are back all six requests have reached it.
    await waitUntil(
      () => refusedSoFar >= 6 - THREADS - QUEUE,
      'the pool has refused the print renders it cannot hold',
    );
    const othersStarted = performance.now();
    const others = await Promise.all(
      [
        '/main.js',
        '/',
        '/healthz',
        PREMADE_DESIGNS[0]!.imagePath,
        images[0]!,
        `/creator/generate_image?${query({ interests: 'while printing' })}`,
      ].map(async (path) => {
        const response = await fetch(`${server.url}${path}`, { headers: newVisitor() });
        await response.arrayBuffer();
        return { path, status: response.status };
      }),
    );
    const othersTookMs = performance.now() - othersStarted;
    const prints = await Promise.all(flood);

    expect(others.every(({ status }) => status === 200)).toBe(true);
    const served = prints.filter(({ status }) => status === 200);
    const refused = prints.filter(({ status }) => status === 503);
    // One rendering and two waiting; the other three are told to come back.
    expect(served).toHaveLength(THREADS + QUEUE);
    expect(refused).toHaveLength(6 - THREADS - QUEUE);
    for (const refusal of refused) {
      expect(Number(refusal.retryAfter)).toBeGreaterThanOrEqual(1);
      expectErrorShape(refusal.body);
    }
    // Everything else was answered before even the first print file was.
    const firstPrintMs = Math.min(...served.map(({ finishedAfterMs }) => finishedAfterMs));
    expect(othersTookMs).toBeLessThan(firstPrintMs);
  }, 120_000);

  it('serves a print file the pool refused once a thread is free again', async () => {
    const [image] = await generatedImages(1);
    const response = await fetch(`${server.url}${image!.replace(/\.svg$/, '.png')}`);
    expect(response.status).toBe(200);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(1, 4)
        .toString('ascii'),
    ).toBe('PNG');
  }, 60_000);
});

describe('a paid order', () => {
  async function placeAndPay(imageURL: string): Promise<void> {
    const checkout = await fetch(
      `${server.url}/creator/checkout?${query({ ...VALID_ORDER, imageURL })}`,
      { method: 'POST', headers: newVisitor() },
    );
    const { paymentLinkURL } = (await checkout.json()) as { paymentLinkURL: string };
    const paid = await payOnTestPage(server.url, paymentLinkURL);
    expect(paid.status).toBe(303);
  }

  it('has its print file rendered in the background as soon as it is paid', async () => {
    const [image] = await generatedImages(1);
    const id = image!.slice('/creator/images/'.length, -'.svg'.length);
    await placeAndPay(image!);
    await server.app.printFiles.backgroundIdle();
    // Drawn for the order's shirt colour.
    const key = printKeyForShirt(imagePrintKey(id), VALID_ORDER.shirtColor);
    expect(await server.app.printFiles.keptIn(key)).toBe('orders');
  }, 60_000);

  it('has the print file of its pre-made design rendered in the background too', async () => {
    const design = PREMADE_DESIGNS[5]!;
    await placeAndPay(design.imagePath);
    await server.app.printFiles.backgroundIdle();
    const key = printKeyForShirt(designPrintKey(design.id), VALID_ORDER.shirtColor);
    expect(await server.app.printFiles.keptIn(key)).toBe('orders');
  }, 60_000);

  it('keeps a print file anyone asked for in the cache until its order is paid, then with the orders’', async () => {
    const design = PREMADE_DESIGNS[6]!;
    const key = printKeyForShirt(designPrintKey(design.id), VALID_ORDER.shirtColor);
    const printUrl = `${server.url}${design.imagePath.replace(/\.svg$/, '.png')}?${query({ shirt: VALID_ORDER.shirtColor })}`;
    const asked = await fetch(printUrl);
    expect(asked.status).toBe(200);
    const png = Buffer.from(await asked.arrayBuffer());
    expect(await server.app.printFiles.keptIn(key)).toBe('cache');

    await placeAndPay(design.imagePath);
    await server.app.printFiles.backgroundIdle();
    expect(await server.app.printFiles.keptIn(key)).toBe('orders');
    const askedAgain = await fetch(printUrl);
    expect(Buffer.from(await askedAgain.arrayBuffer()).equals(png)).toBe(true);
  }, 60_000);
});
