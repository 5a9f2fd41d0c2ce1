/**
 * Starts the store: validated configuration, DATA_DIR locked to this process, the app on PORT, a
 * clean stop on SIGTERM/SIGINT.
 */
import { randomBytes } from 'node:crypto';
import closeWithGrace from 'close-with-grace';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { acquireDataDirLock, dataDirTakenMessage, type DataDirLock } from './storage/dataDirLock';
import { removeServerInstance, writeServerInstance } from './storage/serverInstance';

function readConfigOrExit(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(
        `${error.message}\nThe server did not start. Fix the variables above and try again.`,
      );
      process.exit(1);
    }
    throw error;
  }
}

/** Held for the life of the process, taken before the database opens. */
async function lockDataDirOrExit(dataDir: string): Promise<DataDirLock> {
  const attempt = await acquireDataDirLock(dataDir);
  if (attempt.acquired) return attempt.lock;
  console.error(dataDirTakenMessage(dataDir, attempt.holder));
  process.exit(1);
}

/** Readable lines in a terminal (or with LOG_FORMAT=pretty); one JSON object a line otherwise. */
async function loggerFor(config: AppConfig): Promise<FastifyServerOptions['logger']> {
  const level = config.logLevel;
  if ((config.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'json') return { level };
  const { default: pretty } = await import('pino-pretty');
  // Synchronous, on this thread: no line is lost when the process exits right after writing it.
  // One line a message: a request's id and an error's fields stay on it.
  const stream = pretty({
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
  });
  return { level, stream };
}

async function main(): Promise<void> {
  const config = readConfigOrExit();
  const dataDir = config.storage.kind === 'pglite' ? config.storage.dataDir : undefined;
  const lock = dataDir === undefined ? undefined : await lockDataDirOrExit(dataDir);
  // Without ADMIN_TOKEN, the owner scripts still reach a running server with a token kept in DATA_DIR.
  const adminToken =
    config.adminToken ??
    (dataDir !== undefined ? randomBytes(24).toString('base64url') : undefined);
  const app = await buildApp({ ...config, adminToken }, { logger: await loggerFor(config) });

  // Bounds the stop by SHUTDOWN_TIMEOUT_MS: exit 0 once closed, 1 if it timed out or failed.
  const graceful = closeWithGrace(
    {
      delay: config.shutdownTimeoutMs,
      logger: app.log,
      // A terminal's Ctrl-C, a process-group stop and `npm start` forwarding can each deliver these:
      // close-with-grace would exit at the second, so they are handled below.
      skip: ['SIGTERM', 'SIGINT'],
      onTimeout: (delay) =>
        app.log.error(
          `requests did not finish within SHUTDOWN_TIMEOUT_MS (${delay} ms); ending them`,
        ),
    },
    async ({ err }) => {
      if (err) app.log.error({ err }, 'stopping after an uncaught error');
      await app.close();
    },
  );
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    app.log.info(
      { signal },
      stopping ? 'already stopping' : 'stopping: finishing requests in flight',
    );
    if (!stopping) graceful.close();
    stopping = true;
  };
  process.on('SIGTERM', stop).on('SIGINT', stop);
  // However the process ends, the owner scripts must not find a note pointing at it.
  if (dataDir !== undefined) process.once('exit', () => removeServerInstance(dataDir));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  lock?.announcePort(port);
  if (!stopping && dataDir !== undefined && adminToken !== undefined) {
    writeServerInstance(dataDir, {
      pid: process.pid,
      port,
      publicUrl: config.publicUrl,
      adminToken,
    });
  }
  app.log.info(`store ready on ${config.publicUrl} (listening on port ${port})`);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
