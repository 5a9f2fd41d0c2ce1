// Runs before the first paint: the page's own scripts (this element's `data-scripts`) are added
// only once the page has painted and is parsed (the page preloads them at low priority meanwhile),
// so the server-rendered page shows first. The host then preloads the remotes' entries the page
// does not preload yet, for a page that has remote parts. Until the scripts run, clicks on parts are held
// (hold-part-events.js), and links and forms work as plain HTML.
(function () {
  var script = document.currentScript;
  var scripts = JSON.parse((script && script.getAttribute('data-scripts')) || '[]');
  var started = false;

  function preloadRemoteEntries() {
    if (!document.querySelector('[data-remote-slot]')) return;
    var configElement = document.getElementById('site-config');
    var remotes = {};
    try {
      remotes = JSON.parse((configElement && configElement.textContent) || '{}').remotes || {};
    } catch {
      return;
    }
    var preloaded = Array.prototype.map.call(
      document.querySelectorAll('link[rel="preload"]'),
      function (link) {
        return link.getAttribute('href');
      },
    );
    Object.keys(remotes).forEach(function (name) {
      // A page with the remote's parts in it preloads its entry already (the server put it there).
      if (preloaded.indexOf(remotes[name].entry) !== -1) return;
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = remotes[name].entry;
      document.head.appendChild(link);
    });
  }

  function start() {
    if (started) return;
    started = true;
    scripts.forEach(function (src) {
      var element = document.createElement('script');
      element.src = src;
      // In order, like the `defer` scripts they replace.
      element.async = false;
      document.head.appendChild(element);
    });
    preloadRemoteEntries();
  }

  function afterFirstPaint() {
    // A hidden tab never paints: start at once.
    if (document.visibilityState === 'hidden') return start();
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
    // Whatever the frames do, never wait long.
    setTimeout(start, 1000);
  }

  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', afterFirstPaint);
  else afterFirstPaint();
})();
