import { join } from 'node:path';
import type { RuleSetRule } from 'webpack';

type CompilerOptions = Record<string, unknown>;

/**
 * TypeScript through ts-loader, type-checked apart (`npm run typecheck`), with the app's own
 * tsconfig; `compilerOptions` adds to it (the early script's older target, no source map).
 */
export function typeScriptRule(
  appDir: string,
  compilerOptions: CompilerOptions = { sourceMap: true },
): RuleSetRule {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'ts-loader',
      options: {
        transpileOnly: true,
        configFile: join(appDir, 'tsconfig.json'),
        compilerOptions: { noEmit: false, ...compilerOptions },
      },
    },
  };
}
