/**
 * A remote's `remoteEntry.js` without the modules nothing runs. The federation plugin hoists every
 * module its runtime imports into the runtime chunk, following imports that tree shaking has made
 * dead (the bundler runtime's `remotes`, which a remote without remotes never calls, and through
 * it the SDK's logger, manifest and Node helpers). Their code is shipped but never required; this
 * plugin takes them out of the chunk again.
 */
import type webpack from 'webpack';

const PLUGIN_NAME = 'DropUnreachableRuntimeModulesPlugin';

/** After the federation plugin's hoisting (HoistContainerReferencesPlugin, stage 11). */
const AFTER_FEDERATION_HOISTING = 100;

/**
 * A module of a runtime chunk is unreachable when every import of it is inactive (tree shaken away)
 * or comes from a module that is itself in no chunk; it is taken out of the chunk, then again for
 * the modules only it imported, until none is left. Entries (imports from no module) always stay.
 */
export function dropUnreachableRuntimeModules(compilation: webpack.Compilation): webpack.Module[] {
  const { chunkGraph, moduleGraph } = compilation;
  const dropped: webpack.Module[] = [];
  for (const chunk of compilation.chunks) {
    if (!chunk.hasRuntime()) continue;
    const entries = new Set(chunkGraph.getChunkEntryModulesIterable(chunk));
    const isUnreachable = (module: webpack.Module): boolean => {
      if (entries.has(module)) return false;
      for (const connection of moduleGraph.getIncomingConnections(module)) {
        const origin = connection.originModule;
        if (!origin) return false;
        if (origin === module || !connection.isActive(chunk.runtime)) continue;
        if (chunkGraph.getNumberOfModuleChunks(origin) > 0) return false;
      }
      return true;
    };
    let changed = true;
    while (changed) {
      changed = false;
      for (const module of [...chunkGraph.getChunkModulesIterable(chunk)]) {
        if (!isUnreachable(module)) continue;
        chunkGraph.disconnectChunkAndModule(chunk, module);
        dropped.push(module);
        changed = true;
      }
    }
  }
  return dropped;
}

export class DropUnreachableRuntimeModulesPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.optimizeChunks.tap(
        { name: PLUGIN_NAME, stage: AFTER_FEDERATION_HOISTING },
        () => {
          const dropped = dropUnreachableRuntimeModules(compilation);
          const logger = compilation.getLogger(PLUGIN_NAME);
          for (const module of dropped) {
            logger.debug(`dropped ${module.readableIdentifier(compilation.requestShortener)}`);
          }
        },
      );
    });
  }
}
