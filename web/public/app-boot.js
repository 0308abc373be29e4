/*
 * Starts the web app after the page's first paint (#25, point 3). The server puts the page's readings, warnings
 * and header in its HTML, so a phone shows them before any script; this file (well under 1 KB, the only script
 * the HTML asks for) then fetches the app's modules and runs it. Fetching them earlier would compete with the
 * page's own HTML and style sheet on a weak network, and evaluating them before the first paint would hold it up.
 *
 * Its tag: <script src="/app-boot.js" defer data-entry="/assets/index-….js" data-preload="/assets/a.js …">.
 * Plain JavaScript, copied as it is from web/public to the site's root; the server writes the tag
 * (server/src/lib/app-boot.ts). A tab opened in the background (no paint) starts after at most 3 s.
 */
(() => {
  const me = document.currentScript;
  if (!me) return;
  const entry = me.getAttribute('data-entry');
  const preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  let started = false;
  // Adding a link costs the main thread 0.2–3 ms (the fetch it starts; more while a trace records it, as
  // Lighthouse's does): a few at a time, each batch a task of its own, so that the start never holds a phone's main
  // thread for long (#25, point 3). Batches of 8 were tasks of 14–21 ms in Lighthouse's traces, and of 4 tasks of
  // 40–70 ms in traces at 4× CPU slowdown (a phone).
  const BATCH = 2;
  const later = (fn) => {
    const s = window.scheduler;
    if (s && typeof s.yield === 'function') s.yield().then(fn);
    else setTimeout(fn, 0);
  };
  function add(from) {
    for (const href of preloads.slice(from, from + BATCH)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    if (from + BATCH < preloads.length) {
      later(() => add(from + BATCH));
      return;
    }
    if (!entry) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  function start() {
    if (started) return;
    started = true;
    add(0);
  }
  // Once the browser says the first contentful paint happened (Paint Timing; a frame's start is not enough: the
  // paint is presented a few milliseconds later), else after the next frame.
  const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        setTimeout(start, 0);
      }
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  // A tab opened in the background paints nothing until shown: its app starts anyway.
  setTimeout(start, 3000);
})();
