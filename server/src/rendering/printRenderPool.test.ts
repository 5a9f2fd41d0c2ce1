import sharp from 'sharp';
import { HELD_TASK_MODULE, refusalByAFullPool } from '../../test/heldTask';
import {
  createPrintRenderPool,
  RenderQueueFullError,
  type PrintRenderPool,
} from './printRenderPool';

// One pool on the real render task for the tests that render: each of its threads loads the art engine.
let renderingPool: PrintRenderPool | undefined;
const realPool = () =>
  (renderingPool ??= createPrintRenderPool({ threads: 1, queueLimit: 2, niceness: 0 }));
afterAll(async () => {
  await renderingPool?.close();
});

/** One thread, one place in its queue, on the held stand-in task, at the store's priority (19). */
const heldRenderPool = () =>
  createPrintRenderPool({ threads: 1, queueLimit: 1, niceness: 19, taskModule: HELD_TASK_MODULE });

describe('createPrintRenderPool', () => {
  let pool: PrintRenderPool | undefined;

  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('refuses a render past its threads and queue with a 503 that says when to retry', async () => {
    pool = heldRenderPool();
    const { refused, finished } = await refusalByAFullPool((job) => pool!.render({ svg: job }));
    expect(refused).toBeInstanceOf(RenderQueueFullError);
    expect((refused as RenderQueueFullError).statusCode).toBe(503);
    expect((refused as RenderQueueFullError).code).toBe('render_queue_full');
    expect(Number((refused as RenderQueueFullError).headers['retry-after'])).toBeGreaterThan(0);
    expect(finished.map(String)).toEqual(['done a', 'done b']);
  });

  it('renders at the nice value it is given (19, the lowest priority, as the store runs it)', async () => {
    pool = heldRenderPool();
    expect(String(await pool.render({ svg: 'priority' }))).toBe('19');
  });

  it('renders a real print PNG through the art engine on a worker thread', async () => {
    const png = await realPool().render({
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><circle cx="150" cy="200" r="90" fill="#e63946"/></svg>',
    });
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    // Width and height from the IHDR chunk: the print size.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([3600, 4800]);
  }, 60_000);
});

describe('an image model picture on the print pool', () => {
  it('is checked, cleared of its white square and made a 300 DPI print file on a worker thread', async () => {
    const pool = realPool();
    const picture = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="768"><rect width="100%" height="100%" fill="#fff"/><circle cx="256" cy="384" r="180" fill="#1d3557"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const prepared = await pool.reserveModelImageCheck(60_000).prepare(picture);
    expect(prepared.background).toBe('removed');
    expect(prepared.advice.ink).toBe('as-drawn');
    const print = await pool.render({ picture: prepared.png });
    expect(await sharp(print).metadata()).toMatchObject({
      width: 3600,
      height: 4800,
      hasAlpha: true,
      density: 300,
    });
  }, 60_000);
});
