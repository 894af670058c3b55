// @ts-check
// The service worker, served at /sw.js (scope "/") by web/site/pwa.py, which replaces the CONFIG
// line below with this release's cache version (a hash of the static files) and the files to
// precache. Static files are served cache-first; a page that cannot be fetched (offline) gets the
// offline page; the API and the Hearts sockets always go to the server and are never cached.

const CONFIG = { version: "dev", offline: "/offline", files: /** @type {string[]} */ ([]) };

/** The worker's global scope (the page scripts are type checked with the DOM library). */
const sw = /** @type {any} */ (self);
const CACHE = `heartsuite-${CONFIG.version}`;

sw.addEventListener("install", (/** @type {any} */ event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll([...CONFIG.files, CONFIG.offline]))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (/** @type {any} */ event) => {
  // a new release replaces the old caches
  event.waitUntil(
    caches.keys().then((names) => Promise.all(
      names.filter((name) => name.startsWith("heartsuite-") && name !== CACHE)
        .map((name) => caches.delete(name)),
    )),
  );
});

/**
 * A static file from the cache, else from the server (and kept for next time).
 * @param {Request} request
 */
async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy)).catch(() => {});
  }
  return response;
}

/**
 * A page from the server; when the server cannot be reached, the offline page.
 * @param {Request} request
 */
async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const offline = await caches.match(CONFIG.offline, { cacheName: CACHE });
    if (offline) return offline;
    throw err;
  }
}

sw.addEventListener("fetch", (/** @type {any} */ event) => {
  /** @type {Request} */
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  // the games' API needs the server: never answered from a cache (the sockets, under /api/ too,
  // never pass through a service worker)
  if (url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(pageOrOffline(request));
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(cacheFirst(request));
  }
});
