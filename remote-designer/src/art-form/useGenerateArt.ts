import { useCallback, useEffect, useRef, useState } from 'react';
import {
  GENERATE_BUTTON_LABELS,
  artworkAdviceUrl,
  artworkUrlForShirt,
  generateImage,
  orderStore,
  useOrderState,
  type AnswerArtwork,
  type ApiFailure,
  type ArtFields,
  type OrderState,
} from '@tshirt/shared';
import { keepAdvice, keepDrawing } from '../artwork-cache/artworkCache';
import { takeEarlyGeneration } from '../early-generate/takeEarlyGeneration';
import { startGenerationProgress } from '../generation-progress/generationProgress';
import { scrollPageToTop } from '../page-scroll/scrollPageToTop';

type GenerateLabel = (typeof GENERATE_BUTTON_LABELS)[keyof typeof GENERATE_BUTTON_LABELS];

export interface GenerateArt {
  label: GenerateLabel;
  /** True while a request runs or after the daily limit: pressing does nothing then. */
  unavailable: boolean;
  loading: boolean;
  limitReached: boolean;
  /** Why the last attempt failed; cleared when the next one starts. */
  failure: ApiFailure | null;
  /** The interest words the last art could not draw; cleared when the next attempt starts. */
  notUnderstood: string[];
  generate: () => void;
}

/** Keeps what came with the answer, so the preview paints it without asking for it. */
function keepAnswerArtwork(imageUrl: string, artwork: AnswerArtwork | undefined): void {
  if (!artwork) return;
  if (artwork.svg !== undefined) keepDrawing(artworkUrlForShirt(imageUrl, artwork.shirt), artwork.svg);
  const adviceUrl = artworkAdviceUrl(imageUrl);
  if (artwork.advice && adviceUrl !== undefined) keepAdvice(adviceUrl, artwork.advice);
}

export function artFieldsOf(state: OrderState): ArtFields {
  const { target, interests, occasion, colors, style, objects } = state;
  return { target, interests, occasion, colors, style, objects };
}

/**
 * The generate button's life: one request at a time, the limit remembered, failures reported,
 * and the model's partial pictures handed to the shirt preview while it draws.
 */
export function useGenerateArt(): GenerateArt {
  const hasGenerated = useOrderState((state) => state.lastGeneratedUrl !== '');
  const [phase, setPhase] = useState<'ready' | 'loading' | 'limit'>('ready');
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [notUnderstood, setNotUnderstood] = useState<string[]>([]);
  // A ref, not state: a second press in the same tick must already see the first request.
  const busy = useRef(false);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => () => pending.current?.abort(), []);

  const generate = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    const controller = new AbortController();
    pending.current = controller;
    const progress = startGenerationProgress();
    // Unmounted or cancelled: the preview goes back to the artwork it had.
    controller.signal.addEventListener('abort', () => progress.end(), { once: true });
    setPhase('loading');
    setFailure(null);
    setNotUnderstood([]);
    const order = orderStore.getState();
    const fields = artFieldsOf(order);
    // A press before the form was live was already sent by the early script: its answer is this one.
    const early = takeEarlyGeneration(fields, controller.signal);
    void generateImage(fields, {
      signal: controller.signal,
      fetch: early,
      // The answer then carries the artwork as drawn for this shirt: no second round trip.
      shirt: order.shirtColor,
      onPartialImage: (image, index) => {
        progress.showPartial(image, index);
        // The drawing shows on the shirt at the top of the page: bring it into view once.
        if (index === 0) scrollPageToTop();
      },
    }).then((result) => {
      if (controller.signal.aborted) return;
      pending.current = null;
      switch (result.kind) {
        case 'ok':
          busy.current = false;
          keepAnswerArtwork(result.imageUrl, result.artwork);
          orderStore.recordGeneratedImage(result.imageUrl, result.prompt);
          setNotUnderstood(result.notUnderstood ?? []);
          progress.end(result.imageUrl);
          setPhase('ready');
          // The art is on the shirt in this frame: the shirt is in view with it.
          scrollPageToTop(window, 'at once');
          return;
        case 'limit':
          // Stays busy: the server will refuse every further request today.
          progress.end();
          setPhase('limit');
          return;
        case 'error':
          busy.current = false;
          progress.end();
          setFailure(result.error);
          setPhase('ready');
          return;
      }
    });
  }, []);

  const label: GenerateLabel =
    phase === 'loading'
      ? GENERATE_BUTTON_LABELS.loading
      : phase === 'limit'
        ? GENERATE_BUTTON_LABELS.limitReached
        : hasGenerated
          ? GENERATE_BUTTON_LABELS.generated
          : GENERATE_BUTTON_LABELS.idle;

  return {
    label,
    unavailable: phase !== 'ready',
    loading: phase === 'loading',
    limitReached: phase === 'limit',
    failure,
    notUnderstood,
    generate,
  };
}
