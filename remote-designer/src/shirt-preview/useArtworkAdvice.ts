import { useEffect, useState } from 'react';
import {
  SHIRT_COLORS,
  artworkAdviceUrl,
  storeUrl,
  type ArtworkShirtAdvice,
  type ShirtColor,
} from '@tshirt/shared';

function isShirtList(value: unknown): value is ShirtColor[] {
  return Array.isArray(value) && value.every((item) => (SHIRT_COLORS as readonly unknown[]).includes(item));
}

function readAdvice(body: unknown): ArtworkShirtAdvice | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { faintColors, suggestedShirts, ink, filledBackground } = body as Partial<ArtworkShirtAdvice>;
  if (typeof faintColors !== 'object' || faintColors === null || !isShirtList(suggestedShirts)) return undefined;
  const faint: ArtworkShirtAdvice['faintColors'] = {};
  for (const shirt of SHIRT_COLORS) {
    const names: unknown = faintColors[shirt];
    if (Array.isArray(names) && names.every((name) => typeof name === 'string')) faint[shirt] = names as string[];
  }
  return {
    faintColors: faint,
    suggestedShirts,
    ...(ink === 'as-drawn' || ink === 'fitted' ? { ink } : {}),
    ...(filledBackground === true ? { filledBackground } : {}),
  };
}

/**
 * The server's advice about the shopper's colours on each shirt, for the artwork shown; undefined
 * while it loads, when it fails, or for artwork that has none. A failure only means no advice.
 */
export function useArtworkAdvice(artworkUrl: string): ArtworkShirtAdvice | undefined {
  const [loaded, setLoaded] = useState<{ url: string; advice: ArtworkShirtAdvice } | undefined>();
  const adviceUrl = artworkAdviceUrl(artworkUrl);
  useEffect(() => {
    if (adviceUrl === undefined || typeof fetch !== 'function') return undefined;
    const controller = new AbortController();
    fetch(storeUrl(adviceUrl), { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((body: unknown) => {
        const advice = readAdvice(body);
        if (advice) setLoaded({ url: adviceUrl, advice });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [adviceUrl]);
  return loaded !== undefined && loaded.url === adviceUrl ? loaded.advice : undefined;
}
