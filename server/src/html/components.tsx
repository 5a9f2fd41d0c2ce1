/** Parts every server page shares: moments in the shop's time zone, and a field's error. */
import { createContext, useContext } from 'react';
import { shopTime } from './shopTime';

/** The shop's time zone (SHOP_TIME_ZONE), given once by the page's frame. */
export const TimeZone = createContext('UTC');

/** A moment as the owner reads it, machine-readable beside it; `—` when there is none. */
export function When({ date }: { date: Date | null | undefined }) {
  const timeZone = useContext(TimeZone);
  if (!date) return <>—</>;
  return <time dateTime={date.toISOString()}>{shopTime(date, timeZone)}</time>;
}

/** The message under a field's label; its id is the one the control's aria-describedby names. */
export function FieldError({
  id,
  className,
  message,
}: {
  id: string;
  className: string;
  message: string | undefined;
}) {
  if (message === undefined) return null;
  return (
    <p className={className} id={id}>
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}

/** The attributes that tie a refused control to its message. */
export function invalidAttributes(errorId: string, message: string | undefined) {
  return message === undefined
    ? {}
    : { 'aria-invalid': true as const, 'aria-describedby': errorId };
}
