/** Benchmark 1: what `/` and `/product` download, by kind, and how many copies of React arrive. */
import { startStoreServer } from '@tshirt/tooling/test/storeServer';
import { measurePageBytes, type PageBytes } from './measurePageBytes';

export interface BytesResult {
  home: PageBytes;
  product: PageBytes;
}

export async function runBytesBench(): Promise<BytesResult> {
  const server = await startStoreServer();
  try {
    const home = await measurePageBytes(server.url, '/', { waitForRemotes: false });
    const product = await measurePageBytes(server.url, '/product', { waitForRemotes: true });
    return { home, product };
  } finally {
    await server.stop();
  }
}
