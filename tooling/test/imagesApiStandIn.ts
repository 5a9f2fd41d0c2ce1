/**
 * A local stand-in of an OpenAI-compatible Images API (`POST /v1/images/generations`), speaking its
 * wire format: a JSON answer, or with `stream: true` server-sent events (`image_generation.partial_image`
 * then `image_generation.completed`), and its error shape. Server tests, browser tests and the
 * benchmark point OPENAI_BASE_URL at it; each sets how it answers.
 */
import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback, readBody, sendJson } from './standInHttp';
import sharp from 'sharp';

/**
 * `draw`: a picture on a transparent background; `opaque`: the same on an opaque white square;
 * `refuse`: the safety system's 400; `down`: a 500; `hang`: never answers; `wrongFormat`: an
 * answer whose image is not an image; `failMidStream`: one partial image, then an error event.
 */
export type ImagesApiMode =
  'draw' | 'opaque' | 'refuse' | 'down' | 'hang' | 'wrongFormat' | 'failMidStream';

export interface ImagesApiCall {
  body: Record<string, unknown>;
  authorization: string | undefined;
  /** When the request arrived, its first event left and its final image left (epoch ms). */
  receivedAt: number;
  firstEventAt?: number;
  finalImageAt?: number;
  /** The store closed the connection before the answer was complete. */
  cancelled: boolean;
}

export interface ImagesApiStandIn {
  /** The base URL to configure (`…/v1`). */
  baseUrl: string;
  calls: ImagesApiCall[];
  setMode(mode: ImagesApiMode): void;
  /** Milliseconds before each event (each partial image and the final image). */
  setPace(ms: number): void;
  /**
   * Until the returned function is called, every answer (those under way included) waits before
   * its final image: generations held in flight for as long as a test needs, whatever the machine.
   */
  holdFinalImages(): () => void;
  close(): Promise<void>;
}

export const REFUSAL_MESSAGE =
  'Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.';

/** The test picture: a sun with rays, `detail` (0–1) of it drawn, as the model's partial images grow. */
function pictureSvg(width: number, height: number, detail: number, opaque: boolean): string {
  const cx = width / 2;
  const cy = height / 2;
  const radius = Math.min(width, height) * 0.3;
  const rays = Math.round(16 * detail);
  const rayElements = Array.from({ length: rays }, (_, index) => {
    const angle = (index / 16) * Math.PI * 2;
    const x = cx + Math.cos(angle) * radius * 1.45;
    const y = cy + Math.sin(angle) * radius * 1.45;
    return `<line x1="${cx}" y1="${cy}" x2="${x.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#f4a300" stroke-width="${(radius * 0.12).toFixed(1)}" stroke-linecap="round"/>`;
  }).join('');
  const face =
    detail >= 1
      ? `<circle cx="${cx - radius * 0.3}" cy="${cy - radius * 0.15}" r="${radius * 0.08}" fill="#1d3557"/>` +
        `<circle cx="${cx + radius * 0.3}" cy="${cy - radius * 0.15}" r="${radius * 0.08}" fill="#1d3557"/>` +
        `<path d="M ${cx - radius * 0.4} ${cy + radius * 0.25} Q ${cx} ${cy + radius * 0.6} ${cx + radius * 0.4} ${cy + radius * 0.25}" stroke="#1d3557" stroke-width="${radius * 0.07}" fill="none" stroke-linecap="round"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    (opaque ? `<rect width="100%" height="100%" fill="#ffffff"/>` : '') +
    rayElements +
    `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#e63946" stroke="#1d3557" stroke-width="${radius * 0.06}"/>` +
    face +
    '</svg>'
  );
}

const pictures = new Map<string, Promise<string>>();

/** The picture as base64 PNG, made once per size, detail and background. */
function picture(size: string, detail: number, opaque: boolean): Promise<string> {
  const key = `${size}/${detail}/${opaque}`;
  let made = pictures.get(key);
  if (!made) {
    const [width, height] = /^(\d+)x(\d+)$/.exec(size)?.slice(1).map(Number) ?? [1024, 1536];
    made = sharp(Buffer.from(pictureSvg(width as number, height as number, detail, opaque)))
      .png()
      .toBuffer()
      .then((png) => png.toString('base64'));
    pictures.set(key, made);
  }
  return made;
}

