/**
 * The real server process keeps its DATA_DIR to itself: of servers started together on one folder
 * exactly one runs, the others exit at once naming the folder and the one that runs, and the lock
 * goes with that server when it dies, however it dies.
 */
import {
  SERVER_COMMAND,
  spawnServerProcess,
  startStoreServer,
  waitUntilHealthy,
  type ServerProcess,
} from '@tshirt/tooling/test/storeServer';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { readLiveServerInstance } from '../src/storage/serverInstance';
import { withFakeFrontEnd, withTemporaryFolder } from './fixtures';

const SERVERS_STARTED_TOGETHER = 4;

const frontEnd = withFakeFrontEnd();
const dataDir = withTemporaryFolder('tshirt-one-server-');

async function becomesHealthy(server: ServerProcess): Promise<boolean> {
  try {
    await waitUntilHealthy(server);
    return true;
  } catch {
    return false;
  }
}

describe('servers started at the same instant on one DATA_DIR', () => {
  it('run one; the others exit 1 naming the folder and its pid, and a kill -9 frees the folder', async () => {
    const servers = await Promise.all(
      Array.from({ length: SERVERS_STARTED_TOGETHER }, () =>
        spawnServerProcess(SERVER_COMMAND, { DATA_DIR: dataDir.path, ...frontEnd.env }),
      ),
    );
    try {
      const healthy = await Promise.all(servers.map(becomesHealthy));
      const running = servers.filter((_, index) => healthy[index]);
      const refused = servers.filter((_, index) => !healthy[index]);
      expect(running).toHaveLength(1);
      const [holder] = running as [ServerProcess];
      const holderPid = holder.child.pid as number;

      for (const server of refused) {
        expect(await server.exited).toBe(1);
        // A refused server that came late may be told the port too.
        expect(server.output()).toContain(`Another server (pid ${holderPid}`);
        expect(server.output()).toContain(`is already using DATA_DIR ${dataDir.path}.`);
      }
      // The refused servers left the running one's note for the owner scripts.
      expect(readLiveServerInstance(dataDir.path)?.pid).toBe(holderPid);

      holder.kill();
      await holder.exited;
      const restarted = await startStoreServer({ DATA_DIR: dataDir.path, ...frontEnd.env });
      try {
        await waitUntil(
          () => readLiveServerInstance(dataDir.path)?.pid === restarted.pid,
          'the restarted server has left its note',
        );
      } finally {
        await restarted.stop();
      }
    } finally {
      for (const server of servers) server.kill();
      await Promise.all(servers.map((server) => server.exited));
    }
  });
});

describe('a second server on a DATA_DIR whose server is listening', () => {
  it("exits 1, naming the running server's pid and port and what to do instead", async () => {
    const first = await startStoreServer({ DATA_DIR: dataDir.path, ...frontEnd.env });
    try {
      const second = await spawnServerProcess(SERVER_COMMAND, {
        DATA_DIR: dataDir.path,
        ...frontEnd.env,
      });
      expect(await second.exited).toBe(1);
      const port = new URL(first.url).port;
      expect(second.output()).toContain(
        `Another server (pid ${first.pid}, port ${port}) is already using DATA_DIR ${dataDir.path}. ` +
          'Stop it first, or give this one its own DATA_DIR (or a shared DATABASE_URL).',
      );
    } finally {
      await first.stop();
    }
  });
});
