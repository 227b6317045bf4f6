/* The service worker of the table companion, served from the root at /sw.js.
 *
 * The server writes `self.OKGIN` above this code (scorekeeper/offline/pwa.py): the static
 * files of this deploy (hashed names in production), the pages kept from the start, and the
 * version made of them.
 *
 * - Static files: cache first. They are kept at install; their names change with their content.
 * - Pages: network first; each page seen is kept, and opens from the cache without a
 *   connection, marked so that the page shows the offline banner (data-served="cache").
 * - A form sent while the connection fails on the way, which its page marked as one to keep
 *   (a `queue` field), is kept in IndexedDB and sent again later (static/js/offline.js).
 * - A new deploy installs a new version: the old caches go, and the pages they kept are fetched
 *   again for the new one, so that they match the new static files.
 * - Pages of a link that was revoked are dropped when the server says so (`checkKept`).
 */
'use strict';

const CONFIG = self.OKGIN;
const CACHE = `okgin-${CONFIG.version}`;
const MOST_PAGES = 60;
const NOT_KEPT = ['/accounts/', '/admin/', '/sw.js', '/offline/kept/'];
const CHECK_EVERY = 5 * 60 * 1000;
const NO_CONNECTION = { status: 204, headers: { 'X-Offline': '1' } };

importScripts(CONFIG.store); // self.OkginQueue: the entries kept on the phone

/* This version's cache, made at install. A worker whose cache is gone was replaced by a newer
   deploy, which dropped it: such a worker keeps nothing more (null). But while it is still the
   newest worker, its cache was cleared with the site's data: it keeps pages again. */
async function ownCache() {
  if (await caches.has(CACHE)) {
    return caches.open(CACHE);
  }
  const { installing, waiting, active } = self.registration;
  const newest = installing || waiting || active;
  return newest && newest === self.serviceWorker ? caches.open(CACHE) : null;
}

function isStatic(url) {
  return url.pathname.startsWith(CONFIG.staticPrefix);
}

function keepable(request, response) {
  const url = new URL(request.url);
  const type = response.headers.get('Content-Type') || '';
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    type.startsWith('text/html') &&
    !NOT_KEPT.some((prefix) => url.pathname.startsWith(prefix))
  );
}

/* The home page lists the matches: kept again when the scoreboard of a match it does not list
   (a new match) is kept. */
const BOARD = new RegExp(CONFIG.board);

async function keepPage(request, response) {
  const cache = await ownCache();
  if (!cache) {
    return;
  }
  const seen = await cache.match(request, { ignoreVary: true });
  await cache.put(request, response);
  const path = new URL(request.url).pathname;
  if (!seen && BOARD.test(path)) {
    const home = await cache.match(CONFIG.pages[0], { ignoreVary: true });
    if (!home || !(await home.text()).includes(`href="${path}"`)) {
      await fetchAndKeep(CONFIG.pages[0]).catch(() => {});
    }
  }
  // The oldest pages go first; the pages kept from the start stay.
  const pages = (await cache.keys()).filter((kept) => {
    const url = new URL(kept.url);
    return !isStatic(url) && !CONFIG.pages.includes(url.pathname);
  });
  for (const old of pages.slice(0, Math.max(0, pages.length - MOST_PAGES))) {
    await cache.delete(old);
  }
}

/* Keep `url` as it is now, unless the copy kept already shows `version` of its match (its
   `data-match-version`): the cache itself says what is kept, nothing beside it. */
async function keepCurrent(url, version) {
  const cache = version === undefined ? null : await ownCache();
  const kept = cache && (await cache.match(url, { ignoreVary: true }));
  if (kept) {
    const shown = (await kept.text()).match(/data-match-version="(\d+)"/);
    if (shown && shown[1] === String(version)) {
      return;
    }
  }
  await fetchAndKeep(url);
}

