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
})();
