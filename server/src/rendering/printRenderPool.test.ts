import { join } from 'node:path';
import {
  createPrintRenderPool,
  RenderQueueFullError,
  type PrintRenderPool,
} from './printRenderPool';
import { HELD_RENDER_CHANNEL } from '../../test/heldRenderTask';

const HELD_TASK = join(__dirname, '../../test/heldRenderTask.ts');

/** Watches which held jobs have started, and finishes them on request. */
function heldJobs() {
  const channel = new BroadcastChannel(HELD_RENDER_CHANNEL);
  const started: string[] = [];
  const waiters: Array<() => void> = [];
  channel.onmessage = (event: MessageEvent) => {
    const match = /^started (.+)$/.exec(String(event.data));
    if (!match) return;
    started.push(match[1] as string);
    waiters.splice(0).forEach((wake) => wake());
  };
  return {
    started,
    async untilStarted(count: number): Promise<void> {
      while (started.length < count) await new Promise<void>((wake) => waiters.push(wake));
    },
    release: (job: string) => channel.postMessage(`release ${job}`),
    fail: (job: string) => channel.postMessage(`fail ${job}`),
    close: () => channel.close(),
  };
}

describe('createPrintRenderPool', () => {
  let pool: PrintRenderPool | undefined;
  let jobs: ReturnType<typeof heldJobs>;

  beforeEach(() => {
    jobs = heldJobs();
  });

  afterEach(async () => {
    // A test that failed half-way leaves held renders behind; closing rejects them.
    await pool?.close();
    pool = undefined;
    jobs.close();
  });

  it('runs no more renders at once than it has threads, and starts the waiting ones in order', async () => {
    pool = createPrintRenderPool({ threads: 2, queueLimit: 3, taskModule: HELD_TASK });
    const renders = ['a', 'b', 'c', 'd', 'e'].map((job) => pool!.render(job));
    renders.forEach((render) => render.catch(() => undefined));
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
    const pngs = await Promise.all(renders);
    expect(pngs.map((png) => png.toString())).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((job) => `png of ${job}`),
    );
    expect(pool.pending).toBe(0);
  });

  it('refuses a render past its threads and queue with a 503 that says when to retry', async () => {
    pool = createPrintRenderPool({ threads: 1, queueLimit: 2, taskModule: HELD_TASK });
    const accepted = ['a', 'b', 'c'].map((job) => pool!.render(job));
    accepted.forEach((render) => render.catch(() => undefined));
    expect(pool.isFull).toBe(true);

    const refused = await pool.render('d').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RenderQueueFullError);
    expect((refused as RenderQueueFullError).statusCode).toBe(503);
    expect(Number((refused as RenderQueueFullError).headers['retry-after'])).toBeGreaterThanOrEqual(
      1,
    );

    await jobs.untilStarted(1);
    jobs.release('a');
    await accepted[0];
    expect(pool.isFull).toBe(false);
    const again = pool.render('e');
    for (const job of ['b', 'c', 'e']) {
      await jobs.untilStarted(jobs.started.length + 1);
      jobs.release(job);
    }
    await expect(Promise.all([...accepted, again])).resolves.toHaveLength(4);
    expect(jobs.started).toEqual(['a', 'b', 'c', 'e']);
  });

  it('passes a failed render on to its caller and goes on with the next one', async () => {
    pool = createPrintRenderPool({ threads: 1, queueLimit: 1, taskModule: HELD_TASK });
    const failing = pool.render('broken');
    const next = pool.render('fine');
    await jobs.untilStarted(1);
    jobs.fail('broken');
    await expect(failing).rejects.toThrow('render of broken failed');
    await jobs.untilStarted(2);
    jobs.release('fine');
    expect((await next).toString()).toBe('png of fine');
    expect(pool.pending).toBe(0);
  });

  it('renders a real print PNG through the art engine on a worker thread', async () => {
    pool = createPrintRenderPool({ threads: 1, queueLimit: 1 });
    const png = await pool.render(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><circle cx="150" cy="200" r="90" fill="#e63946"/></svg>',
    );
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    // Width and height from the IHDR chunk: the print size.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([3600, 4800]);
  }, 60_000);
});
