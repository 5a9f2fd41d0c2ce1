/**
 * The page-start script (docs/ARCHITECTURE.md): TypeScript compiled on its own into one small
 * classic script, for the app's build to inline in its pages. Nothing shared at run time: the names
 * it imports from `@tshirt/shared` end up as literals, and it carries no webpack runtime.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';
import webpack, { type Stats } from 'webpack';
import { typeScriptRule } from './typeScriptRule';

/** Past this, something that belongs in the app's real code was pulled in. */
export const PAGE_START_SCRIPT_MAX_BYTES = 4 * 1024;

const OUTPUT_FILE = 'page-start.js';

/** ES2020, as the store's browsers (its bundles need ES2022): `?.` stays as short as it is. */
const ECMA = 2020;

export interface PageStartScript {
  /** The minified script, as it goes inline. */
  code: string;
  /** The source files it was built from (a watching build rebuilds when one changes). */
  files: string[];
}

function run(compiler: webpack.Compiler): Promise<Stats> {
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error ?? new Error('the page-start script did not build'));
      else resolve(stats);
    }),
  );
}

/**
 * Compiles `entries` (files run in order, relative to `appDir` or absolute) into one script, in
 * memory: nothing is written.
 */
export async function compilePageStartScript(
  appDir: string,
  entries: readonly string[],
  maxBytes: number = PAGE_START_SCRIPT_MAX_BYTES,
): Promise<PageStartScript> {
  const compiler = webpack({
    mode: 'production',
    target: ['web', `es${ECMA}`],
    context: appDir,
    entry: [...entries],
    devtool: false,
    output: { path: join(appDir, 'dist'), filename: OUTPUT_FILE, iife: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [typeScriptRule(appDir, { target: `ES${ECMA}`, sourceMap: false })] },
    // Minified below, as one piece, once webpack has joined the modules into one scope.
    optimization: { minimize: false, splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  });
  compiler.hooks.shouldEmit.tap('compilePageStartScript', () => false);
  const stats = await run(compiler);
  const { compilation } = stats;
  if (stats.hasErrors()) {
    const messages = compilation.errors.map((error) => error.message).join('\n');
    throw new Error(`the page-start script did not build:\n${messages}`);
  }
  const source = compilation.getAsset(OUTPUT_FILE)?.source.source().toString() ?? '';
  const minified = await minify(source, { ecma: ECMA, compress: { passes: 2 }, mangle: true });
  const code = minified.code ?? source;
  const bytes = Buffer.byteLength(code);
  if (bytes > maxBytes) {
    throw new Error(
      `the page-start script is ${bytes} bytes, over ${maxBytes}: it runs inline on every page, so it must not carry the app's real code`,
    );
  }
  // The sources read, not the folders the resolver looked into on the way.
  const files = [...compilation.fileDependencies].filter(
    (file) => !file.includes('node_modules') && statSync(file, { throwIfNoEntry: false })?.isFile(),
  );
  return { code, files };
}

function modifiedTimes(files: readonly string[]): number[] {
  return files.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1);
}

/**
 * compilePageStartScript for a build that runs again and again (a dev server's): it compiles anew
 * only when one of the script's sources changed, since a compilation takes seconds.
 */
export function pageStartScriptCompiler(
  appDir: string,
  entries: readonly string[],
): () => Promise<PageStartScript> {
  let last: { script: PageStartScript; times: number[] } | undefined;
  return async () => {
    const unchanged =
      last && modifiedTimes(last.script.files).every((time, index) => time === last?.times[index]);
    if (last && unchanged) return last.script;
    const script = await compilePageStartScript(appDir, entries);
    last = { script, times: modifiedTimes(script.files) };
    return script;
  };
}
