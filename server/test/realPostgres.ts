/**
 * A throwaway PostgreSQL cluster for one test file: Debian's `initdb` in a temporary folder owned
 * by the `postgres` user (Postgres refuses to run as root), `pg_ctl start` on a loopback port with
 * its socket in that folder, stopped and removed afterwards. Missing binaries fail the test with a
 * clear message: these tests never skip (CI installs the `postgresql` package).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@tshirt/tooling/test/ports';

const POSTGRES_LIB = '/usr/lib/postgresql';

/** The bin folder of the newest Debian PostgreSQL installed (`/usr/lib/postgresql/<major>/bin`). */
export function findPostgresBinaries(): string {
  const majors = existsSync(POSTGRES_LIB)
    ? readdirSync(POSTGRES_LIB)
        .filter((name) => existsSync(join(POSTGRES_LIB, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0) {
    throw new Error(
      `PostgreSQL is not installed: no ${POSTGRES_LIB}/*/bin/initdb. ` +
        'Install it with `apt-get install -y postgresql` (CI does this in .ci/run).',
    );
  }
  return join(POSTGRES_LIB, majors[0] as string, 'bin');
}

export interface RealPostgres {
  /** `postgres://…@127.0.0.1:<port>/postgres`, the same across stop/start. */
  databaseUrl: string;
  port: number;
  /** Stops the server (fast shutdown: open connections are cut), keeping the data. */
  stop(): void;
  /** Starts it again on the same port and folder. */
  start(): void;
  /** Stops it if running and deletes the folder. */
  remove(): void;
}

interface PostgresUser {
  uid: number;
  gid: number;
}

function postgresUser(): PostgresUser {
  const read = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    return { uid: read('-u'), gid: read('-g') };
  } catch {
    throw new Error(
      'There is no `postgres` system user; install the Debian `postgresql` package (it creates one).',
    );
  }
}

/** Runs a Postgres binary as the `postgres` user when we are root, directly otherwise. */
function runAsPostgres(binary: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  try {
    execFileSync(command, commandArgs, { stdio: 'pipe', timeout: 60_000 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(
      `${binary} ${args.join(' ')} failed:\n${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`,
    );
  }
}

export async function startRealPostgres(): Promise<RealPostgres> {
  const bin = findPostgresBinaries();
  const folder = mkdtempSync(join(tmpdir(), 'tshirt-pg-'));
  const dataDir = join(folder, 'data');
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    chownSync(folder, uid, gid);
  }
  chmodSync(folder, 0o700);
  const port = await freePort();

  runAsPostgres(join(bin, 'initdb'), [
    '--pgdata',
    dataDir,
    '--username',
    'postgres',
    '--auth',
    'trust',
    '--encoding',
    'UTF8',
    '--no-sync',
  ]);

  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${folder}'`,
    '-c fsync=off',
    '-c max_connections=100',
  ].join(' ');
  let running = false;
  const start = () => {
    runAsPostgres(join(bin, 'pg_ctl'), [
      'start',
      '--pgdata',
      dataDir,
      '--wait',
      '--timeout',
      '60',
      '--log',
      join(folder, 'server.log'),
      '-o',
      options,
    ]);
    running = true;
  };
  const stop = () => {
    runAsPostgres(join(bin, 'pg_ctl'), ['stop', '--pgdata', dataDir, '--wait', '-m', 'fast']);
    running = false;
  };
  start();
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    remove() {
      try {
        if (running) stop();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