async function fetchAndKeep(url) {
  const request = new Request(url, { credentials: 'same-origin' });
  const response = await fetch(request);
  if (keepable(request, response)) {
    await keepPage(request, response);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(CONFIG.static);
      await Promise.all(CONFIG.pages.map(fetchAndKeep));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await ownCache();
      const old = (await caches.keys()).filter((name) => name.startsWith('okgin-') && name !== CACHE);
      for (const name of old) {
        // Pages kept by the old version name its static files: fetch them again for this one.
        const pages = (await (await caches.open(name)).keys())
          .map((request) => new URL(request.url))
          .filter((url) => !isStatic(url));
        for (const url of pages.slice(-MOST_PAGES)) {
          if (!(await cache.match(url.href, { ignoreVary: true }))) {
            await fetchAndKeep(url.href).catch(() => {});
          }
        }
        await caches.delete(name);
      }
      await self.clients.claim();
      await checkKept(true);
    })(),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data || {};
  if (message.type === 'keep') {
    const urls = (message.urls || []).filter((url) => new URL(url).origin === self.location.origin);
    event.waitUntil(Promise.all(urls.map((url) => keepCurrent(url, message.version).catch(() => {}))));
  } else if (message.type === 'check') {
    event.waitUntil(checkKept(true));
  }
});

/* Ask the server which kept pages this browser may no longer see (a revoked share link, a
   deleted match), and drop them. */
let lastCheck = 0;
async function checkKept(now) {
  if (!now && Date.now() - lastCheck < CHECK_EVERY) {
    return;
  }
  lastCheck = Date.now();
  const cache = await ownCache();
  if (!cache) {
    return;
  }
  const paths = (await cache.keys())
    .map((request) => new URL(request.url))
    .filter((url) => !isStatic(url))
    .map((url) => url.pathname + url.search);
  if (!paths.length) {
    return;
  }
  try {
    const query = new URLSearchParams(paths.map((path) => ['p', path]));
    const response = await fetch(`${CONFIG.kept}?${query}`, { credentials: 'same-origin' });
    if (!response.ok) {
      return;
    }
    const { gone } = await response.json();
    await Promise.all(gone.map((path) => cache.delete(path)));
  } catch (error) {
    // No connection: the next time.
  }
}

/* A kept copy, marked for its page's script: the banner says it is not live. */
async function fromCache(response) {
  const text = (await response.text()).replace('data-served="network"', 'data-served="cache"');
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  return new Response(text, { status: 200, headers });
}

async function page(event) {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (keepable(request, response)) {
      event.waitUntil(keepPage(request, response.clone()));
    } else if ([403, 404, 410].includes(response.status)) {
      event.waitUntil(ownCache().then((cache) => cache && cache.delete(request)));
    }
    event.waitUntil(checkKept(false));
    return response;
  } catch (error) {
    const kept =
      (await caches.match(request, { ignoreVary: true })) ||
      (await caches.match(CONFIG.offline, { ignoreVary: true }));
    return kept ? fromCache(kept) : new Response('', NO_CONNECTION);
  }
}

async function staticFile(request) {
  const kept = await caches.match(request);
  if (kept) {
    return kept;
  }
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      const cache = await ownCache();
      if (cache) {
        await cache.put(request, copy);
      }
    }
    return response;
  } catch (error) {
    return new Response('', NO_CONNECTION);
  }
}

/* A form sent as a page (no JS needed to send it). Should the connection fail, a form its page
   marked to keep is kept, and the phone goes to the match's scoreboard, where it is shown
   waiting; any other form shows the offline page. */
async function sendForm(event) {
  const copy = event.request.clone();
  try {
    return await fetch(event.request);
  } catch (error) {
    const fields = await copy.formData().catch(() => null);
    const described = fields && fields.get('queue');
    if (described) {
      try {
        const entry = JSON.parse(described);
        entry.fields = [...fields.entries()].filter(
          ([name, value]) => typeof value === 'string' && name !== 'queue',
        );
        await self.OkginQueue.add(entry);
        return Response.redirect(entry.match, 303);
      } catch (broken) {
        // Not a description this code wrote: fall through to the offline page.
      }
    }
    const offline = await caches.match(CONFIG.offline, { ignoreVary: true });
    return offline ? fromCache(offline) : new Response('', NO_CONNECTION);
  }
}

/* Anything else (htmx's polls and forms, the queue's own sends, pictures): the network, or an
   empty answer marked X-Offline, which the page's script reads as "no connection". */
async function network(request) {
  try {
    return await fetch(request);
  } catch (error) {
    return new Response(null, NO_CONNECTION);
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (request.method === 'GET' && isStatic(url)) {
    event.respondWith(staticFile(request));
  } else if (request.method === 'GET' && request.mode === 'navigate') {
    event.respondWith(page(event));
  } else if (request.method === 'POST' && request.mode === 'navigate') {
    event.respondWith(sendForm(event));
  } else {
    event.respondWith(network(request));
  }
});
