/**
 * The emails a shopper gets about an order, rendered from plain facts: a subject, a plain-text
 * part and a small table-based HTML part with the same facts, in the words the order page uses.
 */
import {
  formatPrice,
  type ShirtColor,
  type ShirtSize,
  type ShirtStyle,
} from '@tshirt/shared/catalog';
import {
  FIELD_LABELS,
  ORDER_NEXT_STEP_TEXT,
  ORDER_STATE_TEXT,
  ORDER_TEXT,
} from '@tshirt/shared/labels';
import type { OrderProgress, ShipTo } from '@tshirt/shared/types';
import { cleanShopperText } from '../http/cleanText';
import { shopTime } from '../html/shopTime';
import { countryName } from '../payments/countryName';
import { renderEmailHtml } from './orderEmailHtml';

export const ORDER_EMAIL_KINDS = [
  'confirmed',
  'shipped',
  'on_hold',
  'address_needed',
  'failed',
  'returned',
  'cancelled',
  'refunded',
  'partly_refunded',
  'back_in_production',
] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

export interface OrderEmailFacts {
  kind: OrderEmailKind;
  brandName: string;
  contactEmail: string;
  orderNumber: string;
  /** Absolute http(s) link to the shopper's secret order page. */
  orderPageUrl: string;
  /** The order's state now. */
  state: OrderProgress;
  productName: string;
  shirtColor: ShirtColor;
  shirtStyle: ShirtStyle;
  shirtSize: ShirtSize;
  quantity: number;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  shipTo: ShipTo | null;
  tracking: { carrier: string; number: string; url: string } | null;
  /** Why the order is where it is, in the shop's words. */
  reason: string | null;
  /** What this email's refund gave back (refund emails). */
  refundCents?: number | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Longest subject: mail apps cut far earlier, and some servers refuse very long header lines. */
export const MAX_SUBJECT_LENGTH = 150;

const SUBJECTS: Readonly<Record<OrderEmailKind, (orderNumber: string) => string>> = {
  confirmed: (number) => `order ${number} confirmed`,
  shipped: (number) => `order ${number} has shipped`,
  on_hold: (number) => `order ${number} is on hold`,
  address_needed: (number) => `we need a new address for order ${number}`,
  failed: (number) => `order ${number} is delayed`,
  returned: (number) => `order ${number} came back to us`,
  cancelled: (number) => `order ${number} was cancelled`,
  refunded: (number) => `order ${number} was refunded`,
  partly_refunded: (number) => `part of order ${number} was refunded`,
  back_in_production: (number) => `order ${number} is moving again`,
};

const HEADINGS: Readonly<Record<OrderEmailKind, string>> = {
  confirmed: 'Thank you! Your order is confirmed',
  shipped: 'Your order is on its way',
  on_hold: 'Your order is on hold',
  address_needed: 'We need a new shipping address',
  failed: 'Your order is delayed',
  returned: 'Your order came back to us',
  cancelled: 'Your order was cancelled',
  refunded: 'Your order was refunded',
  partly_refunded: 'Part of your payment was refunded',
  back_in_production: 'Your order is moving again',
};

/** The parts of an email's body; each is written once and drawn both as text and as HTML. */
export type EmailBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'facts'; title?: string; rows: Array<[label: string, value: string]> }
  | { type: 'lines'; title: string; lines: string[] }
  | { type: 'image'; cid: string; alt: string }
  | { type: 'button'; label: string; url: string };

/** One line of shopper or provider text: no line breaks or hidden controls. */
const line = (value: string | number): string => cleanShopperText(String(value)).trim();

