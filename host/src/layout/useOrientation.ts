import { useSyncExternalStore } from 'react';

export type Orientation = 'portrait' | 'landscape';

/** Portrait when the window is taller than it is wide (the spec's rule); a square is landscape. */
export function orientationOf(width: number, height: number): Orientation {
  return height > width ? 'portrait' : 'landscape';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

function currentOrientation(): Orientation {
  return orientationOf(window.innerWidth, window.innerHeight);
}

/** The window's orientation, updated live as it is resized or rotated. */
export function useOrientation(): Orientation {
  return useSyncExternalStore(subscribe, currentOrientation, () => 'portrait');
}
