/**
 * Brings the shirt preview back into view after the artwork changes: gently unless motion is
 * unwelcome, or `at once` when the art just arrived (a gentle scroll keeps it out of sight for
 * its whole glide, and repaints the page on every frame of it while the art is painted).
 */
export function scrollPageToTop(target: Window = window, pace: 'gently' | 'at once' = 'gently'): void {
  const prefersReducedMotion =
    typeof target.matchMedia === 'function' &&
    target.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const behavior: ScrollBehavior =
    pace === 'at once' ? 'instant' : prefersReducedMotion ? 'auto' : 'smooth';
  target.scrollTo({ top: 0, behavior });
}
