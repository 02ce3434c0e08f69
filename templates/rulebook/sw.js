// Homegame service worker: rule pages work offline after one visit.
// Ledger pages (/nights/), the API and the admin are never cached.
const CACHE = "homegame-rules-{{ version|escapejs }}";
const PRECACHE = ["/rules/", "/rules/all/", "/rules/hand-rankings/"];
const CACHEABLE = [/^\/rules\//, /^\/static\//];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  if (!CACHEABLE.some((pattern) => pattern.test(url.pathname))) return;
  if (event.request.headers.get("HX-Request")) return;
  // Network first, so a table online always reads the latest rules; the cache is the fallback.
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(event.request, copy));
        }
        return response;
      })
      .catch(() => caches.match(event.request).then((hit) => hit || caches.match("/rules/")))
  );
});
