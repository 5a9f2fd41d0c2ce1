import { NO_INLINE_SOURCES, pagePolicyWriter } from './contentSecurityPolicy';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .find((entry) => entry.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('pagePolicyWriter', () => {
  const pagePolicy = pagePolicyWriter(['https://designer.cdn.example']);

  it('allows inline exactly the scripts and styles of the page, by their hashes', () => {
    const policy = pagePolicy({ scripts: ["'sha256-script'"], styles: ["'sha256-style'"] });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      'https://designer.cdn.example',
      "'sha256-script'",
    ]);
    expect(directive(policy, 'style-src')).toEqual([
      "'self'",
      'https://designer.cdn.example',
      "'sha256-style'",
    ]);
    expect(directive(policy, 'script-src-attr')).toEqual(["'none'"]);
  });

  it('allows nothing inline for an answer without inline sources, and is never framed', () => {
    const policy = pagePolicy(NO_INLINE_SOURCES);
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'https://designer.cdn.example']);
    expect(directive(policy, 'style-src')).toEqual(["'self'", 'https://designer.cdn.example']);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
  });

  it("lets the page reach the live-reload socket of a remote's dev server on loopback, and no other socket", () => {
    expect(directive(pagePolicy(NO_INLINE_SOURCES), 'connect-src')).toEqual([
      "'self'",
      'https://designer.cdn.example',
    ]);
    const devPolicy = pagePolicyWriter(['http://localhost:3001', 'http://127.0.0.1:3002']);
    expect(directive(devPolicy(NO_INLINE_SOURCES), 'connect-src')).toEqual([
      "'self'",
      'http://localhost:3001',
      'http://127.0.0.1:3002',
      'ws://localhost:3001',
      'ws://127.0.0.1:3002',
    ]);
  });

  it('writes the policy of a page once, and again for a page with other sources', () => {
    const sources = { scripts: [], styles: ["'sha256-a'"] };
    const first = pagePolicy(sources);
    expect(pagePolicy(sources)).toBe(first);
    expect(pagePolicy({ scripts: [], styles: ["'sha256-b'"] })).toContain("'sha256-b'");
  });
});
