import { CONTRACT_VERSION, FRAGMENTS_FORMAT } from '@tshirt/shared/contract';
import type { HostManifest } from '@tshirt/shared/compatibility';
import type { RemoteFragments } from '@tshirt/shared/fragments';
import { PART_SCRIPTS_ATTRIBUTE } from '@tshirt/shared/pageStart';
import { composePage, incompatibility, parsePageTemplate, remoteFileUrl } from './composePage';

const page = (body: string) =>
  `<!doctype html><html><head><title>Shop</title><link rel="stylesheet" href="/main.css"></head><body>${body}</body></html>`;

const placeholder = (id: string) =>
  `<div class="skeleton" role="status" data-remote-placeholder="${id}"><span class="visually-hidden">Loading…</span></div>`;

function fragments(
  remote: string,
  parts: Record<string, string>,
  css = '.a{color:red}',
): RemoteFragments {
  return {
    format: FRAGMENTS_FORMAT,
    remote,
    release: `${remote}-r1`,
    contractVersion: CONTRACT_VERSION,
    requires: { react: '^19.0.0' },
    styles: [{ href: `chunks/${remote}.css`, css }],
    parts: Object.fromEntries(
      Object.entries(parts).map(([name, html]) => [
        name,
        {
          html,
          identifierPrefix: `${remote}-${name}-`,
          props: name === 'CheckoutPanel' ? { loadingPagePath: '/loading' } : {},
        },
      ]),
    ),
  };
}

const HOST: HostManifest = {
  contractVersion: CONTRACT_VERSION,
  provides: { react: { version: '19.3.1' }, '@tshirt/shared': { version: '1.0.0' } },
};

describe('parsePageTemplate', () => {
  it('finds each part placeholder, whole, in document order', () => {
    const html = page(
      `<main><div class="slot">${placeholder('designer/ArtForm')}</div><p>text</p>${placeholder('checkout/CheckoutPanel')}</main>`,
    );
    const template = parsePageTemplate(html);
    expect(template?.placeholders.map(({ remote, module }) => `${remote}/${module}`)).toEqual([
      'designer/ArtForm',
      'checkout/CheckoutPanel',
    ]);
    const [first] = template!.placeholders;
    expect(html.slice(first!.start, first!.end)).toBe(placeholder('designer/ArtForm'));
  });

  it('treats a page without placeholders, or with one for no known remote, as plain', () => {
    expect(parsePageTemplate(page('<main>Welcome</main>'))).toBeUndefined();
    expect(parsePageTemplate(page(placeholder('elsewhere/Thing')))).toBeUndefined();
  });
});

describe('composePage', () => {
  const template = parsePageTemplate(
    page(
      `<main>${placeholder('designer/ArtForm')}<h1>Product</h1>${placeholder('checkout/CheckoutPanel')}</main>`,
    ),
  )!;

  it('puts each part in an element naming its release, prefix and props, and its CSS before </head>', () => {
    const { html, stitched } = composePage(template, {
      designer: fragments('designer', { ArtForm: '<form>Art</form>' }),
      checkout: fragments('checkout', { CheckoutPanel: '<section>Buy</section>' }),
    });
    expect(stitched).toEqual(['designer/ArtForm', 'checkout/CheckoutPanel']);
    expect(html).toContain(
      '<main><div data-remote-part="designer/ArtForm" data-release="designer-r1" data-id-prefix="designer-ArtForm-" data-props="{}"><div data-part-root><form>Art</form></div></div><h1>Product</h1>',
    );
    expect(html).toContain(
      'data-props="{&#34;loadingPagePath&#34;:&#34;/loading&#34;}"><div data-part-root><section>Buy</section></div></div></main>',
    );
    expect(html).toContain(
      '<link rel="stylesheet" href="/main.css"><style data-href="chunks/designer.css">.a{color:red}</style><style data-href="chunks/checkout.css">.a{color:red}</style></head>',
    );
    expect(html).not.toContain('data-remote-placeholder');
  });

  it('keeps the placeholder of a part it has no markup for', () => {
    const { html, stitched } = composePage(template, {
      designer: fragments('designer', { ArtForm: '<form>Art</form>' }),
    });
    expect(stitched).toEqual(['designer/ArtForm']);
    expect(html).toContain(placeholder('checkout/CheckoutPanel'));
    expect(html).not.toContain('chunks/checkout.css');
  });

  it('returns the page as it was when no remote has markup', () => {
    expect(composePage(template, {}).html).toBe(template.html);
  });

  it('never lets a stylesheet close its element', () => {
    const { html } = composePage(template, {
      designer: fragments(
        'designer',
        { ArtForm: '<form></form>' },
        'a{}</style><script>alert(1)</script>',
      ),
    });
    expect(html).not.toContain('</style><script>');
    expect(html).toContain('a{}<\\/style><script>alert(1)</script></style>');
  });
});

