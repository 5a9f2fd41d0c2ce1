/**
 * The one document shell of the server's own HTML (the owner's desk, the emails, the test payment
 * page), rendered by React on the server: every text and attribute it is given is escaped by React,
 * so no page escapes anything by hand.
 */
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export interface DocumentProps {
  title: string;
  /** The page's one inline style, allowed by its hash; an email has none (its styles are inline). */
  style?: string;
  /** `noindex`: none of these pages belongs in a search engine. */
  robots?: string;
  /** An email says `light`: mail apps that darken it otherwise break its colours. */
  colorScheme?: string;
  bodyStyle?: CSSProperties;
  children: ReactNode;
}

export function Document({
  title,
  style,
  robots,
  colorScheme,
  bodyStyle,
  children,
}: DocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {robots && <meta name="robots" content={robots} />}
        {colorScheme && <meta name="color-scheme" content={colorScheme} />}
        <title>{title}</title>
        {style !== undefined && <style>{style}</style>}
      </head>
      <body style={bodyStyle}>{children}</body>
    </html>
  );
}

/** A whole page or email as the HTML sent: the doctype, then the document. */
export function renderDocument(document: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(document)}`;
}
