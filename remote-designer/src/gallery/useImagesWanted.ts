import { useEffect, useState, type RefObject } from 'react';
import { whenEveryPartIsLive } from '@tshirt/shared/partsLive';

/** Longest wait for the page's other parts (one may never go live: its remote is down). */
export const IMAGES_WAIT_CAP_MS = 3_000;

/**
 * Whether the gallery's images may load: once the row is on screen or every part of the page is
 * live (at the latest `IMAGES_WAIT_CAP_MS` after the gallery is), and no art is on its way to the
 * shirt (`artOnItsWay`; waited for at most `IMAGES_WAIT_CAP_MS`). Below the fold on a phone, loaded
 * with the page, they shared a slow link, and HTTP/1.1's six connections, with the scripts that
 * make the page live, and held those back; and each SVG drawing is parsed on the page's main
 * thread, so loaded while a generated artwork arrives they held back its painting (`npm run bench
 * -- interaction`). Once wanted, they stay wanted.
 */
export function useImagesWanted(row: RefObject<HTMLElement | null>, artOnItsWay: boolean): boolean {
  const [onScreen, setOnScreen] = useState(false);
  const [pageLive, setPageLive] = useState(false);
  // An image model may draw for many seconds: the row waits for its art at most the cap.
  const [waitedForArt, setWaitedForArt] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (!wanted && (onScreen || pageLive) && (!artOnItsWay || waitedForArt)) setWanted(true);
  useEffect(() => {
    if (wanted || !artOnItsWay) return undefined;
    const timer = setTimeout(() => setWaitedForArt(true), IMAGES_WAIT_CAP_MS);
    return () => clearTimeout(timer);
  }, [wanted, artOnItsWay]);
  useEffect(() => {
    if (wanted) return;
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) setOnScreen(true);
          })
        : undefined;
    if (row.current) observer?.observe(row.current);
    const cancel = whenEveryPartIsLive(() => setPageLive(true), IMAGES_WAIT_CAP_MS);
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, [wanted, row]);
  return wanted;
}
