/** `npm run migrate -w server`: applies pending migrations (the server also does it at start-up). */
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../storage/database';
import { runMigrations } from '../storage/migrations';
import { readLiveServerInstance } from '../storage/serverInstance';

async function main() {
  const config = loadConfig(process.env);
  if (config.storage.kind === 'pglite' && config.storage.dataDir !== undefined) {
    const running = readLiveServerInstance(config.storage.dataDir);
    if (running) {
      console.log(
        `A server (pid ${running.pid}) is running on this DATA_DIR; it migrated the database at start-up.`,
      );
      return;
    }
  }
  const db = await openDatabase(config.storage);
  try {
    const applied = await runMigrations(db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
