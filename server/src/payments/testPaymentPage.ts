/** The built-in test payment page: server-rendered, no script, clearly not a real payment. */
import { SHIRT_COLOR_HEX, formatPrice } from '@tshirt/shared/catalog';
import type { Order } from '../orders/ordersRepository';
import { escapeHtml } from '../site/htmlPages';
import { hashSource } from '../site/inlineSources';
import { PAGE_PATHS } from '@tshirt/shared/routes';

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #f6f5f2; color: #1d1d1f; line-height: 1.5; }
  header { background: #1d1d1f; color: #fff; padding: 0.9rem 1.25rem; font-weight: 700; font-size: 1.1rem; }
  .test-banner { background: #fff3c4; color: #4d3800; border-bottom: 2px solid #c99a00; padding: 0.75rem 1.25rem;
    font-weight: 700; text-align: center; letter-spacing: 0.02em; }
  main { max-width: 56rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; }
  h1 { font-size: 1.6rem; margin: 0 0 1rem; }
  .layout { display: grid; gap: 1.5rem; }
  @media (min-width: 48rem) { .layout { grid-template-columns: 1fr 1fr; align-items: start; } }
  .preview { background: #fff; border-radius: 12px; padding: 1rem; box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
  .preview svg { width: 100%; height: auto; display: block; }
  .summary { background: #fff; border-radius: 12px; padding: 1.25rem; box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.4rem 1rem; margin: 0 0 1rem; }
  dt { color: #55575c; }
  dd { margin: 0; font-weight: 600; }
  .total { display: flex; justify-content: space-between; border-top: 1px solid #ddd; padding-top: 0.75rem;
    font-size: 1.2rem; font-weight: 700; margin-bottom: 1.25rem; }
  button { width: 100%; font: inherit; font-weight: 700; font-size: 1.1rem; padding: 0.85rem 1rem; border: 0;
    border-radius: 8px; background: #1f4fa3; color: #fff; cursor: pointer; }
  button:hover { background: #173d80; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1f4fa3; outline-offset: 3px; }
  a { color: #1f4fa3; }
  .back { display: inline-block; margin-top: 1rem; }
  .note { color: #55575c; font-size: 0.9rem; }
  .paid { background: #e3f4e6; color: #14532d; border-radius: 8px; padding: 0.75rem 1rem; font-weight: 600; }
`;

/** The CSP source that allows the page's inline style (plugins/external/helmet). */
export const TEST_PAYMENT_PAGE_STYLE_SOURCE = hashSource(STYLE);

/** A simple shirt in the chosen colour with the artwork in the print area. */
function shirtPicture(order: Order): string {
  const fabric = SHIRT_COLOR_HEX[order.shirtColor];
  const image = escapeHtml(order.imagePath);
  return `<svg viewBox="0 0 400 440" role="img" aria-label="${escapeHtml(
    `${order.shirtColor} ${order.shirtStyle} t-shirt with your artwork`,
  )}">
  <path d="M130 20 L80 38 L10 100 L52 160 L92 132 L92 425 L308 425 L308 132 L348 160 L390 100 L320 38 L270 20
    Q250 62 200 62 Q150 62 130 20 Z" fill="${fabric}" stroke="rgb(0 0 0 / 25%)" stroke-width="3" stroke-linejoin="round"/>
  <image href="${image}" x="125" y="110" width="150" height="200" preserveAspectRatio="xMidYMid meet"/>
</svg>`;
}

function pageShell(brandName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(brandName)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>${escapeHtml(brandName)}</header>
<p class="test-banner" role="note">TEST PAYMENT — no card is charged</p>
<main>
${body}
</main>
</body>
</html>`;
}

export function testPaymentPage(order: Order, brandName: string): string {
  const details: Array<[string, string]> = [
    ['Product', order.productName],
    ['Color', order.shirtColor],
    ['Style', order.shirtStyle],
    ['Size', order.shirtSize],
    ['Quantity', String(order.quantity)],
    ['Unit price', formatPrice(order.unitPriceCents)],
  ];
  const action =
    order.status === 'paid'
      ? `<p class="paid" role="status">This order is already paid.</p>
<p><a href="${PAGE_PATHS.complete}">See your order confirmation</a></p>`
      : `<form method="post" action="/pay/${escapeHtml(order.id)}">
  <button type="submit">Pay</button>
</form>
<p class="note">This is the store’s built-in test checkout. Pressing Pay marks the order as paid; nothing is charged.</p>`;
  return pageShell(
    brandName,
    'Test payment',
    `<h1>Review and pay</h1>
<div class="layout">
  <section class="preview" aria-label="Your shirt">${shirtPicture(order)}</section>
  <section class="summary" aria-labelledby="summary-title">
    <h2 id="summary-title" class="note">Order ${escapeHtml(order.id)}</h2>
    <dl>
${details.map(([term, value]) => `      <dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}
    </dl>
    <p class="total"><span>Total</span><span>${escapeHtml(formatPrice(order.totalCents))}</span></p>
    ${action}
    <a class="back" href="/product">Back to the shop</a>
  </section>
</div>`,
  );
}

export function orderNotFoundPage(brandName: string): string {
  return pageShell(
    brandName,
    'Order not found',
    `<h1>Order not found</h1>
<p>There is no order at this address. It may have been mistyped.</p>
<a class="back" href="/product">Back to the shop</a>`,
  );
}
