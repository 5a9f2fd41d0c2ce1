/**
 * The bare limits the server is measured against, in their own process (autocannon runs in the
 * bench's): node:http with no framework, answering
 * - the static paths with the very bytes and headers the store sent for them, from memory;
 * - `POST /creator/checkout` with the same validation and one INSERT into a fresh embedded database.
 * Usage: node --import tsx bareServer.ts <store url> <port> <data dir> <static path>...
 * Prints "ready" once listening.
 */
import { createServer, request, type ServerResponse } from 'node:http';
import { Ajv } from 'ajv';
import { CURRENCY, UNIT_PRICE_CENTS } from '@tshirt/shared/catalog';
import { shippingCents, type ShippingRate } from '@tshirt/shared/money';
import { CheckoutOrderSchema, type CheckoutOrder } from '@tshirt/shared/schemas';
import { parseArtworkReference } from '@tshirt/server/orders/artworkReference';
import { createOrdersRepository, draftOrder } from '@tshirt/server/orders/ordersRepository';
import { openDatabase } from '@tshirt/server/storage/database';
import { runMigrations } from '@tshirt/server/storage/migrations';
import { BROWSER_ACCEPT_ENCODING } from './requests';

/** The store's default shipping rate, as its configuration gives it with nothing set. */
const BENCH_SHIPPING_RATE: ShippingRate = { firstItemCents: 499, additionalItemCents: 200 };

interface CachedAnswer {
  body: Buffer;
  headers: Record<string, string>;
}

/** The store's checkout schema, compiled by Ajv with Fastify's options (query strings coerced, defaults filled in). */
const checkOrder = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  allErrors: false,
}).compile<CheckoutOrder>(CheckoutOrderSchema);

/** The bare route's 400 (the store's names the field; the cost of that is not what is measured). */
function refuse(response: ServerResponse): void {
  response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{}}');
}

const KEPT_HEADERS = ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary'];

/** The exact bytes and headers the store answers a browser with (node:http does not decode them). */
function fetchAnswer(url: string): Promise<CachedAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = response.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        resolve({ body: Buffer.concat(chunks), headers });
      });
    })
      .on('error', reject)
      .end();
  });
}

async function main(): Promise<void> {
  const [storeUrl, port, dataDir, ...staticPaths] = process.argv.slice(2);
  if (!storeUrl || !port || !dataDir)
    throw new Error('usage: bareServer.ts <store url> <port> <data dir> <path>...');
  const answers = new Map<string, CachedAnswer>();
  for (const path of staticPaths)
    answers.set(path, await fetchAnswer(new URL(path, storeUrl).href));

  // The store's page cache as in production (serverBench.ts sets the store's the same).
  const db = await openDatabase({ kind: 'pglite', dataDir, sharedBuffersMb: 128 });
  await runMigrations(db);
  const orders = createOrdersRepository(db);

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bare.invalid');
    const cached = request.method === 'GET' ? answers.get(url.pathname) : undefined;
    if (cached) {
      response.writeHead(200, { ...cached.headers, 'content-length': cached.body.length });
      response.end(cached.body);
      return;
    }
    if (request.method !== 'POST' || url.pathname !== '/creator/checkout') {
      response.writeHead(404).end();
      return;
    }
    // The same schema the store validates with, read as Fastify reads a query.
    const fields: Record<string, unknown> = Object.fromEntries(url.searchParams);
    if (!checkOrder(fields)) {
      refuse(response);
      return;
    }
    const artwork = parseArtworkReference(fields.imageURL, storeUrl);
    if (artwork?.kind !== 'premade') {
      refuse(response);
      return;
    }
    const { productName, shirtColor, shirtStyle, shirtSize, quantity, prompt } = fields;
    const order = draftOrder(
      {
        productName,
        shirtColor,
        shirtStyle,
        shirtSize,
        quantity,
        imagePath: artwork.path,
        prompt,
        unitPriceCents: UNIT_PRICE_CENTS,
        // The store's default rate (SHIPPING_FIRST_ITEM, SHIPPING_ADDITIONAL_ITEM), worked out as it does.
        shippingCents: shippingCents(BENCH_SHIPPING_RATE, quantity, UNIT_PRICE_CENTS * quantity),
        currency: CURRENCY,
        paymentProvider: 'test',
      },
      new Date(),
    );
    orders.insertPending(order).then(
      () => {
        response
          .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
          .end(JSON.stringify({ paymentLinkURL: `/pay/${order.id}` }));
      },
      () => response.writeHead(500).end(),
    );
  });
  server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
  process.on('SIGTERM', () => {
    server.close();
    void db.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
