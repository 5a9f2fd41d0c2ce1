/** Starts the store: validated configuration, the app on PORT, a clean stop on SIGTERM/SIGINT. */
import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import {
  readLiveServerInstance,
  removeServerInstance,
  writeServerInstance,
} from './storage/serverInstance';

const SHUTDOWN_GRACE_MS = 10_000;

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

async function main(): Promise<void> {
  const config = readConfigOrExit();
  const dataDir = config.storage.kind === 'pglite' ? config.storage.dataDir : undefined;
  if (dataDir !== undefined) {
    const other = readLiveServerInstance(dataDir);
    if (other && other.pid !== process.pid) {
      console.error(
        `Another server (pid ${other.pid}, port ${other.port}) is already using DATA_DIR ${dataDir}. ` +
          'Stop it first, or give this one its own DATA_DIR (or a shared DATABASE_URL).',
      );
      process.exit(1);
    }
  }
  // Without ADMIN_TOKEN, the owner scripts still reach a running server with a token kept in DATA_DIR.
  const adminToken =
    config.adminToken ??
    (dataDir !== undefined ? randomBytes(24).toString('base64url') : undefined);
  const app = await buildApp({ ...config, adminToken });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    setTimeout(() => {
      app.log.error('requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
    } finally {
      if (dataDir !== undefined) removeServerInstance(dataDir);
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (dataDir !== undefined && adminToken !== undefined) {
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
