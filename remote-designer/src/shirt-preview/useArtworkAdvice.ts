import { useEffect } from 'react';
import { artworkAdviceUrl, readArtworkAdvice, storeUrl, type ArtworkShirtAdvice } from '@tshirt/shared';
import { keepAdvice, useKeptAdvice } from '../artwork-cache/artworkCache';

/**
 * The server's advice about the shopper's colours on each shirt, for the artwork shown: the one
 * that came with the generation's answer, or asked for once; undefined while it loads, when it
 * fails, or for artwork that has none. A failure only means no advice.
 */
export function useArtworkAdvice(artworkUrl: string): ArtworkShirtAdvice | undefined {
  const adviceUrl = artworkAdviceUrl(artworkUrl);
  const kept = useKeptAdvice(adviceUrl);
  useEffect(() => {
    if (adviceUrl === undefined || kept !== undefined || typeof fetch !== 'function') return undefined;
    const controller = new AbortController();
    fetch(storeUrl(adviceUrl), { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((body: unknown) => {
        const advice = readArtworkAdvice(body);
        if (advice) keepAdvice(adviceUrl, advice);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [adviceUrl, kept]);
  return kept;
}
