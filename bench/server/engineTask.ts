/** One worker thread of the engine's all-core rate: generates artwork for `seconds`, counts them. */
import { generateArtworkSvg } from '@tshirt/art';
import { generationFields } from './requests';

export default function generateForAWhile(job: { seconds: number; thread: number }): number {
  const deadline = performance.now() + job.seconds * 1000;
  let made = 0;
  for (let index = job.thread * 1_000_000; performance.now() < deadline; index += 1) {
    generateArtworkSvg(generationFields(index), index);
    made += 1;
  }
  return made;
}
