/**
 * What the desk's list shows: one list or state, the days the orders were placed (in the shop's
 * time zone), or a search. The CSV export downloads the same orders.
 */
import { DESK_PATHS } from './deskPaths';
import { orderList, type OrderList } from './orderLists';

export interface OrderFilter {
  list: OrderList;
  /** The first and last day placed, `2025-03-04`, in the shop's time zone; either may be open. */
  from: string | null;
  to: string | null;
  search: string;
}

export const DESK_CSV_PATH = `${DESK_PATHS.desk}/orders.csv`;

const first = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : '';

/** A calendar day as a date input sends it, or null for anything else (empty, or not a day). */
function day(value: unknown): string | null {
  const text = first(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : text;
}

export function readOrderFilter(query: Record<string, unknown>): OrderFilter {
  return {
    list: orderList(first(query.show)),
    from: day(query.from),
    to: day(query.to),
    search: first(query.q).trim().slice(0, 200),
  };
}

/** The export of the orders a filter shows. */
export function csvPath(filter: OrderFilter): string {
  const query = new URLSearchParams({ show: filter.list.key });
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  return `${DESK_CSV_PATH}?${query}`;
}

/** Minutes the zone is ahead of UTC at `moment`. */
function offsetMinutes(moment: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(moment)
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return Math.round((wall - moment.getTime()) / 60_000);
}

/** The moment a day starts in the shop's time zone. */
export function startOfDay(day: string, timeZone: string): Date {
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  const guess = new Date(midnightUtc.getTime() - offsetMinutes(midnightUtc, timeZone) * 60_000);
  // Once more from the guess: the offset may differ there (a change of summer time that night).
  return new Date(midnightUtc.getTime() - offsetMinutes(guess, timeZone) * 60_000);
}

/** The moments a filter's days span: from the start of `from` to the start of the day after `to`. */
export function placedBetween(
  filter: Pick<OrderFilter, 'from' | 'to'>,
  timeZone: string,
): { since: Date | null; before: Date | null } {
  const nextDay = (text: string) => {
    const date = new Date(`${text}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date.toISOString().slice(0, 10);
  };
  return {
    since: filter.from ? startOfDay(filter.from, timeZone) : null,
    before: filter.to ? startOfDay(nextDay(filter.to), timeZone) : null,
  };
}
