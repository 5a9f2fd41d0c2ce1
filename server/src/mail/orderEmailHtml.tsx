/**
 * The HTML part of the order emails: the blocks each email is written in (orderEmail.ts), drawn
 * as the small table-based, inline-styled HTML mail apps show alike, in the one document shell.
 */
import type { CSSProperties } from 'react';
import { Document, renderDocument } from '../html/document';
import type { EmailBlock } from './orderEmail';

const FONT = `-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;
const INK = '#1d1d1f';
const LINK = '#1f4fa3';
const MUTED = '#4a4d52';

/** A layout table: mail apps lay tables out alike, where they differ on everything else. */
function LayoutTable({
  style,
  width,
  children,
}: {
  style: CSSProperties;
  width?: string;
  children: React.ReactNode;
}) {
  return (
    <table
      role="presentation"
      width={width}
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={style}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

function Block({ block }: { block: EmailBlock }) {
  switch (block.type) {
    case 'heading':
      return (
        <h1 style={{ margin: '0 0 16px', fontSize: '24px', lineHeight: 1.3, color: INK }}>
          {block.text}
        </h1>
      );
    case 'paragraph':
      return <p style={{ margin: '0 0 16px' }}>{block.text}</p>;
    case 'facts':
      return (
        <LayoutTable style={{ margin: '0 0 16px', fontSize: '16px', color: INK }}>
          {block.title && (
            <tr>
              <td colSpan={2} style={{ padding: '0 0 4px', fontWeight: 'bold' }}>
                {block.title}
              </td>
            </tr>
          )}
          {block.rows.map(([label, value]) => (
            <tr key={label}>
              {/* A label on one line: on a phone the value beside it wraps instead. */}
              <td
                style={{
                  padding: '4px 16px 4px 0',
                  color: MUTED,
                  verticalAlign: 'top',
                  whiteSpace: 'nowrap',
                }}
              >
                {label}
              </td>
              <td style={{ padding: '4px 0', fontWeight: 'bold' }}>{value}</td>
            </tr>
          ))}
        </LayoutTable>
      );
    case 'lines':
      return (
        <p style={{ margin: '0 0 16px' }}>
          <strong>{block.title}</strong>
          {block.lines.map((line, index) => (
            <span key={index}>
              <br />
              {line}
            </span>
          ))}
        </p>
      );
    case 'image':
      return (
        <img
          src={`cid:${block.cid}`}
          alt={block.alt}
          width="240"
          // Lazy: React would otherwise announce it in the head as a page's picture to preload.
          loading="lazy"
          style={{
            display: 'block',
            width: '240px',
            maxWidth: '100%',
            height: 'auto',
            margin: '0 0 16px',
            border: 0,
          }}
        />
      );
    case 'button':
      return (
        <LayoutTable style={{ margin: '8px 0 16px' }}>
          <tr>
            <td style={{ borderRadius: '6px', background: LINK }}>
              <a
                href={block.url}
                style={{
                  display: 'inline-block',
                  padding: '14px 24px',
                  fontSize: '16px',
                  fontWeight: 'bold',
                  lineHeight: 1.2,
                  color: '#ffffff',
                  textDecoration: 'none',
                  borderRadius: '6px',
                }}
              >
                {block.label}
              </a>
            </td>
          </tr>
        </LayoutTable>
      );
  }
}

export interface EmailHtml {
  subject: string;
  brandName: string;
  blocks: readonly EmailBlock[];
  /** The shop's address for questions; none in the owner's alerts. */
  contact: string;
}

export function renderEmailHtml({ subject, brandName, blocks, contact }: EmailHtml): string {
  return renderDocument(
    <Document
      title={subject}
      colorScheme="light"
      bodyStyle={{ margin: 0, padding: 0, background: '#f6f5f2' }}
    >
      <LayoutTable width="100%" style={{ background: '#f6f5f2' }}>
        <tr>
          <td align="center" style={{ padding: '24px 12px' }}>
            <LayoutTable
              width="100%"
              style={{
                maxWidth: '600px',
                background: '#ffffff',
                borderRadius: '8px',
                fontFamily: FONT,
              }}
            >
              <tr>
                <td
                  style={{
                    padding: '20px 24px',
                    background: INK,
                    borderRadius: '8px 8px 0 0',
                    color: '#ffffff',
                    fontSize: '20px',
                    fontWeight: 'bold',
                  }}
                >
                  {brandName}
                </td>
              </tr>
              <tr>
                <td style={{ padding: '24px', fontSize: '16px', lineHeight: 1.5, color: INK }}>
                  {blocks.map((block, index) => (
                    <Block key={index} block={block} />
                  ))}
                </td>
              </tr>
              {contact && (
                <tr>
                  <td
                    style={{
                      padding: '16px 24px 24px',
                      borderTop: '1px solid #e8e6e1',
                      fontSize: '14px',
                      lineHeight: 1.5,
                      color: MUTED,
                    }}
                  >
                    Questions? Write to us at{' '}
                    <a href={`mailto:${contact}`} style={{ color: LINK }}>
                      {contact}
                    </a>
                    .
                  </td>
                </tr>
              )}
            </LayoutTable>
          </td>
        </tr>
      </LayoutTable>
    </Document>,
  );
}
