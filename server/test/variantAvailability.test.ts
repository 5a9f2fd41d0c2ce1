/**
 * Only what the printer makes: with a print provider, which sizes each style and colour comes in is
 * the provider's catalog (read in the background, read again on a timer); the product page's offer
 * names the others, and the checkout refuses them before anything is charged.
 */
import {
  printProviderEnv,
  startPrintProviderStandIn,
  type PrintProviderStandIn,
} from '@tshirt/tooling/test/printProviderStandIn';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { StoreOffer } from '@tshirt/shared/types';
import { withTestApps } from './fixtures';
import { VALID_ORDER, injectAsFetch, newVisitor, query, type RunningApp } from './helpers';

const apps = withTestApps();
let provider: PrintProviderStandIn;

beforeEach(async () => {
  provider = await startPrintProviderStandIn();
});
afterEach(() => provider.close());

// Generous: the first read runs while the app starts, when a busy test machine answers slowly.
function startWithProvider(): Promise<RunningApp> {
  return apps.start({ ...printProviderEnv(provider), PRINT_PROVIDER_TIMEOUT_MS: '20000' });
}

async function offer(running: RunningApp): Promise<StoreOffer> {
  const answer = await injectAsFetch(running.app)('/creator/offer');
  expect(answer.status).toBe(200);
  return (await answer.json()) as StoreOffer;
}

function checkout(running: RunningApp, shirt: Record<string, string>) {
  return injectAsFetch(running.app)(`/creator/checkout?${query({ ...VALID_ORDER, ...shirt })}`, {
    method: 'POST',
    headers: newVisitor(),
  });
}

async function orderCount(running: RunningApp): Promise<number> {
  const [row] = await running.app.db.query<{ count: string | number }>(
    'SELECT count(*) AS count FROM orders',
  );
  return Number(row!.count);
}

it('refuses with a clear 400 a size the provider does not make, keeps no order, and names it in the offer', async () => {
  const running = await startWithProvider();
  await waitUntil(
    () => running.app.variantAvailability?.readAt !== undefined,
    () => `the catalog read (reads: ${provider.catalogReads.join(',')})`,
  );

  const { unavailable } = await offer(running);
  expect(unavailable).toContainEqual({
    shirtStyle: 'Youth',
    shirtColor: 'Black',
    shirtSize: '6XL',
    reason: 'Our print shop does not make the Youth shirt in Black, size 6XL.',
  });
  // 3 youth and 2 women's sizes, in each of the 8 colours.
  expect(unavailable).toHaveLength(8 * 3 + 8 * 2);
  expect(unavailable.some((shirt) => shirt.shirtStyle === "Men's")).toBe(false);

  const before = await orderCount(running);
  const refused = await checkout(running, {
    shirtStyle: 'Youth',
    shirtColor: 'Black',
    shirtSize: '6XL',
  });
  expect(refused.status).toBe(400);
  expect(await refused.json()).toEqual({
    error: {
      code: 'variant_unavailable',
      message:
        'Our print shop does not make the Youth shirt in Black, size 6XL. Please choose another size.',
    },
  });
  expect(await orderCount(running)).toBe(before);

  const made = await checkout(running, {
    shirtStyle: 'Youth',
    shirtColor: 'Black',
    shirtSize: '3XL',
  });
  expect(made.status).toBe(200);
});

it('starts and sells every shirt while the provider is down, then follows its catalog once it answers', async () => {
  provider.catalogMode = 'down';
  const running = await startWithProvider();
  await waitUntil(() => provider.catalogReads.length > 0, 'a catalog read tried');
  expect((await offer(running)).unavailable).toEqual([]);
  expect((await checkout(running, { shirtStyle: 'Youth', shirtSize: '6XL' })).status).toBe(200);

  provider.catalogMode = 'up';
  expect(await running.app.variantAvailability!.refresh()).toBe(true);
  expect((await checkout(running, { shirtStyle: 'Youth', shirtSize: '6XL' })).status).toBe(400);

  // A later failed read keeps what was known.
  provider.catalogMode = 'down';
  expect(await running.app.variantAvailability!.refresh()).toBe(false);
  expect((await offer(running)).unavailable).toHaveLength(40);
});

it('sells every combination of the spec with no print provider, and says what shipping costs', async () => {
  const running = await apps.start({});
  expect(running.app.variantAvailability).toBeUndefined();
  expect(await offer(running)).toEqual({
    currency: 'USD',
    unitPriceCents: 1999,
    shipping: [
      {
        countries: ['US'],
        countryNames: ['United States'],
        firstItemCents: 499,
        additionalItemCents: 200,
      },
    ],
    salesTax: 'off',
    unavailable: [],
  });
  expect((await checkout(running, { shirtStyle: 'Youth', shirtSize: '6XL' })).status).toBe(200);
});

it("names each zone's countries in the store's language, so the page needs no locale data", async () => {
  const running = await apps.start({ SHIPPING_ZONES: 'CA,MX=9.99+4.00;DE,XK=12.00+5.00' });
  const { shipping } = await offer(running);
  expect(shipping.map((zone) => zone.countryNames)).toEqual([
    ['United States'],
    ['Canada', 'Mexico'],
    ['Germany', 'Kosovo'],
  ]);
});
