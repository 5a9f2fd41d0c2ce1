/**
 * @jest-environment node
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CONTRACT_VERSION, HOST_MANIFEST_FILE } from '@tshirt/shared/contract';

const REPO_ROOT = join(__dirname, '..', '..');

/** A deployed host, as far as a remote team sees it: its host-manifest.json. */
function deployedHost(manifest: unknown): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(manifest));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/${HOST_MANIFEST_FILE}`,
        server,
      }),
    ),
  );
}

/**
 * Runs the designer team's own compatibility test, as `npm test -w remote-designer` does (not
 * blocking: the deployed host answers from this process).
 */
function designerTeamsTest(hostManifestUrl: string): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        join(REPO_ROOT, 'node_modules/jest/bin/jest.js'),
        '--selectProjects',
        'remote-designer',
        '--testPathPatterns',
        'src/contract',
        '--testNamePattern',
        'fits the host',
      ],
      { cwd: REPO_ROOT, env: { ...process.env, HOST_MANIFEST_URL: hostManifestUrl } },
      (error, stdout, stderr) => {
        const status = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ status, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe("a remote team's own tests, against a deployed host", () => {
  let host: Server | undefined;
  afterEach(() => host?.close());

  it('fail with a sentence naming each singleton the host provides out of range', async () => {
    const deployed = await deployedHost({
      contractVersion: CONTRACT_VERSION,
      provides: {
        react: { version: '18.2.0' },
        'react/jsx-runtime': { version: '18.2.0' },
        'react-dom': { version: '19.3.1' },
        'react-dom/client': { version: '19.3.1' },
        '@tshirt/shared': { version: '1.0.0' },
      },
    });
    host = deployed.server;
    const run = await designerTeamsTest(deployed.url);
    expect(run.status).toBe(1);
    expect(run.output).toContain(`designer does not fit the host at ${deployed.url}`);
    expect(run.output).toMatch(
      /designer requires react@\^19\.\d+\.\d+, but the host provides 18\.2\.0/,
    );
  }, 60_000);

  it('pass against a host that provides what the remote was built for', async () => {
    const deployed = await deployedHost({
      contractVersion: CONTRACT_VERSION,
      provides: {
        react: { version: '19.3.1' },
        'react/jsx-runtime': { version: '19.3.1' },
        'react-dom': { version: '19.3.1' },
        'react-dom/client': { version: '19.3.1' },
        '@tshirt/shared': { version: '1.0.0' },
      },
    });
    host = deployed.server;
    const run = await designerTeamsTest(deployed.url);
    expect(run.output).toContain('1 passed');
    expect(run.status).toBe(0);
  }, 60_000);
});
