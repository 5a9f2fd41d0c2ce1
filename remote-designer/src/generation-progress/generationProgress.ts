/**
 * What the generation under way has drawn so far, shared between the designer's own parts: the
 * art form reports it, the shirt preview shows it. Designer-internal: the host and the shared
 * order store never see a partial picture, only the final image.
 */
import { useSyncExternalStore } from 'react';

export interface PartialPicture {
  /** A `data:image/…` URL of the picture so far. */
  image: string;
  /** Counts up within one generation. */
  index: number;
}

export interface GenerationProgress {
  /** A generation is under way. */
  drawing: boolean;
  /** The latest partial picture of the generation under way, once the model has sent one. */
  partial?: PartialPicture;
  /** The partial picture before the latest: the one the latest fades in over. */
  previousPartial?: PartialPicture;
  /**
   * The last generation that ended in an image after partial pictures: its last partial, which
   * the preview keeps under that image while it loads, so the shirt never goes bare in between.
   */
  handedOver?: { partialImage: string; imageUrl: string };
}

/** What one generation reports through; it goes quiet once it ends or another one starts. */
export interface GenerationReporter {
  showPartial(image: string, index: number): void;
  /** With the final image's URL when there is one; without, the partial pictures just go. */
  end(imageUrl?: string): void;
}

const IDLE: GenerationProgress = { drawing: false };

let progress = IDLE;
let current: GenerationReporter | undefined;
const listeners = new Set<() => void>();

function publish(next: GenerationProgress): void {
  progress = next;
  for (const listener of listeners) listener();
}

export function getGenerationProgress(): GenerationProgress {
  return progress;
}

export function subscribeToGenerationProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts showing a new generation's progress, in place of any earlier one's. */
export function startGenerationProgress(): GenerationReporter {
  const reporter: GenerationReporter = {
    showPartial(image, index) {
      if (current !== reporter) return;
      const latest = progress.partial;
      // A late, older partial must not replace a newer one.
      if (latest !== undefined && index <= latest.index) return;
      publish({ drawing: true, partial: { image, index }, previousPartial: latest });
    },
    end(imageUrl) {
      if (current !== reporter) return;
      current = undefined;
      const last = progress.partial;
      publish(
        imageUrl !== undefined && last !== undefined
          ? { drawing: false, handedOver: { partialImage: last.image, imageUrl } }
          : IDLE,
      );
    },
  };
  current = reporter;
  publish({ drawing: true });
  return reporter;
}

export function useGenerationProgress(): GenerationProgress {
  return useSyncExternalStore(subscribeToGenerationProgress, getGenerationProgress, () => IDLE);
}

/** Whether a generation is under way (re-renders only when that changes, not on each partial). */
export function useGenerationUnderWay(): boolean {
  return useSyncExternalStore(
    subscribeToGenerationProgress,
    () => progress.drawing,
    () => false,
  );
}
