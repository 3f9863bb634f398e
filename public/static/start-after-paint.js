// The app's start on a page the server painted (a lobby's first banner, the agent login's promotion): that markup is
// what a visitor sees first, so its image has the link to itself, and the app's scripts are asked for once it has
// come and been painted (at most a second on), instead of sharing a phone's slow link with it. Lighthouse's
// simulated LCP went from 2.1 s to 1.1 s on / (README, issue 15).
(function () {
  var loader = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (loader.getAttribute('data-preloads') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = 'anonymous';
    entry.src = loader.getAttribute('data-entry');
    document.head.appendChild(entry);
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // A hidden tab paints no frame: the cap starts the app there too.
  setTimeout(start, 1000);
  var image = document.querySelector('[data-first-paint] img');
  if (image && !image.complete) {
    image.addEventListener('load', afterPaint);
    image.addEventListener('error', afterPaint);
  } else {
    afterPaint();
  }
})();
