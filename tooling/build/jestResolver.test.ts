/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import Format from 'typebox/format';
import Value from 'typebox/value';

const ROOT = join(__dirname, '../..');

describe("Jest's resolver (tooling/test/resolver.js)", () => {
  it('loads typebox from one bundle, whichever entry point a module imports', () => {
    const folders = ['typebox', 'typebox/compile', 'typebox/format', 'typebox/value'].map(
      (request) => require.resolve(request).replace(/[\\/][^\\/]+$/, ''),
    );
    expect(folders[0]).toContain(join('node_modules', '.cache', 'jest-bundles'));
    expect(new Set(folders).size).toBe(1);
  });

  it('bundles every entry point typebox exports, so no import reaches a second copy of its state', () => {
    const manifest = JSON.parse(
      readFileSync(join(ROOT, 'node_modules/typebox/package.json'), 'utf8'),
    );
    const resolve =
      jest.requireActual<(request: string, options: { defaultResolver: () => string }) => string>(
        '../test/resolver.js',
      );
    const options = { defaultResolver: () => 'not bundled' };
    for (const entry of Object.keys(manifest.exports as Record<string, unknown>)) {
      const request = entry === '.' ? 'typebox' : `typebox/${entry.slice(2)}`;
      expect([request, resolve(request, options)]).toEqual([
        request,
        expect.stringContaining('jest-bundles'),
      ]);
    }
  });

  it('shares the package state between entry points: a format set through one is checked by the others', () => {
    const schema = Type.String({ format: 'shirt-size-test' });
    Format.Set('shirt-size-test', (value) => ['S', 'M', 'L'].includes(value));
    try {
      expect(Value.Check(schema, 'M')).toBe(true);
      expect(Value.Check(schema, 'XXXL')).toBe(false);
      expect(Compile(schema).Check('XXXL')).toBe(false);
    } finally {
      Format.Reset();
    }
  });
});
