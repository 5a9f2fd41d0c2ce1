/**
 * Whether a remote fits the host it will be composed into (its shared singleton ranges and its
 * contract version): its production build refuses a skewed release (./hostFitPlugin.ts), and its
 * own tests call `expectToFitHost`, each with a sentence per problem instead of a console warning
 * in shoppers' browsers. The host is the one in this repository, or a deployed one:
 * HOST_MANIFEST_URL names its host-manifest.json (e.g. https://shop.example/host-manifest.json).
 */
import { join } from 'node:path';
import { CONTRACT_VERSION, HOST_MANIFEST_FILE } from '@tshirt/shared/contract';
import { parseHostManifest, type HostManifest } from '@tshirt/shared/compatibility';
import { hostIncompatibilities, providedSingletons } from './federation';

/** A deployed host that does not answer in this long fails the check rather than hang a build. */
const HOST_MANIFEST_TIMEOUT_MS = 30_000;

/** The host to check against, and how to name it in a message. */
async function hostToCheck(): Promise<{ host: HostManifest; name: string }> {
  const url = process.env.HOST_MANIFEST_URL;
  if (url) {
    let response: Response;
    try {
      // A timer, not an AbortSignal: under a jsdom test environment (a remote's own contract test)
      // the global AbortSignal is jsdom's, which Node 24's fetch refuses.
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer in ${HOST_MANIFEST_TIMEOUT_MS / 1000} s`)),
          HOST_MANIFEST_TIMEOUT_MS,
        );
      });
      try {
        response = await Promise.race([
          fetch(url, { headers: { accept: 'application/json' } }),
          timedOut,
        ]);
      } finally {
        clearTimeout(timer);
      }
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new Error(`HOST_MANIFEST_URL ${url} could not be read: ${cause}`);
    }
    if (!response.ok) throw new Error(`HOST_MANIFEST_URL ${url} answered HTTP ${response.status}`);
    const manifest = parseHostManifest(await response.json().catch(() => undefined));
    if (!manifest) throw new Error(`${url} is not a host's ${HOST_MANIFEST_FILE}`);
    return { host: manifest, name: `the host at ${url}` };
  }
  const hostDir = join(__dirname, '..', '..', 'host');
  return {
    host: { contractVersion: CONTRACT_VERSION, provides: providedSingletons(hostDir) },
    name: 'the host in this repository',
  };
}

/**
 * Why the remote in `remoteDir` does not fit its host, in one message naming every problem, or
 * undefined when it fits. A host that cannot be read rejects: never a silent pass.
 */
export async function hostMisfit(
  remoteName: string,
  remoteDir: string,
  contractVersion: number = CONTRACT_VERSION,
): Promise<string | undefined> {
  const { host, name } = await hostToCheck();
  const problems = hostIncompatibilities(remoteName, remoteDir, contractVersion, host);
  return problems.length > 0
    ? `${remoteName} does not fit ${name}:\n- ${problems.join('\n- ')}`
    : undefined;
}

/** Throws, naming every problem, unless the remote in `remoteDir` fits the host. */
export async function expectToFitHost(remoteName: string, remoteDir: string): Promise<void> {
  const misfit = await hostMisfit(remoteName, remoteDir);
  if (misfit) throw new Error(misfit);
}
