/** Why a remote module could not be used; the fallback explains a timeout differently. */
export class RemoteLoadError extends Error {
  constructor(
    readonly moduleId: string,
    readonly reason: 'timeout' | 'failed' | 'invalid-module' | 'incompatible',
    options?: { cause?: unknown },
  ) {
    super(
      `Remote module ${moduleId} ${reason === 'timeout' ? 'timed out' : 'could not be loaded'} (${reason})`,
      options,
    );
    this.name = 'RemoteLoadError';
  }
}
