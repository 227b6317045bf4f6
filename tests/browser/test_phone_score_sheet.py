"""The scoreboard's running score sheet on a 360 px phone: both players' totals in two columns
under their names, the bonuses and the final totals on their own lines, in English and Polish,
light and dark."""

from __future__ import annotations

import pytest
from django.conf import settings

from scorekeeper.models import Match
from tests.scorekeeper.history_helpers import add_deals, draw, knock

# Where each column's right edge lies: the header's names and every line's figures.
COLUMNS_JS = """() => {
  const right = el => Math.round(el.getBoundingClientRect().right);
  const head = [...document.querySelectorAll('.sheet-cols span[title]')].map(right);
  const lines = [...document.querySelectorAll('#deals .row, #deals li:not(.trashed) a')]
    .map(line => [...line.querySelectorAll('.run')].map(right));
  const heights = [...document.querySelectorAll('#deals .row, #deals li a')]
    .map(line => Math.round(line.getBoundingClientRect().height));
  return {head, lines, heights};
}"""

SMALL = {"width": 360, "height": 800}


@pytest.mark.parametrize(
    ("language", "scheme"),
    [
        pytest.param(
            language,
            scheme,
            marks=pytest.mark.browser_context_args(viewport=SMALL, color_scheme=scheme),
        )
        for language in ("en", "pl")
        for scheme in ("light", "dark")
    ],
)
def test_the_running_sheet_lines_up_under_the_names(phone, language, scheme):
    page = phone.page
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": phone.base_url}]
    )
    phone.goto("/matches/new/")
    page.locator("#id_player_a_name").fill("Aleksandra")
    page.locator("#id_player_b_name").fill("Bob")
    # The house rules are folded away; a player would open them and type these.
    page.evaluate("() => { id_box_bonus.value = '25'; id_game_bonus.value = '100'; }")
    phone.tap_to_next_page(page.locator("main form button[type=submit]"))
    match = Match.objects.latest("pk")
    add_deals(match, [knock(0, 40), knock(1, 12), draw(), knock(0, 30), knock(0, 31)])
    phone.goto(match.get_absolute_url())

    found = page.evaluate(COLUMNS_JS)
    assert len(found["head"]) == 2
    # 5 deals, then the bonuses and the final totals: every figure under its player's name.
    assert len(found["lines"]) == 7
    assert all(line == found["head"] for line in found["lines"]), found
    assert min(found["heights"]) >= 44, found["heights"]
    phone.assert_inside_screen()
    phone.assert_words_whole("#deals")
    phone.look(f"score-sheet-360-{language}-{scheme}")
