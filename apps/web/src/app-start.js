// Starts the app (data-entry, set by the build), first painting the page's last picture when there is one: lib/offline/page-snapshot.ts.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  function start() {
    if (!entry) return;
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = entry;
    document.head.appendChild(s);
  }
  try {
    var read = function (key) {
      var kept = JSON.parse(localStorage.getItem('holeout-cache:' + key) || 'null');
      return kept && kept.v === 2 && kept.exp > Date.now() && kept.data;
    };
    var shot = read('page-snapshot');
    var who = read('offline-session');
    var root = document.getElementById('root');
    var sw = navigator.serviceWorker;
    if (
      shot &&
      who &&
      root &&
      entry &&
      sw &&
      sw.controller &&
      localStorage.getItem('token') &&
      shot.build === entry &&
      shot.uid === who.user.uid &&
      shot.path === location.pathname + location.search
    ) {
      for (var name in shot.attrs) document.documentElement.setAttribute(name, shot.attrs[name]);
      var p = document.createElement('div');
      p.id = 'page-snapshot';
      p.setAttribute('aria-hidden', 'true');
      p.setAttribute('inert', '');
      p.style.cssText = 'position:fixed;inset:0;z-index:10000;overflow:hidden;background:var(--mantine-color-body)';
      p.innerHTML = shot.html;
      root.parentNode.insertBefore(p, root);
      return requestAnimationFrame(function () {
        setTimeout(start);
      });
    }
  } catch (e) {
    // No picture then.
  }
  start();
})();
