import { RemoteLoadError } from './remoteLoadError';

/**
 * Runs `load` but gives up after `timeoutMs`: a remote that accepts the connection and never
 * answers must still reach its fallback. Failures come back as RemoteLoadError.
 */
export function loadRemoteWithTimeout<T>(
  moduleId: string,
  load: () => Promise<T>,
  timeoutMs: number,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError(moduleId, 'timeout')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(
          cause instanceof RemoteLoadError
            ? cause
            : new RemoteLoadError(moduleId, 'failed', { cause }),
        );
      },
    );
  });
}
