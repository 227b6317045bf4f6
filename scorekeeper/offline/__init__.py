"""The table without Wi-Fi: an installable app that keeps working when the connection drops.

What lives here, each added on top of pages that work without JavaScript:
- `pwa`: the web app manifest, the service worker (served from the site's root), the page a
  phone shows for a page it never kept, and the check that drops pages of revoked links;
- `idempotency`: every POST that changes a match may carry a key the phone made; the answer is
  stored with the change, and the same key again gets the same answer (offline entries are
  sent again when the connection returns, and a reply can be lost on the way);
- `results`: "Send the result", a PNG of the score drawn on the server (`drawing`), and the
  Open Graph tags that a link preview reads from a view link;
- `palette`: the stylesheet's colours by name, read from static/css/site.css, for all that the
  server draws or names in colour (the picture, the icons, the manifest, the theme colours).

The phone's side is in static/js/: offline.js (the offline banner, the queue of entries kept
in IndexedDB and sent again in order, conflicts), phone.js (install offer, screen wake lock,
sending the result) and sw.js (the service worker's code).
"""
