import { printFileUrlForShirt } from '@tshirt/shared/artworkUrls';
import type { ShirtColor } from '@tshirt/shared/catalog';
import type { Order } from '../orders/ordersRepository';
import { printable } from './printable';

/**
 * The print file of an artwork path for the order's shirt colour: the `.png` beside the `.svg`,
 * drawn for that fabric (generated PNGs are their own print file).
 */
export function printFileUrl(imagePath: string, shirtColor: ShirtColor, publicUrl: string): string {
  return `${publicUrl}${printFileUrlForShirt(imagePath, shirtColor)}`;
}

export function formatOrders(
  orders: readonly Order[],
  publicUrl: string,
  formatPrice: (cents: number) => string,
): string {
  if (orders.length === 0) return 'No orders yet.';
  const paid = orders.filter((order) => order.status === 'paid').length;
  const lines = [`${orders.length} order(s), ${paid} paid — newest first`, ''];
  for (const order of orders) {
    lines.push(
      `${order.status === 'paid' ? 'PAID   ' : 'pending'}  ${order.id}  ${order.createdAt.toISOString()}`,
      `  ${order.quantity} × ${order.productName}: ${order.shirtColor}, ${order.shirtStyle}, size ${order.shirtSize}`,
      `  total ${formatPrice(order.totalCents)} (${formatPrice(order.unitPriceCents)} each, via ${order.paymentProvider})`,
      `  image: ${publicUrl}${order.imagePath}`,
    );
    if (order.status === 'paid') {
      lines.push(
        `  print file: ${printFileUrl(order.imagePath, order.shirtColor, publicUrl)}  (paid ${order.paidAt?.toISOString() ?? ''})`,
      );
    }
    if (order.prompt) lines.push(`  prompt: ${order.prompt}`);
    lines.push('');
  }
  // One printed line per pushed line, whatever a stored field holds.
  return lines.map(printable).join('\n');
}
