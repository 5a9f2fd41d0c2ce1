/**
 * The order number's prefix is the shop's (ORDER_NUMBER_PREFIX, or the brand's initials): new
 * orders carry it, and the owner finds an order by its number typed as heard.
 */
import { orderNumberPrefixOf } from '../src/config';
import { withTestServer } from './fixtures';
import { placedOrder } from './orderLinks';
import { injectAsFetch, type SendRequest } from './helpers';

const server = withTestServer();

async function newOrderNumber(send: SendRequest, db = server.db): Promise<string> {
  return (await placedOrder(send, db)).id;
}

describe('the order number’s prefix', () => {
  it('is TW for the default brand, else the brand’s initials', () => {
    expect(orderNumberPrefixOf('Threadwise')).toBe('TW');
    expect(orderNumberPrefixOf('Ink & Thread')).toBe('IT');
    expect(orderNumberPrefixOf('Acme')).toBe('AC');
    expect(orderNumberPrefixOf('Café Côté Tees')).toBe('CCT');
    expect(orderNumberPrefixOf('猫')).toBe('TW');
  });

  it('starts every new order number of a shop that sets ORDER_NUMBER_PREFIX', async () => {
    const shop = await server.start({ ORDER_NUMBER_PREFIX: 'INK' });
    const id = await newOrderNumber(injectAsFetch(shop.app), shop.app.db);
    expect(id).toMatch(/^INK-\d{4}-\d{4}$/);
    // Typed as heard, with its prefix, the owner's search finds it.
    const heard = `ink ${id.slice(4, 8)} ${id.slice(9)}`;
    expect((await shop.app.repositories.orders.search(heard, 10)).map((order) => order.id)).toEqual(
      [id],
    );
  });

  it('follows the brand when no prefix is set', async () => {
    const shop = await server.start({ BRAND_NAME: 'Ink & Thread' });
    expect(await newOrderNumber(injectAsFetch(shop.app), shop.app.db)).toMatch(/^IT-\d{4}-\d{4}$/);
    expect(await newOrderNumber(server.request)).toMatch(/^TW-\d{4}-\d{4}$/);
  });

  it('refuses a prefix that is not 2 to 5 capital letters', async () => {
    await expect(server.start({ ORDER_NUMBER_PREFIX: 'tw-1' })).rejects.toThrow(
      /ORDER_NUMBER_PREFIX/,
    );
  });
});
