/**
 * `npm run orders -w server`: the orders, newest first, with where each one is, where it ships, its
 * print file and what it earned, then the sales of the last days; `… -- resubmit <orderId>` sends an order to the print provider again; `… -- ship`,
 * `resend-confirmation` and `cancel-refund` do what the owner's desk does (through the running
 * server); `… -- outbox` lists the emails written to the outbox folder (with no SMTP_URL).
 */
import { formatPrice } from '@tshirt/shared/catalog';
import { loadConfig } from '../config';
import {
  DEFAULT_ORDERS_LIMIT,
  MAX_ORDERS_LIMIT,
  ORDER_STATES,
  type OrderState,
} from '../routes/creator/admin';
import { listOutbox } from '../mail/mailTransport';
import { isOrderId } from '../orders/orderNumber';
import { openOwnerData } from './ownerData';
import { describeState, formatEarnings, formatOrders } from './formatOrders';
import { EARNINGS_DAYS } from '../orders/orderEarnings';
import { printable } from './printable';

const USAGE = `Usage: npm run orders -w server -- [--state <state>] [--limit <1-${MAX_ORDERS_LIMIT}>]
       npm run orders -w server -- resubmit <orderId>
       npm run orders -w server -- ship <orderId> <carrier> <trackingNumber> [trackingUrl]
       npm run orders -w server -- resend-confirmation <orderId>
       npm run orders -w server -- cancel-refund <orderId> <reason…>
       npm run orders -w server -- outbox
States: ${ORDER_STATES.join(', ')}`;

type Command =
  | { kind: 'list'; limit: number; state?: OrderState }
  | { kind: 'resubmit'; orderId: string }
  | { kind: 'ship'; orderId: string; carrier: string; number: string; url: string }
  | { kind: 'resend-confirmation'; orderId: string }
  | { kind: 'cancel-refund'; orderId: string; reason: string }
  | { kind: 'outbox' };

class UsageError extends Error {}

function parseLimit(text: string): number {
  const limit = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new UsageError(`the limit must be a whole number from 1 (got "${text}")`);
  }
  return Math.min(limit, MAX_ORDERS_LIMIT);
}

function parseState(text: string): OrderState {
  const state = ORDER_STATES.find((known) => known === text);
  if (!state) throw new UsageError(`unknown state "${text}"`);
  return state;
}

function orderIdArgument(command: string, orderId: string | undefined): string {
  if (orderId === undefined) throw new UsageError(`${command} needs the order id`);
  if (!isOrderId(orderId)) throw new UsageError(`"${orderId}" is not an order id`);
  return orderId;
}

function parseArguments(args: readonly string[]): Command {
  if (args[0] === 'outbox') {
    if (args.length > 1) throw new UsageError(`unexpected "${args[1]}"`);
    return { kind: 'outbox' };
  }
  const [first] = args;
  if (first === 'resubmit' || first === 'resend-confirmation') {
    const [, orderId, ...rest] = args;
    const id = orderIdArgument(first, orderId);
    if (rest.length > 0) throw new UsageError(`unexpected "${rest[0]}"`);
    return { kind: first, orderId: id };
  }
  if (args[0] === 'ship') {
    const [, orderId, carrier, number, url = '', ...rest] = args;
    const id = orderIdArgument('ship', orderId);
    if (carrier === undefined || number === undefined) {
      throw new UsageError('ship needs the carrier and the tracking number');
    }
    if (rest.length > 0) throw new UsageError(`unexpected "${rest[0]}"`);
    return { kind: 'ship', orderId: id, carrier, number, url };
  }
  if (args[0] === 'cancel-refund') {
    const [, orderId, ...reason] = args;
    const id = orderIdArgument('cancel-refund', orderId);
    if (reason.join('').trim() === '') throw new UsageError('cancel-refund needs a reason');
    return { kind: 'cancel-refund', orderId: id, reason: reason.join(' ') };
  }
  const command: Command = { kind: 'list', limit: DEFAULT_ORDERS_LIMIT };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const [flag, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      i += 1;
      const next = args[i];
      if (next === undefined) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    if (flag === '--state') command.state = parseState(value());
    else if (flag === '--limit') command.limit = parseLimit(value());
    // `npm run orders -w server -- 20`, as before options existed.
    else if (i === 0 && args.length === 1 && /^\d+$/.test(arg)) command.limit = parseLimit(arg);
    else throw new UsageError(`unexpected "${arg}"`);
  }
  return command;
}

async function main() {
  let command: Command;
  try {
    command = parseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(printable(`orders: ${error.message}`));
    console.error(USAGE);
    process.exit(2);
  }
  if (command.kind === 'outbox') {
    const { mail } = loadConfig(process.env);
    const emails = await listOutbox(mail.outboxDir);
    if (mail.smtpUrl)
      console.log('Emails are sent through SMTP_URL; the outbox folder keeps none.');
    console.log(
      emails.length === 0
        ? `No emails in ${mail.outboxDir}.`
        : [
            `${emails.length} email(s) in ${mail.outboxDir}, newest first:`,
            ...emails.map(
              (email) =>
                `${email.date.toISOString()}  to ${email.to}  ${email.subject}\n  ${email.file}`,
            ),
          ]
            .map(printable)
            .join('\n'),
    );
    return;
  }
  const owner = await openOwnerData();
  try {
    if (command.kind === 'resubmit') {
      const order = await owner.resubmit(command.orderId);
      console.log(printable(`Order ${order.id} resubmitted: ${describeState(order)}`));
    } else if (command.kind === 'ship') {
      const { orderId, carrier, number, url } = command;
      const order = await owner.shipByHand(orderId, { carrier, number, url });
      console.log(printable(`Order ${order.id} shipped by hand: ${describeState(order)}`));
    } else if (command.kind === 'resend-confirmation') {
      const order = await owner.resendConfirmation(command.orderId);
      console.log(
        printable(
          `Order ${order.id}: the confirmation is sent again to ${order.email ?? 'nobody'}`,
        ),
      );
    } else if (command.kind === 'cancel-refund') {
      const order = await owner.cancelAndRefund(command.orderId, command.reason);
      console.log(printable(`Order ${order.id} cancelled and refunded: ${describeState(order)}`));
    } else {
      const orders = await owner.listOrders(command);
      console.log(formatOrders(orders, formatPrice, command.state));
      // The whole listing ends with the sales by day; one state's list is only that list.
      if (command.state === undefined) {
        console.log(formatEarnings(await owner.dailyEarnings(EARNINGS_DAYS), formatPrice));
      }
    }
  } finally {
    await owner.close();
  }
}

main().catch((error: unknown) => {
  // A configuration error lists its problems one a line.
  const message = error instanceof Error ? error.message : String(error);
  console.error(message.split('\n').map(printable).join('\n'));
  process.exit(1);
});
