import { useEffect, useState, type RefObject } from 'react';
import { PART_ATTRIBUTES } from '@tshirt/shared/contract';

const PART_NOT_LIVE = `[${PART_ATTRIBUTES.part}]:not([${PART_ATTRIBUTES.state}="live"])`;

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
    const check = () => {
      if (!document.querySelector(PART_NOT_LIVE)) want();
    };
    const partsLive = new MutationObserver(check);
    partsLive.observe(document.body, { subtree: true, attributeFilter: [PART_ATTRIBUTES.state] });
    const onScreen =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) want();
          })
        : undefined;
    if (row.current) onScreen?.observe(row.current);
    const cap = setTimeout(want, IMAGES_WAIT_CAP_MS);
    check();
    return () => {
      partsLive.disconnect();
      onScreen?.disconnect();
      clearTimeout(cap);
    };
  }, [wanted, row]);
  return wanted;
}
