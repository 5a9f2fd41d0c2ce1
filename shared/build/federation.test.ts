import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSingletonMismatches, hostIncompatibilities, satisfiesRange } from './federation';

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

describe('hostIncompatibilities', () => {
  const host = {
    contractVersion: 1,
    provides: {
      react: { version: '19.3.1' },
      'react/jsx-runtime': { version: '19.3.1' },
      'react-dom': { version: '19.3.1' },
      'react-dom/client': { version: '19.3.1' },
      '@tshirt/shared': { version: '1.0.0' },
    },
  };
  let remoteDir: string;

  function remoteDependingOn(dependencies: Record<string, string>): string {
    remoteDir = mkdtempSync(join(tmpdir(), 'skewed-remote-'));
    writeFileSync(
      join(remoteDir, 'package.json'),
      JSON.stringify({ name: 'skewed', dependencies }),
    );
    return remoteDir;
  }
  afterEach(() => rmSync(remoteDir, { recursive: true, force: true }));

  it('finds nothing wrong with a remote built for this host', () => {
    const dir = remoteDependingOn({
      react: '^19.3.1',
      'react-dom': '^19.3.1',
      '@tshirt/shared': '^1.0.0',
    });
    expect(hostIncompatibilities('designer', dir, 1, host)).toEqual([]);
  });

  it('names each skewed range and another contract version in a sentence', () => {
    const dir = remoteDependingOn({
      react: '^18.2.0',
      'react-dom': '^19.3.1',
      '@tshirt/shared': '^2.0.0',
    });
    expect(hostIncompatibilities('designer', dir, 2, host)).toEqual([
      'designer implements contract 2, but the host implements contract 1: ship both shapes first (docs/DEPLOY.md)',
      'designer requires react@^18.2.0, but the host provides 19.3.1',
      'designer requires react/jsx-runtime@^18.2.0, but the host provides 19.3.1',
      'designer requires @tshirt/shared@^2.0.0, but the host provides 1.0.0',
    ]);
  });

  it('says which range it cannot read', () => {
    const dir = remoteDependingOn({
      react: 'next',
      'react-dom': '^19.3.1',
      '@tshirt/shared': '^1.0.0',
    });
    expect(hostIncompatibilities('designer', dir, 1, host)).toEqual([
      'designer requires react@next: "next" is not a version range npm understands (e.g. ^19.2.0, ~1.2.3, >=18 <20)',
      'designer requires react/jsx-runtime@next: "next" is not a version range npm understands (e.g. ^19.2.0, ~1.2.3, >=18 <20)',
    ]);
  });
});
