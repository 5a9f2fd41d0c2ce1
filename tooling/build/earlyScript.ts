/**
 * A remote's early script (docs/ARCHITECTURE.md): a small classic script the server puts on a page
 * holding the remote's parts, to act before their code is live. Its own compilation: no federation
 * runtime, no React, nothing shared at run time (constants imported from `@tshirt/shared` end up as
 * literals), ES2017, a content hash in its name. The name is recorded for the remote's
 * `fragments.json` (`early`), which is how the server learns it.
 */
import webpack, { type Compiler, type Configuration, type WebpackPluginInstance } from 'webpack';
import { compressedCopies } from './compressedCopies';
import { typeScriptRule } from './typeScriptRule';

/** Past this, something that belongs in the remote's real code was pulled in (React, the client…). */
export const EARLY_SCRIPT_MAX_BYTES = 4 * 1024;

const EARLY_CHUNK = 'early';

/** What the early compilation leaves for the fragments compilation that runs after it. */
export interface EarlyScriptRecord {
  /** The script's file, relative to the remote's folder. */
  early?: string;
}

/** Records the emitted script's name, and fails the build when the script is too large. */
class RecordEarlyScriptPlugin implements WebpackPluginInstance {
  constructor(
    private readonly record: EarlyScriptRecord,
    private readonly maxBytes: number,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('RecordEarlyScriptPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'RecordEarlyScriptPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        () => {
          const files = [...(compilation.namedChunks.get(EARLY_CHUNK)?.files ?? [])].filter(
            (file) => file.endsWith('.js'),
          );
          const [file] = files;
          if (files.length !== 1 || !file) {
            compilation.errors.push(
              new webpack.WebpackError(`the early script built into ${files.length} files, not 1`),
            );
            return;
          }
          const bytes = compilation.getAsset(file)?.source.size() ?? 0;
          if (bytes > this.maxBytes) {
            compilation.errors.push(
              new webpack.WebpackError(
                `the early script ${file} is ${bytes} bytes, over ${this.maxBytes}: it must not carry the remote's real code (React, the API client, shared modules)`,
              ),
            );
            return;
          }
          this.record.early = file;
        },
      );
    });
  }
}

export interface EarlyScriptBuildOptions {
  /** The compilation's name. */
  name: string;
  /** The compilation this one runs after (the container, whose clean-up must not race it). */
  after: string;
  appDir: string;
  /** The script's source, relative to `appDir` (e.g. `./src/early-generate/earlyGenerate.ts`). */
  entry: string;
  /** The remote's folder (the container's output path). */
  outputPath: string;
  record: EarlyScriptRecord;
  maxBytes?: number;
}

/** The compilation of a remote's early script, into the remote's folder beside its entry. */
export function createEarlyScriptConfig({
  name,
  after,
  appDir,
  entry,
  outputPath,
  record,
  maxBytes = EARLY_SCRIPT_MAX_BYTES,
}: EarlyScriptBuildOptions): Configuration {
  return {
    name,
    dependencies: [after],
    mode: 'production',
    target: ['web', 'es2017'],
    context: appDir,
    entry: { [EARLY_CHUNK]: entry },
    devtool: false,
    output: {
      path: outputPath,
      filename: '[name].[contenthash:10].js',
      iife: true,
      // The container's compilation cleans the folder; this one only adds its file.
      clean: false,
      uniqueName: name,
    },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      // Runs on any browser that might tap before the rest loads.
      rules: [typeScriptRule(appDir, { target: 'ES2017', sourceMap: false })],
    },
    optimization: { splitChunks: false, runtimeChunk: false },
    plugins: [new RecordEarlyScriptPlugin(record, maxBytes), ...compressedCopies()],
    performance: { hints: false },
  };
}
