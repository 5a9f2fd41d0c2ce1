import { useEffect, useState, type RefObject } from 'react';
import { whenEveryPartIsLive } from '@tshirt/shared/partsLive';

/** Longest wait for the page's other parts (one may never go live: its remote is down). */
export const IMAGES_WAIT_CAP_MS = 3_000;

/**
 * Whether the gallery's images may load: once every part of the page is live, at once when the row
 * is on screen, and at the latest `IMAGES_WAIT_CAP_MS` after the gallery is. Below the fold on a
 * phone, loaded with the page, they shared a slow link, and HTTP/1.1's six connections, with the
 * scripts that make the page live, and held those back (`npm run bench -- interaction`).
 */
export function useImagesWanted(row: RefObject<HTMLElement | null>): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const onScreen =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) want();
          })
        : undefined;
    if (row.current) onScreen?.observe(row.current);
    const cancel = whenEveryPartIsLive(want, IMAGES_WAIT_CAP_MS);
    return () => {
      cancel();
      onScreen?.disconnect();
    };
  }, [wanted, row]);
  return wanted;
}