describe('composePage with early scripts', () => {
  const template = parsePageTemplate(
    page(
      `<main>${placeholder('designer/ArtForm')}${placeholder('designer/ShirtPreview')}${placeholder('checkout/CheckoutPanel')}</main>`,
    ),
  )!;
  const remoteEntries = {
    designer: '/remotes/designer/remoteEntry.js',
    checkout: 'https://checkout.cdn.example/v2/remoteEntry.js',
  };
  const withEarly = (remote: string, parts: Record<string, string>, early: string) => ({
    ...fragments(remote, parts),
    early,
  });
  const scripts = (html: string) =>
    [...html.matchAll(/<script[^>]*><\/script>/g)].map(([tag]) => tag);

  it('adds each stitched remote’s early script once, async, from beside its entry, after the styles', () => {
    const { html } = composePage(
      template,
      {
        designer: withEarly(
          'designer',
          { ArtForm: '<form></form>', ShirtPreview: '<div></div>' },
          'early.3f2a9c1d5e.js',
        ),
        checkout: withEarly(
          'checkout',
          { CheckoutPanel: '<section></section>' },
          'early.0a1b2c3d4e.js',
        ),
      },
      { remoteEntries },
    );
    expect(scripts(html)).toEqual([
      '<script src="/remotes/designer/early.3f2a9c1d5e.js" async fetchpriority="low"></script>',
      '<script src="https://checkout.cdn.example/v2/early.0a1b2c3d4e.js" async fetchpriority="low"></script>',
    ]);
    expect(html).toMatch(
      new RegExp(
        String.raw`<style data-href="chunks/checkout\.css">[^<]*</style><script src="/remotes/designer/early\.3f2a9c1d5e\.js" async fetchpriority="low"></script><script [^>]*></script>(<template ${PART_SCRIPTS_ATTRIBUTE}>(<link [^>]*>)*</template>)?</head>`,
      ),
    );
  });

  it('adds no early script for a remote none of whose parts is in the page, or that names none', () => {
    const { html, stitched } = composePage(
      template,
      {
        designer: withEarly('designer', { Elsewhere: '<p></p>' }, 'early.3f2a9c1d5e.js'),
        checkout: fragments('checkout', { CheckoutPanel: '<section></section>' }),
      },
      { remoteEntries },
    );
    expect(stitched).toEqual(['checkout/CheckoutPanel']);
    expect(scripts(html)).toEqual([]);
  });

  it('adds none without the remote’s entry to find it by', () => {
    const { html } = composePage(template, {
      designer: withEarly('designer', { ArtForm: '<form></form>' }, 'early.3f2a9c1d5e.js'),
    });
    expect(scripts(html)).toEqual([]);
  });

  it('escapes the script’s URL in its attribute', () => {
    const { html } = composePage(
      template,
      { designer: withEarly('designer', { ArtForm: '<form></form>' }, 'early.js') },
      { remoteEntries: { designer: 'https://cdn.example/a"b<c/remoteEntry.js' } },
    );
    expect(scripts(html)).toEqual([
      '<script src="https://cdn.example/a%22b%3Cc/early.js" async fetchpriority="low"></script>',
    ]);
    const { html: quoted } = composePage(
      template,
      { designer: withEarly('designer', { ArtForm: '<form></form>' }, 'early.js') },
      { remoteEntries: { designer: "/remotes/it's/remoteEntry.js" } },
    );
    expect(scripts(quoted)).toEqual([
      '<script src="/remotes/it&#39;s/early.js" async fetchpriority="low"></script>',
    ]);
  });
});

