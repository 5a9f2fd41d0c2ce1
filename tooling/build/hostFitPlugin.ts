/**
 * A remote's production build refuses a release that does not fit its host (./hostCompatibility.ts:
 * the host in this repository, or HOST_MANIFEST_URL's): its first compilation fails with the reason,
 * so `npm run build` exits non-zero, and the release manifest stops the others from writing
 * (./releaseManifest.ts). `ALLOW_HOST_MISFIT=true` turns the refusal into a warning: only for a
 * build made to prove that the host and the server refuse such a part at run time (e2e tests).
 */
import webpack from 'webpack';
import { hostMisfit } from './hostCompatibility';

export class HostFitPlugin {
  constructor(
    private readonly remoteName: string,
    private readonly remoteDir: string,
    private readonly contractVersion?: number,
  ) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.make.tapPromise('HostFitPlugin', async (compilation) => {
      const misfit = await this.check();
      if (!misfit) return;
      const error = new webpack.WebpackError(misfit);
      error.hideStack = true;
      if (process.env.ALLOW_HOST_MISFIT === 'true') compilation.warnings.push(error);
      else compilation.errors.push(error);
    });
  }

  private async check(): Promise<string | undefined> {
    try {
      return await hostMisfit(this.remoteName, this.remoteDir, this.contractVersion);
    } catch (error) {
      return `${this.remoteName} could not be checked against its host: ${(error as Error).message}`;
    }
  }
}
