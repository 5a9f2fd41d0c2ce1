import { Compile } from 'typebox/compile';
import { Type } from 'typebox';
import {
  EMAIL_ADDRESS_MAX_LENGTH,
  EMAIL_ADDRESS_PATTERN,
  isSendableEmailAddress,
} from './emailAddress';

const SENDABLE = [
  'jane@example.com',
  "o'neil+shirts@mail.example.co.uk",
  'first.last@example.io',
  'a!#$%&*+/=?^_`{|}~-b@example.com',
  'jöse@exämple.de',
  'x@sub-domain.example',
];

const NOT_SENDABLE = [
  'a,b@example.com',
  'a;b@example.com',
  'x(comment)@example.com',
  'Jane <jane@example.com>',
  '<jane@example.com>',
  'group:jane@example.com;',
  '"quoted"@example.com',
  'jane@example.com\r\nBcc: evil@example.com',
  'jane\n@example.com',
  'jane@exa\u202emple.com',
  'ja\u200bne@example.com',
  'jane @example.com',
  'a..b@example.com',
  '.jane@example.com',
  'jane.@example.com',
  'jane@localhost',
  'jane@example.com.',
  'jane@-example.com',
  'jane@@example.com',
  'a[b]@example.com',
  'a\\b@example.com',
  '',
  '@example.com',
  'jane@',
  `${'a'.repeat(65)}@example.com`,
  `jane@${'a'.repeat(EMAIL_ADDRESS_MAX_LENGTH)}.com`,
];

describe('isSendableEmailAddress', () => {
  it.each(SENDABLE)('accepts %j', (address) => {
    expect(isSendableEmailAddress(address)).toBe(true);
  });

  it.each(NOT_SENDABLE)('refuses %j', (address) => {
    expect(isSendableEmailAddress(address)).toBe(false);
  });

  it('is the same rule as the pattern a schema checks', () => {
    const schema = Compile(
      Type.String({ maxLength: EMAIL_ADDRESS_MAX_LENGTH, pattern: EMAIL_ADDRESS_PATTERN }),
    );
    for (const address of [...SENDABLE, ...NOT_SENDABLE]) {
      expect(schema.Check(address)).toBe(isSendableEmailAddress(address));
    }
  });
});
