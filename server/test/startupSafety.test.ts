/**
 * The real server process (`src/main.ts`) refuses a configuration that would give shirts away or
 * let visitors pick their own daily limit, and says so loudly while test payments are on.
 */
import { existsSync } from 'node:fs';
import { serverInstanceFile } from '../src/storage/serverInstance';
import {
  SERVER_COMMAND,
  spawnServerProcess,
  startStoreServer,
} from '@tshirt/tooling/test/storeServer';
import { withFakeFrontEnd, withTemporaryFolder } from './fixtures';

const frontEnd = withFakeFrontEnd();
const dataDir = withTemporaryFolder('tshirt-startup-');

/** Runs the server until it exits on its own (a server that did start is killed after 30 s). */
async function runUntilExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const server = await spawnServerProcess(SERVER_COMMAND, {
    DATA_DIR: dataDir.path,
    ...frontEnd.env,
    ...env,
  });
  const timer = setTimeout(() => server.kill(), 30_000);
  const code = await server.exited;
  clearTimeout(timer);
  return { code, output: server.output() };
}

describe('starting in production', () => {
  it('is refused without a real payment provider, with a message saying how to fix it', async () => {
    const { code, output } = await runUntilExit({ ALLOW_TEST_PAYMENTS: 'false' });
    expect(code).toBe(1);
    expect(output).toContain('No payment provider: with NODE_ENV=production');
    expect(output).toContain('STRIPE_SECRET_KEY');
    expect(output).toContain('ALLOW_TEST_PAYMENTS=true');
    expect(output).toContain('The server did not start.');
    expect(existsSync(serverInstanceFile(dataDir.path))).toBe(false);
  });

  it('goes ahead with test payments when the owner opts in, warning loudly', async () => {
    const server = await startStoreServer({ ...frontEnd.env, DATA_DIR: 'memory://' });
    try {
      expect(server.output()).toContain('TEST PAYMENTS IN PRODUCTION (ALLOW_TEST_PAYMENTS=true)');
      expect(server.output()).toContain('"level":40');
    } finally {
      await server.stop();
    }
  });
});

describe('starting outside production with the test payment page', () => {
  it('warns at start that orders are paid for free', async () => {
    const server = await startStoreServer({
      ...frontEnd.env,
      DATA_DIR: 'memory://',
      NODE_ENV: 'development',
      ALLOW_TEST_PAYMENTS: 'false',
    });
    try {
      expect(server.output()).toContain(
        'TEST PAYMENTS: orders are \\"paid\\" on the built-in test page and nothing is charged',
      );
    } finally {
      await server.stop();
    }
  });
});

describe.each([
  ['true', 'TRUST_PROXY=true would believe the X-Forwarded-For of any client'],
  ['1', 'TRUST_PROXY=1 is a hop count, which cannot tell the proxy from a client'],
])('TRUST_PROXY=%s', (value, reason) => {
  it('is refused at start, naming the proxy addresses to use instead', async () => {
    const { code, output } = await runUntilExit({ TRUST_PROXY: value });
    expect(code).toBe(1);
    expect(output).toContain(reason);
    expect(output).toContain('TRUST_PROXY=loopback');
    expect(output).toContain('TRUST_PROXY=10.0.0.0/8');
  });
});
