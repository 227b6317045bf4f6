"""A Hollywood scoreboard on a 360 px phone with long names, in every language: open, with one
game ended (and the message naming it), and finished with each game's result and the net.
Nothing runs off the screen or out of its panel, a score never breaks at its dash, and the
knock limit keeps its size. Each state is photographed, light and dark, in /tmp/hw-shots/ for
English, Finnish and Polish."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from adjudication import Rules
from scorekeeper.models import Match
from tests.scorekeeper.history_helpers import add_deals, knock

from .test_phone_scoreboard_360 import ANN, BEN, LANGUAGES, NARROW, fits
from .test_phone_stats_history_360 import BROKEN_SCORES_JS

SHOTS = Path("/tmp/hw-shots")
PHOTOGRAPHED = {"en", "fi", "pl"}
RULES = Rules(hollywood=True, target=100, box_bonus=25, game_bonus=100, shutout=True)


def shoot(page, language: str, state: str) -> None:
    if language not in PHOTOGRAPHED:
        return
    SHOTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=SHOTS / f"{state}-{language}-{scheme}.png", full_page=True)
    page.emulate_media(color_scheme="light")


@pytest.mark.browser_context_args(viewport=NARROW)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hollywood_scoreboard_keeps_to_a_360_px_screen(phone, language):
    page = phone.page
    pk = phone.start_match(ANN, BEN, dealer="First player deals")
    match = Match.objects.get(pk=pk)
    match.rules = RULES.to_dict()
    match.save(update_fields=["rules"])
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": phone.base_url}]
    )

    # Open: Ann's 45 in Games 1 and 2, Ben's 90 in Game 1; the upcard's limit as big as ever.
    add_deals(match, [knock(0, 20), knock(0, 25), knock(1, 90)])
    phone.goto(f"/matches/{pk}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(".hw-cell .hw-fig")).to_have_text(["45", "25", "0", "90", "0", "0"])
    phone.set_upcard("7H")
    assert page.locator(".limit .num").evaluate("(el) => getComputedStyle(el).fontSize") == "88px"
    fits(phone, "open")
    heads = page.locator(".hw-cols .hw-run span")  # the deal list's G1 G2 G3, named once
    for game in range(3):
        expect(heads.nth(game)).to_be_visible()
    assert not page.evaluate(BROKEN_SCORES_JS, "span.score")
    shoot(page, language, "open")

    # Ben's knock ends Game 1: the message names it, over the board.
    phone.record_quick(1, "1", "21")
    expect(page.locator("[data-undo]")).to_be_visible()
    expect(page.locator(".hw-head.ended")).to_have_count(1)
    fits(phone, "one game ended, with the message")
    assert not page.evaluate(BROKEN_SCORES_JS, "span.score")
    shoot(page, language, "one-game-ended")

    # Finished: Ann wins Games 2 and 3, as the live poll brings it (as from the other phone).
    add_deals(Match.objects.get(pk=pk), [knock(0, 80), knock(0, 90)])
    expect(page.locator(".final")).to_be_visible()
    expect(page.locator(".hw-head.ended")).to_have_count(3)
    fits(phone, "finished")
    phone.assert_words_whole(".hw-final tbody th")  # "G1", "Net" in every language
    assert not page.evaluate(BROKEN_SCORES_JS, "span.score")
    shoot(page, language, "finished")
