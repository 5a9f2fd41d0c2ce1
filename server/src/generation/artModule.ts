/**
 * The art engine's code on the server's own thread (a pre-made design's SVG, the ink advice of an
 * artwork), loaded at its first use: its fonts and drawing code cost a store's start about
 * 0.4 CPU-seconds, and a test app, or a store whose threads wait for their first job, may never
 * need them. A store that starts its art threads with the app loads it then too (artEngine.ts), so
 * no shopper's first request waits for it.
 */
import type * as ArtEngine from '@tshirt/art';
import { loadOnce } from '../loadOnce';

type ArtEngineModule = typeof ArtEngine;

// A failed load is tried again at the next use.
const art = loadOnce(() => import('@tshirt/art'));

export function artModule(): Promise<ArtEngineModule> {
  return art.get();
}
