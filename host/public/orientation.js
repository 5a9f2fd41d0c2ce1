// Runs before the first paint of a pre-rendered page: the layout's landscape rules match the
// window at once instead of after React starts (no layout shift). Same rule as
// src/layout/useOrientation.ts: portrait when the window is taller than it is wide.
(function () {
  var root = document.documentElement;
  function update() {
    root.setAttribute(
      'data-orientation',
      window.innerHeight > window.innerWidth ? 'portrait' : 'landscape',
    );
  }
  update();
  window.addEventListener('resize', update);
  window.addEventListener('orientationchange', update);
})();
