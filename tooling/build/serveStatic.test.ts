/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { STANDALONE_CONFIG_FILE } from '@tshirt/shared/contract';
import { IMMUTABLE, NO_CACHE } from '@tshirt/shared/cachePolicy';
import { startStaticServer } from './serveStatic';

let folder: string;
let server: FastifyInstance;
let base: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'serve-static-'));
  mkdirSync(join(folder, 'chunks'));
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>Designer</title>');
  writeFileSync(join(folder, 'remoteEntry.js'), 'var designer = {};');
  writeFileSync(join(folder, 'chunks', 'art.0123456789.js'), 'console.log("art");');
  server = await startStaticServer({ root: folder, port: 0, storeUrl: 'http://localhost:8080/' });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A request with the path exactly as written (fetch would normalise `//` and `..`). */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    // A fresh connection each time: a connection the server closed after an odd request is not reused.
    const request = httpRequest(`${base}/`, { path, headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the reference static server of a remote', () => {
  it('sends the headers DEPLOY.md promises: CORS, no-cache entries, immutable chunks, validators', async () => {
    const entry = await rawGet('/remoteEntry.js', { origin: 'http://shop.example' });
    expect(entry.status).toBe(200);
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(entry.headers['cache-control']).toBe(NO_CACHE);
    expect(entry.headers.etag).toBeTruthy();
    expect(entry.headers['last-modified']).toBeTruthy();
    const chunk = await rawGet('/chunks/art.0123456789.js');
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers a revalidation of an unchanged file with 304', async () => {
    const first = await rawGet('/remoteEntry.js');
    const again = await rawGet('/remoteEntry.js', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    const since = await rawGet('/remoteEntry.js', {
      'if-modified-since': String(first.headers['last-modified']),
    });
    expect(since.status).toBe(304);
  });

  it('tells the standalone page where the store is', async () => {
    const response = await fetch(`${base}/${STANDALONE_CONFIG_FILE}`);
    expect(response.headers.get('cache-control')).toBe(NO_CACHE);
    expect(await response.json()).toEqual({ storeUrl: 'http://localhost:8080' });
  });

  it('sends the standalone page with a policy that allows no inline style or script, and the store for data', async () => {
    const policy = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("style-src 'self';");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self' http://localhost:8080;");
    expect(policy).not.toMatch(/(?:script|style)-src [^;]*'unsafe-inline'/);
    const entry = await fetch(`${base}/remoteEntry.js`);
    expect(entry.headers.get('content-security-policy')).toBeNull();
  });

  it('answers a page path with the standalone page, and a missing file with 404', async () => {
    const loading = await fetch(`${base}/loading`);
    expect(loading.status).toBe(200);
    expect(await loading.text()).toContain('<title>Designer</title>');
    expect((await fetch(`${base}/chunks/missing.0123456789.js`)).status).toBe(404);
  });

  it.each([
    '//',
    '/%E0%A4%A',
    '/%',
    '/..',
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/chunks/..%2f..%2findex.html',
    '/%00',
    '/.env',
  ])('answers %s without crashing and without leaving its folder', async (path) => {
    const response = await rawGet(path);
    expect([200, 400, 404]).toContain(response.status);
    expect((await rawGet('/remoteEntry.js')).status).toBe(200);
  });

  it('survives any path a client can send and keeps serving', async () => {
    const pathPieces = fc.constantFrom(
      ..."/%.:@!$&'()*+,;=-_~?#[]\\aZ09é".split(''),
      '%2e',
      '%2f',
      '%00',
      '%E0%A4',
      '%ff',
      '..',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(pathPieces, { maxLength: 24 }), async (pieces) => {
        const response = await rawGet(`/${pieces.join('')}`);
        return response.status < 500;
      }),
      { numRuns: 300 },
    );
    expect((await rawGet('/remoteEntry.js')).status).toBe(200);
  });
});
