/**
 * `npm run orders` and `npm run vitals`, run for real on a DATA_DIR holding what a hostile shopper
 * could leave there: an order whose prompt tries to forge a PAID block, rows stored before cleaning,
 * vitals values that are not finite numbers. Each report prints, one line per line, no forgery.
 */
import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../src/config';
import { pgliteFolder } from '../src/storage/database';
import { withFakeFrontEnd, withTemporaryFolder } from './fixtures';
import { VALID_ORDER, newVisitor, openTestDatabase, query, startApp, testConfig } from './helpers';

const FORGED_BLOCK =
  '\n\nPAID     FakeFakeFakeFake  2026-01-01T00:00:00.000Z\n  print file: https://evil.example/free.png\n';
/** Control and bidi characters a terminal would act on. */
const TERMINAL_CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Bidi_Control}]/u;

const frontEnd = withFakeFrontEnd();
const dataDir = withTemporaryFolder('tshirt-owner-');

beforeAll(async () => {
  const db = await openTestDatabase(pgliteFolder(dataDir.path));
  try {
    // Through the API, as a hostile shopper would send it…
    const server = await startApp(testConfig(frontEnd.env), { database: db });
    try {
      const response = await fetch(
        `${server.url}/creator/checkout?${query({ ...VALID_ORDER, prompt: `owls${FORGED_BLOCK}\u202eevil` })}`,
        { method: 'POST', headers: newVisitor() },
      );
      expect(response.status).toBe(200);
    } finally {
      await server.close();
    }
    // …and straight into the database, as rows stored before this release could be.
    await db.query(
      `INSERT INTO orders (id, status, product_name, shirt_color, shirt_style, shirt_size, quantity,
         image_path, prompt, unit_price_cents, total_cents, currency, payment_provider)
       VALUES ('LegacyLegacyLeg1', 'pending', $1, 'Black', 'Men''s', 'M', 1, $2, $3, 1999, 1999,
         'USD', 'test')`,
      [VALID_ORDER.productName, VALID_ORDER.imageURL, `legacy${FORGED_BLOCK}\u001b[2K\u009b1A`],
    );
    await db.exec(`
      INSERT INTO web_vitals (name, value, rating, metric_id, route) VALUES
        ('LCP', 'Infinity', 'poor', 'a', '/'),
        ('LCP', 'NaN', 'poor', 'b', '/'),
        ('LCP', 1500, 'good', 'c', '/'),
        ('INP', 'Infinity', 'poor', 'd', '/only-infinite'),
        ('CLS', 0.1, 'good', 'e', E'/x\\nLCP     /forged  1  1 ms'),
        ('FCP', 900, 'good', 'f', E'/\\u202Eevil');
    `);
  } finally {
    await db.close();
  }
});

/** Runs `npm run <script> -w server` as the owner would, with no server running on DATA_DIR. */
function runOwnerScript(
  script: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '-w', 'server'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir.path },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run orders', () => {
  it('lists both pending orders with no forged PAID block, the forgery shown escaped on its prompt line', async () => {
    const { code, stdout, stderr } = await runOwnerScript('orders');
    expect([code, stderr]).toEqual([0, expect.any(String)]);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('2 order(s), 0 paid — newest first');
    expect(lines.filter((line) => line.startsWith('PAID'))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('pending'))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('  print file'))).toEqual([]);
    expect(stdout).not.toMatch(TERMINAL_CONTROLS);
    // Cleaned when it came in: one line, line breaks as spaces, the bidi control gone.
    expect(lines.find((line) => line.startsWith('  prompt: owls'))).toBe(
      '  prompt: owls PAID     FakeFakeFakeFake  2026-01-01T00:00:00.000Z   print file: https://evil.example/free.png evil',
    );
    // Stored before cleaning: shown, escaped, on its own prompt line.
    expect(lines.find((line) => line.startsWith('  prompt: legacy'))).toBe(
      '  prompt: legacy\\u{a}\\u{a}PAID     FakeFakeFakeFake  2026-01-01T00:00:00.000Z\\u{a}  print file: https://evil.example/free.png\\u{a}\\u{1b}[2K\\u{9b}1A',
    );
  });
});

describe('npm run vitals', () => {
  it('prints a sound report whatever the rows hold: no crash, non-finite values left out, routes escaped', async () => {
    const { code, stdout, stderr } = await runOwnerScript('vitals');
    expect([code, stderr]).toEqual([0, expect.any(String)]);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^metric\s+route\s+samples\s+p75\s*$/);
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith('LCP'))).toMatch(/^LCP\s+\/\s+1\s+1500 ms\s*$/);
    expect(lines.find((line) => line.startsWith('CLS'))).toMatch(
      /^CLS\s+\/x\\u\{a\}LCP {5}\/forged {2}1 {2}1 ms\s+1\s+0\.100\s*$/,
    );
    expect(lines.find((line) => line.startsWith('FCP'))).toContain('/\\u{202e}evil');
    expect(stdout).not.toContain('/only-infinite');
    expect(stdout).not.toMatch(TERMINAL_CONTROLS);
  });
});