function sendEvent(response: ServerResponse, type: string, data: Record<string, unknown>): void {
  response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
}

export async function startImagesApiStandIn(): Promise<ImagesApiStandIn> {
  let mode: ImagesApiMode = 'draw';
  let pace = 50;
  let finalImagesHeld: Promise<void> = Promise.resolve();
  const calls: ImagesApiCall[] = [];
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function answer(call: ImagesApiCall, response: ServerResponse): Promise<void> {
    const body = call.body;
    const size = typeof body.size === 'string' ? body.size : '1024x1536';
    const common = {
      background: body.background ?? 'auto',
      output_format: 'png',
      quality: 'medium',
      size,
    };
    if (mode === 'hang') return;
    if (mode === 'refuse') {
      await wait(pace);
      sendJson(response, 400, {
        error: {
          message: REFUSAL_MESSAGE,
          type: 'image_generation_user_error',
          param: null,
          code: 'moderation_blocked',
        },
      });
      return;
    }
    if (mode === 'down') {
      sendJson(response, 500, {
        error: {
          message: 'The server had an error.',
          type: 'server_error',
          param: null,
          code: null,
        },
      });
      return;
    }
    const final = async () =>
      mode === 'wrongFormat'
        ? Buffer.from('<html><body>Not an image</body></html>').toString('base64')
        : picture(size, 1, mode === 'opaque');
    const usage = { input_tokens: 50, output_tokens: 1056, total_tokens: 1106 };

    if (body.stream !== true) {
      await wait(pace);
      await finalImagesHeld;
      const b64 = await final();
      call.firstEventAt = call.finalImageAt = Date.now();
      sendJson(response, 200, {
        created: Math.floor(Date.now() / 1000),
        data: [{ b64_json: b64 }],
        ...common,
        usage,
      });
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    });
    const partials = Math.min(3, Math.max(0, Number(body.partial_images ?? 0)));
    for (let index = 0; index < partials; index += 1) {
      await wait(pace);
      if (response.destroyed) return;
      const b64 = await picture(size, (index + 1) / (partials + 1), mode === 'opaque');
      call.firstEventAt ??= Date.now();
      sendEvent(response, 'image_generation.partial_image', {
        b64_json: b64,
        partial_image_index: index,
        created_at: Math.floor(Date.now() / 1000),
        ...common,
      });
      if (mode === 'failMidStream') {
        sendEvent(response, 'error', {
          error: {
            message: 'The server had an error.',
            type: 'server_error',
            code: 'server_error',
          },
        });
        response.end();
        return;
      }
    }
    await wait(pace);
    await finalImagesHeld;
    if (response.destroyed) return;
    const b64 = await final();
    call.firstEventAt ??= Date.now();
    call.finalImageAt = Date.now();
    sendEvent(response, 'image_generation.completed', {
      b64_json: b64,
      created_at: Math.floor(Date.now() / 1000),
      ...common,
      usage,
    });
    response.end();
  }

  const server = createServer((incoming, response) => {
    void readBody(incoming).then(async (text) => {
      if (incoming.method !== 'POST' || !incoming.url?.endsWith('/images/generations')) {
        sendJson(response, 404, {
          error: { message: 'Unknown request URL', type: 'invalid_request_error' },
        });
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        sendJson(response, 400, {
          error: {
            message: 'We could not parse the JSON body of your request.',
            type: 'invalid_request_error',
          },
        });
        return;
      }
      const call: ImagesApiCall = {
        body,
        authorization: incoming.headers.authorization,
        receivedAt: Date.now(),
        cancelled: false,
      };
      calls.push(call);
      response.on('close', () => {
        if (!response.writableFinished) call.cancelled = true;
      });
      await answer(call, response);
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    baseUrl: `${listening.url}/v1`,
    calls,
    setMode: (next) => {
      mode = next;
    },
    setPace: (ms) => {
      pace = ms;
    },
    holdFinalImages: () => {
      let release = () => {};
      finalImagesHeld = new Promise((resolve) => (release = resolve));
      return release;
    },
    close: () => listening.close(),
  };
}
