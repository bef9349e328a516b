// The service worker that makes the portal an installable app. It has no fetch handler on purpose:
// pages, API calls and the live feed's websocket go to the network exactly as without it (nothing
// cached, so nothing stale, and the browser does not start the worker for each request).
self.addEventListener('install', (event) => {
  // Takes over at once rather than after every tab of the previous worker has closed.
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  // And controls the pages already open, not only those loaded after it.
  event.waitUntil(self.clients.claim());
});
