/**
 * @jest-environment node
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Configuration } from 'webpack';
import {
  BYTES_BUDGET_FILE,
  BYTES_REPORT_FILE,
  PRODUCT_PAGE_SCRIPTS_GOAL_BYTES,
  ProductBytesBudget,
  budgetBytes,
  readBytesBudget,
  type BytesReport,
} from './bytesBudget';
import { runWebpack } from '../test/runWebpack';

const REPO_ROOT = join(__dirname, '..', '..');
const TEAMS = ['host', 'remote-designer', 'remote-checkout'];

/** Random text: it compresses as little as code does, so its gzip size is near its length. */
function incompressible(length: number): string {
  let text = '';
  while (text.length < length) text += Math.random().toString(36).slice(2);
  return text.slice(0, length);
}

describe('ProductBytesBudget', () => {
  let appDir: string;

  beforeEach(() => {
    appDir = mkdtempSync(join(tmpdir(), 'bytes-budget-'));
    mkdirSync(join(appDir, 'src'));
    writeFileSync(
      join(appDir, 'src', 'index.js'),
      `document.title = ${JSON.stringify(incompressible(2500))};
       import(/* webpackChunkName: "on-the-page" */ './onThePage.js');
       document.onclick = () => import(/* webpackChunkName: "elsewhere" */ './elsewhere.js');`,
    );
    writeFileSync(
      join(appDir, 'src', 'onThePage.js'),
      `document.body.dataset.x = ${JSON.stringify(incompressible(1000))};`,
    );
    writeFileSync(
      join(appDir, 'src', 'elsewhere.js'),
      `document.body.dataset.y = ${JSON.stringify(incompressible(20000))};`,
    );
    writeFileSync(
      join(appDir, 'src', 'early.js'),
      `document.body.dataset.z = ${JSON.stringify(incompressible(1000))};`,
    );
  });
  afterEach(() => rmSync(appDir, { recursive: true, force: true }));

  /** The app's build: the main compilation, and an early script's after it (as a remote's). */
  function appBuild(scriptsGzipKB: number): Configuration[] {
    writeFileSync(
      join(appDir, BYTES_BUDGET_FILE),
      JSON.stringify({ page: '/product', scriptsGzipKB }),
    );
    const budget = new ProductBytesBudget('designer', appDir);
    const output = { path: join(appDir, 'dist'), chunkFilename: 'chunks/[name].js' };
    return [
      {
        name: 'container',
        mode: 'production',
        context: appDir,
        entry: { main: './src/index.js' },
        output,
        plugins: [budget.measure((name) => name === 'on-the-page')],
      },
      {
        name: 'early',
        dependencies: ['container'],
        mode: 'production',
        context: appDir,
        entry: { early: './src/early.js' },
        output,
        plugins: [budget.measure()],
      },
    ];
  }

  const gzipOf = (file: string) => gzipSync(readFileSync(join(appDir, 'dist', file))).length;

  it('measures the entries and the chunks the page loads, gzipped, and writes them beside the build', async () => {
    const stats = await runWebpack(appBuild(10));

    expect(stats.hasErrors()).toBe(false);
    const report = JSON.parse(
      readFileSync(join(appDir, 'dist', BYTES_REPORT_FILE), 'utf8'),
    ) as BytesReport;
    const counted = ['chunks/on-the-page.js', 'early.js', 'main.js'];
    expect(report.files).toEqual(Object.fromEntries(counted.map((file) => [file, gzipOf(file)])));
    expect(report.gzipBytes).toBe(counted.reduce((sum, file) => sum + gzipOf(file), 0));
    expect(report).toMatchObject({ page: '/product', scriptsGzipKB: 10 });
  });

  it('fails the build over the budget, naming the sum, the budget and each file, and writes no report', async () => {
    // main.js alone fits; with the chunk the page loads and the early script it does not.
    const stats = await runWebpack(appBuild(4));

    const [container, early] = stats.stats.map((each) =>
      each.compilation.errors.map((error) => error.message),
    );
    expect(container).toEqual([]);
    expect(early).toEqual([
      expect.stringMatching(
        /^designer's scripts on \/product are \d\.\d\d? KB gzip, over its budget of 4\.0 KB \(.*bytes-budget\.json\): chunks\/on-the-page\.js 0\.\d\d? KB, early\.js 0\.\d\d? KB, main\.js \d\.\d\d? KB\. /,
      ),
    ]);
    expect(existsSync(join(appDir, 'dist', BYTES_REPORT_FILE))).toBe(false);
  });

  it('names the app’s own budget file and the page’s goal when it refuses a build of a copy of the app', async () => {
    writeFileSync(
      join(appDir, 'package.json'),
      JSON.stringify({ name: '@tshirt/remote-designer' }),
    );

    const stats = await runWebpack(appBuild(4));

    const message = stats.stats[1]!.compilation.errors[0]!.message;
    expect(message).toContain('over its budget of 4.0 KB (remote-designer/bytes-budget.json)');
    expect(message).toContain("within the page's 150.0 KB");
    expect(message).not.toContain(appDir);
  });

  it('refuses a missing budget, naming the file', () => {
    expect(() => new ProductBytesBudget('designer', appDir)).toThrow(
      `${join(appDir, BYTES_BUDGET_FILE)} could not be read`,
    );
  });
});

describe("the teams' bytes budgets", () => {
  const budgets = TEAMS.map((team) => budgetBytes(readBytesBudget(join(REPO_ROOT, team))));
  const sum = budgets.reduce((total, bytes) => total + bytes, 0);

  it('together keep /product under its goal', () => {
    expect(sum).toBeLessThanOrEqual(PRODUCT_PAGE_SCRIPTS_GOAL_BYTES);
  });
});
