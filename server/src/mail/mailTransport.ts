/**
 * Where the store's emails go: an SMTP server (SMTP_URL), or, without one, a folder of `.eml`
 * files, one per Message-ID, that a developer opens in any mail app. Nodemailer builds the
 * message either way, so both modes write the same bytes.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { isSendableEmailAddress } from '@tshirt/shared/emailAddress';
import { cleanShopperText } from '../http/cleanText';
import { loadOnce } from '../loadOnce';

export interface OutgoingEmail {
  /** Full `<…@…>` form; the same id for a resend of the same event. */
  messageId: string;
  to: { name: string | null; address: string };
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; content: Buffer; cid: string; contentType: string }>;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'folder';
  /** Rejects when the email was not handed over (server down, refused, time-out): retry later. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export interface MailTransportSettings {
  /** `smtp://user:pass@host:587` or `smtps://…`; without it, emails are written to `outboxDir`. */
  smtpUrl?: string;
  /** MAIL_FROM, e.g. `Threadwise <orders@threadwise.example>`. */
  from: string;
  outboxDir: string;
  timeoutMs: number;
}

/** Exactly one address the store can send to (the payment form's rule): no name, list or comment rides along. */
function assertSendableAddress(address: string): void {
  if (!isSendableEmailAddress(address)) {
    throw new Error(
      `Refusing to send to ${JSON.stringify(address)}: not exactly one plain email address`,
    );
  }
}

function messageOptions(from: string, email: OutgoingEmail): SendMailOptions {
  assertSendableAddress(email.to.address);
  return {
    from,
    // An address object: nodemailer quotes and encodes the name, never splicing it into the header;
    // a line break would survive that encoding into the shopper's mail app, so it goes first.
    to: email.to.name
      ? { name: cleanShopperText(email.to.name).trim(), address: email.to.address }
      : email.to.address,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    date: new Date(),
    attachments: email.attachments?.map((attachment) => ({
      ...attachment,
      contentDisposition: 'inline' as const,
    })),
  };
}

/** `<order-<id>.<eventKey>@<domain of from>>`: the same for every resend of one event. */
export function messageIdFor(orderId: string, eventKey: string, from: string): string {
  const safe = (part: string) => part.replace(/[^A-Za-z0-9._-]/g, '_');
  const [sender] = addressparser(from, { flatten: true });
  const domain =
    sender?.address
      .split('@')
      .pop()
      ?.replace(/[^A-Za-z0-9.-]/g, '') || 'localhost';
  return `<order-${safe(orderId)}.${safe(eventKey)}@${domain}>`;
}

/** The outbox file of a Message-ID: its characters that are safe in a file name. */
function outboxFileName(messageId: string): string {
  return `${messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._@-]/g, '_')}.eml`;
}

type TransportOptions = Parameters<typeof Nodemailer.createTransport>[0];

/**
 * Nodemailer's transporter, made at the first email: a store that sends none (most test apps and
 * stores) never loads the library's 48 modules. A failed load is tried again at the next email; a
 * transport closed while the library loads never makes one.
 */
function lazyTransporter(options: TransportOptions): {
  get(): Promise<Transporter>;
  close(): void;
} {
  let closed = false;
  const closedError = () => new Error('The mail transport is closed');
  const transporter = loadOnce(() =>
    import('nodemailer').then(({ createTransport }) => {
      if (closed) throw closedError();
      return createTransport(options);
    }),
  );
  return {
    get: () => (closed ? Promise.reject(closedError()) : transporter.get()),
    close() {
      closed = true;
      transporter.peek()?.then(
        (made) => made.close(),
        () => undefined,
      );
    },
  };
}

function smtpTransport(settings: MailTransportSettings & { smtpUrl: string }): MailTransport {
  const transporter = lazyTransporter({
    url: settings.smtpUrl,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  });
  return {
    kind: 'smtp',
    async send(email) {
      await (await transporter.get()).sendMail(messageOptions(settings.from, email));
    },
    close: () => transporter.close(),
  };
}

function folderTransport(settings: MailTransportSettings): MailTransport {
  const composer = lazyTransporter({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'folder',
    async send(email) {
      const { message } = await (
        await composer.get()
      ).sendMail(messageOptions(settings.from, email));
      const file = join(settings.outboxDir, outboxFileName(email.messageId));
      // Written aside, then renamed over: a reader never sees half a message, a resend one file.
      const temporary = `${file}.${randomUUID()}.tmp`;
      await mkdir(settings.outboxDir, { recursive: true });
      try {
        await writeFile(temporary, message as Buffer);
        await rename(temporary, file);
      } finally {
        await rm(temporary, { force: true });
      }
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(settings: MailTransportSettings): MailTransport {
  return settings.smtpUrl
    ? smtpTransport({ ...settings, smtpUrl: settings.smtpUrl })
    : folderTransport(settings);
}

export interface OutboxEntry {
  file: string;
  messageId: string;
  /** The recipient's address. */
  to: string;
  subject: string;
  date: Date;
}

/** Decodes RFC 2047 words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), joining adjacent ones' bytes. */
function decodeHeaderWords(value: string): string {
  const word = /=\?utf-8\?([bq])\?([^?]*)\?=/gi;
  const run = /=\?utf-8\?[bq]\?[^?]*\?=(?:\s+=\?utf-8\?[bq]\?[^?]*\?=)*/gi;
  return value.replace(run, (words) =>
    Buffer.concat(
      [...words.matchAll(word)].map(([, encoding, data = '']) =>
        encoding?.toLowerCase() === 'b'
          ? Buffer.from(data, 'base64')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9a-f]{2})/gi, (_, hex: string) =>
                  String.fromCharCode(parseInt(hex, 16)),
                ),
              'latin1',
            ),
      ),
    ).toString('utf8'),
  );
}

/** The header block of a message, unfolded, by lower-case name (the first of each). */
function headersOf(message: string): Map<string, string> {
  const block = message.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers = new Map<string, string>();
  for (const header of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = header.indexOf(':');
    const name = header.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !headers.has(name)) headers.set(name, header.slice(colon + 1).trim());
  }
  return headers;
}

/** The outbox's emails, newest first. */
export async function listOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  const names = await readdir(outboxDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) => {
        const file = join(outboxDir, name);
        const [message, { mtimeMs }] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
        const headers = headersOf(message);
        const to = headers.get('to') ?? '';
        const date = new Date(headers.get('date') ?? mtimeMs);
        return {
          entry: {
            file,
            messageId: headers.get('message-id') ?? '',
            to: /<([^<>]*)>\s*$/.exec(to)?.[1] ?? to,
            subject: decodeHeaderWords(headers.get('subject') ?? ''),
            date: Number.isNaN(date.getTime()) ? new Date(mtimeMs) : date,
          },
          mtimeMs,
        };
      }),
  );
  // The Date header counts whole seconds; the file's time orders emails sent within one.
  entries.sort((a, b) => b.entry.date.getTime() - a.entry.date.getTime() || b.mtimeMs - a.mtimeMs);
  return entries.map(({ entry }) => entry);
}
