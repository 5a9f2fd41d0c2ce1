/**
 * @jest-environment node
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { reactRouterProductionBuild } from './reactRouterProductionBuild';
import { runWebpack } from '../test/runWebpack';

const HOST_DIR = join(__dirname, '..', '..', 'host');

/** A message only react-router's <Form> (which the entry below never uses) can throw. */
const FORM_MESSAGE = 'without a <form>';

describe("react-router's production build, tree-shakable", () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'react-router-tree-shaking-'));
    writeFileSync(
      join(dir, 'entry.js'),
      "import { useHref } from 'react-router';\nwindow.useHref = useHref;\n",
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The minified bundle of an entry that uses one hook of react-router, with or without the loader. */
  async function bundle(withLoader: boolean): Promise<string> {
    const { alias, rules } = reactRouterProductionBuild(HOST_DIR);
    const outDir = join(dir, withLoader ? 'with' : 'without');
    const stats = await runWebpack({
      mode: 'production',
      context: dir,
      entry: './entry.js',
      output: { path: outDir, filename: 'main.js' },
      resolve: { alias },
      externals: { react: 'React', 'react-dom': 'ReactDOM' },
      module: { rules: withLoader ? rules : [] },
      devtool: false,
    });
    expect(stats.toJson({ all: false, errors: true }).errors).toEqual([]);
    return readFileSync(join(outDir, 'main.js'), 'utf8');
  }

  it('leaves out the components a bundle does not use, which the unchanged build keeps', async () => {
    const [without, withLoader] = [await bundle(false), await bundle(true)];
    expect(without.includes(FORM_MESSAGE)).toBe(true);
    expect(withLoader.includes(FORM_MESSAGE)).toBe(false);
    expect(withLoader.length).toBeLessThan(without.length * 0.8);
  }, 120_000);
});
