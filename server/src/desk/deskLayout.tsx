/**
 * The frame of every desk page: server-rendered, no script, one inline style allowed by its hash,
 * readable on a phone (tables become cards below 44rem), every control labelled and its focus
 * visible, colours at AA contrast or better.
 */
import type { ReactNode } from 'react';
import type { InlineSources } from '../http/contentSecurityPolicy';
import { TimeZone } from '../html/components';
import { Document, renderDocument } from '../html/document';
import { hashSource } from '../pages/inlineSources';
import { DESK_PATHS } from './deskPaths';

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #f6f5f2; color: #1d1d1f; line-height: 1.5; }
  a { color: #1f4fa3; }
  a:hover { color: #173d80; }
  :focus-visible { outline: 3px solid #1f4fa3; outline-offset: 2px; }
  .top { background: #1d1d1f; color: #fff; }
  .top-inner { max-width: 72rem; margin: 0 auto; padding: 0.6rem 1.25rem; display: flex; flex-wrap: wrap;
    gap: 0.5rem 1rem; align-items: center; justify-content: space-between; }
  .brand { color: #fff; font-weight: 700; font-size: 1.05rem; text-decoration: none; }
  .brand:hover { color: #fff; text-decoration: underline; }
  .top :focus-visible { outline-color: #fff; }
  .top form { margin: 0; }
  .top button { background: transparent; color: #fff; border: 2px solid #fff; padding: 0.3rem 0.8rem; font-size: 0.95rem; }
  .top button:hover { background: #fff; color: #1d1d1f; }
  main { max-width: 72rem; margin: 0 auto; padding: 1.25rem 1.25rem 3rem; }
  @media (max-width: 30rem) {
    .top-inner { padding: 0.5rem 1rem; gap: 0.5rem; }
    .brand { font-size: 1rem; }
    .top button { padding: 0.2rem 0.6rem; font-size: 0.9rem; }
    main { padding: 1rem 1rem 2.5rem; }
    .card { padding: 0.9rem; }
  }
  h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.25rem 0 1rem; overflow-wrap: anywhere; }
  h2 { font-size: 1.25rem; margin: 0 0 0.75rem; }
  h3 { font-size: 1.05rem; margin: 0 0 0.5rem; }
  section { margin: 0 0 1.75rem; }
  .card { background: #fff; border: 1px solid #d6d3cc; border-radius: 10px; padding: 1rem 1.1rem; }
  .narrow { max-width: 28rem; margin: 2rem auto; }
  .note { color: #55575c; font-size: 0.95rem; }
  .back { display: inline-block; margin-bottom: 0.5rem; }
  button { font: inherit; font-weight: 700; padding: 0.6rem 1.1rem; border: 2px solid #1f4fa3; border-radius: 8px;
    background: #1f4fa3; color: #fff; cursor: pointer; }
  button:hover { background: #173d80; border-color: #173d80; }
  button.danger { background: #a4161a; border-color: #a4161a; }
  button.danger:hover { background: #7d1014; border-color: #7d1014; }
  button.quiet { background: #fff; color: #1f4fa3; }
  button.quiet:hover { background: #e6eefb; color: #173d80; }
  label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
  input, select, textarea { display: block; width: 100%; font: inherit; font-size: max(16px, 1rem); padding: 0.5rem 0.65rem;
    border: 2px solid #6b6d72; border-radius: 6px; background: #fff; color: #1d1d1f; }
  textarea { min-height: 4.5rem; }
  input:focus-visible, select:focus-visible, textarea:focus-visible { outline: 3px solid #1f4fa3; outline-offset: 1px; border-color: #1f4fa3; }
  [aria-invalid="true"] { border-color: #a4161a; }
  .field { margin-bottom: 0.85rem; }
  .fields { display: grid; gap: 0 1rem; }
  @media (min-width: 36rem) { .fields.two { grid-template-columns: 1fr 1fr; } }
  .check { display: flex; gap: 0.6rem; align-items: flex-start; font-weight: 600; margin-bottom: 0.85rem; }
  .check input { width: 1.3rem; height: 1.3rem; flex: none; margin: 0.1rem 0 0; accent-color: #a4161a; }
  .field-error { color: #a4161a; font-weight: 600; margin: 0 0 0.25rem; }
  .flash { border-radius: 8px; padding: 0.75rem 1rem; margin: 0 0 1.25rem; font-weight: 600; border: 2px solid; }
  .flash.success { background: #e3f4e6; color: #14532d; border-color: #2d7a46; }
  .flash.error { background: #fde8e8; color: #7d1014; border-color: #a4161a; }
  .flash p { margin: 0; }
  .flash ul { margin: 0.4rem 0 0; padding-left: 1.25rem; font-weight: 400; }
  .state { display: inline-block; padding: 0.1rem 0.6rem; border-radius: 999px; font-size: 0.9rem; font-weight: 700;
    white-space: nowrap; border: 1px solid; }
  h1 .state { vertical-align: middle; font-size: 0.95rem; }
  .tone-attention { background: #fde8e8; color: #7d1014; border-color: #e7a3a5; }
  .tone-waiting { background: #fff3c4; color: #4d3800; border-color: #e0c45c; }
  .tone-moving { background: #e6eefb; color: #173d80; border-color: #9db5e3; }
  .tone-done { background: #e3f4e6; color: #14532d; border-color: #8cc69d; }
  .tone-quiet { background: #ecebe7; color: #3d3f44; border-color: #c4c1b9; }
  .search { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; margin-bottom: 1rem; }
  .search .field { flex: 1 1 16rem; margin: 0; }
  .filters ul { list-style: none; margin: 0 0 1.25rem; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem; }
  .filters a { display: inline-flex; gap: 0.4rem; align-items: center; padding: 0.35rem 0.8rem; border-radius: 999px;
    border: 2px solid #1f4fa3; text-decoration: none; font-weight: 600; background: #fff; }
  .filters a:hover { background: #e6eefb; }
  .filters a[aria-current="page"] { background: #1f4fa3; color: #fff; }
  .count { font-variant-numeric: tabular-nums; }
  .attention { border-left: 6px solid #a4161a; }
  .attention ul { margin: 0; padding: 0; list-style: none; }
  .attention li { padding: 0.5rem 0; border-top: 1px solid #ecebe7; display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; align-items: baseline; }
  .attention li:first-child { border-top: 0; }
  .why { color: #3d3f44; overflow-wrap: anywhere; }
  table { width: 100%; border-collapse: separate; border-spacing: 0; background: #fff; border: 1px solid #d6d3cc;
    border-radius: 10px; overflow: hidden; }
  caption { text-align: left; font-weight: 700; font-size: 1.25rem; padding: 0 0 0.6rem; }
  th, td { text-align: left; vertical-align: top; padding: 0.55rem 0.7rem; border-bottom: 1px solid #ecebe7; }
  tbody tr:last-child > * { border-bottom: 0; }
  thead th { background: #ecebe7; font-size: 0.9rem; }
  td { overflow-wrap: anywhere; }
  td time { white-space: nowrap; }
  .num { font-variant-numeric: tabular-nums; white-space: nowrap; }
  @media (max-width: 44rem) {
    table.cards, .cards tbody, .cards tr, .cards td, .cards th[scope="row"] { display: block; width: 100%; }
    table.cards { border: 0; background: transparent; }
    .cards thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .cards tr { background: #fff; border: 1px solid #d6d3cc; border-radius: 10px; margin-bottom: 0.75rem; padding: 0.4rem 0; }
    .cards td, .cards th[scope="row"] { border: 0; padding: 0.2rem 0.9rem; }
    .cards td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; color: #3d3f44; }
    .cards td:empty { display: none; }
    .num { white-space: normal; }
  }
  .order-grid { display: grid; gap: 1.25rem; margin-bottom: 1.75rem; }
  .order-grid section, .actions section { margin: 0; }
  @media (min-width: 52rem) { .order-grid { grid-template-columns: 22rem 1fr; align-items: start; } }
  .shirt { border-radius: 10px; padding: 1.5rem; display: flex; justify-content: center; border: 1px solid #d6d3cc; }
  .shirt img { width: 100%; max-width: 16rem; height: auto; display: block; }
  dl { display: grid; grid-template-columns: 8.5rem 1fr; gap: 0.35rem 1rem; margin: 0; }
  dt { color: #3d3f44; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  @media (max-width: 30rem) {
    dl { grid-template-columns: 1fr; gap: 0; }
    dd { margin-bottom: 0.5rem; }
  }
  .stack { display: grid; gap: 1.25rem; }
  .total { border-top: 1px solid #d6d3cc; padding-top: 0.35rem; }
  .print-link { display: inline-block; margin: 1rem 0; padding: 0.45rem 0.9rem; border: 2px solid #1f4fa3;
    border-radius: 8px; font-weight: 700; text-decoration: none; background: #fff; }
  .print-link:hover { background: #e6eefb; }
  address { font-style: normal; }
  .actions { display: grid; gap: 1rem; margin-bottom: 1rem; }
  @media (min-width: 52rem) { .actions { grid-template-columns: 1fr 1fr; align-items: start; } }
  .actions form { margin: 0; }
  .actions p { margin: 0 0 0.75rem; }
  code { background: #ecebe7; padding: 0.05rem 0.3rem; border-radius: 4px; }
  .filters form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; margin: 0 0 1.25rem; }
  .filters form .field { margin: 0; flex: 0 1 11rem; }
  th[scope="row"] a { white-space: nowrap; }
  td form { margin: 0; }
  td button { white-space: nowrap; padding: 0.3rem 0.8rem; }
  ul.notes { list-style: none; margin: 0 0 1rem; padding: 0.5rem 1.1rem; }
  ul.notes li { padding: 0.35rem 0; white-space: pre-line; overflow-wrap: anywhere; }
  ul.notes li + li { border-top: 1px solid #ecebe7; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

/** The inline sources of every desk page: its one style. */
export const DESK_PAGE_SOURCES: InlineSources = { scripts: [], styles: [hashSource(STYLE)] };

export interface DeskFrame {
  brandName: string;
  /** The shop's time zone (SHOP_TIME_ZONE): every moment on the page reads in it. */
  timeZone: string;
}

export interface DeskPageProps extends DeskFrame {
  title: string;
  /** Shows the sign-out button. */
  signedIn: boolean;
  children: ReactNode;
}

export function DeskPage({ brandName, timeZone, title, signedIn, children }: DeskPageProps) {
  return (
    <Document
      title={`${title} · ${brandName} owner’s desk`}
      style={STYLE}
      robots="noindex, nofollow"
    >
      <TimeZone.Provider value={timeZone}>
        <header className="top">
          <div className="top-inner">
            <a className="brand" href={DESK_PATHS.desk}>
              {`${brandName} · Owner’s desk`}
            </a>
            {signedIn && (
              <form method="post" action={DESK_PATHS.signOut}>
                <button type="submit">Sign out</button>
              </form>
            )}
          </div>
        </header>
        <main>{children}</main>
      </TimeZone.Provider>
    </Document>
  );
}

/** The outcome of a form: an error is an alert, anything else a status. */
export function Flash({ kind, children }: { kind: 'success' | 'error'; children: ReactNode }) {
  return (
    <div className={`flash ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** A desk page as the HTML sent. */
export function renderDeskPage(props: DeskPageProps): string {
  return renderDocument(<DeskPage {...props} />);
}
