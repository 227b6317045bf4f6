"""The scoreboard on a 360 px phone with long names, in every language: mid-match with the
"Deal 1: … +26 · Undo" message, and finished with the winner's panel. Nothing runs off the
right of the screen (the watched page fails on a horizontal overflow after a load or a swap),
the floating message keeps inside it, and a score never breaks at its dash."""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import expect

from scorekeeper.models import Match
from tests.scorekeeper.history_helpers import add_deals, knock

from .browser_helpers import ARTIFACTS, OVERFLOW_JS
from .test_phone_stats_history_360 import BROKEN_SCORES_JS

NARROW = {"width": 360, "height": 800}
ANN = "Maximiliana"
BEN = "Bartholomew-Jones"
LANGUAGES = ["en", "fi", "nl", "pl", "sn"]
INSIDE_JS = """(sel) => [...document.querySelectorAll(sel)]
  .filter((el) => { const r = el.getBoundingClientRect();
    const box = el.closest('.panel, .toast');
    const p = box && box !== el ? box.getBoundingClientRect() : {left: 0, right: innerWidth};
    return r.width > 0 && (r.left < Math.max(0, p.left) - 0.5
      || r.right > Math.min(p.right, document.documentElement.clientWidth) + 0.5); })
  .map((el) => el.outerHTML.slice(0, 80))"""


def fits(phone, what: str) -> None:
    page = phone.page
    overflow = page.evaluate(OVERFLOW_JS)
    assert overflow is None, f"{what}: {overflow}"
    # Fixed boxes (the message) do not widen the page, nor does what sticks out of a panel
    # into the page's margin: check that each keeps inside its panel and the screen.
    outside = page.evaluate(INSIDE_JS, "main *, .toast *")
    assert not outside, f"{what}: outside the screen: {outside}"


def record_quick(phone, knocker: int, k: str, o: str) -> None:
    phone.record_quick(knocker, k, o)
    expect(phone.page.locator("[data-undo]")).to_be_visible()


@pytest.mark.browser_context_args(viewport=NARROW)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_scoreboard_keeps_to_a_360_px_screen_with_long_names(phone, language):
    page = phone.page
    pk = phone.start_match(ANN, BEN)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": phone.base_url}]
    )
    phone.goto(f"/matches/{pk}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    fits(phone, "new match")
    phone.set_upcard("7H")
    fits(phone, "upcard picked")
    record_quick(phone, 0, "3", "29")
    fits(phone, "after recording, with the message")
    page.screenshot(path=ARTIFACTS / f"board-360-recorded-{language}-screen.png")
    phone.look(f"board-360-recorded-{language}")

    # Close to the end: Ben at 90, then Ben's knock wins with the message on the finished board.
    add_deals(Match.objects.get(pk=pk), [knock(1, 45), knock(1, 45)])
    phone.goto(f"/matches/{pk}/")
    phone.set_upcard("TC")
    record_quick(phone, 1, "0", "40")
    expect(page.locator(".final")).to_be_visible()
    fits(phone, "finished, with the message")
    page.screenshot(path=ARTIFACTS / f"board-360-finished-{language}-screen.png")
    # "Bartholomew-Jones wins 155–26": the figure is one piece, on one line.
    expect(page.locator(".final .big span.score")).to_have_text("155–26")
    assert not page.evaluate(BROKEN_SCORES_JS, "span.score")
    phone.look(f"board-360-finished-{language}")
