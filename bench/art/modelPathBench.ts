/**
 * The image-model path, against the local Images API stand-in in the same run: from the model's
 * final image to its 300 DPI print file kept (sequential generations, each print file asked for
 * as soon as the generation answers: it is the render started in the background, shared), and in
 * Chromium on a phone-sized window, a tap on Generate to the first partial picture painted on the
 * shirt beside the stand-in's own time from the request to its first event.
 */
import { launchBrowser } from '@tshirt/e2e/harness/browser';
import { FIELD_LABELS, GENERATE_BUTTON_LABELS } from '@tshirt/shared/labels';
import { startImagesApiStandIn } from '@tshirt/tooling/test/imagesApiStandIn';
import { startStoreServer } from '@tshirt/tooling/test/storeServer';
import { median, percentile } from '../harness/stats';

export interface ModelPathFigures {
  /** Final image sent by the stand-in → print file (3600 × 4800) answered, per generation. */
  printFileRuns: number;
  printFileP50Ms: number;
  printFileP99Ms: number;
  /** Tap → first partial picture painted, and the stand-in's request → first event, per run. */
  partialRuns: number;
  firstPartialOnScreenMs: number;
  standInFirstEventMs: number;
}

const PRINT_RUNS = Number(process.env.MODEL_BENCH_PRINT_RUNS ?? 20);
const PARTIAL_RUNS = Number(process.env.MODEL_BENCH_PARTIAL_RUNS ?? 5);
/** The stand-in's time before each event: about a real model's first partial image, shortened. */
const PACE_MS = 600;
const DRAWING = 'Your artwork, still being drawn';

export async function runModelPathBench(): Promise<ModelPathFigures> {
  const imagesApi = await startImagesApiStandIn();
  imagesApi.setPace(PACE_MS);
  const server = await startStoreServer({
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: imagesApi.baseUrl,
    IMAGE_PARTIAL_IMAGES: '2',
    GENERATION_DAILY_LIMIT: '1000',
  });
  try {
    const printTimes: number[] = [];
    for (let run = 0; run < PRINT_RUNS; run += 1) {
      const answer = await fetch(`${server.url}/creator/generate_image?interests=sunshine`, {
        headers: { accept: 'application/json' },
      });
      const { image_url: imageUrl } = (await answer.json()) as { image_url: string };
      const print = await fetch(`${server.url}${imageUrl.replace(/\.png$/, '.print.png')}`);
      await print.arrayBuffer();
      const finalImageAt = imagesApi.calls.at(-1)?.finalImageAt;
      if (print.status !== 200 || finalImageAt === undefined) {
        throw new Error(`print file of ${imageUrl}: HTTP ${print.status}`);
      }
      printTimes.push(Date.now() - finalImageAt);
    }

    const browser = await launchBrowser();
    const onScreen: number[] = [];
    const firstEvent: number[] = [];
    try {
      for (let run = 0; run < PARTIAL_RUNS; run += 1) {
        const page = await browser.newPage({ width: 412, height: 823 });
        await page.goto(`${server.url}/product`);
        await page.getByLabel(FIELD_LABELS.interests).fill('sunshine');
        const button = page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle });
        await button.waitFor();
        // The paint of the first partial picture, seen from the page itself. A string, not a
        // function: tsx would name the function's inner helpers with a `__name` the page lacks.
        const painted = page.evaluate<number>(`new Promise((resolve) => {
          function seen() {
            const image = [...document.images].find((candidate) => candidate.alt === ${JSON.stringify(DRAWING)});
            if (!image) return false;
            image.decode().then(() => requestAnimationFrame(() => resolve(Date.now())));
            return true;
          }
          if (seen()) return;
          const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        })`);
        const calls = imagesApi.calls.length;
        const tappedAt = Date.now();
        await button.click();
        const paintedAt = await painted;
        const call = imagesApi.calls[calls];
        if (!call?.firstEventAt) throw new Error('the stand-in sent no event');
        onScreen.push(paintedAt - tappedAt);
        firstEvent.push(call.firstEventAt - call.receivedAt);
        await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.generated }).waitFor();
        await page.close();
      }
    } finally {
      await browser.close();
    }
    return {
      printFileRuns: printTimes.length,
      printFileP50Ms: median(printTimes),
      printFileP99Ms: percentile(printTimes, 0.99),
      partialRuns: onScreen.length,
      firstPartialOnScreenMs: median(onScreen),
      standInFirstEventMs: median(firstEvent),
    };
  } finally {
    await server.stop();
    await imagesApi.close();
  }
}
