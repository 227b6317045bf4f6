/* The card-entry pages (a deal, its correction, the knock checker): what a tap changes at
 * once, before the server's answer.
 * - A card ticked in one hand is shown taken, with its holder's mark, in the other hand.
 * - The knocker's 10th (or 11th) card moves the hand switch to the opponent.
 * - The live preview is told that a card was tapped, so that its answer leaves the grids
 *   alone (the grid under the thumb is never redrawn).
 */
(() => {
  'use strict';

  const form = document.querySelector('[data-entry]');
  if (!form) return;

  const grids = () => [...form.querySelectorAll('.hand .grid')];
  let tapped = false;

  // Capturing: this runs before htmx's own listener sends the preview.
  form.addEventListener('change', (event) => {
    const box = event.target;
    if (box.name === 'side') {
      event.stopPropagation(); // the switch changes no verdict: nothing to ask the server
      return;
    }
    tapped = box.type === 'checkbox' && Boolean(box.closest('.grid'));
    if (!tapped) return;
    const mine = box.closest('.grid');
    const other = grids().find((grid) => grid !== mine);
    if (other) {
      const twin = other.querySelector(`input[value="${box.value}"]`);
      if (twin && !twin.checked) {
        twin.disabled = box.checked;
        twin.parentElement.classList.toggle('taken', box.checked);
        if (box.checked) twin.parentElement.dataset.who = other.dataset.other || '';
        else delete twin.parentElement.dataset.who;
      }
    }
    const switches = form.querySelectorAll('.hand-switch input');
    if (box.checked && mine === grids()[0] && switches.length === 2) {
      const count = mine.querySelectorAll('input:checked').length;
      if (count === 10 || count === 11) switches[1].checked = true;
    }
  }, true);

  document.body.addEventListener('htmx:configRequest', (event) => {
    if (event.detail.elt === form && tapped) event.detail.parameters.tapped = '1';
  });
})();
