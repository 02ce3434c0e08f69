// Homegame service worker: after one visit the rulebook reads offline, styled.
// What it keeps is listed by rulebook/offline.py. The API, the admin and the ledger's
// own requests are never cached; a ledger page that cannot load shows a short
// page saying the ledger needs the connection and nothing was saved.
const CACHE = "{{ cache_name|escapejs }}";
const PREFIX = "homegame-rules-";
const PAGES = {{ pages|safe }};
const STATIC = {{ static|safe }};
const GAMES = {{ games|safe }};
const INDEX = "{{ index|escapejs }}";
const OFFLINE_LEDGER = "{{ offline_ledger|escapejs }}";
const CACHEABLE = [/^\/rules\//, /^\/static\//];
const LEDGER = /^\/nights\//;
const HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/; // a static file's name with its content hash
const GAME_PAGE = /^\/rules\/[^/]+\/$/;
const ANY = { ignoreVary: true };

const fresh = (url) => new Request(url, { cache: "reload", credentials: "same-origin" });

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Without these nothing works offline, so the worker installs only once they are kept.
      await cache.addAll([...PAGES, ...STATIC].map(fresh));
      // The page that registered this worker loaded before it: keep it too (a house game).
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const visited = open
        .map((client) => new URL(client.url))
        .filter((url) => url.origin === location.origin && GAME_PAGE.test(url.pathname))
        .map((url) => url.pathname);
      const games = [...new Set([...GAMES, ...visited])];
      await Promise.allSettled(games.map((url) => cache.add(fresh(url))));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const key of await caches.keys()) {
        if (key === CACHE) continue;
        if (key.startsWith(PREFIX)) await keepVisitedGames(await caches.open(key), cache);
        await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

// House games opened before a new version stay readable offline; the set itself is fresh.
async function keepVisitedGames(old, cache) {
  for (const request of await old.keys()) {
    const url = new URL(request.url);
    if (!GAME_PAGE.test(url.pathname) || url.search || (await cache.match(request, ANY))) continue;
    const response = await old.match(request, ANY);
    if (response) await cache.put(request, response);
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === "navigate" && LEDGER.test(url.pathname)) {
    event.respondWith(fetch(request).catch(offlineLedger));
    return;
  }
  if (request.method !== "GET" || request.headers.get("HX-Request")) return;
  if (!CACHEABLE.some((pattern) => pattern.test(url.pathname))) return;
  if (url.pathname.startsWith("/static/")) event.respondWith(staticFile(event, url));
  else event.respondWith(rulePage(event));
});

async function offlineLedger() {
  const cache = await caches.open(CACHE);
  return (await cache.match(OFFLINE_LEDGER, ANY)) || Response.error();
}

// Network first, so a table online always reads the latest rules; the cache is the fallback.
async function rulePage(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) event.waitUntil(cache.put(request, response.clone()));
    return response;
  } catch (error) {
    const hit = await cache.match(request, ANY);
    if (hit) return hit;
    // A page never kept: the index, which lists what is.
    if (request.mode === "navigate") return (await cache.match(INDEX, ANY)) || Response.error();
    return Response.error();
  }
}

// A file named by its content (or one of the set) never changes: cache first. Others network
// first. A miss offline is a network error, never a page in place of a stylesheet or script.
async function staticFile(event, url) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const fixed = STATIC.includes(url.pathname) || HASHED.test(url.pathname);
  if (fixed) {
    const hit = await cache.match(request, ANY);
    if (hit) return hit;
  }
  try {
    const response = await fetch(request);
    if (response.ok) event.waitUntil(cache.put(request, response.clone()));
    return response;
  } catch (error) {
    return (await cache.match(request, ANY)) || Response.error();
  }
}
