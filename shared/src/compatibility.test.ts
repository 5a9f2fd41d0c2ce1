import { findSingletonMismatches, parseHostManifest, satisfiesRange } from './compatibility';

describe('findSingletonMismatches', () => {
  it('names the package, the range and the version when a remote asks for another major', () => {
    const hostProvides = { react: { version: '19.3.1', requiredVersion: '^19.2.0' } };
    const remoteRequires = {
      react: {
        singleton: true as const,
        requiredVersion: '^20.0.0',
        strictVersion: false,
        eager: false as const,
      },
      'react-dom': {
        singleton: true as const,
        requiredVersion: '^19.0.0',
        strictVersion: false,
        eager: false as const,
      },
    };
    expect(findSingletonMismatches('designer', hostProvides, remoteRequires)).toEqual([
      'designer requires react@^20.0.0, but the host provides 19.3.1',
      'designer shares react-dom, which the host does not provide',
    ]);
  });
});

describe('satisfiesRange', () => {
  it.each([
    ['19.3.1', '^19.2.0', true],
    ['20.0.0', '^19.2.0', false],
    ['19.1.0', '^19.2.0', false],
    ['0.5.3', '^0.5.1', true],
    ['0.6.0', '^0.5.1', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.0.0', '1.0.0', true],
  ])('%s in %s is %s', (version, range, expected) => {
    expect(satisfiesRange(version, range)).toBe(expected);
  });

  it('reads any range npm understands', () => {
    expect(satisfiesRange('19.3.1', '>=18 <20')).toBe(true);
    expect(satisfiesRange('19.3.1', '18.x')).toBe(false);
  });

  it('refuses a range it cannot read rather than guessing, naming it', () => {
    expect(() => satisfiesRange('1.0.0', 'latest please')).toThrow(
      /"latest please" is not a version range/,
    );
  });
});

describe('parseHostManifest', () => {
  it('takes a manifest with a contract version and a version for every provided singleton', () => {
    const manifest = { contractVersion: 1, provides: { react: { version: '19.2.0' } } };
    expect(parseHostManifest(manifest)).toEqual({ ...manifest, partScripts: [] });
  });

  it('keeps the part scripts that are plain paths of the host’s own, and drops any other', () => {
    const manifest = {
      contractVersion: 1,
      provides: {},
      partScripts: [
        '/chunks/federation-runtime.9b00141444.js',
        'https://elsewhere.example/x.js',
        '/chunks/../x.js',
        '/x.js" onload="y',
        7,
      ],
    };
    expect(parseHostManifest(manifest)?.partScripts).toEqual([
      '/chunks/federation-runtime.9b00141444.js',
    ]);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['no contract version', { provides: {} }],
    ['no provides', { contractVersion: 1 }],
    ['a singleton without a version', { contractVersion: 1, provides: { react: {} } }],
    ['a singleton that is null', { contractVersion: 1, provides: { react: null } }],
  ])('refuses %s', (_what, value) => {
    expect(parseHostManifest(value)).toBeUndefined();
  });
});
