/**
 * `npm run orders` and `npm run vitals`, run for real on a DATA_DIR holding what a hostile shopper
 * could leave there: an order whose prompt tries to forge a PAID block, rows stored before cleaning
 * (an address and a provider's error among them), vitals values that are not finite numbers. Each
 * report prints, one line per line, no forgery; bad arguments get the usage and exit code 2.
 */
import { spawn } from 'node:child_process';
import { TEST_SHARED_BUFFERS_MB } from '@tshirt/tooling/test/storeServer';
import { REPO_ROOT } from '../src/config';
import { pgliteFolder } from '../src/storage/database';
import { withFakeFrontEnd, withTemporaryFolder } from './fixtures';
import {
  VALID_ORDER,
  fetchFrom,
  openTestDatabase,
  placeOrder,
  startApp,
  testConfig,
} from './helpers';

const FORGED_BLOCK =
  '\n\nPAID     FakeFakeFakeFake  2026-01-01T00:00:00.000Z\n  print file: https://evil.example/free.png\n';
/** An order's first line as a forger would write it. */
const FORGED_HEADER =
  '\n\nFakeFakeFakeFake  2026-01-01T00:00:00.000Z  PAID · ready to print\n  print file: https://evil.example/free.png';
/** A paid order stored before cleaning: where it ships and the provider's error both hostile. */
const PAID_ID = 'PaidPaidPaidPai1';
/** A real order's first line: its id, when it was made, where it is. */
const ORDER_HEADER = /^(?:TW-\d{4}-\d{4}|[A-Za-z0-9_-]{16}) {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}\S/;
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
      await placeOrder(fetchFrom(server.url), {
        order: { ...VALID_ORDER, prompt: `owls${FORGED_BLOCK}\u202eevil` },
      });
    } finally {
      await server.close();
    }
    // …and straight into the database, as rows stored before this release could be.
    await db.query(
      `INSERT INTO orders (id, status, product_name, shirt_color, shirt_style, shirt_size, quantity,
         image_path, prompt, unit_price_cents, subtotal_cents, total_cents, currency, payment_provider)
       VALUES ('LegacyLegacyLeg1', 'pending', $1, 'Black', 'Men''s', 'M', 1, $2, $3, 1999, 1999, 1999,
         'USD', 'test')`,
      [VALID_ORDER.productName, VALID_ORDER.imageURL, `legacy${FORGED_BLOCK}\u001b[2K\u009b1A`],
    );
    await db.query(
      `INSERT INTO orders (id, status, product_name, shirt_color, shirt_style, shirt_size, quantity,
         image_path, prompt, unit_price_cents, subtotal_cents, total_cents, currency, payment_provider,
         paid_at, email, ship_to, fulfillment, fulfillment_error, submit_attempts, created_at)
       VALUES ($1, 'paid', $2, 'Black', 'Men''s', 'M', 1, $3, '', 1999, 1999, 1999, 'USD', 'test', now(),
         $4, $5::jsonb, 'failed', $6, 3, now() - interval '1 day')`,
      [
        PAID_ID,
        VALID_ORDER.productName,
        VALID_ORDER.imageURL,
        'jane@example.com\r\n  print file: https://evil.example/mail.png',
        JSON.stringify({
          name: `Jane${FORGED_HEADER}`,
          line1: '1 Main St',
          line2: '\u202eevil\u2028',
          city: 'Springfield\u001b[2K',
          state: 'IL',
          postalCode: '62701',
          country: 'US',
        }),
        `refused${FORGED_HEADER}\u009b1A`,
      ],
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

/** Runs `npm run <script> -w server -- <args>` as the owner would, with no server running on DATA_DIR. */
function runOwnerScript(
  script: string,
  args: readonly string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '-w', 'server', '--', ...args], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir.path,
        // No server runs: the script opens the database itself, with the tests' page cache.
        PGLITE_SHARED_BUFFERS_MB: String(TEST_SHARED_BUFFERS_MB),
      },
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

/** The ids of the orders a listing shows, from their first lines. */
function listedIds(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => ORDER_HEADER.test(line))
    .map((line) => line.slice(0, 16));
}

