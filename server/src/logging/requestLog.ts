/**
 * What the server says about each request: one line at the default level (`info`) once it is
 * answered — method, path, status, time — and the request's and answer's details at `debug`.
 * Fastify's own lines (incoming, completed with objects, not found, a 4xx's error) would be about
 * fifteen lines a request in a terminal.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else if (reply.statusCode >= 500) reply.log.error(line);
    else reply.log.info(line);
  }

  // Said by the one line above; the details of a refused request are for debugging.
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`no route for ${request.method} ${request.url}`);
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500)
      reply.log.error({ req: request, res: reply, err: error }, error?.message);
    else reply.log.debug({ res: reply, err: error }, error?.message);
  }
}
