/**
 * The store's durable job queues (pg-boss on its own database), started once for the emails and
 * the print submissions and stopped, letting jobs in hand finish, when the app closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startJobQueues, type JobQueues } from '../../jobs/jobQueue';

declare module 'fastify' {
  interface FastifyInstance {
    jobQueues: JobQueues;
  }
}

/** The longest a job may be in hand before pg-boss gives it to another worker. */
export function jobExpirySeconds(callTimeoutMs: number, callsPerTry: number): number {
  return Math.ceil((callTimeoutMs * callsPerTry) / 1000) + 5;
}

async function jobQueuesPlugin(app: FastifyInstance) {
  const { mail, printProvider } = app.appConfig;
  const shortestExpiry = Math.min(
    jobExpirySeconds(mail.timeoutMs, 1),
    printProvider.kind === 'none' ? Infinity : jobExpirySeconds(printProvider.timeoutMs, 4),
  );
  const queues = await startJobQueues(app.db, Math.min(120, shortestExpiry), app.log);
  app.addHook('preClose', () => queues.stop());
  app.decorate('jobQueues', queues);
}

export default fp(jobQueuesPlugin, {
  name: 'job-queues',
  dependencies: ['storage'],
  decorators: { fastify: ['appConfig'] },
});
