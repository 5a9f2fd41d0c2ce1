/**
 * SIGTERM to the real server process with 50 keep-alive clients sending one request after another,
 * a few keep-alive connections sitting idle and a big answer half read. Until the server stops, a
 * request on an open connection is answered: in flight at the signal, as usual with
 * `Connection: close`; arriving after it, with the JSON 503 `shutting_down` and `Connection: close`.
 * Idle connections are closed, the big answer arrives whole, nothing is reset, the process exits 0.
 */
import { Agent, get, type IncomingMessage } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Socket } from 'node:net';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { startStoreServer, type StoreServer } from '@tshirt/tooling/test/storeServer';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { withFakeFrontEnd, withTemporaryFolder } from './fixtures';
import { prepareDataDir } from './testDatabase';

const CLIENTS = 50;
const IDLE_CONNECTIONS = 5;
const BIG_FILE_BYTES = 16 * 1024 * 1024;
const STOPPING_LOG = 'stopping: finishing requests in flight';
/** Answered from memory: the clients measure the stop, not the database. */
const SMALL_PATH = '/site-config.json';

const dataDir = withTemporaryFolder('tshirt-keep-alive-');
const frontEnd = withFakeFrontEnd((fake) => {
  const hostDir = fake.env.HOST_DIST_DIR!;
  writeFileSync(join(hostDir, 'big.js'), `// ${'x'.repeat(BIG_FILE_BYTES)}\n`);
  writeReleaseManifest(hostDir);
});

type Outcome =
  | { kind: 'answer'; status: number; connection: string | undefined; code: string | undefined }
  | { kind: 'error'; code: string };

/** One GET on `agent`'s connection: the answer, or the socket error it met. */
function request(url: string, agent: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const sent = get(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        let code: string | undefined;
        try {
          code = (JSON.parse(body) as { error?: { code?: string } }).error?.code;
        } catch {
          code = undefined;
        }
        resolve({
          kind: 'answer',
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          code,
        });
      });
    });
    sent.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'error', code: error.code ?? error.message }),
    );
  });
}

/**
 * A client on one keep-alive connection sending requests one after another until an answer tells
 * it to close the connection, or the connection fails; every outcome, in order.
 */
async function keepSending(url: string, answered: () => void): Promise<Outcome[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const outcomes: Outcome[] = [];
  try {
    for (;;) {
      const outcome = await request(url, agent);
      outcomes.push(outcome);
      if (outcomes.length === 1) answered();
      if (outcome.kind === 'error' || outcome.connection === 'close') return outcomes;
    }
  } finally {
    agent.destroy();
  }
}

interface RawAnswer {
  status: number;
  connection: string | undefined;
  code: string | undefined;
}

/** A keep-alive connection that has asked once and now sits idle; `ask` sends one more request. */
async function idleConnection(port: number) {
  const socket = new Socket();
  let received = '';
  let error: string | undefined;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve));
  const ask = () => socket.write(`GET ${SMALL_PATH} HTTP/1.1\r\nHost: shop.test\r\n\r\n`);
  ask();
  await waitUntil(() => /\r\n\r\n/.test(received), 'the idle connection’s first answer');
  return {
    closed,
    /** Sends a request and resolves with its answer once the server has closed the connection. */
    async askOnceMore(): Promise<RawAnswer | { error: string }> {
      received = '';
      ask();
      await closed;
      if (error) return { error };
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const header = (name: string) =>
        new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim().toLowerCase();
      return {
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
        connection: header('connection'),
        code: /"code":"([^"]+)"/.exec(body)?.[1],
      };
    },
    /** The error the connection met, if any. */
    error: () => error,
  };
}

describe('SIGTERM with 50 keep-alive clients', () => {
  let server: StoreServer;
  afterEach(() => server?.stop());

  it('answers every request on an open connection, 503 shutting_down after the signal, closes idle ones, resets none, and exits 0', async () => {
    // An already migrated database: the server starts in seconds on a busy machine.
    await prepareDataDir(dataDir.path);
    server = await startStoreServer({
      ...frontEnd.env,
      DATA_DIR: dataDir.path,
      // Far beyond what the stop takes: reaching it is the failure.
      SHUTDOWN_TIMEOUT_MS: '30000',
      LOG_LEVEL: 'info',
    });
    const port = Number(new URL(server.url).port);
    let stopped = false;
    void server.exited.then(() => (stopped = true));

    // A big answer still going out when the signal comes: its reader has paused.
    const big = await new Promise<IncomingMessage>((resolve) =>
      get(`${server.url}/big.js`, { headers: { 'accept-encoding': 'identity' } }, resolve),
    );
    big.pause();

    const idle = await Promise.all(
      Array.from({ length: IDLE_CONNECTIONS }, () => idleConnection(port)),
    );
    // Every client's connection open and kept alive: each has had an answer.
    let clientsAnswered = 0;
    const clients = Array.from({ length: CLIENTS }, () =>
      keepSending(`${server.url}${SMALL_PATH}`, () => (clientsAnswered += 1)),
    );
    await waitUntil(
      () => clientsAnswered === CLIENTS,
      () => `every client has had an answer (${clientsAnswered} of ${CLIENTS} have)`,
    );
    server.signal('SIGTERM');
    await waitUntil(
      () => server.output().includes(STOPPING_LOG),
      () => `the server logs that it is stopping; it printed:\n${server.output().slice(-4_000)}`,
    );
    // Requests on connections that were idle when the signal came…
    const late = await Promise.all(idle.slice(0, 3).map((connection) => connection.askOnceMore()));
    const outcomes = await Promise.all(clients);
    // …and connections that stay idle are closed.
    for (const connection of idle) await connection.closed;
    // The big answer, still unread, holds the stop.
    expect(stopped).toBe(false);

    let bigBytes = 0;
    big.on('data', (chunk: Buffer) => (bigBytes += chunk.length));
    big.resume();
    await new Promise((resolve) => big.once('end', resolve));
    expect(bigBytes).toBeGreaterThan(BIG_FILE_BYTES);

    const exitCode = await server.exited;
    if (exitCode !== 0) throw new Error(`exit ${exitCode}:\n${server.output()}`);

    const refusal = { status: 503, connection: 'close', code: 'shutting_down' };
    expect(late).toEqual([refusal, refusal, refusal]);
    expect(idle.map((connection) => connection.error())).toEqual(idle.map(() => undefined));
    const all = outcomes.flat();
    const resets = all.filter((outcome) => outcome.kind === 'error');
    expect(resets).toEqual([]);
    // Each client was told to close with its last answer: 200 to a request in flight, else the 503.
    for (const client of outcomes) {
      const last = client.at(-1);
      expect(last).toEqual(
        last?.kind === 'answer' && last.status === 200
          ? expect.objectContaining({ connection: 'close' })
          : { kind: 'answer', ...refusal },
      );
    }
    // Their connections were kept alive before: more answers than connections.
    expect(all.length).toBeGreaterThan(CLIENTS);
  }, 120_000);
});
