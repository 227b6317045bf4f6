/* Offline use of the table companion: the queue of changes kept on the phone, the offline
 * banner, and the service worker's registration. Every page works without this script.
 *
 * The queue: a form that changes a match says so with `data-queue="KIND"` (on the form, or on
 * the one submit button that records: upcard, draw, quick, cards). Sent without a connection,
 * it is kept in IndexedDB with a key of its own, the deal number and the match version it was
 * entered against, and what was typed; its match's scoreboard shows it "waiting to be sent".
 * When the connection returns, the kept entries are sent again, in order, with their keys
 * (`Idempotency-Key`) and `X-Offline-Replay: 1`: the server answers in JSON
 * (scorekeeper/offline/idempotency.py). A deal the other phone recorded first is shown with
 * both sides, and can be kept as a correction of it; nothing typed is dropped unless the player
 * says so.
 *
 * Every POST form gets an `idempotency_key` field, and every change htmx sends for a form that
 * opted in gets an `Idempotency-Key` header: the same change sent twice is one change.
 *
 * The service worker (static/js/sw.js) loads this file too, for the store alone.
 */
(() => {
  'use strict';

  const DB_NAME = 'okgin-offline';
  const STORE = 'entries';
  const RECORDING = ['draw', 'quick', 'cards']; // kinds that record a deal, and so use a number

  function database() {
    return new Promise((resolve, reject) => {
      const opening = indexedDB.open(DB_NAME, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: 'key' });
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
  }

  /* Run `work(store)` in one transaction; resolve with the result of the request it returns. */
  async function transaction(mode, work) {
    const db = await database();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => {
        db.close();
        resolve(request ? request.result : undefined);
      };
      tx.onerror = tx.onabort = () => {
        db.close();
        reject(tx.error);
      };
    });
  }

  function setField(fields, name, value) {
    const found = fields.find(([field]) => field === name);
    if (found) {
      found[1] = value;
    } else {
      fields.push([name, value]);
    }
  }

  const Queue = {
    all: () =>
      transaction('readonly', (store) => store.getAll()).then((entries) =>
        entries.sort((a, b) => a.created - b.created),
      ),
    put: (entry) => transaction('readwrite', (store) => store.put(entry)),
    remove: (key) => transaction('readwrite', (store) => store.delete(key)),
    /* Keep a new entry. A deal entered after others still waiting for its match was entered on
       a page that could not know of them: it takes the number after theirs. */
    add: (entry) =>
      transaction('readwrite', (store) => {
        const all = store.getAll();
        all.onsuccess = () => {
          const numbers = all.result
            .filter((kept) => kept.match === entry.match && kept.status === 'waiting')
            .filter((kept) => RECORDING.includes(kept.kind) && kept.key !== entry.key)
            .map((kept) => kept.number);
          const next = numbers.length ? Math.max(...numbers) + 1 : 0;
          if (entry.number < next) {
            entry.number = next;
            if (entry.fields.some(([name]) => name === 'number')) {
              setField(entry.fields, 'number', String(next));
            }
          }
          store.put(entry);
        };
        return null;
      }),
  };
  self.OkginQueue = Queue;

  if (typeof document === 'undefined') {
    return; // the service worker needs the store alone
  }

  const script = document.currentScript;
  const banner = document.getElementById('offline-banner');
  const servedFromCache = Boolean(banner && banner.dataset.served === 'cache');
  let asOf = banner ? new Date(banner.dataset.asOf) : new Date();
  let failed = false; // the last request found no connection, though the phone thinks it has one
  let sawNetwork = false;

  const newKey = () =>
    self.crypto && crypto.randomUUID
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

  const offline = () => !navigator.onLine || failed;
  // What this page shows may be old: offline, or a kept copy not yet seen live.
  const stale = () => offline() || (servedFromCache && !sawNetwork);

  /* The match this page belongs to: its scoreboard's URL, version, deal and knock limits. */
  function place() {
    const found = document.querySelector('[data-match-url]');
    return found ? found.dataset : null;
  }

  /* The version of the match this page shows now: the scoreboard's live region's, which a poll
     or this phone's own change moves on; the entry page's note carries its own. */
  function shownVersion() {
    const live = document.querySelector('[data-match-version]');
    return live ? live.dataset.matchVersion : undefined;
  }

  const fieldOf = (entry, name) => (entry.fields.find(([field]) => field === name) || [])[1] || '';

  // ---- The upcard and its knock limit, without a connection ------------------------------

  /* What each upcard sets under this match's rules (scorekeeper/offline/templatetags). */
  function limits() {
    try {
      return JSON.parse((place() || {}).limits || '{}');
    } catch (error) {
      return {};
    }
  }

  const BOARD = 'okgin.board:'; // the scoreboard's last state seen live: version, deal, upcard

  function lastBoard(match) {
    try {
      return JSON.parse(localStorage.getItem(BOARD + match) || 'null');
    } catch (error) {
      return null;
    }
  }

  /* Note what a live scoreboard shows, for its pages kept on the phone. */
  function noteBoard() {
    const live = document.getElementById('live');
    const where = place();
    if (!live || !where || stale()) return;
    const state = { version: live.dataset.matchVersion, upcard: live.dataset.upcard || '' };
    localStorage.setItem(BOARD + where.matchUrl, JSON.stringify(state));
  }

  /* The upcard of the deal being played as this phone last knew it: the last one tapped
     offline, unless a deal kept after it used it up ('': not known yet); else the one a live
     scoreboard showed later than this page was made; else null (the page's own holds). */
  function latestUpcard(entries) {
    const where = place();
    if (!where) return null;
    const waiting = entries.filter((entry) => entry.match === where.matchUrl && entry.status === 'waiting');
    const last = waiting[waiting.length - 1];
    if (last && last.kind === 'upcard') return fieldOf(last, 'upcard');
    if (last && RECORDING.includes(last.kind)) return '';
    const board = lastBoard(where.matchUrl);
    if (board && Number(board.version) > Number(where.version)) return board.upcard;
    return null;
  }

  /* Draw `upcard`'s knock limit in the page's box (#limit), from the page's own template: the
     same big type and the same notes as the server's. */
  function showLimit(upcard) {
    const box = document.getElementById('limit');
    const template = document.querySelector('template[data-limit-template]');
    const known = limits()[upcard];
    if (!box || !template || !known) return;
    const drawn = template.content.cloneNode(true);
    for (const slot of drawn.querySelectorAll('.num')) slot.textContent = known.limit;
    for (const slot of drawn.querySelectorAll('[data-slot="card"]')) slot.innerHTML = known.card;
    for (const note of drawn.querySelectorAll('[data-note]')) {
      if (!known[note.dataset.note]) note.remove();
    }
    box.replaceChildren(drawn);
    box.classList.remove('limit-none');
  }

  /* The scoreboard's upcard picker, folded under its title, as the server sends it back. */
  function foldPicker(upcard) {
    const picker = document.getElementById('picker');
    const known = limits()[upcard];
    if (!picker || !known) return;
    const title = document.getElementById('picker-title');
    const template = document.querySelector('template[data-picker-title-template]');
    if (title && template) {
      const drawn = template.content.cloneNode(true);
      for (const slot of drawn.querySelectorAll('[data-slot="card"]')) slot.innerHTML = known.card;
      title.replaceChildren(drawn);
    }
    const radio = picker.querySelector(`input[name="upcard"][value="${CSS.escape(upcard)}"]`);
    if (radio) radio.checked = true;
    picker.open = false;
  }

  /* Offline, a page shows the latest upcard known: on the card-entry page it is chosen in its
     list (so that the deal is not kept without it), with its limit. */
  function showLatestUpcard(entries) {
    const upcard = latestUpcard(entries);
    if (upcard === null) return;
    const list = document.querySelector('[data-entry] select[name="upcard"]');
    if (list && !list.dataset.chosen) {
      list.value = upcard;
      if (upcard) showLimit(upcard);
    } else if (!list && upcard) {
      showLimit(upcard);
      foldPicker(upcard);
    }
  }

  document.addEventListener('change', (event) => {
    const list = event.target;
    if (!(list instanceof HTMLSelectElement) || list.name !== 'upcard' || !list.closest('[data-entry]')) return;
    list.dataset.chosen = '1'; // the player's choice: never overwritten by what was known before
    if (offline()) showLimit(list.value);
  });

  // ---- The banner and the notes that say the phone is offline ---------------------------

  /* The time as this phone writes it: its own locale where it speaks the page's language
     (en-GB says 21:14, en-US 9:14 PM), else the page's language. */
  function clock(date) {
    const page = document.documentElement.lang || 'en';
    const own = navigator.language || '';
    const locale = own.split('-')[0] === page.split('-')[0] ? own : page;
    return new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
  }

  let shownOnce = false; // the page was drawn once: a banner appearing later would push it

  function showState() {
    if (banner) {
      const show = stale();
      // Shown from the start, it has its place at the top; appearing later, it lies over the
      // top of the page (offline.css), so that nothing under the thumb moves.
      if (show && banner.hidden && shownOnce) banner.classList.add('offline-banner-over');
      if (!show) banner.classList.remove('offline-banner-over');
      banner.hidden = !show;
      shownOnce = true;
      // Only when shown: a date format is costly to make (95 ms of a page's start on
      // Lighthouse's 4x slower CPU, benchmarks/lighthouse.py).
      const time = show && banner.querySelector('time');
      if (time && !Number.isNaN(asOf.getTime())) {
        time.dateTime = asOf.toISOString();
        time.textContent = clock(asOf);
      }
    }
    for (const note of document.querySelectorAll('[data-offline-note]')) {
      note.hidden = !offline();
    }
  }

  // ---- Entries: what a form would have sent, and what the player typed -------------------

  function directText(element) {
    return [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  }

  /* A label's words as a screen reader hears them: without the parts hidden from it. */
  function spoken(element) {
    const copy = element.cloneNode(true);
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"], input, select, textarea')) {
      hidden.remove();
    }
    return copy.textContent.replace(/\s+/g, ' ').trim();
  }

  function labelOf(control) {
    const group = control.closest('fieldset');
    if ((control.type === 'radio' || control.type === 'checkbox') && group) {
      const legend = group.querySelector('legend');
      return legend ? directText(legend) || spoken(legend) : control.name;
    }
    const label = control.id && document.querySelector(`label[for="${CSS.escape(control.id)}"]`);
    return label ? directText(label) || spoken(label) : control.name;
  }

  /* What the player typed or tapped, in the page's own words: "Who knocked?: Ann · …". */
  function summarise(form) {
    const parts = new Map();
    for (const control of form.elements) {
      if (!control.name || control.disabled || control.type === 'hidden') continue;
      if (['submit', 'button', 'reset'].includes(control.type)) continue;
      let value = '';
      if (control.type === 'radio' || control.type === 'checkbox') {
        if (!control.checked) continue;
        const label = control.closest('label') || document.querySelector(`label[for="${CSS.escape(control.id)}"]`);
        value = label ? spoken(label) : control.value;
      } else if (control.tagName === 'SELECT') {
        value = control.selectedOptions.length ? control.selectedOptions[0].textContent.trim() : '';
      } else {
        value = control.value.trim();
      }
      if (!value) continue;
      const name = labelOf(control).replace(/\s*[:：]$/, ''); // "Knocker's cards:" then ": "
      parts.set(name, parts.has(name) ? `${parts.get(name)} ${value}` : value);
    }
    return [...parts].map(([name, value]) => `${name}: ${value}`).join(' · ');
  }

  function queueKind(form, submitter) {
    if (submitter && submitter.dataset.queue) return submitter.dataset.queue;
    return form.dataset.queue || '';
  }

  function describe(form, submitter, key) {
    const where = place() || {};
    const fields = [];
    for (const [name, value] of new FormData(form)) {
      if (typeof value === 'string' && name !== 'csrfmiddlewaretoken' && name !== 'queue') {
        fields.push([name, value]);
      }
    }
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    setField(fields, 'idempotency_key', key);
    const number = fields.find(([name]) => name === 'number');
    if (!fields.some(([name]) => name === 'version') && where.version !== undefined) {
      fields.push(['version', where.version]);
    }
    const action = new URL(form.getAttribute('action') || location.href, location.href);
    return {
      key,
      kind: queueKind(form, submitter),
      match: where.matchUrl || location.pathname,
      url: action.pathname + action.search,
      number: Number(number ? number[1] : where.deal || 0),
      version: Number((fields.find(([name]) => name === 'version') || [])[1] || 0),
      summary: summarise(form),
      fields,
      created: Date.now(),
      status: 'waiting',
    };
  }

  /* Keep an entry under `key` (the change's, when it may have reached the server), else a new
     one. An entry opened again from the queue (the form's `data-reopened`) and changed is a
     change of its own, kept in place of that one: sent under the old key, the server would
     refuse it as not that key's change. */
  async function keep(form, submitter, key) {
    const replaces = form.dataset.reopened;
    if (replaces && replaces !== key) await Queue.remove(replaces);
    const entry = describe(form, submitter, key || newKey());
    await Queue.add(entry);
    if (document.querySelector(`[data-queue-panel][data-match-url="${CSS.escape(entry.match)}"]`)) {
      if (form.dataset.queue) form.reset();
      await render();
      if (entry.kind === 'upcard') showLatestUpcard(await Queue.all());
    } else {
      location.assign(entry.match); // the scoreboard, kept by the service worker
    }
  }

  // ---- Sending: keys on every change; kept entries when the connection is gone -----------

  /* The key of this submission: the one of the last, if it sent the same thing to the same
     place (a second tap, a resend), else a new one. One form may send several changes (its
     buttons' formaction: the restore buttons), each a change of its own. */
  function keyField(form, submitter) {
    let field = form.querySelector('input[name="idempotency_key"]');
    if (!field) {
      field = document.createElement('input');
      field.type = 'hidden';
      field.name = 'idempotency_key';
      form.append(field);
    }
    const data = [...new FormData(form)].filter(([name]) => name !== 'idempotency_key' && name !== 'queue');
    if (submitter && submitter.name) data.push([submitter.name, submitter.value]);
    const what = JSON.stringify([(submitter && submitter.formAction) || form.action, data]);
    if (field.dataset.what !== what || !field.value) {
      field.value = newKey();
      field.dataset.what = what;
    }
    return field.value;
  }

  /* Whether htmx sends this form when it is submitted (its trigger is the submit, the default). */
  function sentByHtmx(form) {
    if (!['hx-post', 'data-hx-post'].some((name) => form.hasAttribute(name))) return false;
    const trigger = form.getAttribute('hx-trigger') || form.getAttribute('data-hx-trigger');
    return !trigger || /\bsubmit\b/.test(trigger);
  }

  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.method !== 'post' || sentByHtmx(form)) return;
      const submitter = event.submitter;
      const kind = queueKind(form, submitter);
      const reopened = form.dataset.reopened;
      if (!navigator.onLine) {
        event.preventDefault();
        if (kind) {
          keep(form, submitter, null); // in place of the entry it was opened from
        } else {
          // Held: the page stays, with what was typed, and says why.
          showState();
          const note = form.querySelector('[data-offline-note]');
          if (note) note.scrollIntoView({ block: 'center' });
        }
        return;
      }
      if (reopened && kind) {
        // Sent as corrected, in place of the entry kept: that one goes first, then this is sent.
        event.preventDefault();
        delete form.dataset.reopened;
        Queue.remove(reopened).finally(() => form.requestSubmit(submitter));
        return;
      }
      const key = keyField(form, submitter);
      let described = form.querySelector('input[name="queue"]');
      if (!kind) {
        if (described) described.remove();
        return;
      }
      // Should the connection fail on the way, the service worker keeps it from this.
      if (!described) {
        described = document.createElement('input');
        described.type = 'hidden';
        described.name = 'queue';
        form.append(described);
      }
      const entry = describe(form, submitter, key);
      delete entry.fields;
      described.value = JSON.stringify(entry);
    },
    true,
  );

  const formOf = (element) => (element && (element.closest ? element.closest('form') : null)) || null;

  document.addEventListener('htmx:configRequest', (event) => {
    const form = formOf(event.detail.elt);
    if (form && form.dataset.queue && event.detail.verb !== 'get') {
      form.okginKey = newKey();
      event.detail.headers['Idempotency-Key'] = form.okginKey;
    }
  });

  document.addEventListener('htmx:beforeRequest', (event) => {
    if (navigator.onLine) return;
    // No connection: a change is kept, anything else (a poll, a live preview) waits.
    event.preventDefault();
    const form = formOf(event.detail.elt);
    if (form && form.dataset.queue && event.detail.requestConfig.verb !== 'get') {
      keep(form, null, form.okginKey);
    }
    showState();
  });

  document.addEventListener('htmx:afterRequest', (event) => {
    const xhr = event.detail.xhr;
    const noConnection = !xhr || xhr.status === 0 || xhr.getResponseHeader('X-Offline') === '1';
    if (noConnection) {
      failed = true;
      const form = formOf(event.detail.elt);
      if (form && form.dataset.queue && event.detail.requestConfig.verb !== 'get') {
        keep(form, null, form.okginKey);
      }
    } else {
      const form = formOf(event.detail.elt);
      if (form && form.dataset.reopened && event.detail.successful) {
        Queue.remove(form.dataset.reopened); // sent as corrected, and taken
        delete form.dataset.reopened;
      }
      const wasOff = failed;
      failed = false;
      sawNetwork = true;
      asOf = new Date();
      if (wasOff) sendAgain(); // the connection is back, though the phone never said it left
    }
    showState();
  });

  // ---- Sending the kept entries again -----------------------------------------------------

  function csrfToken() {
    const cookie = document.cookie.split('; ').find((part) => part.startsWith('csrftoken='));
    if (cookie) return decodeURIComponent(cookie.slice('csrftoken='.length));
    try {
      return JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken'];
    } catch (error) {
      return '';
    }
  }

  /* Send kept fields; resolve with the server's JSON answer, or null without a connection. */
  async function send(url, fields, key) {
    const body = new URLSearchParams(fields.filter(([name]) => name !== 'csrfmiddlewaretoken'));
    const response = await fetch(url, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { 'X-CSRFToken': csrfToken(), 'Idempotency-Key': key, 'X-Offline-Replay': '1' },
    });
    if (response.headers.get('X-Offline') === '1') return null;
    if ((response.headers.get('Content-Type') || '').startsWith('application/json')) {
      return response.json();
    }
    return { status: response.status, location: '', messages: [], errors: [], conflict: null };
  }

  /* Why the server refused an entry, in its own words: its messages, and the errors of the
     form it would have shown again. */
  function reasonOf(answer) {
    return [...(answer.messages || []).map((m) => m.text), ...(answer.errors || [])].join(' ');
  }

  /* A conflict, a refusal (not applied: the same key was another change; or refused with a
     reason), or taken (''). */
  const refusedBy = (answer) =>
    answer.conflict
      ? 'conflict'
      : answer.applied === false || !answer.location || answer.messages.some((m) => m.level === 'error')
        ? 'refused'
        : '';

  const NOTES = 'okgin.sent';

  function note(text) {
    const notes = JSON.parse(sessionStorage.getItem(NOTES) || '[]');
    notes.push(text);
    sessionStorage.setItem(NOTES, JSON.stringify(notes));
  }

  let sending = null;

  async function sendKept() {
    const here = place();
    let answeredHere = false; // the server now holds something this page does not show
    for (const entry of await Queue.all()) {
      if (entry.status !== 'waiting') continue;
      let answer;
      try {
        answer = await send(entry.url, entry.fields, entry.key);
      } catch (error) {
        answer = null;
      }
      if (!answer) {
        failed = true;
        break;
      }
      failed = false;
      answeredHere = answeredHere || Boolean(here && here.matchUrl === entry.match);
      const refusal = refusedBy(answer);
      if (refusal) {
        await Queue.put({ ...entry, status: refusal, answer });
      } else {
        await Queue.remove(entry.key);
        // "Deal 1 was sent and recorded.", then what the server said of it ("Deal 1: Ann +26").
        const said = answer.messages.map((m) => m.text);
        note([text('sent').replace('{n}', entry.number), ...said].join(' '));
      }
    }
    showState();
    if (answeredHere) {
      location.reload(); // the match as the server now has it; what is kept shows again
    } else {
      await render();
    }
  }

  /* Send what is kept, unless a send is under way. The network can lag behind the phone's
     "online" (or not be there at all): a failed send is tried again, 1 s later, then 2, 4…
     up to a minute apart, while the phone believes it is online. */
  let retry = null;
  let retryIn = 1000;

  function sendAgain() {
    if (!navigator.onLine || sending) return sending;
    clearTimeout(retry);
    const run = () => sendKept();
    sending = (navigator.locks ? navigator.locks.request('okgin-queue', run) : run())
      .catch(() => {})
      .finally(() => {
        sending = null;
        if (failed && navigator.onLine) {
          retry = setTimeout(sendAgain, retryIn);
          retryIn = Math.min(retryIn * 2, 60000);
        } else {
          retryIn = 1000;
        }
      });
    return sending;
  }

  // ---- The list on the scoreboard ---------------------------------------------------------

  function panel() {
    return document.querySelector('[data-queue-panel]');
  }

  /* A translated text from the panel's templates; "{n}" and the like are filled in here. */
  function text(name) {
    const texts = panel() && panel().querySelector('template[data-queue-texts]');
    const found = texts && texts.content.querySelector(`[data-text="${name}"]`);
    return found ? found.textContent.trim() : '';
  }

  function kindLabel(kind) {
    return text(`kind-${kind}`) || kind;
  }

  function title(entry) {
    return `${text('deal').replace('{n}', entry.number)} · ${kindLabel(entry.kind)}`;
  }

  function limitNote(entry) {
    const known = limits()[fieldOf(entry, 'upcard')];
    return known ? ` · ${text('limit').replace('{limit}', known.limit)}` : '';
  }

  function fill(item, entry) {
    for (const slot of item.querySelectorAll('[data-slot]')) {
      const answer = entry.answer || {};
      const conflict = answer.conflict || {};
      const value = {
        title: title(entry),
        summary: (entry.summary || '—') + (entry.kind === 'upcard' ? limitNote(entry) : ''),
        server: conflict.result || reasonOf(answer) || text('not-taken'),
        note: answer.note || '',
      }[slot.dataset.slot];
      if (slot.tagName === 'A') {
        slot.href = entry.status === 'refused' ? openLink(entry) : conflict.url || answer.location || entry.match;
      } else {
        slot.textContent = value || '';
        if (slot.dataset.slot === 'note') slot.hidden = !value;
      }
    }
    for (const button of item.querySelectorAll('[data-action]')) {
      button.addEventListener('click', () => act(button.dataset.action, entry, button));
    }
    if (entry.status === 'conflict' && !(entry.answer.conflict || {}).correct) {
      item.querySelector('[data-action="correct"]')?.remove();
    }
  }

  async function render() {
    const section = panel();
    if (!section) return;
    const list = section.querySelector('[data-queue-list]');
    const mine = (await Queue.all()).filter((entry) => entry.match === section.dataset.matchUrl);
    // Drawn again only when something changed: a finger may be on one of its buttons.
    const drawn = JSON.stringify(mine.map((entry) => [entry.key, entry.status, entry.answer]));
    if (drawn !== list.dataset.drawn) {
      list.dataset.drawn = drawn;
      list.replaceChildren(
        ...mine.map((entry) => {
          const template = section.querySelector(`template[data-queue-item="${entry.status}"]`);
          const item = template.content.firstElementChild.cloneNode(true);
          fill(item, entry);
          return item;
        }),
      );
    }
    const notes = JSON.parse(sessionStorage.getItem(NOTES) || '[]');
    sessionStorage.removeItem(NOTES);
    const said = section.querySelector('[data-queue-notes]');
    if (notes.length) {
      said.replaceChildren(...notes.map((line) => Object.assign(document.createElement('p'), { textContent: line })));
    }
    said.hidden = !said.childElementCount;
    section.querySelector('[data-queue-waiting]').hidden = !mine.some((e) => e.status === 'waiting');
    section.hidden = !mine.length && said.hidden;
  }

  async function act(action, entry, button) {
    if (action === 'discard') {
      await Queue.remove(entry.key);
    } else if (action === 'retry') {
      await Queue.put({ ...entry, status: 'waiting', answer: undefined });
      await sendAgain();
      return;
    } else if (action === 'correct') {
      button.disabled = true;
      if (await keepAsCorrection(entry)) return; // the page loads again, with the server's word
    }
    await render();
  }

  /* Send the phone's entry as a correction of the deal the other phone recorded; return
     whether it was taken (and the page loads again). */
  async function keepAsCorrection(entry) {
    const conflict = entry.answer.conflict;
    const left = ['number', 'version', 'mode', 'idempotency_key', 'csrfmiddlewaretoken', 'queue'];
    const fields = entry.fields.filter(([name]) => !left.includes(name));
    fields.push(['mode', entry.kind], ['version', String(entry.answer.version)]);
    let answer = null;
    try {
      answer = await send(conflict.correct, fields, newKey());
    } catch (error) {
      answer = null;
    }
    if (!answer) {
      await Queue.put({ ...entry, answer: { ...entry.answer, note: text('no-connection') } });
      return false;
    }
    if (answer.location === conflict.url && !answer.messages.some((m) => m.level === 'error')) {
      await Queue.remove(entry.key);
      note(answer.messages.map((m) => m.text).join(' '));
      location.reload();
      return true;
    }
    // Refused (the match changed again, or the knock is illegal): kept, with the reason.
    const said = answer.messages.map((m) => m.text).join(' ') || text('not-taken');
    await Queue.put({ ...entry, answer: { ...entry.answer, version: answer.version, note: said } });
    return false;
  }

  // ---- A refused entry, opened again with what was typed ----------------------------------

  const REOPEN = '#kept-';

  /* Where "Open it" goes: the page the entry was typed on (the card entry, or the scoreboard's
     quick form), marked with its key. */
  function openLink(entry) {
    const url = new URL(entry.kind === 'cards' ? entry.url : entry.match, location.href);
    url.hash = REOPEN.slice(1) + entry.key;
    return url.pathname + url.search + url.hash;
  }

  const NOT_REFILLED = ['csrfmiddlewaretoken', 'idempotency_key', 'queue', 'number', 'version', 'action'];

  /* Fill the form with the fields kept: what was tapped and typed, as it was sent. The deal
     number and the match version stay the page's own, as it is now. */
  function refill(form, fields) {
    const given = new Map();
    for (const [name, value] of fields) {
      if (!NOT_REFILLED.includes(name)) given.set(name, [...(given.get(name) || []), value]);
    }
    for (const control of form.elements) {
      if (!control.name || !given.has(control.name)) continue;
      const values = given.get(control.name);
      if (control.type === 'checkbox' || control.type === 'radio') {
        control.checked = values.includes(control.value);
        control.disabled = false;
      } else if (!['submit', 'button', 'reset', 'file'].includes(control.type)) {
        if (!values[0] && control.value && control.type !== 'text') continue; // known by now (the upcard)
        control.value = values[0];
        if (control.tagName === 'SELECT') control.dataset.chosen = '1';
      }
    }
  }

  /* Opened from the queue's "Open it": the form shows the entry again, with the server's reason
     in words (in the verdict bar where there is one); sent again, it takes the entry's place. */
  async function reopen() {
    if (!location.hash.startsWith(REOPEN)) return;
    const key = location.hash.slice(REOPEN.length);
    const entry = (await Queue.all()).find((kept) => kept.key === key);
    const form =
      entry &&
      (document.querySelector(`form[data-queue="${CSS.escape(entry.kind)}"]`) ||
        formOf(document.querySelector(`[data-queue="${CSS.escape(entry.kind)}"]`)));
    if (!form) return;
    refill(form, entry.fields);
    form.dataset.reopened = entry.key;
    const fold = form.closest('details');
    if (fold) fold.open = true;
    const reason = reasonOf(entry.answer || {});
    if (reason) {
      const said = document.createElement('p');
      said.className = 'kept-reason';
      said.setAttribute('role', 'alert');
      said.textContent = reason;
      const bar = form.querySelector('.bar');
      if (bar) bar.prepend(said);
      else form.prepend(said);
      // It holds until the player changes the entry: then the page's own verdict says.
      form.addEventListener('input', () => said.remove(), { once: true });
    }
    const upcard = form.querySelector('select[name="upcard"]');
    // Refused for want of an upcard: open the folded line where it is chosen.
    const top = form.querySelector('details.entry-top');
    if (reason && top && upcard && !upcard.value) top.open = true;
    if (upcard && upcard.value && offline()) showLimit(upcard.value);
    // Online, the live preview counts the cards and gives the verdict.
    if (!offline()) form.dispatchEvent(new Event('change', { bubbles: true }));
  }

  // ---- The service worker ------------------------------------------------------------------

  const worker = 'serviceWorker' in navigator && script && script.dataset.worker;

  function tellWorker(message) {
    const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (controller) controller.postMessage(message);
  }

  /* Keep the pages one tap away that work offline (the card entry) as the match is now: asked
     at load, and again whenever the page sees a new version of its match (a poll, this phone's
     own change). This page itself is kept as it loads, and by a new worker (`all`): fetched in
     the background it would take the scoreboard's one-time offers from the player. The worker
     fetches a page again unless the copy it keeps shows this version already: what is kept is
     decided by the cache alone, so a phone whose caches were cleared keeps its pages again. */
  let keptVersion = null;

  function keepPages(all) {
    if (!navigator.serviceWorker.controller || stale()) return;
    const version = place() ? shownVersion() : undefined;
    if (!all && (version === undefined || version === keptVersion)) return;
    keptVersion = version;
    const urls = [...document.querySelectorAll('a[data-keep-offline]')].map((link) => link.href);
    if (all) urls.unshift(location.href);
    if (urls.length) tellWorker({ type: 'keep', urls, version });
  }

  if (worker) {
    navigator.serviceWorker.register(worker, { scope: '/' }).catch(() => {});
    navigator.serviceWorker.addEventListener('controllerchange', () => keepPages(true));
    document.addEventListener('htmx:afterSettle', () => {
      noteBoard();
      keepPages(false);
    });
    navigator.serviceWorker.ready.then(() => {
      keepPages(false);
      // Once per tab: drop the kept pages of revoked links.
      if (navigator.onLine && !sessionStorage.getItem('okgin.checked')) {
        sessionStorage.setItem('okgin.checked', '1');
        tellWorker({ type: 'check' });
      }
    });
  }

  window.addEventListener('online', () => {
    failed = false;
    sawNetwork = true;
    showState();
    tellWorker({ type: 'check' });
    sendAgain();
  });
  window.addEventListener('offline', showState);

  showState();
  noteBoard();
  render()
    .then(async () => {
      if (offline() || servedFromCache) showLatestUpcard(await Queue.all());
      reopen();
    })
    .then(() => sendAgain());
})();
