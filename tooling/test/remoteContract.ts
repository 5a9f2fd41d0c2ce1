/**
 * The contract and host-compatibility tests every remote runs, written once: its `exposes` map
 * implements exactly the modules the shared contract names, each file's default export is the
 * component the contract's types were checked on, and the remote fits the host it is composed into.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  REMOTES,
  type ExposedModule,
  type ExposedName,
  type RemoteName,
} from '@tshirt/shared/contract';
import { expectToFitHost } from '../build/hostCompatibility';

export interface RemoteUnderTest<R extends RemoteName> {
  /** The remote's folder: its package.json, and the root its `exposes` paths start from. */
  appDir: string;
  /** Exposed request → source file, the map webpack builds from. */
  exposes: Readonly<Record<string, string>>;
  /** Every exposed module, imported by the caller: typed so that a drifting default export stops compiling. */
  modules: { [Name in ExposedName<R>]: ExposedModule<R, Name> };
}

export function describeRemoteContract<R extends RemoteName>(
  remote: R,
  { appDir, exposes, modules }: RemoteUnderTest<R>,
): void {
  const contract: Readonly<Record<string, string>> = REMOTES[remote].exposes;

  describe(`the ${remote} remote's contract`, () => {
    it('exposes exactly the modules the shared contract names', () => {
      expect(Object.keys(exposes).sort()).toEqual(Object.values(contract).sort());
    });

    it('points each exposed name at an existing file of the same name', () => {
      for (const [name, request] of Object.entries(contract)) {
        const file = exposes[request] ?? '';
        expect([
          request,
          basename(file).replace(/\.tsx?$/, ''),
          existsSync(join(appDir, file)),
        ]).toEqual([request, name, true]);
      }
    });

    it('gives each exposed file the checked function component as its default export', async () => {
      for (const [name, request] of Object.entries(contract)) {
        const loaded = (await import(join(appDir, exposes[request] ?? ''))) as { default: unknown };
        const checked = modules[name as ExposedName<R>].default;
        expect(typeof checked).toBe('function');
        expect(loaded.default).toBe(checked);
      }
    });

    // Against the host in this repository, or a deployed one: HOST_MANIFEST_URL=https://…/host-manifest.json
    it('fits the host it is composed into: its shared singleton ranges and its contract version', async () => {
      await expectToFitHost(remote, appDir);
    });
  });
}
