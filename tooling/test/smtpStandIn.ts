/**
 * A local SMTP server for tests: accepts mail on loopback (with a password when given one), keeps
 * every message parsed, and can go down and come back on the same port to test retries.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { waitUntil, type WaitOptions } from './waitUntil';

/** A message as the stand-in received it: parsed, with its source and SMTP envelope. */
export interface ReceivedEmail extends ParsedMail {
  source: string;
  envelope: { from: string | null; to: string[] };
}

export interface SmtpStandIn {
  port: number;
  /** `smtp://user:pass@127.0.0.1:port` (no credentials when started without them). */
  url: string;
  messages: ReceivedEmail[];
  /** Resolves with the messages once at least `count` have arrived. */
  waitForMessages(count: number, options?: WaitOptions): Promise<ReceivedEmail[]>;
  /** Stops listening; the port number stays for `up()`. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/** Parses a message's source the way the stand-in does (for messages written to a folder). */
export function parseEmail(source: string | Buffer): Promise<ParsedMail> {
  // `cid:` links as sent, not swapped for data URLs.
  return simpleParser(source, { keepCidLinks: true });
}

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startSmtpStandIn(
  options: { port?: number; user?: string; pass?: string } = {},
): Promise<SmtpStandIn> {
  const { user, pass } = options;
  const needsLogin = user !== undefined && pass !== undefined;
  const messages: ReceivedEmail[] = [];

  const serverOptions: SMTPServerOptions = {
    // No certificate here: plain SMTP, with AUTH allowed over it.
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authOptional: !needsLogin,
    disabledCommands: needsLogin ? [] : ['AUTH'],
    logger: false,
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          const parsed = await parseEmail(raw);
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
          };
          messages.push(Object.assign(parsed, { source: raw.toString('utf8'), envelope }));
          callback();
        })
        .catch(callback);
    },
  };

  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  async function up(): Promise<void> {
    const listening = new SMTPServer(serverOptions);
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        listening.off('error', reject);
        resolve();
      });
    });
    // Errors of single connections are the client's business in these tests.
    listening.on('error', () => {});
    const address = listening.server.address();
    if (typeof address === 'object' && address) port = address.port;
    server = listening;
  }

  async function down(): Promise<void> {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await up();
  const credentials = needsLogin ? `${encodeURIComponent(user)}:${encodeURIComponent(pass)}@` : '';
  return {
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    waitForMessages: (count, waitOptions) =>
      waitUntil(
        () => messages.length >= count && messages,
        () => `${count} emails arrived (${messages.length} so far)`,
        waitOptions,
      ),
    down,
    up,
    close: down,
  };
}
