/**
 * Runs inside a render worker thread, at its pool's priority (PRINT_RENDER_NICENESS): one print
 * PNG from one artwork SVG (through the art engine: the raster, the longest part, on this thread,
 * never on the server's event loop), or from an image model's picture, or the check and clean-up
 * of a model's picture as it arrives. sharp does the PNG encoding and the pictures' work on one
 * libuv thread per job, so on at most PRINT_RENDER_THREADS of those the server's file reads share.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Piscina } from 'piscina';
import { renderPrintPngOnThisThread } from '@tshirt/art';
import type * as ModelImage from '../images/modelImage';
import type { PreparedModelImage } from '../images/modelImage';
import { ModelImageError } from '../images/modelImageError';

export type PrintRenderJob =
  /** The engine's artwork → its print PNG. */
  | { svg: string }
  /** A model's picture, as prepared → its print PNG. */
  | { picture: Uint8Array }
  /** A model's picture as it came → checked, its background cleared, its ink advice. */
  | { modelImage: Uint8Array };

/** What a `modelImage` job answers: the prepared picture, or why it cannot be used. */
export type PreparedPicture =
  (Omit<PreparedModelImage, 'png'> & { png: Uint8Array }) | { unusable: string };

// A render's 70 MB-plus raster is native memory V8 does not see; it is freed only when the small
// object holding it is collected, which this thread's tiny heap would otherwise rarely ask for.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

export default async function renderPrintTask(
  job: PrintRenderJob,
): Promise<Uint8Array | PreparedPicture> {
  // Loaded only for a model's picture, once the main thread has opened the image library; with
  // require (eslint.config.mjs says why).
  const pictures = async () => require('../images/modelImage') as typeof ModelImage;
  if ('modelImage' in job) {
    try {
      // Copied back (a megabyte or two): piscina moves a single buffer, not one inside an object.
      return await (await pictures()).prepareModelImage(Buffer.from(job.modelImage));
    } catch (error) {
      // An error reaches the main thread as a plain Error: an unusable picture is said in words.
      if (error instanceof ModelImageError) return { unusable: error.message };
      throw error;
    }
  }
  const png =
    'picture' in job
      ? await (await pictures()).printPngFromModelImage(Buffer.from(job.picture))
      : await renderPrintPngOnThisThread(job.svg);
  collectGarbage();
  // The raster's finalizer runs on a later turn of this thread's event loop, which does not turn
  // while the thread waits for its next job: turned here, the memory goes back before then.
  await new Promise<void>((turned) => setImmediate(turned));
  // Handed over, not copied by piscina on the server's thread: a print is megabytes. Every print
  // PNG is sharp's output, in memory the native library allocated, which Node 24 refuses to hand
  // to another thread (a DataCloneError): copied here, on this thread, into memory that can be.
  return Piscina.move(new Uint8Array(png)) as Uint8Array;
}
