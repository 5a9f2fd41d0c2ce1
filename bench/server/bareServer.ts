/**
 * The bare limits the server is measured against, in their own process (autocannon runs in the
 * bench's): node:http with no framework, answering
 * - the static paths with the very bytes and headers the store sent for them, from memory;
 * - `POST /creator/checkout` with the same validation and one INSERT into a fresh embedded database.
 * Usage: node --import tsx bareServer.ts <store url> <port> <data dir> <static path>...
 * Prints "ready" once listening.
 */
import { createServer, request } from 'node:http';
import {
  CURRENCY,
  PRODUCT_NAME,
  QUANTITY_MAX,
  QUANTITY_MIN,
  SHIRT_COLORS,
  SHIRT_SIZES,
  SHIRT_STYLES,
  UNIT_PRICE_CENTS,
  MAX_PROMPT_LENGTH,
} from '@tshirt/shared/catalog';
import { parseArtworkReference } from '@tshirt/server/orders/artworkReference';
import { createOrdersRepository, draftOrder } from '@tshirt/server/orders/ordersRepository';
import { openDatabase } from '@tshirt/server/storage/database';
import { runMigrations } from '@tshirt/server/storage/migrations';
import { BROWSER_ACCEPT_ENCODING } from './requests';

interface CachedAnswer {
  body: Buffer;
  headers: Record<string, string>;
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

function isOneOf<T extends string>(list: readonly T[], value: string | null): value is T {
  return value !== null && (list as readonly string[]).includes(value);
}

async function main(): Promise<void> {
  const [storeUrl, port, dataDir, ...staticPaths] = process.argv.slice(2);
  if (!storeUrl || !port || !dataDir)
    throw new Error('usage: bareServer.ts <store url> <port> <data dir> <path>...');
  const answers = new Map<string, CachedAnswer>();
  for (const path of staticPaths)
    answers.set(path, await fetchAnswer(new URL(path, storeUrl).href));

  const db = await openDatabase({ kind: 'pglite', dataDir });
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
    const query = url.searchParams;
    const quantity = Number(query.get('quantity'));
    const prompt = query.get('prompt') ?? '';
    const artwork = parseArtworkReference(query.get('imageURL') ?? '', storeUrl);
    const shirtColor = query.get('shirtColor');
    const shirtStyle = query.get('shirtStyle');
    const shirtSize = query.get('shirtSize');
    if (
      query.get('productName') !== PRODUCT_NAME ||
      !Number.isInteger(quantity) ||
      quantity < QUANTITY_MIN ||
      quantity > QUANTITY_MAX ||
      !isOneOf(SHIRT_COLORS, shirtColor) ||
      !isOneOf(SHIRT_STYLES, shirtStyle) ||
      !isOneOf(SHIRT_SIZES, shirtSize) ||
      prompt.length > MAX_PROMPT_LENGTH ||
      artwork?.kind !== 'premade'
    ) {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{}}');
      return;
    }
    const order = draftOrder(
      {
        productName: PRODUCT_NAME,
        shirtColor,
        shirtStyle,
        shirtSize,
        quantity,
        imagePath: artwork.path,
        prompt,
        unitPriceCents: UNIT_PRICE_CENTS,
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
