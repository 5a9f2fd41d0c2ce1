/**
 * The one rule for an email address the store can send to: the payment page's form, the request
 * schema, the Stripe path and the mail transport all ask this module. It is the dot-atom form of
 * RFC 5322 (no quoted local part, comment, display name, list or group), letters of any script
 * allowed, which nodemailer reads back as exactly the one address it was given (emailAddress.test.ts
 * and server/src/mail/mailTransport.test.ts hold it to that).
 */

/** Letters and digits of any script, and the ASCII characters RFC 5322 allows in an atom. */
const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
/** A domain label: letters and digits, inner hyphens. */
const LABEL = '[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?';

/** Longest address SMTP carries (RFC 5321's path less its brackets). */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

/**
 * The rule as a JSON Schema `pattern` (read with the `u` flag, as TypeBox does): `name@example.com`,
 * `o'neil+shirts@mail.example.co.uk`; never `a,b@example.com`, `x(comment)@example.com`, `a..b@x.io`.
 */
export const EMAIL_ADDRESS_PATTERN = `^(?=[^@]{1,${LOCAL_PART_MAX_LENGTH}}@)${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`;

const EMAIL_ADDRESS = new RegExp(EMAIL_ADDRESS_PATTERN, 'u');

/** Whether the store can send to `address` as it stands (it is not trimmed or repaired). */
export function isSendableEmailAddress(address: string): boolean {
  return address.length <= EMAIL_ADDRESS_MAX_LENGTH && EMAIL_ADDRESS.test(address);
}
