/** Moments as the owner reads them: in the shop's time zone (SHOP_TIME_ZONE), named beside them. */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** `2025-03-04 12:05 EST` for a moment in America/New_York; `… UTC` in UTC. */
export function shopTime(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

/** The calendar day of a moment in the shop's time zone: `2025-03-04`. */
export function shopDay(date: Date, timeZone: string): string {
  return shopTime(date, timeZone).slice(0, 10);
}
