/* The card-entry pages (a deal, its correction, the knock checker): what a tap changes at
 * once, before the server's answer (and offline, where none comes).
 * - A card ticked in one hand is shown taken, with its holder's mark, in the other hand.
 * - Each hand's count changes in view with the tap: on the hand switch and in the bar.
 * - The knocker's last card (her fewest, 10, or her most, 11) moves the hand switch to the
 *   opponent; at 10 the bar offers the way back for an 11th card, one tap.
 * - A hand that has its most cards refuses one more, and the bar says why: a card never lands
 *   in a hand it was not meant for, nor moves to another after the fact.
 * - The live preview is told that a card was tapped, so that its answer leaves the grids
 *   alone (the grid under the thumb is never redrawn).
 * - An answer never takes back what was typed in a hand's text box after its question left.
 * The counts come from the server, on each hand (data-need, data-most): none is written here.
 */
(() => {
  'use strict';

  const form = document.querySelector('[data-entry]');
  if (!form) return;

  const grids = () => [...form.querySelectorAll('.hand .grid')];
  const note = form.querySelector('[data-bar-note]');
  let tapped = false;

  const limits = (grid) => {
    const hand = grid.closest('.hand');
    return { need: Number(hand.dataset.need), most: Number(hand.dataset.most), hand };
  };
  const ticked = (grid) => grid.querySelectorAll('input:checked').length;

  const say = (text) => {
    if (!note) return;
    note.textContent = text;
    note.hidden = !text;
  };

  // The counts in view (the switch's and the bar's), as the server writes them: "11/11".
  // Returns the hand's count and limits, for what the tap does next.
  const showCount = (grid, index) => {
    const { need, most } = limits(grid);
    const count = ticked(grid);
    const of = count > need ? most : need;
    for (const holder of form.querySelectorAll(`[data-count="${index}"]`)) {
      holder.querySelector('b').textContent = `${count}/${of}`;
      if (holder.classList.contains('side')) holder.classList.toggle('done', count === of);
    }
    if (index === 0) {
      for (const offer of form.querySelectorAll('[data-offer]')) {
        offer.hidden = !(count === need && most > need);
      }
    }
    return { count, need, most };
  };

  // Capturing, before the box changes: a hand with its most cards refuses one more.
  form.addEventListener('click', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox' || !box.checked) return;
    const grid = box.closest('.grid');
    if (!grid) return;
    const { most, hand } = limits(grid);
    if (ticked(grid) > most) {
      event.preventDefault(); // the box stays as it was: no change, nothing sent
      say(hand.dataset.full || '');
    }
  }, true);

  // Capturing: this runs before htmx's own listener sends the preview.
  form.addEventListener('change', (event) => {
    const box = event.target;
    if (box.name === 'side') {
      event.stopPropagation(); // the switch changes no verdict: nothing to ask the server
      return;
    }
    tapped = box.type === 'checkbox' && Boolean(box.closest('.grid'));
    if (!tapped) return;
    say('');
    const mine = box.closest('.grid');
    const all = grids();
    const other = all.find((grid) => grid !== mine);
    if (other) {
      const twin = other.querySelector(`input[value="${box.value}"]`);
      if (twin && !twin.checked) {
        twin.disabled = box.checked;
        twin.parentElement.classList.toggle('taken', box.checked);
        if (box.checked) twin.parentElement.dataset.who = other.dataset.other || '';
        else delete twin.parentElement.dataset.who;
      }
    }
    const { count, need, most } = showCount(mine, all.indexOf(mine));
    const switches = form.querySelectorAll('.hand-switch input');
    if (box.checked && mine === all[0] && switches.length === 2) {
      if (count === need || count === most) switches[1].checked = true;
    }
  }, true);

  document.body.addEventListener('htmx:configRequest', (event) => {
    if (event.detail.elt === form && tapped) event.detail.parameters.tapped = '1';
  });

  // Each hand's text box as the last question sent it (one at a time: hx-sync queues the rest).
  const textBoxes = () => [...form.querySelectorAll('.texts input[type="text"]')];
  let sent = new Map();
  document.body.addEventListener('htmx:beforeRequest', (event) => {
    if (event.detail.elt === form) sent = new Map(textBoxes().map((box) => [box.id, box.value]));
  });

  // An answer redraws each hand's text box. A box typed in since the question was sent keeps
  // what was typed, and its focus: that answer is stale for it, and the box's own change asks
  // again.
  document.body.addEventListener('htmx:oobBeforeSwap', (event) => {
    const field = event.detail.target;
    if (!field || !field.closest || !field.closest('.texts')) return;
    const box = field.querySelector('input[type="text"]');
    if (box && sent.has(box.id) && box.value !== sent.get(box.id)) event.detail.shouldSwap = false;
  });
})();
