/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '../..');
const WORKSPACES: string[] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces;

/** The files a tsconfig names itself (its include, less its exclude), before imports are followed. */
function rootFiles(configPath: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`${configPath} could not be read`);
  return parsed.fileNames;
}

/** The compiler options a tsconfig file writes itself (not those it extends). */
function compilerOptions(configPath: string): Record<string, unknown> {
  const { config } = ts.readConfigFile(join(ROOT, configPath), ts.sys.readFile) as {
    config: { compilerOptions?: Record<string, unknown> };
  };
  return config.compilerOptions ?? {};
}

describe('npm run typecheck', () => {
  it('checks, as one program, every file each workspace checks, under the same options', () => {
    const shared = compilerOptions('tsconfig.json');
    expect(compilerOptions('tsconfig.check.json')).toEqual({});
    const whole = rootFiles(join(ROOT, 'tsconfig.check.json'));
    for (const workspace of WORKSPACES) {
      const own = rootFiles(join(ROOT, workspace, 'tsconfig.json'));
      expect(own.length).toBeGreaterThan(0);
      expect(own.filter((file) => !whole.includes(file))).toEqual([]);
      // A workspace that set an option of its own would be checked differently in the one program.
      for (const [option, value] of Object.entries(compilerOptions(join(workspace, 'tsconfig.json')))) {
        expect({ workspace, option, value }).toEqual({ workspace, option, value: shared[option] });
      }
    }
  });
});
