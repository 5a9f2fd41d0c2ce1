/**
 * What every local stand-in of a third-party HTTP API needs, written once: a request's body, a
 * JSON answer, a loopback port, and a server that records each request and answers it as the test
 * says (Stripe's stand-in is one such handler; a test can script its own).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The whole body of `request`, as text. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export interface ListeningServer {
  port: number;
  url: string;
  /** Ends the server with every connection it holds, a request it never answered included. */
  close(): Promise<void>;
}

/** Starts `server` on a free loopback port. */
export async function listenOnLoopback(server: Server): Promise<ListeningServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return {
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request as a stand-in received it, its body read. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type StandInHandler = (request: RecordedRequest, response: ServerResponse) => void;

export interface StandIn {
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  answerWith(handler: StandInHandler): void;
  close(): Promise<void>;
}

/** A stand-in on a loopback port that records every request and answers with `handler` (500 until set). */
export async function startStandIn(
  handler: StandInHandler = (_request, response) => response.writeHead(500).end(),
): Promise<StandIn> {
  let answer = handler;
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    void readBody(incoming).then((body) => {
      const request = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body,
      };
      requests.push(request);
      answer(request, response);
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    requests,
    answerWith: (next) => {
      answer = next;
    },
    close,
  };
}
