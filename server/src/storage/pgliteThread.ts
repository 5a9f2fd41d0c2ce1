/**
 * The embedded database on its own thread. PGlite runs Postgres as WebAssembly, synchronously, on
 * whichever thread owns it: on the event loop it took a third to a half of the server's time under
 * load. Here a worker thread owns it and the server sends it statements as messages.
 * This file is both sides: `openPgliteThread` (server) and, loaded in the worker, the thread itself.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { threadModule, WORKER_ENTRY } from '../workers/typescriptWorker';
import { pgliteStartParams, rowsOfEvery, type Database, type Queryable } from './database';

type Request =
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

type Reply = { id: number } & (
  | { rows: unknown[] }
  | { tx: number }
  | { done: true }
  | { error: { message: string; code?: string; name: string } }
);

/** This file as the thread loads it: its source, or its own bundle when the server runs bundled. */
const THREAD_MODULE = threadModule(__dirname, 'pgliteThread');

interface ThreadData {
  taskModule: string;
  pgliteDataDir: string | undefined;
  /** Postgres's `shared_buffers` in megabytes; undefined: PGlite's default. */
  sharedBuffersMb: number | undefined;
}

/** The server's side: a Database whose every statement runs on the database thread. */
export async function openPgliteThread(
  pgliteDataDir: string | undefined,
  { sharedBuffersMb }: { sharedBuffersMb?: number } = {},
): Promise<Database> {
  const worker = new Worker(WORKER_ENTRY, {
    workerData: { taskModule: THREAD_MODULE, pgliteDataDir, sharedBuffersMb } satisfies ThreadData,
  });
  const waiting = new Map<
    number,
    { resolve: (reply: Reply) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let failure: Error | undefined;

  // However long PGlite takes to start, but no longer than the thread lives.
  await new Promise<void>((resolve, reject) => {
    const started = (message: { ready?: true; error?: { message: string } }) => {
      stopListening();
      if (message.ready) resolve();
      else
        reject(
          new Error(
            `The embedded database did not open: ${message.error?.message ?? 'no reason given'}`,
          ),
        );
    };
    const failed = (error: Error) => {
      stopListening();
      reject(error);
    };
    const exited = (exitCode: number) =>
      failed(new Error(`The database thread stopped (exit code ${exitCode}) before it opened`));
    const stopListening = () => {
      worker.off('message', started);
      worker.off('error', failed);
      worker.off('exit', exited);
    };
    worker.on('message', started);
    worker.on('error', failed);
    worker.on('exit', exited);
  });
  worker.on('message', (reply: Reply) => {
    waiting.get(reply.id)?.resolve(reply);
    waiting.delete(reply.id);
  });
  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('The database thread has stopped')));

  async function send(request: Request): Promise<Reply> {
    if (failure) throw failure;
    const id = nextId++;
    const reply = await new Promise<Reply>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...request });
    });
    if ('error' in reply) {
      throw Object.assign(new Error(reply.error.message), {
        name: reply.error.name,
        code: reply.error.code,
      });
    }
    return reply;
  }

  const on = (tx?: number): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const reply = await send({ op: 'query', sql, params: [...params], tx });
      return (reply as { rows: Row[] }).rows;
    },
    async exec(sql: string) {
      const reply = await send({ op: 'exec', sql, tx });
      return (reply as { rows: unknown[] }).rows;
    },
  });

  return {
    kind: 'pglite',
    ...on(),
    async transaction(work) {
      const { tx } = (await send({ op: 'begin' })) as { tx: number };
      let result;
      try {
        result = await work(on(tx));
      } catch (error) {
        await send({ op: 'end', tx, commit: false });
        throw error;
      }
      await send({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (failure) return;
      await send({ op: 'close' });
      await worker.terminate();
    },
  };
}

/** The database thread's side: owns PGlite and answers each message in turn. */
async function runDatabaseThread(port: NonNullable<typeof parentPort>, data: ThreadData) {
  const { PGlite: PGliteClass } = await import('@electric-sql/pglite');
  let pglite: PGlite;
  try {
    pglite = await PGliteClass.create({
      ...(data.pgliteDataDir !== undefined && { dataDir: data.pgliteDataDir }),
      startParams: pgliteStartParams(PGliteClass.defaultStartParams, data.sharedBuffersMb),
    });
  } catch (error) {
    port.postMessage({ error: { message: (error as Error).message } });
    return;
  }
  const transactions = new Map<
    number,
    { tx: Transaction; end: (commit: boolean) => Promise<void> }
  >();
  let nextTx = 1;
  const ROLLBACK = Symbol('rollback');

  async function answer(request: Request): Promise<Omit<Reply, 'id'>> {
    switch (request.op) {
      case 'query': {
        const target = request.tx === undefined ? pglite : transactions.get(request.tx)?.tx;
        if (!target) throw new Error('unknown transaction');
        return { rows: (await target.query(request.sql, request.params)).rows };
      }
      case 'exec': {
        const target = request.tx === undefined ? pglite : transactions.get(request.tx)?.tx;
        if (!target) throw new Error('unknown transaction');
        return { rows: rowsOfEvery(await target.exec(request.sql)) };
      }
      case 'begin': {
        const tx = nextTx++;
        return new Promise((began, failedToBegin) => {
          const finished = pglite.transaction(
            (transaction) =>
              new Promise<void>((commit, rollback) => {
                transactions.set(tx, {
                  tx: transaction,
                  end: async (shouldCommit) => {
                    if (shouldCommit) commit();
                    else rollback(ROLLBACK);
                    await finished.catch((error: unknown) => {
                      if (error !== ROLLBACK) throw error;
                    });
                  },
                });
                began({ tx });
              }),
          );
          finished.catch((error: unknown) => {
            if (!transactions.has(tx)) failedToBegin(error);
          });
        });
      }
      case 'end': {
        const transaction = transactions.get(request.tx);
        if (!transaction) throw new Error('unknown transaction');
        transactions.delete(request.tx);
        await transaction.end(request.commit);
        return { done: true };
      }
      case 'close':
        await pglite.close();
        return { done: true };
    }
  }

  port.on('message', (request: Request & { id: number }) => {
    answer(request).then(
      (reply) => port.postMessage({ id: request.id, ...reply }),
      (error: unknown) => {
        const { message, code, name } = error as { message?: string; code?: string; name?: string };
        port.postMessage({
          id: request.id,
          error: { message: String(message ?? error), code, name: name ?? 'Error' },
        });
      },
    );
  });
  port.postMessage({ ready: true });
}

if (!isMainThread && parentPort && (workerData as Partial<ThreadData>)?.taskModule === __filename) {
  void runDatabaseThread(parentPort, workerData as ThreadData);
}
