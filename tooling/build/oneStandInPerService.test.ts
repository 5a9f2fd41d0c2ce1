/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
/** Where test code lives: the server's and browser tests, and the shared test tooling. */
const TEST_CODE = ['server/test', 'server/src', 'e2e/src', 'tooling/test'];

function testFiles(): string[] {
  return TEST_CODE.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => join(folder, file))
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => folder !== 'server/src' || /\.test\.tsx?$/.test(file)),
  );
}

const containing = (pattern: RegExp) =>
  testFiles()
    .filter((file) => pattern.test(readFileSync(join(ROOT, file), 'utf8')))
    .sort();

// One stand-in for each outside service, shared by the server and browser tests: a second, private
// one would drift from it (issue 49, point 8).
describe('the outside services have one stand-in each', () => {
  it('one mail server: only the SMTP stand-in runs smtp-server', () => {
    expect(containing(/from 'smtp-server'/)).toEqual(['tooling/test/smtpStandIn.ts']);
  });

  it('one Stripe and one print provider: only their stand-ins sign the webhooks they send', () => {
    expect(containing(/createHmac\(/)).toEqual([
      'tooling/test/printProviderStandIn.ts',
      'tooling/test/stripeStandIn.ts',
    ]);
  });
});
