import { pgliteFolder } from '../src/storage/database';
import { withFakeFrontEnd, withTemporaryFolder } from './fixtures';
import {
  VALID_ORDER,
  injectAsFetch,
  instantImageProvider,
  newVisitor,
  openTestDatabase,
  query,
  startApp,
  testConfig,
  payOnTestPage,
  type SendRequest,
} from './helpers';

const dataDir = withTemporaryFolder('tshirt-data-');
const frontEnd = withFakeFrontEnd();

/** Runs `work` against a server whose database lives in `dataDir`, then shuts both down. */
async function withServerOnDataDir<T>(work: (send: SendRequest) => Promise<T>): Promise<T> {
  const db = await openTestDatabase(pgliteFolder(dataDir.path));
  // Images and print files are kept as files in DATA_DIR beside the database.
  const config = testConfig({
    ...frontEnd.env,
    GENERATION_DAILY_LIMIT: '2',
    DATA_DIR: dataDir.path,
  });
  // Whatever the picture, it is kept: a tiny SVG spares the art engine's thread and drawing.
  const server = await startApp(config, { database: db, imageProvider: instantImageProvider });
  try {
    return await work(injectAsFetch(server.app));
  } finally {
    await server.close();
    await db.close();
  }
}

it('keeps images, orders, payments and used quota across a restart with the same DATA_DIR', async () => {
  const visitor = newVisitor();
  const before = await withServerOnDataDir(async (send) => {
    const generated = (await (
      await send(`/creator/generate_image?interests=lighthouses`, { headers: visitor })
    ).json()) as { image_url: string };
    const svg = await (await send(generated.image_url)).text();
    const checkout = await send(
      `/creator/checkout?${query({ ...VALID_ORDER, imageURL: generated.image_url })}`,
      {
        method: 'POST',
      },
    );
    const { paymentLinkURL } = (await checkout.json()) as { paymentLinkURL: string };
    expect((await payOnTestPage(send, paymentLinkURL)).status).toBe(303);
    return { imageUrl: generated.image_url, svg, paymentLinkURL };
  });

  await withServerOnDataDir(async (send) => {
    const image = await send(before.imageUrl);
    expect(image.status).toBe(200);
    expect(await image.text()).toBe(before.svg);

    const page = await (await send(before.paymentLinkURL)).text();
    expect(page).toContain('This order is already paid');

    // One of the two daily generations was used before the restart.
    expect((await send(`/creator/generate_image`, { headers: visitor })).status).toBe(200);
    expect((await send(`/creator/generate_image`, { headers: visitor })).status).toBe(429);
  });
});
