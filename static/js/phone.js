/* The phone's extras: install offer, screen kept on, Send the result, Copy/Send a link.
 * Each only where the browser can; notes in the README. */
(() => {
  'use strict';

  const remember = {
    get: (name) => {
      try {
        return localStorage.getItem(`okgin.${name}`);
      } catch (error) {
        return null;
      }
    },
    set: (name, value) => {
      try {
        localStorage.setItem(`okgin.${name}`, value);
      } catch (error) {
        // Private browsing without storage: it is simply not remembered.
      }
    },
  };

  // ---- Visits: a new one each time the browser opens the site again -----------------------

  let visits = Number(remember.get('visits') || 0);
  try {
    if (!sessionStorage.getItem('okgin.visiting')) {
      sessionStorage.setItem('okgin.visiting', '1');
      visits += 1;
      remember.set('visits', String(visits));
    }
  } catch (error) {
    // No storage: every visit looks like the first, and nothing is offered.
  }

  // ---- The install offer ------------------------------------------------------------------

  const installed =
    window.matchMedia('(display-mode: standalone)').matches || navigator.standalone === true;
  const offer = document.querySelector('[data-install-offer]');
  let prompt = null;

  function offerInstall(kind) {
    if (!offer || installed || visits < 2 || remember.get('install-offered')) return;
    remember.set('install-offered', '1'); // once, whatever the answer
    offer.querySelector(`[data-install-${kind}]`).hidden = false;
    offer.hidden = false;
  }

  function closeOffer() {
    if (offer) offer.hidden = true;
  }

  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own banner would come on the first visit: ours comes later, once.
    event.preventDefault();
    prompt = event;
    offerInstall('prompt');
  });
  window.addEventListener('appinstalled', closeOffer);

  if (offer) {
    offer.querySelector('[data-install]').addEventListener('click', async () => {
      closeOffer();
      if (prompt) {
        await prompt.prompt();
        prompt = null;
      }
    });
    for (const button of offer.querySelectorAll('[data-install-dismiss]')) {
      button.addEventListener('click', closeOffer);
    }
    // iOS never fires beforeinstallprompt: Safari adds to the Home Screen from its own menu.
    const iOS =
      /iPhone|iPad|iPod/.test(navigator.userAgent) ||
      (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
    if (iOS) offerInstall('ios');
  }

  // ---- Keep the screen on -----------------------------------------------------------------

  const onMatchPage = Boolean(document.querySelector('[data-match-url]'));
  const awakeSwitch = document.querySelector('[data-wake-switch]');
  const wanted = () => remember.get('keep-awake') !== 'off';
  let lock = null;

  async function stayAwake() {
    if (!onMatchPage || !wanted() || lock || document.visibilityState !== 'visible') return;
    try {
      lock = await navigator.wakeLock.request('screen');
      lock.addEventListener('release', () => {
        lock = null;
      });
    } catch (error) {
      lock = null; // refused (battery saver, a hidden page): the screen sleeps as usual
    }
  }

  if (navigator.wakeLock) {
    if (awakeSwitch) {
      const box = awakeSwitch.querySelector('input');
      box.checked = wanted();
      awakeSwitch.hidden = false;
      box.addEventListener('change', () => {
        remember.set('keep-awake', box.checked ? 'on' : 'off');
        if (box.checked) {
          stayAwake();
        } else if (lock) {
          lock.release();
          lock = null;
        }
      });
    }
    // The browser lets the lock go when the page is hidden: take it again on return.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') stayAwake();
    });
    stayAwake();
  }

  // ---- Send the result --------------------------------------------------------------------

  const dark = window.matchMedia('(prefers-color-scheme: dark)');

  for (const link of document.querySelectorAll('[data-send-result]')) {
    const note = link.parentElement.querySelector('[data-send-note]');
    const picture = () => {
      const url = new URL(link.href);
      url.searchParams.set('theme', dark.matches ? 'dark' : 'light');
      return url;
    };
    const follow = () => {
      link.href = picture().href;
    };
    follow();
    dark.addEventListener('change', follow);
    let fetched = null;
    // Fetched as the finger lands, so that the sheet can open in the same tap.
    const fetchPicture = () => {
      fetched = fetched || fetch(picture()).then((response) => {
        if (!response.ok || response.status !== 200) throw new Error('no picture');
        return response.blob();
      });
      fetched.catch(() => {
        fetched = null;
      });
      return fetched;
    };
    link.addEventListener('pointerdown', () => {
      if (navigator.canShare) fetchPicture().catch(() => {});
    });
    link.addEventListener('click', async (event) => {
      note.hidden = true;
      if (!navigator.canShare || !navigator.share) return; // the link downloads it
      event.preventDefault();
      try {
        const blob = await fetchPicture();
        const file = new File([blob], link.getAttribute('download'), { type: 'image/png' });
        if (navigator.canShare({ files: [file] })) {
          await navigator.share({ files: [file], title: link.dataset.title });
        } else {
          const download = Object.assign(document.createElement('a'), {
            href: URL.createObjectURL(blob),
            download: file.name,
          });
          download.click();
          setTimeout(() => URL.revokeObjectURL(download.href), 10000);
        }
      } catch (error) {
        if (error.name !== 'AbortError') {
          note.hidden = false; // without a connection: it can be sent once back online
        }
      } finally {
        fetched = null;
      }
    });
  }

  // ---- The upcard picker folds, and nothing that can be tapped lands under the finger -----
  /* Once the upcard is set, the grid folds away and a quiet box (#picker-rest) takes its place.
     After this phone's own tap the box is just tall enough that "Ann knocked", Draw or a deal
     row starts below where the finger is, so they come up close without coming under it. When
     the other phone set the upcard (the poll brings the picker's title), the box is as tall as
     the open grid was: nothing moves under this phone's finger either. */

  const CLEAR = 24; // px from where the finger landed to the next thing that can be tapped
  const NEAR = 8; // "Ann knocked" (a link: it records nothing) may end this close above it
  const TAPPABLE = 'a[href], button, summary, input:not([type="hidden"]), select, textarea, label';
  let finger = null; // where the last touch on the upcard grid landed, in page coordinates

  document.addEventListener(
    'pointerdown',
    (event) => {
      const card = event.target.closest && event.target.closest('#upcard label');
      if (!card) return;
      finger = event.clientY + scrollY;
    },
    true,
  );

  const pageTop = (el) => el.getBoundingClientRect().top + scrollY;
  const pageBottom = (el) => el.getBoundingClientRect().bottom + scrollY;

  /* Show the box `height` px tall (none below 1 px), with the upcard in it when there is room. */
  function rest(box, height) {
    const px = Math.max(0, height);
    box.style.height = `${px}px`;
    box.hidden = px < 1;
    box.classList.toggle('thin', px < 56 || box.id !== 'picker-rest');
    const card = document.querySelector('#picker-title .pc');
    box.replaceChildren(...(card && !box.classList.contains('thin') ? [card.cloneNode(true)] : []));
  }

  /* The top and foot, on the page, of what can be tapped after `from` (and before `to`). */
  function tappables(from, to) {
    let top = Infinity;
    let bottom = -Infinity;
    for (const el of document.querySelectorAll(TAPPABLE)) {
      if (!(from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      if (to && !(to.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING)) continue;
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      top = Math.min(top, box.top + scrollY);
      bottom = Math.max(bottom, box.bottom + scrollY);
    }
    return { top, bottom };
  }

  /* After this phone's own tap (the box above held at the grid's height): "Ann knocked" right
     under the folded title when it ends above the card tapped, with the box below it reaching
     past the card; else the box above reaching past the card, and "Ann knocked" under it. */
  function clearTheFinger(above, below) {
    const tall = above.offsetHeight;
    const knocked = tappables(above, below); // with the box above still `tall`
    const after = tappables(below);
    const room = document.documentElement.scrollHeight - scrollY - innerHeight;
    let high = 0;
    let low = 0;
    if (finger !== null && knocked.bottom - tall + NEAR <= finger) {
      low = finger + CLEAR - (after.top - tall);
    } else if (finger !== null) {
      high = finger + CLEAR - (knocked.top - tall);
    }
    // Never shorter than keeps the page as far down as it is scrolled: a page that shrank
    // under the screen's bottom would scroll by itself.
    low += Math.max(0, tall - room - high - low);
    rest(above, high);
    rest(below, low);
  }

  /* The box keeps everything in place itself; the browser's scroll anchoring, following
     whatever it anchored to while the grid folded, would scroll the page: back to where it was. */
  function stay(scrolled) {
    if (scrollY !== scrolled) scrollTo(scrollX, scrolled);
  }

  let held = null; // where the open picker (or its box) ended before a swap, and its title

  document.addEventListener('htmx:oobBeforeSwap', (event) => {
    const picker = document.getElementById('picker');
    const box = document.getElementById('picker-rest');
    const id = event.detail.target && event.detail.target.id;
    if (!picker || !box || (id !== 'picker' && id !== 'picker-title')) return;
    held = null;
    if (!picker.open && box.hidden) return;
    const style = getComputedStyle(picker);
    held = {
      scrolled: scrollY,
      next: pageTop(box.nextElementSibling), // what follows the grid, and must stay put
      bottom: box.hidden ? pageBottom(picker) : pageBottom(box),
      // A folded picker ends where its title does, plus its own padding and border.
      folded:
        pageBottom(picker.querySelector('summary')) +
        parseFloat(style.paddingBottom) +
        parseFloat(style.borderBottomWidth),
    };
  });

  document.addEventListener('htmx:oobAfterSwap', (event) => {
    const picker = document.getElementById('picker');
    const box = document.getElementById('picker-rest');
    const id = event.target && event.target.id;
    if (!picker || !box || held === null) return;
    const title = document.getElementById('picker-title');
    const upcard = title && title.dataset.upcard;
    if (id === 'picker' && !picker.open) {
      // This phone's own tap. First the box holds the grid's height, so that the page never
      // shrinks under the finger; then it reaches just past the finger.
      rest(box, held.bottom - held.folded);
      clearTheFinger(box, document.getElementById('picker-rest-below'));
      finger = null;
      stay(held.scrolled);
      held = null;
    } else if (id === 'picker-title' && upcard && picker.open) {
      // The other phone set it: folded, and the box fills what the grid held.
      rest(box, held.bottom - held.folded);
      picker.open = false;
      rest(box, box.offsetHeight + held.next - pageTop(box.nextElementSibling));
      for (const input of picker.querySelectorAll('input[name="upcard"]')) {
        input.checked = input.value === upcard;
      }
      stay(held.scrolled);
      held = null;
    }
  });

  // Opening the picker again ("change") puts the grid back where the box was.
  document.addEventListener(
    'toggle',
    (event) => {
      const box = document.getElementById('picker-rest');
      if (event.target.id !== 'picker' || !event.target.open || !box) return;
      rest(box, 0);
      const below = document.getElementById('picker-rest-below');
      if (below) rest(below, 0);
    },
    true,
  );

  // ---- A message swapped in keeps the height of the one it replaces ----------------------
  /* "Deal 4 was restored." comes out of band in place of "Deal 4 was deleted. It stays in the
     list…": a shorter message would pull the list up under the finger on Restore. */
  let messagesHeight = 0;
  document.addEventListener('htmx:oobBeforeSwap', (event) => {
    const fragment = event.detail.fragment && event.detail.fragment.firstElementChild;
    if (fragment && fragment.hasAttribute('data-keep-height')) {
      messagesHeight = event.detail.target.getBoundingClientRect().height;
    }
  });
  document.addEventListener('htmx:oobAfterSwap', (event) => {
    if (event.target.hasAttribute && event.target.hasAttribute('data-keep-height')) {
      event.target.style.minHeight = `${messagesHeight}px`;
    }
  });

  // ---- Copy or send a share link ------------------------------------------------------------

  for (const tools of document.querySelectorAll('[data-share-tools]')) {
    const { url, title } = tools.dataset;
    const copy = tools.querySelector('[data-copy]');
    const send = tools.querySelector('[data-send]');
    const copied = tools.parentElement.querySelector('[data-copied]');
    copy.hidden = !(navigator.clipboard && window.isSecureContext);
    send.hidden = !navigator.share;
    tools.hidden = copy.hidden && send.hidden;
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(url);
        copied.hidden = false;
      } catch (error) {
        getSelection().selectAllChildren(tools.previousElementSibling); // then the phone's Copy
      }
    });
    send.addEventListener('click', () => navigator.share({ url, title }).catch(() => {}));
  }

  // ---- A preset of house rules (the new-match form's Hollywood bonuses) ----------------------
  // Without JS the link opens the form again with the preset; here it fills the fields in
  // place, keeping what was typed, and is offered once Hollywood is switched on.

  for (const link of document.querySelectorAll('[data-preset]')) {
    const form = link.closest('form');
    const values = JSON.parse(link.dataset.preset);
    const hollywood = form.elements.namedItem('hollywood');
    const offer = () => {
      link.hidden = Boolean(hollywood) && !hollywood.checked;
    };
    if (hollywood) {
      hollywood.addEventListener('change', offer);
      offer();
    }
    link.addEventListener('click', (event) => {
      event.preventDefault();
      for (const [name, value] of Object.entries(values)) {
        const field = form.elements.namedItem(name);
        if (!field) continue;
        if (field.type === 'checkbox') field.checked = Boolean(value);
        else field.value = String(value);
      }
    });
  }
})();