describe('composePage with part scripts', () => {
  const template = parsePageTemplate(
    page(`<main>${placeholder('designer/ArtForm')}${placeholder('checkout/CheckoutPanel')}</main>`),
  )!;
  const remoteEntries = {
    designer: '/remotes/designer/remoteEntry.js',
    checkout: 'https://checkout.cdn.example/v2/remoteEntry.js',
  };
  const withScripts = (
    remote: string,
    parts: Record<string, [html: string, scripts: string[]]>,
  ) => {
    const built = fragments(
      remote,
      Object.fromEntries(Object.entries(parts).map(([name, [html]]) => [name, html])),
    );
    for (const [name, [, scripts]] of Object.entries(parts)) built.parts[name]!.scripts = scripts;
    return built;
  };
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="script" href="([^"]*)" fetchpriority="low">/g)].map(
      ([, href]) => href,
    );

  it('lists, as inert preloads, the host’s part loader, then each stitched remote’s entry of that release and its parts’ scripts', () => {
    const { html } = composePage(
      template,
      {
        designer: withScripts('designer', {
          ArtForm: ['<form></form>', ['chunks/ArtForm.1.js', 'chunks/shared.2.js']],
          ShirtPreview: ['<div></div>', ['chunks/ShirtPreview.3.js', 'chunks/shared.2.js']],
        }),
        checkout: withScripts('checkout', {
          CheckoutPanel: ['<section></section>', ['chunks/CheckoutPanel.4.js']],
        }),
      },
      { remoteEntries, hostPartScripts: ['/chunks/runtime.5.js'] },
    );
    expect(preloads(html)).toEqual([
      '/chunks/runtime.5.js',
      '/remotes/designer/remoteEntry.js?release=designer-r1',
      '/remotes/designer/chunks/ArtForm.1.js',
      '/remotes/designer/chunks/shared.2.js',
      'https://checkout.cdn.example/v2/remoteEntry.js?release=checkout-r1',
      'https://checkout.cdn.example/v2/chunks/CheckoutPanel.4.js',
    ]);
    // Inert until the host's page-start script adds them, after the first paint.
    expect(html).toMatch(
      new RegExp(`<template ${PART_SCRIPTS_ATTRIBUTE}>(<link [^>]*>){6}</template></head>`),
    );
  });

  it('preloads nothing for a page with no part stitched, and no remote file without its entry', () => {
    const unstitched = composePage(
      template,
      { designer: withScripts('designer', { Elsewhere: ['<p></p>', ['chunks/Elsewhere.1.js']] }) },
      { remoteEntries, hostPartScripts: ['/chunks/runtime.5.js'] },
    );
    expect(preloads(unstitched.html)).toEqual([]);
    const entryless = composePage(template, {
      designer: withScripts('designer', { ArtForm: ['<form></form>', ['chunks/ArtForm.1.js']] }),
    });
    expect(preloads(entryless.html)).toEqual([]);
  });
});

describe('remoteFileUrl', () => {
  it.each([
    ['/remotes/designer/remoteEntry.js', '/remotes/designer/early.1234567890.js'],
    ['/remotes/designer/remoteEntry.js?release=abc', '/remotes/designer/early.1234567890.js'],
    [
      'https://designer.cdn.example/v3/remoteEntry.js',
      'https://designer.cdn.example/v3/early.1234567890.js',
    ],
  ])('finds a file beside the entry %s', (entry, url) => {
    expect(remoteFileUrl(entry, 'early.1234567890.js')).toBe(url);
  });
});

describe('incompatibility', () => {
  const ok = fragments('designer', { ArtForm: '' });

  it('accepts fragments built for this contract with singleton ranges the host satisfies', () => {
    expect(incompatibility('designer', ok, HOST)).toBeUndefined();
  });

  it.each([
    [{ remote: 'checkout' }, /checkout's, not designer's/],
    [{ contractVersion: CONTRACT_VERSION + 1 }, /contract/],
    [
      { requires: { react: '^18.2.0' } },
      /requires react@\^18\.2\.0, but the host provides 19\.3\.1/,
    ],
    [{ requires: { 'react-dom': '^19.0.0' } }, /shares react-dom, which the host does not provide/],
    [{ requires: { react: 'next' } }, /react@next/],
  ])('refuses fragments with %o', (change, reason) => {
    expect(incompatibility('designer', { ...ok, ...change }, HOST)).toMatch(reason);
  });
});

describe('composePage within a size cap', () => {
  const template = parsePageTemplate(
    page(
      `<main>${placeholder('designer/ArtForm')}${placeholder('designer/ShirtPreview')}${placeholder('checkout/CheckoutPanel')}</main>`,
    ),
  )!;

  it('keeps the placeholder of each part that would make the page larger than the cap', () => {
    const big = `<p>${'x'.repeat(2_000)}</p>`;
    const { html, stitched, overCap } = composePage(
      template,
      {
        designer: fragments('designer', { ArtForm: '<form>Art</form>', ShirtPreview: big }),
        checkout: fragments('checkout', { CheckoutPanel: '<section>Buy</section>' }),
      },
      { maxBytes: Buffer.byteLength(template.html) + 1_000 },
    );
    expect(stitched).toEqual(['designer/ArtForm', 'checkout/CheckoutPanel']);
    expect(overCap).toEqual(['designer/ShirtPreview']);
    expect(html).toContain(placeholder('designer/ShirtPreview'));
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(Buffer.byteLength(template.html) + 1_000);
  });
});
