/**
 * A stand-in render task for the pool's tests: announces each job on a BroadcastChannel and finishes
 * it only when the test releases it, so the tests decide what is running without timing anything.
 */
export const HELD_RENDER_CHANNEL = 'held-render-task';

export default function heldRenderTask(job: { svg: string }): Promise<Uint8Array> {
  const channel = new BroadcastChannel(HELD_RENDER_CHANNEL);
  return new Promise((resolve, reject) => {
    channel.onmessage = (event: MessageEvent) => {
      if (event.data === `release ${job.svg}`) {
        channel.close();
        resolve(new TextEncoder().encode(`png of ${job.svg}`));
      } else if (event.data === `fail ${job.svg}`) {
        channel.close();
        reject(new Error(`render of ${job.svg} failed`));
      }
    };
    channel.postMessage(`started ${job.svg}`);
  });
}
