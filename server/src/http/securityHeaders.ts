/**
 * The security headers every answer carries, whichever layer sends it: a page or a file, a JSON
 * error from a route or from a hook that answers early (plugins/app/errorHandling), Fastify's own
 * URL errors (app.ts) and the raw answers to requests Node's parser refused (requestLimits). Only
 * the Content-Security-Policy differs (./contentSecurityPolicy).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { NOTHING_ALLOWED_POLICY } from './contentSecurityPolicy';

/** The headers helmet sets for `options`, worked out once rather than by its middleware per answer. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

const headerSets = new Map<string, Readonly<Record<string, string>>>();

/** Every header but the Content-Security-Policy, for a store reached at `publicUrl`. */
export function securityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  let headers = headerSets.get(publicUrl);
  if (!headers) {
    headers = Object.freeze(
      helmetHeaders({
        contentSecurityPolicy: false,
        // Every page's policy already says frame-ancestors 'none'; older browsers read only this.
        xFrameOptions: { action: 'deny' },
        // Over plain http the header is ignored at best, and it would pin a host that has no https.
        strictTransportSecurity: new URL(publicUrl).protocol === 'https:' ? {} : false,
      }),
    );
    headerSets.set(publicUrl, headers);
  }
  return headers;
}

const errorHeaderSets = new Map<string, Readonly<Record<string, string>>>();

/** The headers of an answer that is not a page (a JSON error): the same set, with the strict policy. */
export function errorAnswerHeaders(publicUrl: string): Readonly<Record<string, string>> {
  let headers = errorHeaderSets.get(publicUrl);
  if (!headers) {
    headers = Object.freeze({
      ...securityHeaders(publicUrl),
      'content-security-policy': NOTHING_ALLOWED_POLICY,
    });
    errorHeaderSets.set(publicUrl, headers);
  }
  return headers;
}
