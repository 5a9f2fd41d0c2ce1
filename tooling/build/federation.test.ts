import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostIncompatibilities } from './federation';

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
