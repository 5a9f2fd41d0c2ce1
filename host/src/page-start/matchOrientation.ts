/**
 * The layout's landscape rules match the window before the first paint of a pre-rendered page,
 * not after React starts (no layout shift). The same rule as ../layout/useOrientation.ts, which
 * this script cannot import: it brings React.
 */
export function matchOrientation(win: Window): void {
  const root = win.document.documentElement;
  const update = () =>
    root.setAttribute(
      'data-orientation',
      win.innerHeight > win.innerWidth ? 'portrait' : 'landscape',
    );
  update();
  win.addEventListener('resize', update);
  win.addEventListener('orientationchange', update);
}
