/**
 * The designer's early handler: a tap on the art form's Generate before the designer's code is
 * live sends the generation at once, instead of when the host replays the held tap, and lays the
 * art it answers with over the shirt until the designer's parts can show it (./earlyArt.ts). The
 * host's page-start script still holds the tap (this listener neither cancels nor stops it); the
 * art form, once live, adopts the answer (./takeEarlyGeneration.ts) rather than ask again.
 *
 * Built as its own tiny classic script (tooling/build/earlyScript.ts): nothing here may need the
 * designer's real code at run time, and nothing here may throw into the page.
 */
import { PART_ATTRIBUTES, SITE_CONFIG_ELEMENT_ID } from '@tshirt/shared/contract';
import { GENERATE_IMAGE_PATH } from '@tshirt/shared/apiPaths';
import { EVENT_STREAM_TYPE } from '@tshirt/shared/generationStream';
import {
  EARLY_ANSWER_SHOWN_GLOBAL,
  EARLY_GENERATION_GLOBAL,
  HELD_EVENTS_GLOBAL,
  PART_LIVE,
  type HeldEvent,
} from '@tshirt/shared/pageStart';
import { whenPainted } from '../artwork-cache/whenPainted';
import { ART_FORM_PART, paintEarlyArt } from './earlyArt';

/** The shirt preview's root says the shirt's colour (../shirt-preview/ShirtPreview.tsx). */
const SHIRT_COLOR_ATTRIBUTE = 'data-shirt-color';
const SHIRT_PREVIEW = `[${PART_ATTRIBUTES.part}="designer/ShirtPreview"] [${SHIRT_COLOR_ATTRIBUTE}]`;

/** The submit button `target` is in (or is), when it is one a shopper can press. */
function submitButtonOf(target: EventTarget | null): HTMLButtonElement | HTMLInputElement | null {
  const control = target instanceof Element ? target.closest('button, input') : null;
  const submits =
    (control instanceof HTMLButtonElement && control.type === 'submit') ||
    (control instanceof HTMLInputElement && control.type === 'submit');
  if (!submits || control.disabled || control.getAttribute('aria-disabled') === 'true') {
    return null;
  }
  return control;
}

/** The form a press on `target` submits, when it is the art form and that part is not live yet. */
function artFormNotYetLive(target: EventTarget | null): HTMLFormElement | null {
  const button = submitButtonOf(target);
  const part = button?.closest(ART_FORM_PART);
  if (!button || !part || part.getAttribute(PART_ATTRIBUTES.state) === PART_LIVE) return null;
  const form = button.form;
  return form && part.contains(form) ? form : null;
}

/** Every named field of the form (a field a new release adds goes too), and the shirt's colour. */
function queryOf(form: HTMLFormElement, doc: Document): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') params.append(name, value);
  }
  const shirt = doc.querySelector(SHIRT_PREVIEW)?.getAttribute(SHIRT_COLOR_ATTRIBUTE);
  if (shirt) params.set('shirt', shirt);
  return params.toString();
}

/**
 * The art of a JSON answer, on the shirt at once when the preview is not live yet (a copy of the
 * answer is read: the art form reads the answer itself when it adopts it); resolves once it is
 * painted, or at once when there is nothing to paint.
 */
async function paintAnswer(answer: Response, win: Window): Promise<void> {
  if (!answer.ok || !(answer.headers.get('content-type') ?? '').startsWith('application/json')) {
    return;
  }
  const body = (await answer.clone().json()) as {
    prompt?: unknown;
    artwork?: { svg?: unknown };
  };
  const svg = body.artwork?.svg;
  if (typeof svg !== 'string' || !svg.startsWith('<svg')) return;
  const image = paintEarlyArt(
    svg,
    typeof body.prompt === 'string' ? body.prompt : '',
    win.document,
  );
  if (!image) return;
  // Decoded and painted (the task after that frame): only then is the main thread the page's again.
  await new Promise<void>((resolve) => whenPainted(image, () => win.setTimeout(resolve, 0)));
}

/** Starts the generation the press on `target` asks for, when it is an early one to start. */
function startEarlyGeneration(win: Window, target: EventTarget | null): void {
  const doc = win.document;
  // Only the store's own pages carry its site configuration: there, its API is this origin.
  if (win[EARLY_GENERATION_GLOBAL] || !doc.getElementById(SITE_CONFIG_ELEMENT_ID)) return;
  const form = artFormNotYetLive(target);
  if (!form) return;
  const query = queryOf(form, doc);
  const controller = new AbortController();
  const response = win.fetch(`${GENERATE_IMAGE_PATH}?${query}`, {
    headers: { accept: `${EVENT_STREAM_TYPE}, application/json` },
    credentials: 'same-origin',
    signal: controller.signal,
  });
  // Read by the art form when it adopts it; unread (the part never came), it fails quietly. The
  // host holds back the parts' hydration until the art is on the screen (EARLY_ANSWER_SHOWN_GLOBAL).
  win[EARLY_ANSWER_SHOWN_GLOBAL] = response
    .then((answer) => paintAnswer(answer, win))
    .catch(() => undefined);
  win[EARLY_GENERATION_GLOBAL] = {
    query,
    response,
    abort: () => controller.abort(),
    startedAt: Date.now(),
  };
}

/**
 * Listens (capturing, on the document) for the early press on Generate, and acts on one the host's
 * page-start script held before this script arrived (it stays held for the host to replay into the
 * live part, like any other); returns how to stop.
 */
export function listenForEarlyGenerate(win: Window): () => void {
  const startFor = (target: EventTarget | null) => {
    try {
      startEarlyGeneration(win, target);
    } catch {
      // The held tap is replayed into the live part, which then asks itself.
    }
  };
  try {
    const heldBefore: readonly HeldEvent[] = win[HELD_EVENTS_GLOBAL] ?? [];
    for (const held of heldBefore) if (held.type === 'click') startFor(held.target);
  } catch {
    // A queue not as the host's page-start script keeps it: the listener below still acts.
  }
  const onClick = (event: Event) => startFor(event.target);
  win.document.addEventListener('click', onClick, true);
  return () => win.document.removeEventListener('click', onClick, true);
}
