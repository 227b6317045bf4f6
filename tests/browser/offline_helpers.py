"""What the offline and phone tests share: a finger's tap, and waiting for the service worker."""

from __future__ import annotations

import time

from playwright.sync_api import Locator, Page

# Whether the element at (x, y) is the target, inside it, or the label of it.
HIT_JS = """
(target, [x, y]) => {
  const hit = document.elementFromPoint(x, y);
  if (!hit) return 'nothing';
  if (target.contains(hit) || hit.contains(target)) return '';
  const label = hit.closest('label');
  if (label && label.control === target) return '';
  return `${hit.tagName.toLowerCase()}.${hit.className}: ${hit.textContent.trim().slice(0, 40)}`;
}
"""


def thumb(page: Page, target: Locator, *, centre: bool = False) -> None:
    """Tap `target` with a finger at the middle of its box, as a phone sends the tap.

    Scrolled to first, as a person scrolls to what they mean to tap (with `centre`, to the
    middle of the screen: a card near the bottom would be under the sticky verdict bar); the
    tap itself is `page.touchscreen.tap(x, y)`, so what lies on top of the target there gets it.
    """
    if centre:
        target.evaluate("(el) => el.scrollIntoView({block: 'center'})")
    else:
        target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None, f"{target} is not shown"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    covered = target.evaluate(HIT_JS, [x, y])
    assert not covered, f"a tap on {target} would land on {covered}"
    page.touchscreen.tap(x, y)


def thumb_to_next_page(page: Page, target: Locator) -> None:
    """Tap `target` and wait for the page it opens."""
    with page.expect_navigation():
        thumb(page, target)


CONTROLLED_JS = "() => navigator.serviceWorker.controller !== null"
KEPT_JS = """
async (paths) => {
  for (const path of paths) {
    if (!(await caches.match(path, {ignoreVary: true}))) return false;
  }
  return true;
}
"""


def wait_until(page: Page, script: str, arg: object = None, timeout: float = 10.0) -> None:
    """Poll `script` (which may be async: page.wait_for_function takes a promise for a truthy
    value) until it answers true."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"not true within {timeout} s: {script} ({arg})"
        page.wait_for_timeout(100)


def wait_for_worker(page: Page) -> None:
    """Wait until the service worker controls the page."""
    page.wait_for_function(CONTROLLED_JS)


def wait_until_kept(page: Page, *paths: str) -> None:
    """Wait until the service worker has kept each of `paths`."""
    wait_until(page, KEPT_JS, list(paths))


def cache_names(page: Page) -> list[str]:
    return page.evaluate("() => caches.keys()")


def finger(page: Page, target: Locator) -> None:
    """Tap `target` at its centre, scrolled first to the middle of the screen."""
    thumb(page, target, centre=True)


def tap_upcard(page: Page, card: str) -> None:
    """Open the upcard picker if it is folded, and tap the card, by touch."""
    picker = page.locator("#picker")
    if picker.get_attribute("open") is None:
        thumb(page, page.locator("#picker-title"))
    finger(page, page.locator(f"label[for='id_upcard_{card}']"))
