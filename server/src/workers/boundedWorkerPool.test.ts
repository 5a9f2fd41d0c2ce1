import { getPriority } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { HttpError } from '../http/httpError';
import { HELD_TASK_MODULE, watchHeldJobs } from '../../test/heldTask';
import {
  createBoundedWorkerPool,
  type BoundedWorkerPool,
  type BoundedWorkerPoolOptions,
  THREAD_OLD_GENERATION_MB,
} from './boundedWorkerPool';

type HeldPool = BoundedWorkerPool<{ svg: string }, Uint8Array>;

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();

function heldPool(
  threads: number,
  queueLimit: number,
  more: Partial<BoundedWorkerPoolOptions> = {},
): HeldPool {
  return createBoundedWorkerPool({
    threads,
    queueLimit,
    taskModule: HELD_TASK_MODULE,
    ...more,
    initialJobEstimateMs: 2_000,
    refuse: (retryAfterSeconds) =>
      new HttpError(503, 'busy', 'Busy.', { 'retry-after': String(retryAfterSeconds) }),
  });
}

describe('createBoundedWorkerPool', () => {
  let pool: HeldPool | undefined;
  let jobs: ReturnType<typeof watchHeldJobs>;

  beforeEach(() => {
    jobs = watchHeldJobs();
  });

  afterEach(async () => {
    // A test that failed half-way leaves held jobs behind; closing rejects them.
    await pool?.close();
    pool = undefined;
    jobs.close();
  });

  it('runs no more jobs at once than it has threads, and starts the waiting ones in order', async () => {
    pool = heldPool(2, 3);
    const runs = ['a', 'b', 'c', 'd', 'e'].map((job) => pool!.run({ svg: job }));
    runs.forEach((run) => run.catch(() => undefined));
    await jobs.untilStarted(2);
    // Two threads start their first job in either order.
    expect([...jobs.started].sort()).toEqual(['a', 'b']);
    expect(pool.pending).toBe(5);

    jobs.release('b');
    await jobs.untilStarted(3);
    expect(jobs.started[2]).toBe('c');
    jobs.release('a');
    await jobs.untilStarted(4);
    expect(jobs.started[3]).toBe('d');
    jobs.release('c');
    await jobs.untilStarted(5);
    expect(jobs.started[4]).toBe('e');
    jobs.release('d');
    jobs.release('e');
    expect((await Promise.all(runs)).map(text)).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((job) => `done ${job}`),
    );
    expect(pool.pending).toBe(0);
  });

  it('hands a thread as many jobs at once as it was told, still bounded by its queue', async () => {
    pool = heldPool(1, 2, { jobsPerThread: 2 });
    const runs = ['a', 'b', 'c'].map((job) => pool!.run({ svg: job }));
    runs.forEach((run) => run.catch(() => undefined));
    // The held jobs are asynchronous, so a thread holding two shows both started.
    await jobs.untilStarted(2);
    expect(jobs.started).toEqual(['a', 'b']);
    expect(pool.isFull).toBe(true);
    expect(await pool.run({ svg: 'd' }).catch((error: unknown) => error)).toBeInstanceOf(HttpError);

    jobs.release('a');
    await jobs.untilStarted(3);
    expect(jobs.started[2]).toBe('c');
    jobs.release('b');
    jobs.release('c');
    expect((await Promise.all(runs)).map(text)).toEqual(['done a', 'done b', 'done c']);
  });

  it('hears a thread that fails outside any job instead of ending the process', async () => {
    // As a thread does when it cannot load its module (esbuild stopped while it compiled): the
    // failure belongs to no job, so only the pool's listener can hear it.
    const failures: unknown[] = [];
    pool = heldPool(1, 1, {
      taskModule: join(__dirname, 'no-such-task-module.ts'),
      onThreadError: (error) => failures.push(error),
    });
    const failure = await waitUntil(() => failures[0], 'the pool hears the thread fail');
    expect(String(failure)).toContain('no-such-task-module');
  });

  it('refuses a job past its threads and queue with the error it was given, saying when to retry', async () => {
    pool = heldPool(1, 2);
    const accepted = ['a', 'b', 'c'].map((job) => pool!.run({ svg: job }));
    accepted.forEach((run) => run.catch(() => undefined));
    expect(pool.isFull).toBe(true);

    const refused = await pool.run({ svg: 'd' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    // Three jobs of the first estimate (2 s) ahead of it, on one thread.
    expect((refused as HttpError).headers['retry-after']).toBe('6');

    await jobs.untilStarted(1);
    jobs.release('a');
    await accepted[0];
    expect(pool.isFull).toBe(false);
    const again = pool.run({ svg: 'e' });
    for (const job of ['b', 'c', 'e']) {
      await jobs.untilStarted(jobs.started.length + 1);
      jobs.release(job);
    }
    await expect(Promise.all([...accepted, again])).resolves.toHaveLength(4);
    expect(jobs.started).toEqual(['a', 'b', 'c', 'e']);
  });

  it('passes a failed job on to its caller and goes on with the next one', async () => {
    pool = heldPool(1, 1);
    const failing = pool.run({ svg: 'broken' });
    const next = pool.run({ svg: 'fine' });
    await jobs.untilStarted(1);
    jobs.fail('broken');
    await expect(failing).rejects.toThrow('broken failed');
    await jobs.untilStarted(2);
    jobs.release('fine');
    expect(text(await next)).toBe('done fine');
    expect(pool.pending).toBe(0);
  });

  it('holds a reserved place against other jobs, and runs the job that comes for it there', async () => {
    pool = heldPool(1, 1);
    const place = pool.reserve(60_000);
    const first = pool.run({ svg: 'a' });
    expect(pool.isFull).toBe(true);
    expect(await pool.run({ svg: 'b' }).catch((error: unknown) => error)).toBeInstanceOf(HttpError);
    expect(() => pool!.reserve(60_000)).toThrow(HttpError);

    const reserved = place.run({ svg: 'r' });
    await jobs.untilStarted(1);
    jobs.release('a');
    await jobs.untilStarted(2);
    expect(jobs.started).toEqual(['a', 'r']);
    jobs.release('r');
    expect([text(await first), text(await reserved)]).toEqual(['done a', 'done r']);
    // Giving back a place whose job has run gives back nothing more.
    place.release();
    expect(pool.pending).toBe(0);
  });

  it('starts its threads at its first job when told to, and runs that job on them', async () => {
    pool = heldPool(1, 1, { threadsOnFirstJob: true });
    const place = pool.reserve(60_000);
    expect(pool.threadsStarted).toBe(false);

    const first = place.run({ svg: 'a' });
    expect(pool.threadsStarted).toBe(true);
    await jobs.untilStarted(1);
    jobs.release('a');
    expect(text(await first)).toBe('done a');
  });

  it('bounds the heap of each of its threads', async () => {
    pool = heldPool(1, 1);
    expect(JSON.parse(text(await pool.run({ svg: 'resource limits' })))).toMatchObject({
      maxOldGenerationSizeMb: THREAD_OLD_GENERATION_MB,
    });
  });

  it('runs its threads at the nice value it is given, and at the process\'s without one', async () => {
    pool = heldPool(1, 1, { niceness: 17 });
    expect(text(await pool.run({ svg: 'priority' }))).toBe('17');
    await pool.close();
    pool = heldPool(1, 1);
    expect(text(await pool.run({ svg: 'priority' }))).toBe(String(getPriority()));
  });

  it('gives a reserved place back once when released, and by itself when held too long', async () => {
    pool = heldPool(1, 1);
    const released = pool.reserve(60_000);
    released.release();
    released.release();
    expect(pool.pending).toBe(0);

    const forgotten = pool.reserve(50);
    expect(pool.pending).toBe(1);
    await waitUntil(() => pool!.pending === 0, 'the forgotten place is given back');
    // A job coming for a lapsed place asks for one like any other.
    const late = forgotten.run({ svg: 'late' });
    expect(pool.pending).toBe(1);
    await jobs.untilStarted(1);
    jobs.release('late');
    expect(text(await late)).toBe('done late');
    expect(pool.pending).toBe(0);
  });
});