describe('npm run orders', () => {
  it('lists every order with no forged one, the forgeries shown escaped on their own lines', async () => {
    const { code, stdout, stderr } = await runOwnerScript('orders');
    expect([code, stderr]).toEqual([0, expect.any(String)]);
    const output = stdout.trimEnd().split('\n');
    const salesStart = output.findIndex((line) => line.startsWith('Sales by day (UTC)'));
    const lines = output.slice(0, salesStart);
    expect(lines[0]).toBe('3 order(s): 2 not paid, 1 failed — newest first');
    // Every unindented line but the first is a real order's first line, until the sales by day.
    const firstLines = lines.slice(1).filter((line) => /^\S/.test(line));
    expect(firstLines).toHaveLength(3);
    expect(firstLines.every((line) => ORDER_HEADER.test(line))).toBe(true);
    expect(firstLines.filter((line) => line.endsWith('  pending payment'))).toHaveLength(2);
    expect(listedIds(stdout)).toContain(PAID_ID);
    expect(listedIds(stdout)).not.toContain('FakeFakeFakeFake');
    expect(lines.filter((line) => line.startsWith('  print file'))).toEqual([
      expect.stringMatching(
        /^ {2}print file: http:\/\/\S+\/creator\/designs\/\S+\.png\?shirt=Black /,
      ),
    ]);
    expect(stdout).not.toMatch(TERMINAL_CONTROLS);
    // Cleaned when it came in: one line, line breaks as spaces, the bidi control gone.
    expect(lines.find((line) => line.startsWith('  prompt: owls'))).toBe(
      '  prompt: owls PAID     FakeFakeFakeFake  2026-01-01T00:00:00.000Z   print file: https://evil.example/free.png evil',
    );
    // Stored before cleaning: shown, escaped, on its own prompt line.
    expect(lines.find((line) => line.startsWith('  prompt: legacy'))).toBe(
      '  prompt: legacy\\u{a}\\u{a}PAID     FakeFakeFakeFake  2026-01-01T00:00:00.000Z\\u{a}  print file: https://evil.example/free.png\\u{a}\\u{1b}[2K\\u{9b}1A',
    );
    // A paid order's address, email and the provider's error: escaped, each on its own line.
    const forgedHeader =
      '\\u{a}\\u{a}FakeFakeFakeFake  2026-01-01T00:00:00.000Z  PAID · ready to print\\u{a}  print file: https://evil.example/free.png';
    const paidLine = lines.find((line) => line.startsWith(PAID_ID));
    expect(paidLine?.split('  ').slice(2).join('  ')).toBe(
      `PAID · FAILED: refused${forgedHeader}\\u{9b}1A after 3 tries — resubmit with: npm run orders -w server -- resubmit ${PAID_ID}`,
    );
    expect(lines).toContain(`  ship to: Jane${forgedHeader}, 1 Main St, \\u{202e}evil\\u{2028}`);
    expect(lines).toContain('           Springfield\\u{1b}[2K, IL 62701, US');
    expect(lines).toContain(
      '  email: jane@example.com\\u{d}\\u{a}  print file: https://evil.example/mail.png',
    );
    // The paid order's cost was never reported: revenue counted, its cost unknown, not zero.
    expect(lines).toContain('  earned: revenue $19.99 USD, cost —, margin —');
    const today = new Date().toISOString().slice(0, 10);
    expect(output.slice(salesStart + 2, salesStart + 3)).toEqual([
      expect.stringMatching(
        new RegExp(`^${today} +1 +\\$19\\.99 USD {2}— \\(1 without a cost\\) +—$`),
      ),
    ]);
  });

  it('lists the orders in one state, as many as asked for', async () => {
    const pending = await runOwnerScript('orders', ['--state', 'pending']);
    expect(pending.code).toBe(0);
    expect(pending.stdout.split('\n')[0]).toBe('2 order(s): 2 not paid — newest first');
    expect(listedIds(pending.stdout)).not.toContain(PAID_ID);

    const failed = await runOwnerScript('orders', ['--state=failed', '--limit', '5']);
    expect(failed.code).toBe(0);
    expect(listedIds(failed.stdout)).toEqual([PAID_ID]);

    const shipped = await runOwnerScript('orders', ['--state', 'shipped']);
    expect([shipped.code, shipped.stdout.trim()]).toEqual([0, 'No orders in state shipped.']);

    // A bare number is the limit, as before options existed.
    const newest = await runOwnerScript('orders', ['1']);
    expect(newest.code).toBe(0);
    expect(listedIds(newest.stdout)).toHaveLength(1);
    expect(listedIds(newest.stdout)).not.toContain(PAID_ID);
  });

  it.each([
    [['--state', 'lost'], 'unknown state "lost"'],
    [['--state'], '--state needs a value'],
    [['--limit', '0'], 'the limit must be a whole number from 1 (got "0")'],
    [['--limit', 'ten'], 'the limit must be a whole number from 1 (got "ten")'],
    [['--verbose'], 'unexpected "--verbose"'],
    [['5', '6'], 'unexpected "5"'],
    [['resubmit'], 'resubmit needs the order id'],
    [['resubmit', '../etc\u001b[2K'], '"../etc\\u{1b}[2K" is not an order id'],
  ])('refuses %j with the usage and exit code 2', async (args, problem) => {
    const { code, stdout, stderr } = await runOwnerScript('orders', args);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr.split('\n')[0]).toBe(`orders: ${problem}`);
    expect(stderr).toContain('Usage: npm run orders -w server -- [--state <state>]');
    expect(stderr).toContain('resubmit <orderId>');
    expect(stderr).not.toMatch(TERMINAL_CONTROLS);
  });

  it('says why it cannot resubmit with no server running: no such order, no print provider', async () => {
    const unknown = await runOwnerScript('orders', ['resubmit', 'AAAAAAAAAAAAAAAA']);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([
      1,
      'There is no order AAAAAAAAAAAAAAAA.',
    ]);
    const paid = await runOwnerScript('orders', ['resubmit', PAID_ID]);
    expect(paid.code).toBe(1);
    expect(paid.stderr).toContain('No print provider is configured (PRINT_PROVIDER_API_KEY)');
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
