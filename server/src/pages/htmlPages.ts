/** Small server-rendered pages, and the escaping every one of them uses. */
import type { InlineSources } from '../http/contentSecurityPolicy';
import { hashSource } from './inlineSources';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const PAGE_STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f6f5f2; color: #1d1d1f; line-height: 1.5; }
  main { max-width: 40rem; margin: 0 auto; padding: 3rem 1.25rem; }
  h1 { font-size: 1.75rem; margin: 0 0 1rem; }
  a { color: #1f4fa3; }
  a:focus-visible { outline: 3px solid #1f4fa3; outline-offset: 2px; }
  code { background: #e8e6e1; padding: 0.1rem 0.35rem; border-radius: 4px; }
`;

/** The inline sources of every `simplePage`: its style. */
export const SIMPLE_PAGE_SOURCES: InlineSources = { scripts: [], styles: [hashSource(PAGE_STYLE)] };

/** A complete minimal HTML document (used for the not-built page and simple errors). */
export function simplePage(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${bodyHtml}
</main>
</body>
</html>`;
}

/** Shown to anyone who reaches the server, so it names no folder on the server's disk (the log does). */
export function frontEndNotBuiltPage(): string {
  return simplePage(
    'The store’s front end is not built yet',
    `<p>The server is running, but it found no built shop pages (the folder <code>HOST_DIST_DIR</code> names, <code>host/dist</code> by default).</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing) from the repository root, then reload this page.</p>`,
  );
}
