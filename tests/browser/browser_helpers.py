"""A phone in a test's hand: tap cards, type hands, look at the page, and check its layout.

The checks here are the ones every page gets: no horizontal overflow at 390 px, every control
named, axe-core's serious and critical rules, and card tap targets of at least 40x40 CSS px.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
AXE = "/static/js/vendor/axe.min.js"
MIN_TAP = 40

# Runs in every document before the page's own scripts (injected by the browser, so the CSP
# does not apply to it). It turns a CSP violation or a horizontal overflow, after a page load
# or an htmx swap, into a console error, which fails the test.
INIT_SCRIPT = """
(() => {
  document.addEventListener('securitypolicyviolation', (e) => {
    console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`
      + ` at ${e.sourceFile || location.pathname}:${e.lineNumber}`);
  });
  const check = () => {
    const d = document.documentElement;
    if (d.scrollWidth > d.clientWidth) {
      console.error(`Horizontal overflow on ${location.pathname}:`
        + ` scrollWidth ${d.scrollWidth} > clientWidth ${d.clientWidth}`);
    }
  };
  window.addEventListener('load', check);
  document.addEventListener('htmx:afterSettle', check);
})();
"""

# Lists what sticks out on the right, for a helpful failure message.
OVERFLOW_JS = """
() => {
  const d = document.documentElement;
  const width = d.clientWidth;
  if (d.scrollWidth <= width) return null;
  const culprits = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 0.5) {
      const cls = [...el.classList].map((c) => '.' + c).join('');
      culprits.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${cls}`
        + ` (right ${Math.round(r.right)})`);
      if (culprits.length >= 8) break;
    }
  }
  return `scrollWidth ${d.scrollWidth} > clientWidth ${width}: ${culprits.join(', ')}`;
}
"""

# Words of the matched elements' text that break across two lines.
SPLIT_WORDS_JS = """
(selector) => {
  const split = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rows = new Set([...range.getClientRects()]
          .filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (rows.size > 1) split.push(`${el.tagName.toLowerCase()}: ${m[0]}`);
      }
    }
  }
  return split;
}
"""

# Every box whose right edge runs past the screen, as far as it shows: a box is cut to its
# clipping ancestors first (text cut off inside a box is CLIPPED_JS's business). Fixed and
# sticky boxes count too, although they never widen the page. A box that scrolls sideways is
# listed as well: at 360 px nothing should need a sideways swipe.
OUTSIDE_SCREEN_JS = """
() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + [...el.classList].map((c) => '.' + c).join('');
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    let right = r.right;
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') {
        right = Math.min(right, up.getBoundingClientRect().right);
      }
    }
    const style = getComputedStyle(el);
    if (right > width + 0.5) out.push(`${name(el)} (right ${Math.round(right)})`);
    else if (['auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      out.push(`${name(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
    }
    if (out.length >= 8) break;
  }
  return out;
}
"""

AXE_RUN_JS = """
async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
  }));
}
"""

# Pairs of boxes among the matched elements that overlap by more than a pixel.
OVERLAP_JS = """
(selector) => {
  const boxes = [...document.querySelectorAll(selector)]
    .filter((el) => el.getClientRects().length)
    .map((el) => [el, el.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, ra] = boxes[i], [b, rb] = boxes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) out.push(`${a.textContent.trim()} / ${b.textContent.trim()}`);
    }
  }
  return out;
}
"""

# Elements whose text runs out of their own box sideways, or is cut off by overflow: hidden.
CLIPPED_JS = """
(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.getClientRects().length)
  .filter((el) => el.scrollWidth > el.clientWidth + 1
    || (getComputedStyle(el).overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1))
  .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent.trim()}`)
"""

CONTROL_ROLES = {
    "button",
    "checkbox",
    "combobox",
    "link",
    "listbox",
    "radio",
    "searchbox",
    "slider",
    "spinbutton",
    "switch",
    "textbox",
}

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

# Groups of boxes that must not overlap each other, and boxes whose text must fit inside them.
TIDY_APART = (
    ".top .brand, .top nav a",
    ".score",
    ".grid .gc",
    ".seg label",
    ".actions .btn, .sticky-actions .btn",
    ".limit > span",
    ".meld, .cards-row > .pc",
)
TIDY_WHOLE = ".gc .face, .btn, .seg label, .score .who > span, .badge, .limit .num, .pc"


def hx_response(response) -> bool:
    return response.request.headers.get("hx-request") == "true"


class Phone:
    """One browser page on the live server, with what a test does to it."""

    def __init__(self, page: Page, base_url: str, *, js: bool = True, touch: bool = True):
        self.page = page
        self.base_url = base_url
        self.js = js
        self.touch = touch

    # Getting around.
    def goto(self, path: str) -> None:
        self.page.goto(self.base_url + path)
        self.check_layout()

    @property
    def path(self) -> str:
        return re.sub(r"^https?://[^/]+", "", self.page.url)

    def tap(self, target: Locator) -> None:
        """Tap it with a finger (or, on the desktop, click it)."""
        if self.touch:
            target.tap()
        else:
            target.click()

    def tap_to_next_page(self, target: Locator) -> None:
        with self.page.expect_navigation():
            self.tap(target)
        self.check_layout()

    def button(self, name: str) -> Locator:
        return self.page.get_by_role("button", name=name, exact=True)

    def link(self, name: str) -> Locator:
        return self.page.get_by_role("link", name=name, exact=True)

    # The match pages.
    def start_match(self, a: str = "Alice", b: str = "Bob", *, dealer: str = "") -> int:
        """Start a match from the home page with the default rules; return its id.

        `dealer` is the label of a first-dealer choice; the default draws one at random.
        """
        page = self.page
        self.goto("/")
        self.tap_to_next_page(self.link("New match"))
        page.get_by_label("First player", exact=True).fill(a)
        page.get_by_label("Second player", exact=True).fill(b)
        expect(page.get_by_label("Choose at random", exact=True)).to_be_checked()
        if dealer:
            self.tap(page.locator(".seg label", has_text=dealer))
        self.tap_to_next_page(self.button("Start the match"))
        return int(re.search(r"/matches/(\d+)/", self.path).group(1))

    def dealer(self) -> str:
        """Return the name of who deals, from the scoreboard's "Deal 3 · Alice deals"."""
        heading = self.page.locator("#deal-heading").inner_text()
        return re.search(r"· (\w+) deals", heading).group(1)

    def set_upcard(self, card: str) -> None:
        """Tap the upcard on the scoreboard's grid (and, without JS, the button under it)."""
        details = self.page.locator("details:has(#id_upcard_AS)")
        if details.get_attribute("open") is None:
            self.tap(details.locator("> summary"))
        self.tap(self.card_label("upcard", card))
        if not self.js:
            self.tap_to_next_page(self.button("Set the upcard"))
        rank = "10" if card[0] == "T" else card[0]
        expect(self.page.locator(".limit .pc")).to_have_text(rank + SUITS[card[1]])

    def knocked(self, name: str) -> None:
        self.tap_to_next_page(self.link(f"{name} knocked"))
        expect(self.page.locator("h1")).to_contain_text("the hands")

    def record(self) -> None:
        self.tap_to_next_page(self.button("Record the deal"))

    def record_quick(self, knocker: int, knocker_deadwood: str, opponent_deadwood: str) -> None:
        """Record a deal from the scoreboard's quick form: who knocked (0 or 1), two numbers."""
        page = self.page
        page.locator("#quick > summary").tap()
        page.locator("#quick .seg label").nth(knocker).tap()
        page.locator("#id_knocker_deadwood").fill(knocker_deadwood)
        page.locator("#id_opponent_deadwood").fill(opponent_deadwood)
        self.tap_to_next_page(page.locator("#quick button[type=submit]"))

    def back_to_board(self) -> None:
        self.tap_to_next_page(self.link("Back to the scoreboard"))

    def recorded(self, text: str) -> None:
        """Back on the scoreboard after Record: its message says what the deal scored, with
        an Undo."""
        assert re.search(r"/matches/\d+/$", self.path), self.path
        toast = self.page.locator("[data-undo]")
        expect(toast).to_contain_text(text)
        expect(toast.get_by_role("button", name="Undo")).to_be_visible()

    def open_deal(self, number: int) -> None:
        """Open deal `number` from the scoreboard's deal list, for its verdict."""
        line = self.page.locator("#deals li a").filter(
            has=self.page.locator(".muted", has_text=re.compile(rf"^{number}$"))
        )
        self.tap_to_next_page(line)
        expect(self.page.locator("h1")).to_have_text(f"Deal {number}")

    # The card grid.
    def card_label(self, grid: str, card: str) -> Locator:
        return self.page.locator(f"label[for='id_{grid}_{card}']")

    def card_input(self, grid: str, card: str) -> Locator:
        return self.page.locator(f"#id_{grid}_{card}")

    def count(self, grid: str) -> Locator:
        """The "3 of 10" count in the legend of a hand's fieldset."""
        return self.page.locator(f"fieldset:has(#id_{grid}_AS) legend .count")

    def tap_cards(self, grid: str, cards: str, *, start: int = 0, step: int = 1) -> int:
        """Tap each card of `cards` on the grid, as a person does: one tap, look, the next.

        With JS each tap posts the live preview; the hand's count must follow every tap.
        Returns the count after the last tap.
        """
        n = start
        for card in cards.split():
            if not self.card_label(grid, card).is_visible():
                # One grid is on screen: the hand switch brings this hand's.
                self.tap(self.page.locator(f".hand-switch label[for='side_{grid}']"))
            self.tap(self.card_label(grid, card))
            n += step
            if self.js:
                expect(self.count(grid)).to_have_text(re.compile(rf"^{n} of "))
        return n

    def type_hand(self, field: str, text: str) -> None:
        """Type shorthand into a hand's text field and leave it (which sends `change`)."""
        box = self.page.locator(f"#id_{field}_text")
        box.fill(text)
        if self.js:
            with self.page.expect_response(hx_response):
                box.press("Tab")
        else:
            box.press("Tab")

    # Looking.
    def check_layout(self) -> None:
        overflow = self.page.evaluate(OVERFLOW_JS)
        assert overflow is None, f"{self.path}: horizontal overflow, {overflow}"
        problems = getattr(self.page, "problems", [])
        assert not problems, "\n".join(problems)

    def assert_inside_screen(self) -> None:
        """No horizontal overflow, and no box (fixed and sticky ones included) past the right
        edge of the screen, nor one that scrolls sideways."""
        self.check_layout()
        outside = self.page.evaluate(OUTSIDE_SCREEN_JS)
        assert not outside, f"{self.path}: past the right of the screen: {outside}"

    def assert_words_whole(self, selector: str) -> None:
        """No word of the matched elements' text is split across two lines."""
        split = self.page.evaluate(SPLIT_WORDS_JS, selector)
        assert not split, f"{self.path}: words split across lines: {split}"

    def says(self, words: list[str]) -> None:
        """Each of the words is in the page's text."""
        text = self.page.locator("body").inner_text()
        missing = [word for word in words if word not in text]
        assert not missing, f"{self.path}: {missing} not on the page"

    def look(self, name: str) -> Path:
        """Check the layout and save a screenshot of the whole page to artifacts/NAME.png."""
        self.check_layout()
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=path, full_page=True, scale="css", animations="disabled")
        return path

    def assert_no_overlap(self, selector: str) -> None:
        overlaps = self.page.evaluate(OVERLAP_JS, selector)
        assert not overlaps, f"{self.path}: {selector} overlap: {overlaps[:5]}"

    def assert_not_clipped(self, selector: str) -> None:
        clipped = self.page.evaluate(CLIPPED_JS, selector)
        assert not clipped, f"{self.path}: text cut off in {clipped[:5]}"

    def assert_tidy(self) -> None:
        """Nothing overlaps that should sit side by side, and no label is cut off."""
        for selector in TIDY_APART:
            self.assert_no_overlap(selector)
        self.assert_not_clipped(TIDY_WHOLE)

    def assert_tap_targets(self, grid: str) -> None:
        """Every card of the grid is visible and at least 40x40 CSS px."""
        labels = self.page.locator(f"label.gc[for^='id_{grid}_']")
        assert labels.count() == 52
        for i in range(52):
            label = labels.nth(i)
            box = label.bounding_box()
            assert box is not None, f"{grid}: card {i} is not shown"
            assert box["width"] >= MIN_TAP and box["height"] >= MIN_TAP, (
                f"{grid}: {label.get_attribute('for')} is {box['width']:.0f}x{box['height']:.0f}"
            )

    # Accessibility.
    def assert_controls_named(self) -> None:
        """Every control in the accessibility tree has a name (Chromium's own computation)."""
        cdp = self.page.context.new_cdp_session(self.page)
        try:
            nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
        finally:
            cdp.detach()
        unnamed = [
            node["role"]["value"]
            + " "
            + str({p["name"]: p["value"].get("value") for p in node.get("properties", [])})
            for node in nodes
            if not node.get("ignored")
            and node.get("role", {}).get("value") in CONTROL_ROLES
            and not str(node.get("name", {}).get("value", "")).strip()
        ]
        assert not unnamed, f"{self.path}: controls without an accessible name: {unnamed[:5]}"

    def axe_violations(self) -> list[str]:
        """Run axe-core (vendored, served by the site itself); return each violation, whatever
        its impact, with the first nodes it found it on."""
        if not self.page.evaluate("() => typeof window.axe !== 'undefined'"):
            self.page.add_script_tag(url=self.base_url + AXE)
        return [
            f"[{v['impact']}] {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"])
            for v in self.page.evaluate(AXE_RUN_JS)
        ]

    def assert_axe_clean(self) -> None:
        """Fail on any axe-core violation, minor ones included."""
        violations = self.axe_violations()
        assert not violations, f"{self.path}: axe found " + "\n".join(violations)

    def audit(self, name: str) -> None:
        """Everything a main page must pass: layout, names, axe; and a screenshot."""
        self.look(name)
        self.assert_controls_named()
        self.assert_axe_clean()