/** The link when it is an absolute http(s) URL (a `javascript:` or `data:` link never is). */
function webLink(url: string): string | null {
  try {
    const parsed = new URL(line(url));
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** In the order's own currency (the store's CURRENCY when it was paid), whatever it is now. */
function formatTotal(cents: number, currency: string): string {
  return formatPrice(cents, line(currency));
}

function addressLines(shipTo: ShipTo): string[] {
  const region = [shipTo.state, shipTo.postalCode].filter(Boolean).join(' ');
  return [
    shipTo.name,
    shipTo.line1,
    shipTo.line2,
    [shipTo.city, region].filter(Boolean).join(', '),
    countryName(shipTo.country),
  ]
    .map(line)
    .filter(Boolean);
}

function subjectOf(facts: OrderEmailFacts): string {
  const subject = `${line(facts.brandName)}: ${SUBJECTS[facts.kind](line(facts.orderNumber))}`;
  const characters = Array.from(subject);
  return characters.length <= MAX_SUBJECT_LENGTH
    ? subject
    : `${characters.slice(0, MAX_SUBJECT_LENGTH - 1).join('')}…`;
}

function bodyOf(facts: OrderEmailFacts, orderPage: string, artworkCid?: string): EmailBlock[] {
  const blocks: EmailBlock[] = [
    { type: 'heading', text: HEADINGS[facts.kind] },
    {
      type: 'facts',
      rows: [
        [ORDER_TEXT.orderNumber, line(facts.orderNumber)],
        [ORDER_TEXT.status, ORDER_STATE_TEXT[facts.state]],
      ],
    },
  ];
  if (facts.reason && line(facts.reason)) {
    blocks.push({ type: 'paragraph', text: `Reason: ${line(facts.reason)}` });
  }
  blocks.push({
    type: 'paragraph',
    text: `${ORDER_TEXT.whatHappensNext}: ${ORDER_NEXT_STEP_TEXT[facts.state]}`,
  });

  if (facts.refundCents) {
    blocks.push({
      type: 'facts',
      rows: [['Refunded to you', formatTotal(facts.refundCents, facts.currency)]],
    });
  }

  if (facts.kind === 'confirmed') {
    if (artworkCid) {
      blocks.push({
        type: 'image',
        cid: artworkCid,
        alt: `Your artwork on a ${facts.shirtColor} ${facts.shirtStyle} t-shirt`,
      });
    }
    blocks.push({
      type: 'facts',
      title: line(facts.productName),
      rows: [
        [FIELD_LABELS.shirtColor, facts.shirtColor],
        [FIELD_LABELS.shirtStyle, facts.shirtStyle],
        [FIELD_LABELS.shirtSize, facts.shirtSize],
        [FIELD_LABELS.quantity, String(facts.quantity)],
        [ORDER_TEXT.subtotal, formatTotal(facts.subtotalCents, facts.currency)],
        [ORDER_TEXT.shipping, formatTotal(facts.shippingCents, facts.currency)],
        ...(facts.taxCents > 0
          ? [[ORDER_TEXT.tax, formatTotal(facts.taxCents, facts.currency)] as [string, string]]
          : []),
        [ORDER_TEXT.totalPaid, formatTotal(facts.totalCents, facts.currency)],
      ],
    });
  }
  if (facts.kind === 'shipped' && facts.tracking) {
    blocks.push({
      type: 'facts',
      rows: [
        [ORDER_TEXT.carrier, line(facts.tracking.carrier)],
        [ORDER_TEXT.trackingNumber, line(facts.tracking.number)],
      ],
    });
    const trackingLink = webLink(facts.tracking.url);
    if (trackingLink) {
      blocks.push({ type: 'button', label: ORDER_TEXT.trackThePackage, url: trackingLink });
    }
  }
  const asksForAddress = facts.kind === 'address_needed' || facts.kind === 'returned';
  if (facts.shipTo && (facts.kind === 'confirmed' || asksForAddress)) {
    blocks.push({ type: 'lines', title: ORDER_TEXT.shipTo, lines: addressLines(facts.shipTo) });
  }
  if (asksForAddress) {
    blocks.push({ type: 'button', label: ORDER_TEXT.correctAddress, url: `${orderPage}#address` });
  }
  blocks.push({ type: 'button', label: ORDER_TEXT.trackYourOrder, url: orderPage });
  return blocks;
}

function blockText(block: EmailBlock): string {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return block.text;
    case 'facts':
      return [block.title, ...block.rows.map(([label, value]) => `${label}: ${value}`)]
        .filter(Boolean)
        .join('\n');
    case 'lines':
      return [`${block.title}:`, ...block.lines].join('\n');
    case 'image':
      return '';
    case 'button':
      return `${block.label}: ${block.url}`;
  }
}

/**
 * Renders one order email. `artworkCid`: the Content-ID of the artwork-on-shirt picture attached
 * inline, shown in the confirmation (the email reads the same without it).
 */
