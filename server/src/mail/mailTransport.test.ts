import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { AddressObject } from 'mailparser';
import addressparser from 'nodemailer/lib/addressparser';
import { isSendableEmailAddress } from '@tshirt/shared/emailAddress';
import { parseEmail, startSmtpStandIn, type SmtpStandIn } from '@tshirt/tooling/test/smtpStandIn';
import {
  createMailTransport,
  listOutbox,
  messageIdFor,
  type MailTransport,
  type OutgoingEmail,
} from './mailTransport';

const FROM = 'Threadwise <orders@threadwise.example>';
const PICTURE = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function emailTo(to: OutgoingEmail['to'], overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    messageId: messageIdFor('42', 'confirmed', FROM),
    to,
    subject: 'Threadwise: order Ab3dEf6hIj9kLm0n confirmed',
    text: 'Thank you! Your order is confirmed.\n',
    html: '<p>Thank you! Your order is confirmed.</p><img src="cid:artwork@threadwise" alt="">',
    attachments: [
      {
        filename: 'artwork.png',
        content: PICTURE,
        cid: 'artwork@threadwise',
        contentType: 'image/png',
      },
    ],
    ...overrides,
  };
}

const recipients = (to: AddressObject | AddressObject[] | undefined) =>
  [to ?? []].flat().flatMap((object) => object.value);

describe('messageIdFor', () => {
  it('names one event of one order the same way every time, at the sender’s domain', () => {
    expect(messageIdFor('42', 'shipped', FROM)).toBe('<order-42.shipped@threadwise.example>');
    expect(messageIdFor('42', 'shipped', FROM)).toBe(messageIdFor('42', 'shipped', FROM));
  });

  it('keeps only letters, digits, dots, dashes and underscores of the order id and event', () => {
    expect(messageIdFor('4 2>\r\n', 'ship/ped@x', 'orders@shop.example')).toBe(
      '<order-4_2___.ship_ped_x@shop.example>',
    );
  });
});

