import { randomBytes } from 'node:crypto';

/** 96 random bits, URL-safe: unguessable ids for images and orders (they appear in URLs). */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}

export const ID_PATTERN = '^[A-Za-z0-9_-]{16}$';
const ID_REGEX = new RegExp(ID_PATTERN);

export function isId(value: string): boolean {
  return ID_REGEX.test(value);
}
