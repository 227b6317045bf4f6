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

  /* The match this page belongs to: its scoreboard's URL, version, deal and knock limits. */
  function place() {
    const found = document.querySelector('[data-match-url]');
    return found ? found.dataset : null;
  }

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

  function showState() {
    if (banner) {
      banner.hidden = !(offline() || (servedFromCache && !sawNetwork));
      const time = banner.querySelector('time');
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
      const name = labelOf(control);
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

  async function keep(form, submitter, key) {
    const entry = describe(form, submitter, key || newKey());
    await Queue.add(entry);
    if (document.querySelector(`[data-queue-panel][data-match-url="${CSS.escape(entry.match)}"]`)) {
      if (form.dataset.queue) form.reset();
      await render();
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
      if (!navigator.onLine) {
        event.preventDefault();
        if (kind) {
          keep(form, submitter);
        } else {
          // Held: the page stays, with what was typed, and says why.
          showState();
          const note = form.querySelector('[data-offline-note]');
          if (note) note.scrollIntoView({ block: 'center' });
        }
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
    return { status: response.status, location: '', messages: [], conflict: null };
  }

  const refusedBy = (answer) =>
    answer.conflict ? 'conflict' : !answer.location || answer.messages.some((m) => m.level === 'error') ? 'refused' : '';

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
    const limits = JSON.parse((place() || {}).limits || '{}');
    const upcard = (entry.fields.find(([name]) => name === 'upcard') || [])[1] || '';
    const limit = limits[upcard.slice(0, -1)];
    return limit === undefined ? '' : ` · ${text('limit').replace('{limit}', limit)}`;
  }

  function fill(item, entry) {
    for (const slot of item.querySelectorAll('[data-slot]')) {
      const answer = entry.answer || {};
      const conflict = answer.conflict || {};
      const value = {
        title: title(entry),
        summary: (entry.summary || '—') + (entry.kind === 'upcard' ? limitNote(entry) : ''),
        server: conflict.result || answer.messages?.map((m) => m.text).join(' ') || text('not-taken'),
        note: answer.note || '',
      }[slot.dataset.slot];
      if (slot.tagName === 'A') {
        slot.href = conflict.url || answer.location || entry.match;
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

  // ---- The service worker ------------------------------------------------------------------

  const worker = 'serviceWorker' in navigator && script && script.dataset.worker;

  function tellWorker(message) {
    const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (controller) controller.postMessage(message);
  }

  /* Keep this page, and the pages one tap away that work offline (the card entry), as they
     are now: a new worker (a new deploy, or the first visit) has not kept them yet. */
  function keepPages(all) {
    if (!navigator.serviceWorker.controller || !navigator.onLine) return;
    const where = place();
    const urls = all ? [location.href] : [];
    if (where) {
      const seen = `okgin.kept:${where.matchUrl}`;
      if (localStorage.getItem(seen) !== where.version) {
        localStorage.setItem(seen, where.version);
        for (const link of document.querySelectorAll('a[data-keep-offline]')) urls.push(link.href);
      }
    }
    if (urls.length) tellWorker({ type: 'keep', urls });
  }

  if (worker) {
    navigator.serviceWorker.register(worker, { scope: '/' }).catch(() => {});
    navigator.serviceWorker.addEventListener('controllerchange', () => keepPages(true));
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
  render().then(() => sendAgain());
})();
