// Runs before the first paint: the page's own scripts (this element's `data-scripts`) are added
// only once the page has painted and is parsed, so on a slow connection the server-rendered page
// shows without competing with them for bandwidth; with them, the preloads the server listed for
// the page's parts, and of the remotes' entries any the server did not list. Until the scripts run, clicks on parts are held
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
    // The server's preloads of what the page's parts will load: asked for now, all at once.
    var partScripts = document.querySelector('template[data-part-scripts]');
    if (partScripts) document.head.appendChild(partScripts.content.cloneNode(true));
    preloadRemoteEntries();
  }

  function afterFirstPaint() {
    // A hidden tab never paints: start at once.
    if (document.visibilityState === 'hidden') return start();
    // Never wait long, whatever the browser reports.
    setTimeout(start, 1000);
    var observes =
      window.PerformanceObserver &&
      (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
    if (observes) {
      // The first contentful paint as the browser reports it, once it has been presented: two
      // frames are not always enough (a busy machine paints its first content frames later).
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        setTimeout(start, 0);
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(function () {
        requestAnimationFrame(function () {
          setTimeout(start, 0);
        });
      });
    }
  }

  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', afterFirstPaint);
  else afterFirstPaint();
})();
