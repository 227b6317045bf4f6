"""The offline banner, the entries kept on the phone, a conflict, the install offer and the
entry page's note: tidy at 390 px, in light and dark, in English and Finnish.

Each run saves screenshots to artifacts/offline-*.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from adjudication import Card
from scorekeeper import actions
from scorekeeper.actions import DealFacts
from scorekeeper.models import Deal, Match

from .browser_helpers import AXE
from .offline_helpers import thumb, thumb_to_next_page, wait_for_worker, wait_until_kept

LOOKS = [
    pytest.param("light", "en", marks=pytest.mark.browser_context_args(color_scheme="light")),
    pytest.param("dark", "en", marks=pytest.mark.browser_context_args(color_scheme="dark")),
    pytest.param(
        "light",
        "fi",
        marks=pytest.mark.browser_context_args(
            color_scheme="light", locale="fi-FI", extra_http_headers={"Accept-Language": "fi"}
        ),
    ),
    pytest.param(
        "dark",
        "fi",
        marks=pytest.mark.browser_context_args(
            color_scheme="dark", locale="fi-FI", extra_http_headers={"Accept-Language": "fi"}
        ),
    ),
]
# A returning visitor, so that the install offer may come; the browser's own prompt, faked.
RETURNING = "localStorage.setItem('okgin.visits', '3')"
PROMPT = """
() => {
  const event = new Event('beforeinstallprompt', {cancelable: true});
  event.prompt = () => Promise.resolve();
  window.dispatchEvent(event);
}
"""


def audit(phone, name: str) -> None:
    phone.assert_tidy()
    phone.assert_controls_named()
    phone.assert_axe_clean()
    phone.look(name)


@pytest.mark.parametrize(("scheme", "language"), LOOKS)
def test_offline_screens_look_right(phone, scheme, language):
    page = phone.page
    page.add_init_script(RETURNING)
    phone.goto("/matches/new/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.locator("#id_player_a_name").fill("Aino")
    page.locator("#id_player_b_name").fill("Eero")
    thumb(page, page.locator("label[for=id_first_dealer_1]"))
    thumb_to_next_page(page, page.locator("main form button[type=submit]"))
    match = Match.objects.latest("pk")
    actions.set_upcard(match, Card.parse("TC"))
    actions.record(match,
        1, DealFacts(entry=Deal.Entry.QUICK, upcard=Card.parse("TC"), knocker=0,
                     knocker_deadwood=2, opponent_deadwood=31)
    )  # fmt: skip
    actions.set_upcard(match, Card.parse("7H"))
    page.reload()
    wait_for_worker(page)
    page.reload()
    board = f"/matches/{match.pk}/"
    wait_until_kept(page, board, f"{board}knock/0/", f"{board}knock/1/")
    # The accessibility checker too, for the checks made offline (static: kept once fetched).
    page.evaluate("(url) => fetch(url).then((r) => r.ok)", AXE)
    wait_until_kept(page, AXE)
    name = f"offline-{language}-{scheme}"

    # Offline: the banner, a quick deal kept, and the install offer once.
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#offline-banner")).to_be_visible()
    thumb(page, page.locator("#quick > summary"))
    thumb(page, page.locator("#quick .seg label").first)
    page.locator("#id_knocker_deadwood").fill("4")
    page.locator("#id_opponent_deadwood").fill("27")
    thumb(page, page.locator("#quick button[type=submit]"))
    expect(page.locator("#queue .queue-item")).to_have_count(1)
    page.evaluate(PROMPT)
    expect(page.locator("[data-install-offer]")).to_be_visible()
    audit(phone, f"{name}-01-scoreboard-waiting")

    # The card entry, kept: no live preview, and it says so.
    thumb_to_next_page(page, page.locator("a[data-keep-offline]").nth(1))
    expect(page.locator("[data-offline-note]")).to_be_visible()
    audit(phone, f"{name}-02-card-entry")
    page.go_back()

    # The other phone recorded deal 2 meanwhile: both results, and the choice.
    actions.record(Match.objects.get(pk=match.pk),
        2, DealFacts(entry=Deal.Entry.QUICK, upcard=Card.parse("7H"), knocker=1,
                     knocker_deadwood=0, opponent_deadwood=18), by="eero"
    )  # fmt: skip
    page.context.set_offline(False)
    expect(page.locator("#queue .queue-conflict")).to_be_visible()
    expect(page.locator(".deals li")).to_have_count(2)  # the board as the server has it
    expect(page.locator("#offline-banner")).to_be_hidden()
    audit(phone, f"{name}-03-conflict")
