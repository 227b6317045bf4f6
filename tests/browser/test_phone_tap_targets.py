"""Every button, and every link outside running text, is at least 44 CSS px tall on a phone.

A thumb needs 44 px (Apple's and WCAG 2.5.5's figure). Links in running text are the one
exception (WCAG's "inline" one): their height is the line's, and a taller box would pull the
sentence's lines apart. Precisely, a link is in **running text** when the block that lays out
its line (its nearest ancestor that is not displayed inline) is a `<p>` whose own words,
outside its links and buttons, include the end of a sentence (".", "?" or "!" before a space or
at the end): "No account yet? Sign up." or a verdict followed by "Rule §6". A line of links
("Correct it as: cards · quick numbers · a draw", "Their matches · Deals as CSV"), a link alone
on its line ("← Ann – Ben") or a label ("Layoffs (dashed on the knocker's melds):") is not.

Buttons are `<button>`, `<summary>`, the input buttons and `[role=button]`, links `a[href]`.
Each page is measured twice: as it loads, and with everything that can appear shown (every
`<details>` open, every `[hidden]` shown, every `<template>` stamped out beside itself: the
offline queue's rows, the install offer), since a button that shows after a tap is tapped too.
The skip link is left out: it is off the screen until a keyboard focuses it.

The pages are the URLconf's: each routed name is either visited here or listed in NOT_PAGES with
why it is no page (a POST, a file, JSON), so a new page is measured once it is routed.

The same walk runs axe-core on each page as it loads (with JS), and fails on a violation of any
impact: in light at one width and in dark at the other, so that every page is checked in both.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from playwright.sync_api import expect

from adjudication import Card
from scorekeeper import actions
from scorekeeper.models import Deal, Match
from tests.hands import OPP_39
from tests.scorekeeper.history_helpers import quick

from .browser_helpers import Phone
from .test_phone_pages_360 import CHECK_HAND, record_layoffs

TAP = 44
# The targets a thumb met too short (36 px buttons, 16–21 px links): each must be measured.
ISSUE_TARGETS = {
    "Undo",
    "Restore",
    "Got it",
    "Log in",
    "Sign up",
    "No thanks",
    "Switch",
    "Log out",
    "Four-colour deck",
    "Keep mine as a correction",
    "Send again",
    "Open it",
    "← Ann – Ben",
    "quick numbers",
    "a draw",
    "Layoffs",
    "Deals as CSV",
}
# Each width with the colour scheme its walk is seen in.
WIDTHS = [(360, "light"), (390, "dark")]

# Routed names that are not pages a phone shows, and why.
NOT_PAGES = {
    "set_language": "a POST (the footer's Switch)",
    "save_offer_dismiss": "a POST (the save offer's No thanks)",
    "logout": "a POST (the footer's Log out)",
    "account_backup": "a file download",
    "offline:service_worker": "a script",
    "offline:manifest": "JSON",
    "offline:kept": "JSON for the service worker",
    "offline:result_image": "a picture",
    "offline:link_result_image": "a picture",
    "scorekeeper:deck_colours": "a POST (the footer's deck button)",
    "scorekeeper:match_rematch": "a POST",
    "scorekeeper:match_poll": "an htmx fragment of the scoreboard",
    "scorekeeper:deal_upcard": "a POST (its errors come back on the scoreboard)",
    "scorekeeper:deal_draw": "a POST",
    "scorekeeper:deal_quick": "a POST (its errors come back on the scoreboard)",
    "scorekeeper:deal_undo": "a POST",
    "scorekeeper:deal_restore": "a POST",
    "scorekeeper:match_export": "a CSV file",
    "scorekeeper:player_export": "a CSV file",
    "scorekeeper:api_openapi": "JSON",
    "scorekeeper:api_adjudicate": "a JSON POST",
    "scorekeeper:api_hand": "a JSON POST",
    "scorekeeper:api_match": "a JSON POST",
}

MEASURE_JS = """
({reveal, tap}) => {
  if (reveal) {
    for (const t of document.querySelectorAll('template')) {
      const stamped = document.createElement('div');
      stamped.append(t.content.cloneNode(true));
      t.after(stamped);
    }
    for (const el of document.querySelectorAll('[hidden]')) el.hidden = false;
    for (const el of document.querySelectorAll('details')) el.open = true;
  }
  const lineBlock = (el) => {
    let up = el.parentElement;
    while (up && getComputedStyle(up).display.startsWith('inline')) up = up.parentElement;
    return up;
  };
  const inRunningText = (link) => {
    const block = lineBlock(link);
    if (!block || block.tagName !== 'P') return false;
    let own = '';
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement.closest('a, button')) own += node.data;
    }
    return /[.?!](\\s|$)/.test(own);
  };
  const name = (el) => el.tagName.toLowerCase() + [...el.classList].map((c) => '.' + c).join('')
    + ` "${(el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
  const short = [];
  const seen = [];
  const targets = document.querySelectorAll(
    'a[href], button, summary, input[type=submit], input[type=button], input[type=reset],'
    + ' [role=button]');
  for (const el of targets) {
    if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    const box = el.getBoundingClientRect();
    if (box.right <= 0 || box.left >= innerWidth) continue;  // the skip link, until focused
    if (el.matches('a') && inRunningText(el)) continue;
    seen.push((el.innerText || '').trim());
    if (box.height + 0.01 < tap) short.push(`${name(el)}: ${box.height.toFixed(1)} px`);
  }
  return {seen, short};
}
"""


def routed_names(resolver: URLResolver | None = None, namespace: str = "") -> set[str]:
    """Return the URLconf's route names (namespaced), the admin's left out."""
    names: set[str] = set()
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.app_name == "admin":
                continue
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            names |= routed_names(pattern, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            names.add(namespace + pattern.name)
    return names


class Ruler:
    """Measures the pages one phone visits; collects every target that is too short."""

    def __init__(self, phone: Phone, scheme: str, axe: bool = True) -> None:
        self.phone = phone
        phone.page.emulate_media(color_scheme=scheme)
        self.axe = axe  # a page without JS cannot run axe-core
        self.violations: list[str] = []
        self.short: list[str] = []
        self.visited: set[str] = set()
        self.seen: set[str] = set()  # the texts of the targets measured

    def measure(self, route: str, label: str = "") -> None:
        self.visited.add(route)
        if self.axe:
            where = f"{label or route} ({self.phone.path})"
            self.violations += [f"{where}: {found}" for found in self.phone.axe_violations()]
        for reveal in (False, True):
            where = f"{label or route}{', all shown' if reveal else ''} ({self.phone.path})"
            found = self.phone.page.evaluate(MEASURE_JS, {"reveal": reveal, "tap": TAP})
            assert found["seen"], f"{where}: nothing measured"
            self.seen.update(found["seen"])
            self.short += [f"{where}: {short}" for short in found["short"]]

    def summary(self) -> list[str]:
        """Return each short target once, with the first page it was found on."""
        first: dict[str, str] = {}
        for line in self.short:
            where, _, target = line.partition("): ")
            first.setdefault(target, where + ")")
        return [f"{target}, on {where}" for target, where in first.items()]

    def visit(self, route: str, *args: object, query: str = "", label: str = "") -> None:
        self.phone.goto(reverse(route, args=args) + query)
        self.measure(route, label)


def a_match_with_deals(pk: int) -> tuple[Match, Deal, Deal]:
    """Give the match a card deal with layoffs (deal 1), a quick deal (2), a deleted one (3),
    the upcard of deal 4, and both share links; return it with deals 1 and 2."""
    match = Match.objects.get(pk=pk)
    layoffs = record_layoffs(match)
    for number in (2, 3):
        match.refresh_from_db()
        actions.set_upcard(match, Card.parse("TC"))
        actions.record(match, number, quick(1, 2, 20, upcard="TC"))
    match.refresh_from_db()
    actions.delete_deal(match, match.deals.get(number=3), version=match.version)
    match.refresh_from_db()
    actions.set_upcard(match, Card.parse("TC"))
    for kind in ("view", "edit"):
        match.set_share_link(kind, enabled=True)
    return match, layoffs, match.deals.get(number=2)


def test_every_routed_name_is_measured_or_no_page():
    measured = {
        *ANONYMOUS_PAGES,
        *ACCOUNT_PAGES,
    }
    assert set(NOT_PAGES).isdisjoint(measured)
    assert routed_names() == measured | set(NOT_PAGES), (
        f"not measured: {routed_names() - measured - set(NOT_PAGES)}; "
        f"no longer routed: {(measured | set(NOT_PAGES)) - routed_names()}"
    )


# What the two kinds of visitor are shown (test_every_button_... visits each).
ANONYMOUS_PAGES = {
    "scorekeeper:home",
    "scorekeeper:rules",
    "scorekeeper:checker",
    "scorekeeper:match_create",
    "scorekeeper:match_detail",
    "scorekeeper:deal_enter",
    "scorekeeper:deal_detail",
    "scorekeeper:deal_edit",
    "scorekeeper:deal_delete",
    "scorekeeper:match_share",
    "scorekeeper:share_open",
    "scorekeeper:history",
    "scorekeeper:match_history",
    "scorekeeper:stats",
    "scorekeeper:api_docs",
    "offline:page",
    "login",
    "signup",
    "account_deleted",
}
ACCOUNT_PAGES = {"password_change", "password_change_done", "account_delete", "account_import"}


@pytest.mark.parametrize(("width", "scheme"), WIDTHS)
def test_every_button_and_every_link_outside_running_text_is_a_thumb_tall_and_axe_finds_nothing(
    phone, another_phone, new_context, live_server, width, scheme
):
    page = phone.page
    page.set_viewport_size({"width": width, "height": 800})
    ruler = Ruler(phone, scheme)
    pk = phone.start_match("Ann", "Ben", dealer="First player deals")
    match, layoffs, quick = a_match_with_deals(pk)

    # The scoreboard: the save offer on its first showing, then the Undo toast after a record.
    ruler.visit("scorekeeper:match_detail", pk, label="scoreboard with the save offer")
    expect(page.locator("#save-offer")).to_be_visible()
    page.reload()  # as it was before the measure opened everything
    phone.record_quick(0, "1", "20")
    expect(page.locator("[data-undo]")).to_be_visible()
    ruler.measure("scorekeeper:match_detail", "scoreboard with Undo")
    match.refresh_from_db()
    actions.set_upcard(match, Card.parse("9C"))
    ruler.visit("scorekeeper:match_detail", pk, label="scoreboard with a deleted deal")
    expect(page.get_by_role("button", name="Restore deal 3")).to_be_visible()

    ruler.visit("scorekeeper:home")
    ruler.visit("scorekeeper:rules")
    query = {"upcard": "TC", "hand_text": CHECK_HAND, "opponent_text": OPP_39}
    ruler.visit("scorekeeper:checker", query="?" + urlencode(query))
    ruler.visit("scorekeeper:match_create")
    ruler.visit("scorekeeper:deal_enter", pk, 0)
    ruler.visit("scorekeeper:deal_detail", pk, layoffs.pk, label="deal with layoffs")
    ruler.visit("scorekeeper:deal_detail", pk, quick.pk, label="quick deal")
    for mode in ("cards", "quick", "draw"):
        ruler.visit("scorekeeper:deal_edit", pk, layoffs.pk, query=f"?mode={mode}")
    ruler.visit("scorekeeper:deal_delete", pk, quick.pk)
    ruler.visit("scorekeeper:match_share", pk)
    ruler.visit("scorekeeper:history")
    ruler.visit("scorekeeper:history", query=f"?player={match.player_a_id}", label="filtered")
    ruler.visit("scorekeeper:match_history", pk)
    query = {"a": match.player_a_id, "b": match.player_b_id}
    ruler.visit("scorekeeper:stats", query="?" + urlencode(query))
    ruler.visit("scorekeeper:api_docs")
    ruler.visit("offline:page")
    ruler.visit("login")
    ruler.visit("signup")
    ruler.visit("account_deleted")

    # The share links, opened on other phones: the scoreboard read-only, and with controls.
    for kind in ("view", "edit"):
        other = another_phone()
        other.page.set_viewport_size({"width": width, "height": 800})
        other_ruler = Ruler(other, scheme)
        other_ruler.visit("scorekeeper:share_open", getattr(match, f"{kind}_token"), label=kind)
        ruler.short += other_ruler.short
        ruler.violations += other_ruler.violations
        ruler.visited |= other_ruler.visited
        ruler.seen |= other_ruler.seen

    # Without JS, through the edit link: the scoreboard's and the entry page's own buttons
    # ("Set the upcard", "Show the verdict").
    plain = Phone(new_context(java_script_enabled=False).new_page(), live_server.url, js=False)
    plain.page.set_viewport_size({"width": width, "height": 800})
    plain_ruler = Ruler(plain, scheme, axe=False)
    plain_ruler.visit("scorekeeper:share_open", match.edit_token, label="edit link, no JS")
    plain_ruler.visit("scorekeeper:deal_enter", pk, 1, label="entry, no JS")
    expect(plain.page.get_by_role("button", name="Show the verdict")).to_be_visible()
    ruler.short += plain_ruler.short
    ruler.seen |= plain_ruler.seen

    # A player with an account: the footer's Log out and the account's own pages.
    get_user_model().objects.create_user("ann", password="a long pass phrase 42")
    member = another_phone()
    member.page.set_viewport_size({"width": width, "height": 800})
    member.goto(reverse("login"))
    member.page.get_by_label("Username").fill("ann")
    member.page.get_by_label("Password").fill("a long pass phrase 42")
    member.tap_to_next_page(member.page.locator("main form button[type=submit]"))
    member_ruler = Ruler(member, scheme)
    member_ruler.visit("scorekeeper:home", label="home, logged in")
    member_ruler.visit("password_change")
    member_ruler.visit("password_change_done")
    member_ruler.visit("account_delete")
    member_ruler.visit("account_import")
    ruler.short += member_ruler.short
    ruler.violations += member_ruler.violations
    ruler.visited |= member_ruler.visited
    ruler.seen |= member_ruler.seen

    assert ruler.visited == ANONYMOUS_PAGES | ACCOUNT_PAGES
    assert ruler.seen >= ISSUE_TARGETS, f"not measured: {ISSUE_TARGETS - ruler.seen}"
    assert not ruler.violations, f"axe, {scheme}:\n" + "\n".join(ruler.violations)
    assert not ruler.short, f"{len(ruler.short)} targets under {TAP} px:\n" + "\n".join(
        ruler.summary()
    )
