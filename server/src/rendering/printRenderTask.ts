/**
 * Runs inside a render worker thread: one print PNG from one artwork SVG, through the art engine's
 * public entry. The raster and the PNG encode both run on this thread, at its low priority: never on
 * the server's event loop, nor on libuv's threads, which the server's file reads need.
 */
import { setPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Piscina } from 'piscina';
import { renderPrintPngOnThisThread } from '@tshirt/art';

/** The lowest priority: renders use the cores the server leaves idle. */
const RENDER_THREAD_NICENESS = 19;

export interface PrintRenderJob {
  svg: string;
}

// A render's 70 MB-plus raster is native memory V8 does not see; it is freed only when the small
// object holding it is collected, which this thread's tiny heap would otherwise rarely ask for.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

// On Linux a thread has its own nice value: when the cores are short, pages and the API come first.
try {
  setPriority(RENDER_THREAD_NICENESS);
} catch {
  // Not allowed here (some containers): renders keep the normal priority.
}

export default async function renderPrintTask(job: PrintRenderJob): Promise<Uint8Array> {
  const png = await renderPrintPngOnThisThread(job.svg);
  collectGarbage();
  // The raster's finalizer runs on a later turn of this thread's event loop, which does not turn
  // while the thread waits for its next job: turned here, the memory goes back before then.
  await new Promise<void>((turned) => setImmediate(turned));
  // Handed over, not copied: a print is megabytes, and a copy would be made on the server's thread.
  const whole = png.byteOffset === 0 && png.buffer.byteLength === png.byteLength;
  return Piscina.move(whole ? new Uint8Array(png.buffer) : new Uint8Array(png)) as Uint8Array;
}
