/**
 * Runs inside a render worker thread: one print PNG from one artwork SVG, through the art engine's
 * public entry. The 200 ms PNG encode happens on this thread, never on the server's event loop.
 */
import { renderPrintPng } from '../art';

export interface PrintRenderJob {
  svg: string;
}

export default async function renderPrintTask(job: PrintRenderJob): Promise<Uint8Array> {
  const png = await renderPrintPng(job.svg);
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
