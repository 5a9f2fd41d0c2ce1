/**
 * The arguments of `npm run orders -w server` (orders.ts), read before anything heavy is loaded: a
 * mistyped command gets its usage at once.
 */
import { ORDER_STATES, type OrderState } from '../orders/orderLife';
import { isOrderId } from '../orders/orderNumber';
import { DEFAULT_ORDERS_LIMIT, MAX_ORDERS_LIMIT } from '../routes/creator/adminOrdersLimits';

export const USAGE = `Usage: npm run orders -w server -- [--state <state>] [--limit <1-${MAX_ORDERS_LIMIT}>]
       npm run orders -w server -- resubmit <orderId>
       npm run orders -w server -- ship <orderId> <carrier> <trackingNumber> [trackingUrl]
       npm run orders -w server -- resend-confirmation <orderId>
       npm run orders -w server -- cancel-refund <orderId> <reason…>
       npm run orders -w server -- outbox
States: ${ORDER_STATES.join(', ')}`;

export type Command =
  | { kind: 'list'; limit: number; state?: OrderState }
  | { kind: 'resubmit'; orderId: string }
  | { kind: 'ship'; orderId: string; carrier: string; number: string; url: string }
  | { kind: 'resend-confirmation'; orderId: string }
  | { kind: 'cancel-refund'; orderId: string; reason: string }
  | { kind: 'outbox' };

export class UsageError extends Error {}

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

export function parseArguments(args: readonly string[]): Command {
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
