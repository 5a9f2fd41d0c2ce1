/**
 * Starts the store: validated configuration, DATA_DIR locked to this process, the app on PORT, a
 * clean stop on SIGTERM/SIGINT.
 */
import { randomBytes } from 'node:crypto';
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

async function main(): Promise<void> {
  const config = readConfigOrExit();
  const dataDir = config.storage.kind === 'pglite' ? config.storage.dataDir : undefined;
  const lock = dataDir === undefined ? undefined : await lockDataDirOrExit(dataDir);
  // Without ADMIN_TOKEN, the owner scripts still reach a running server with a token kept in DATA_DIR.
  const adminToken =
    config.adminToken ??
    (dataDir !== undefined ? randomBytes(24).toString('base64url') : undefined);
  const app = await buildApp({ ...config, adminToken });

  // A terminal's Ctrl-C, a process-group stop and `npm start` forwarding can each deliver the
  // signal: the first starts the stop, later ones are only noted (Node would otherwise exit at once,
  // cutting requests in flight and leaving the instance note behind).
  let stopping = false;
  const finish = (code: number) => {
    if (dataDir !== undefined) removeServerInstance(dataDir);
    lock?.release();
    process.exit(code);
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.info({ signal }, 'already stopping');
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    setTimeout(() => {
      app.log.error(
        `requests did not finish within SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms); ending them`,
      );
      finish(1);
    }, config.shutdownTimeoutMs);
    app.close().then(
      () => finish(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'the server did not stop cleanly');
        finish(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stop);

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
