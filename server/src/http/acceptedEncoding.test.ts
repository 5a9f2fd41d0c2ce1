import type { FastifyRequest } from 'fastify';
import { acceptedEncoding } from './acceptedEncoding';

const asking = (value: string | undefined) =>
  ({ headers: value === undefined ? {} : { 'accept-encoding': value } }) as FastifyRequest;

describe('acceptedEncoding', () => {
  it('prefers Brotli, then gzip, of what the client accepts', () => {
    expect(acceptedEncoding(asking('gzip, deflate, br, zstd'))).toBe('br');
    expect(acceptedEncoding(asking('gzip, deflate'))).toBe('gzip');
    expect(acceptedEncoding(asking('deflate'))).toBeUndefined();
    expect(acceptedEncoding(asking(undefined))).toBeUndefined();
  });

  it('takes q=0 as a refusal, and any other weight as acceptance', () => {
    expect(acceptedEncoding(asking('br;q=0, gzip;q=0.5'))).toBe('gzip');
    expect(acceptedEncoding(asking('BR; q=0.0, GZIP'))).toBe('gzip');
    expect(acceptedEncoding(asking('br;q=0.1'))).toBe('br');
  });

  it('answers the same for a value it has seen, however many other values come', () => {
    for (let index = 0; index < 500; index += 1) {
      expect(acceptedEncoding(asking(`x-${index}, gzip`))).toBe('gzip');
    }
    expect(acceptedEncoding(asking('gzip, deflate, br, zstd'))).toBe('br');
    expect(acceptedEncoding(asking('br;q=0, gzip;q=0.5'))).toBe('gzip');
  });
});