describe('the email address rule the payment form and the transport share', () => {
  it('accepts only what nodemailer reads back as exactly that one address', () => {
    const piece = fc.constantFrom(
      ...'abzAZ09.-_+\'@,;:()<>[]"\\ \r\n\t!#%{}|~`=?/&*^$öΩ\u200b\u202e'.split(''),
      'example.com',
      '@example.com',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const address = pieces.join('');
        if (!isSendableEmailAddress(address)) return;
        expect(addressparser(address)).toEqual([{ address, name: '' }]);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the SMTP transport', () => {
  let standIn: SmtpStandIn;
  let transport: MailTransport;

  beforeEach(async () => {
    standIn = await startSmtpStandIn({ user: 'store', pass: 'p@ss word' });
    transport = createMailTransport({
      smtpUrl: standIn.url,
      from: FROM,
      outboxDir: '',
      timeoutMs: 5_000,
    });
  });
  afterEach(async () => {
    transport.close();
    await standIn.close();
  });

  it('delivers the message with its Message-ID, sender, recipient, both parts and the inline picture', async () => {
    expect(transport.kind).toBe('smtp');
    await transport.send(emailTo({ name: 'Ada Lovelace', address: 'ada@example.com' }));

    const [message] = await standIn.waitForMessages(1);
    expect(message?.messageId).toBe('<order-42.confirmed@threadwise.example>');
    expect(message?.from?.value).toEqual([
      { name: 'Threadwise', address: 'orders@threadwise.example' },
    ]);
    expect(recipients(message?.to)).toEqual([{ name: 'Ada Lovelace', address: 'ada@example.com' }]);
    expect(message?.subject).toBe('Threadwise: order Ab3dEf6hIj9kLm0n confirmed');
    expect(message?.text).toBe('Thank you! Your order is confirmed.\n');
    expect(message?.html).toContain('src="cid:artwork@threadwise"');
    expect(message?.date).toBeInstanceOf(Date);
    expect(message?.attachments).toEqual([
      expect.objectContaining({
        contentType: 'image/png',
        cid: 'artwork@threadwise',
        contentDisposition: 'inline',
        content: PICTURE,
      }),
    ]);
    expect(message?.headers.has('list-unsubscribe')).toBe(false);
  });

  it.each([
    ['a line break and a Bcc header', 'Ada\r\nBcc: evil@example.com'],
    ['2,000 characters', 'Ada '.repeat(500)],
    ['unicode', 'Zoë 🎉 Ωμέγα'],
  ])('sends to exactly one recipient whose name has %s, adding no header', async (_, name) => {
    await transport.send(
      emailTo(
        { name, address: 'ada@example.com' },
        { subject: `Your order\r\nBcc: evil@example.com ${name}` },
      ),
    );

    const [message] = await standIn.waitForMessages(1);
    expect(message?.envelope.to).toEqual(['ada@example.com']);
    expect(recipients(message?.to)).toEqual([
      { name: name.replace(/\r\n/g, ' ').trim(), address: 'ada@example.com' },
    ]);
    expect(message?.headers.has('bcc')).toBe(false);
    expect(message?.bcc).toBeUndefined();
    const headerNames = [...(message?.headers.keys() ?? [])].sort();
    expect(headerNames).toEqual(
      ['content-type', 'date', 'from', 'message-id', 'mime-version', 'subject', 'to'].sort(),
    );
  });

  it.each([
    'ada@example.com\r\nBcc: evil@example.com',
    'ada@example.com, evil@example.com',
    'Ada <ada@example.com>',
    'ada@evil@example.com',
    'ada',
    'a,b@example.com',
    'x(comment)@example.com',
  ])('refuses the address %j before anything is sent', async (address) => {
    await expect(transport.send(emailTo({ name: null, address }))).rejects.toThrow(
      /not exactly one plain email address/,
    );
    expect(standIn.messages).toHaveLength(0);
  });

  it('rejects while the mail server is down and delivers once it is back', async () => {
    await standIn.down();
    await expect(
      transport.send(emailTo({ name: null, address: 'ada@example.com' })),
    ).rejects.toThrow();

    await standIn.up();
    await transport.send(emailTo({ name: null, address: 'ada@example.com' }));
    await standIn.waitForMessages(1);
  });

  it('rejects when the mail server refuses the login', async () => {
    const wrongPassword = new URL(standIn.url);
    wrongPassword.password = 'wrong';
    const refused = createMailTransport({
      smtpUrl: wrongPassword.href,
      from: FROM,
      outboxDir: '',
      timeoutMs: 5_000,
    });
    await expect(
      refused.send(emailTo({ name: null, address: 'ada@example.com' })),
    ).rejects.toThrow();
    refused.close();
    expect(standIn.messages).toHaveLength(0);
  });
});

describe('the folder transport', () => {
  let outboxDir: string;
  let transport: MailTransport;

  beforeEach(async () => {
    outboxDir = join(await mkdtemp(join(tmpdir(), 'mail-outbox-')), 'outbox');
    transport = createMailTransport({ from: FROM, outboxDir, timeoutMs: 5_000 });
  });
  afterEach(async () => {
    transport.close();
    await rm(join(outboxDir, '..'), { recursive: true, force: true });
  });

  it('writes one .eml file per Message-ID, replacing it on a resend', async () => {
    expect(transport.kind).toBe('folder');
    const email = emailTo(
      { name: 'Zoë 🎉 Ωμέγα', address: 'zoe@example.com' },
      { subject: 'Zoë’s order 🎉' },
    );
    await transport.send(email);
    await transport.send(email);

    const files = await readdir(outboxDir);
    expect(files).toEqual(['order-42.confirmed@threadwise.example.eml']);
    const message = await parseEmail(await readFile(join(outboxDir, files[0] as string)));
    expect(message.messageId).toBe('<order-42.confirmed@threadwise.example>');
    expect(message.subject).toBe('Zoë’s order 🎉');
    expect(recipients(message.to)).toEqual([{ name: 'Zoë 🎉 Ωμέγα', address: 'zoe@example.com' }]);
    expect(message.attachments[0]?.cid).toBe('artwork@threadwise');
  });

  it('refuses a second address riding along in the recipient, writing nothing', async () => {
    await expect(
      transport.send(emailTo({ name: null, address: 'ada@example.com,evil@example.com' })),
    ).rejects.toThrow(/not exactly one plain email address/);
    expect(await listOutbox(outboxDir)).toEqual([]);
  });

  it('sends nothing when closed while nodemailer loads', async () => {
    const sending = transport.send(emailTo({ name: null, address: 'ada@example.com' }));
    transport.close();
    await expect(sending).rejects.toThrow(/closed/);
    expect(await listOutbox(outboxDir)).toEqual([]);
  });

  it('loads nodemailer again at the next email after a failed load', async () => {
    await jest.isolateModulesAsync(async () => {
      let loads = 0;
      jest.doMock('nodemailer', () => {
        loads += 1;
        if (loads === 1) throw new Error('EMFILE: too many open files');
        return jest.requireActual('nodemailer');
      });
      const { createMailTransport: createIsolated } = await import('./mailTransport');
      const isolated = createIsolated({ from: FROM, outboxDir, timeoutMs: 5_000 });
      const email = emailTo({ name: null, address: 'ada@example.com' });
      await expect(isolated.send(email)).rejects.toThrow(/EMFILE/);
      await isolated.send(email);
      expect(loads).toBe(2);
      expect(await listOutbox(outboxDir)).toHaveLength(1);
      isolated.close();
    });
  });

  it('lists the outbox newest first, with each email’s recipient, subject and date', async () => {
    await transport.send(
      emailTo({ name: 'Ada', address: 'ada@example.com' }, { subject: 'First' }),
    );
    await transport.send(
      emailTo(
        { name: null, address: 'zoe@example.com' },
        { messageId: messageIdFor('43', 'shipped', FROM), subject: 'Zoë’s order has shipped 🎉' },
      ),
    );

    const entries = await listOutbox(outboxDir);
    expect(entries).toEqual([
      {
        file: join(outboxDir, 'order-43.shipped@threadwise.example.eml'),
        messageId: '<order-43.shipped@threadwise.example>',
        to: 'zoe@example.com',
        subject: 'Zoë’s order has shipped 🎉',
        date: expect.any(Date),
      },
      expect.objectContaining({
        messageId: '<order-42.confirmed@threadwise.example>',
        to: 'ada@example.com',
        subject: 'First',
      }),
    ]);
    expect(Math.abs((entries[0]?.date.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });
});
