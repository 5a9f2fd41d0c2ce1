/** A local stand-in for a third-party HTTP API: each test sets how it answers. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody } from '@tshirt/tooling/test/standInHttp';
import { listenOnLoopback } from './helpers';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type StandInHandler = (request: RecordedRequest, response: ServerResponse) => void;

export interface StandIn {
  url: string;
  requests: RecordedRequest[];
  answerWith(handler: StandInHandler): void;
  close(): Promise<void>;
}

export async function startStandIn(): Promise<StandIn> {
  let handler: StandInHandler = (_request, response) => response.writeHead(500).end();
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
      handler(request, response);
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerWith: (next) => {
      handler = next;
    },
    close,
  };
}
