import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** One console line per failed remote load, so an operator sees which remote URL is down. */
export function loadFailureLogPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'host-load-failure-log',
    errorLoadRemote: ({ id, error, remote }) => {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(
        `[remote-loading] ${id} failed${remote ? ` (entry ${remote.entry})` : ''}: ${message}`,
      );
      // Returning nothing lets the error reach the slot, which shows the fallback.
      return undefined;
    },
  };
}