export function renderOrderEmail(
  facts: OrderEmailFacts,
  options: { artworkCid?: string } = {},
): RenderedEmail {
  const orderPage = webLink(facts.orderPageUrl);
  // The server builds this link itself: anything else is a bug to surface, not an email to send.
  if (!orderPage)
    throw new Error(`The order page link is not an http(s) URL: ${facts.orderPageUrl}`);
  const subject = subjectOf(facts);
  const brandName = line(facts.brandName);
  const contact = line(facts.contactEmail);
  const blocks = bodyOf(facts, orderPage, options.artworkCid);
  const text = [
    brandName,
    ...blocks.map(blockText).filter(Boolean),
    `Questions? Write to us at ${contact}.`,
  ].join('\n\n');
  return {
    subject,
    text: `${text}\n`,
    html: renderEmailHtml({ subject, brandName, blocks, contact }),
  };
}

/** Why the owner is told about an order. */
export const OWNER_ALERT_REASONS = [
  'failed',
  'on_hold',
  'cancelled',
  'returned',
  'stuck',
  'not_stopped',
  'reprint_asked',
] as const;
export type OwnerAlertReason = (typeof OWNER_ALERT_REASONS)[number];

export interface OwnerAlertFacts {
  reason: OwnerAlertReason;
  brandName: string;
  orderNumber: string;
  /** Absolute link to the order on the owner's desk. */
  deskUrl: string;
  /** Where the order is, in the owner's words (`on hold`, `queued`…). */
  stateWords: string;
  /** Since when it has been there. */
  since: Date;
  /** What the print shop or the last try said. */
  detail: string | null;
  submitAttempts: number;
  /** Who ordered: their name and email, as far as the order knows them. */
  shopper: { name: string | null; email: string | null };
  totalCents: number;
  currency: string;
  /** The shop's time zone (SHOP_TIME_ZONE): the moment reads in it. */
  timeZone: string;
}

const ALERT_HEADINGS: Readonly<Record<OwnerAlertReason, string>> = {
  failed: 'An order failed',
  on_hold: 'The print shop put an order on hold',
  cancelled: 'The print shop cancelled an order',
  returned: 'A package came back',
  stuck: 'An order has not moved',
  not_stopped: 'A refunded order could not be stopped at the print shop',
  reprint_asked: 'A shopper asks for a returned order to be sent again',
};

/** The email that tells the owner an order needs them, with the link to it on the desk. */
export function renderOwnerAlert(facts: OwnerAlertFacts): RenderedEmail {
  const desk = webLink(facts.deskUrl);
  if (!desk) throw new Error(`The desk link is not an http(s) URL: ${facts.deskUrl}`);
  const brandName = line(facts.brandName);
  const heading = ALERT_HEADINGS[facts.reason];
  const full = `${brandName} desk: ${heading.toLowerCase()}: ${line(facts.orderNumber)}`;
  const characters = Array.from(full);
  const subject =
    characters.length <= MAX_SUBJECT_LENGTH
      ? full
      : `${characters.slice(0, MAX_SUBJECT_LENGTH - 1).join('')}…`;
  const shopper = [facts.shopper.name, facts.shopper.email]
    .map((part) => line(part ?? ''))
    .filter(Boolean)
    .join(' · ');
  const rows: Array<[string, string]> = [
    [ORDER_TEXT.orderNumber, line(facts.orderNumber)],
    ['Shopper', shopper || 'not known yet'],
    ['Total', formatTotal(facts.totalCents, facts.currency)],
    [ORDER_TEXT.status, `${line(facts.stateWords)} since ${shopTime(facts.since, facts.timeZone)}`],
  ];
  if (facts.detail && line(facts.detail)) rows.push(['Reason', line(facts.detail)]);
  rows.push(['Tries', String(facts.submitAttempts)]);
  const blocks: EmailBlock[] = [
    { type: 'heading', text: heading },
    { type: 'facts', rows },
    { type: 'button', label: 'Open the order on the desk', url: desk },
  ];
  const text = [brandName, ...blocks.map(blockText).filter(Boolean)].join('\n\n');
  return {
    subject,
    text: `${text}\n`,
    html: renderEmailHtml({ subject, brandName, blocks, contact: '' }),
  };
}
