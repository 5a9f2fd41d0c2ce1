/**
 * A plain static file server with CORS, the way a CDN serves a remote's build folder: entry files
 * revalidated on every load, content-hashed chunks immutable. Used to run a remote's production
 * build on its own origin (`npm start -w remote-designer`) and by the end-to-end tests.
 *
 *   tsx shared/build/serveStatic.ts <folder> [port]      (PORT env also works; default 5001)
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { cacheControlForStaticFile } from './cachePolicy';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
};

export interface StaticServerOptions {
  root: string;
  port: number;
  host?: string;
}

export function startStaticServer({ root, port, host = '127.0.0.1' }: StaticServerOptions): Promise<Server> {
  const base = resolve(root);
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(base, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    let size: number;
    try {
      if (!file.startsWith(base + sep) && file !== base) throw new Error('outside root');
      const stats = statSync(file);
      if (!stats.isFile()) throw new Error('not a file');
      size = stats.size;
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': size,
      'Cache-Control': cacheControlForStaticFile(file),
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveServer(server));
  });
}

if (require.main === module) {
  const [folder = 'dist', portArgument] = process.argv.slice(2);
  const port = Number(portArgument ?? process.env.PORT ?? 5001);
  startStaticServer({ root: folder, port, host: process.env.HOST ?? '127.0.0.1' }).then(
    () => console.log(`Serving ${resolve(folder)} on http://${process.env.HOST ?? '127.0.0.1'}:${port}/`),
    (error: unknown) => {
      console.error(`Could not serve ${folder}: ${String(error)}`);
      process.exit(1);
    },
  );
}
