/**
 * A remote's own tests call `expectToFitHost`: the remote must fit the host it will be composed
 * into (its shared singleton ranges and its contract version), so a skewed release fails its
 * team's `npm test` with a sentence per problem, instead of a console warning in shoppers' browsers.
 * The host is the one in this repository, or a deployed one: HOST_MANIFEST_URL names its
 * host-manifest.json (e.g. https://shop.example/host-manifest.json).
 */
import { join } from 'node:path';
import { CONTRACT_VERSION, HOST_MANIFEST_FILE } from '@tshirt/shared/contract';
import { parseHostManifest, type HostManifest } from '@tshirt/shared/compatibility';
import { hostIncompatibilities, providedSingletons } from './federation';

/** The host to check against, and how to name it in a message. */
async function hostToCheck(): Promise<{ host: HostManifest; name: string }> {
  const url = process.env.HOST_MANIFEST_URL;
  if (url) {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HOST_MANIFEST_URL ${url} answered HTTP ${response.status}`);
    const manifest = parseHostManifest(await response.json());
    if (!manifest) throw new Error(`${url} is not a host's ${HOST_MANIFEST_FILE}`);
    return { host: manifest, name: `the host at ${url}` };
  }
  const hostDir = join(__dirname, '..', '..', 'host');
  return {
    host: { contractVersion: CONTRACT_VERSION, provides: providedSingletons(hostDir) },
    name: 'the host in this repository',
  };
}

/** Throws, naming every problem, unless the remote in `remoteDir` fits the host. */
export async function expectToFitHost(remoteName: string, remoteDir: string): Promise<void> {
  const { host, name } = await hostToCheck();
  const problems = hostIncompatibilities(remoteName, remoteDir, CONTRACT_VERSION, host);
  if (problems.length > 0) {
    throw new Error(`${remoteName} does not fit ${name}:\n- ${problems.join('\n- ')}`);
  }
}
