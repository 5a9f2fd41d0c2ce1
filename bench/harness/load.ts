/**
 * autocannon, made to measure the server rather than itself: autocannon 9 decodes every response
 * body into a UTF-8 string it then drops (`pipelinedRequestsQueue.addBody`). At /main.js's 79 KB
 * of Brotli that decoding held its one thread at 100 % at about 1,000 answers a second while the
 * server it measured sat 87 % idle, so every figure for a large file was the load generator's.
 * Bodies are discarded here instead (their bytes are still counted); no benchmark reads them.
 */
import autocannon, { type Options, type Result } from 'autocannon';

interface AutocannonClient {
  pipelinedRequests?: { addBody?: unknown };
}

function discardBodies(client: AutocannonClient): void {
  const queue = client.pipelinedRequests;
  if (typeof queue?.addBody !== 'function') {
    // A newer autocannon works differently: fail loudly rather than measure the client again.
    throw new Error('autocannon changed: bench/harness/load.ts no longer knows how to drop bodies');
  }
  queue.addBody = () => undefined;
}

export function runLoad(options: Options): Promise<Result> {
  return autocannon({ ...options, setupClient: discardBodies });
}
