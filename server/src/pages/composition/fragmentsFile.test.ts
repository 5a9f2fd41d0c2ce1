import fc from 'fast-check';
import { FRAGMENTS_LIMITS } from '@tshirt/shared/fragments';
import { fakeFragments } from '../../../test/fakeComposition';
import { readFragmentsFile } from './fragmentsFile';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const good = () => fakeFragments('designer', 'd1');
const nested = (depth: number) => `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;
/** The fragments as plain JSON, for changes their type would not allow. */
type Loose = { parts: Record<string, Record<string, unknown>>; styles: unknown[] };
const withChange = (change: (fragments: Loose) => void) => {
  const fragments = good() as unknown as Loose;
  change(fragments);
  return bytes(JSON.stringify(fragments));
};

describe('readFragmentsFile', () => {
  it('accepts the fragments a remote build writes', () => {
    expect(readFragmentsFile(bytes(JSON.stringify(good())))).toEqual({
      ok: true,
      fragments: good(),
    });
  });

  it.each(['early.3f2a9c1d5e.js', 'chunks/early-generate.3f2a9c1d5e.js', 'early_v2.js'])(
    'accepts an early script named %s, relative to the remote’s folder',
    (early) => {
      const fragments = { ...good(), early };
      expect(readFragmentsFile(bytes(JSON.stringify(fragments)))).toEqual({ ok: true, fragments });
    },
  );

  it('accepts each part’s scripts, relative to the remote’s folder', () => {
    const fragments = good();
    fragments.parts.ArtForm!.scripts = ['chunks/__federation_expose_ArtForm.b8739bd169.js'];
    expect(readFragmentsFile(bytes(JSON.stringify(fragments)))).toEqual({ ok: true, fragments });
  });

  it('accepts props nested as deep as the limit allows', () => {
    // The file is level 1, parts 2, the part 3, props 4: the limit leaves the rest to the props.
    const depth = FRAGMENTS_LIMITS.depth - 4;
    const text = JSON.stringify(good()).replace('"props":{}', `"props":{"a":${nested(depth)}}`);
    expect(readFragmentsFile(bytes(text)).ok).toBe(true);
  });

  it.each<[string, Buffer, RegExp]>([
    [
      'props nested 5,000 deep',
      bytes(JSON.stringify(good()).replace('"props":{}', `"props":${nested(5_000)}`)),
      /nests deeper than 32/,
    ],
    ['a 2 MB file', bytes(' '.repeat(2 * 1024 * 1024)), /too large/],
    [
      'a part of 300 KB',
      withChange((f) => (f.parts.ArtForm!.html = 'x'.repeat(300 * 1024))),
      /longer than|must not have more/,
    ],
    [
      'props over 64 KB',
      withChange((f) => (f.parts.ArtForm!.props = { text: 'x'.repeat(65 * 1024) })),
      /props is longer than/,
    ],
    [
      'CSS over 128 KB in all',
      withChange((f) => {
        f.styles = [1, 2].map((n) => ({ href: `chunks/${n}.css`, css: 'x'.repeat(70 * 1024) }));
      }),
      /CSS is longer than/,
    ],
    [
      'too many parts',
      withChange((f) => {
        for (let n = 0; n < 40; n += 1) f.parts[`P${n}`] = f.parts.ArtForm!;
      }),
      /parts/,
    ],
    [
      'an object of too many keys',
      withChange((f) => {
        f.parts.ArtForm!.props = Object.fromEntries(
          Array.from({ length: 300 }, (_, n) => [`k${n}`, n]),
        );
      }),
      /more than 256 entries/,
    ],
    ['parts as an array', withChange((f) => ((f as { parts: unknown }).parts = [])), /parts/],
    ...['https://elsewhere.example/chunk.js', '../host/main.js', 'chunk.js" onload="x'].map(
      (script): [string, Buffer, RegExp] => [
        `a part script named ${JSON.stringify(script)}`,
        withChange((f) => (f.parts.ArtForm!.scripts = [script])),
        /\/scripts/,
      ],
    ),
    [
      'a part with too many scripts',
      withChange(
        (f) => (f.parts.ArtForm!.scripts = Array.from({ length: 30 }, (_, n) => `c${n}.js`)),
      ),
      /\/scripts/,
    ],
    ...[
      'https://elsewhere.example/early.js',
      '//elsewhere.example/early.js',
      '/early.js',
      '../host/main.js',
      'chunks/../../early.js',
      'javascript:alert(1)//.js',
      'early.js" onload="alert(1)',
      'early.js?x=1',
      'early.css',
      '',
      `${'a'.repeat(300)}.js`,
    ].map((early): [string, Buffer, RegExp] => [
      `an early script named ${JSON.stringify(early.slice(0, 40))}`,
      withChange((f) => ((f as { early?: unknown }).early = early)),
      /\/early/,
    ]),
    [
      'an early script named by a number',
      withChange((f) => ((f as { early?: unknown }).early = 7)),
      /\/early/,
    ],
    ['html as a number', withChange((f) => (f.parts.ArtForm!.html = 7)), /html/],
    ['not JSON', bytes('{"format":'), /not JSON/],
    [
      'bytes that are not UTF-8',
      Buffer.concat([bytes('{"format":1,"x":"'), Buffer.from([0xc3, 0x28]), bytes('"}')]),
      /not valid UTF-8/,
    ],
  ])('refuses %s, saying why', (_name, file, reason) => {
    const verdict = readFragmentsFile(file);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toMatch(reason);
  });

  it('gives a verdict, never an exception, for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2_000 }), (file) => {
        expect(typeof readFragmentsFile(file).ok).toBe('boolean');
      }),
    );
  });

  it('gives a verdict, never an exception, for any JSON however deep', () => {
    fc.assert(
      fc.property(fc.jsonValue({ depthSize: 'xlarge' }), fc.nat(20_000), (value, depth) => {
        const text = `${'['.repeat(depth)}${JSON.stringify(value) ?? 'null'}${']'.repeat(depth)}`;
        expect(typeof readFragmentsFile(bytes(text)).ok).toBe('boolean');
      }),
      { numRuns: 50 },
    );
  });
});
