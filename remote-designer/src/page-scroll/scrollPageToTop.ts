/** Brings the shirt preview back into view after the artwork changes, gently unless motion is unwelcome. */
export function scrollPageToTop(target: Window = window): void {
  const prefersReducedMotion =
    typeof target.matchMedia === 'function' &&
    target.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollTo({ top: 0, behavior: prefersReducedMotion ? 'auto' : 'smooth' });
}
