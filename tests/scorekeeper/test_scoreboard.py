"""Back to the scoreboard after each deal, with its Undo; errors shown in every htmx form; the
slow poll of a finished match; one htmx module deciding partial or page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse
from django_htmx.middleware import HtmxMiddleware

from adjudication import Card
from scorekeeper import actions, htmx
from scorekeeper.actions import DealFacts
from scorekeeper.models import Deal
from tests.hands import KNOCK_4, OPP_39

from .match_helpers import HTMX, create_match, enter_cards, record_draw, record_quick, set_upcard

VIEWS = Path(__file__).resolve().parents[2] / "scorekeeper" / "views"


def undo_form(body: str) -> str:
    """Return the scoreboard's Undo form (the whole <form …>…</form>), or ""."""
    found = re.search(r"<form[^>]*data-undo.*?</form>", body, re.S)
    return found.group(0) if found else ""


def test_recording_the_cards_goes_back_to_the_scoreboard_with_the_score_and_undo(client, match):
    set_upcard(client, match, "TC")
    response = enter_cards(client, match, 0, KNOCK_4, OPP_39)
    assert response["Location"] == match.get_absolute_url()
    body = client.get(response["Location"]).content.decode()
    deal = match.deals.get(number=1)
    form = undo_form(body)
    assert "Deal 1: Alice +35" in form
    assert reverse("scorekeeper:deal_undo", args=[match.pk, deal.pk]) in form
    match.refresh_from_db()
    assert f'name="version" value="{match.version}"' in form
    assert 'method="post"' in form and "csrfmiddlewaretoken" in form


def test_the_message_and_its_undo_are_shown_once(client, match):
    set_upcard(client, match, "TC")
    record_quick(client, match, 0, 3, 30)
    assert "Deal 1: Alice +27" in undo_form(client.get(match.get_absolute_url()).content.decode())
    again = client.get(match.get_absolute_url()).content.decode()
    assert "data-undo" not in again and "Deal 1: Alice" not in again


def test_recording_with_htmx_sends_the_whole_page_to_the_scoreboard(client, match):
    set_upcard(client, match, "TC")
    url = reverse("scorekeeper:deal_quick", args=[match.pk])
    data = {"number": 1, "knocker": 0, "knocker_deadwood": 3, "opponent_deadwood": 30}
    response = client.post(url, data, **HTMX)
    assert response["HX-Redirect"] == match.get_absolute_url()


def test_a_draw_gets_the_same_undo(client, match):
    response = record_draw(client, match)
    assert response["Location"] == match.get_absolute_url()
    form = undo_form(client.get(match.get_absolute_url()).content.decode())
    assert "Deal 1 was a draw." in form
    deal = match.deals.get(number=1)
    assert reverse("scorekeeper:deal_undo", args=[match.pk, deal.pk]) in form


def test_the_undo_on_the_scoreboard_works_without_js(client, match):
    set_upcard(client, match, "TC")
    record_quick(client, match, 0, 3, 30)
    form = undo_form(client.get(match.get_absolute_url()).content.decode())
    action = re.search(r'action="([^"]+)"', form).group(1)
    version = re.search(r'name="version" value="(\d+)"', form).group(1)
    response = client.post(action, {"version": version})
    assert response.status_code == 302
    assert match.deals.get(number=1).status == Deal.Status.OPEN


def test_no_undo_is_offered_once_the_other_phone_recorded_the_next_deal(client, match):
    set_upcard(client, match, "TC")
    record_quick(client, match, 0, 3, 30)
    # Before this phone shows its message, the other phone records deal 2.
    match.refresh_from_db()
    actions.set_upcard(match, Card.parse("TC"))
    actions.record(match, 2, DealFacts(entry=Deal.Entry.DRAW), by="")
    body = client.get(match.get_absolute_url()).content.decode()
    assert "Deal 1: Alice +27" in body  # still said
    assert "data-undo" not in body  # but deal 1 is no longer the last: no Undo for it


def test_the_deal_that_ends_the_match_lands_on_the_finished_board_with_its_undo(client, db):
    match = create_match(client, target=30)
    set_upcard(client, match, "TC")
    record_quick(client, match, 1, 3, 40)
    response = client.get(match.get_absolute_url())
    body = response.content.decode()
    final = body.index("Bob wins")
    assert final < body.index('class="scores"')  # announced at the top
    form = undo_form(body)
    assert "Deal 1: Bob +37" in form
    assert reverse("scorekeeper:deal_undo", args=[match.pk, match.deals.get(number=1).pk]) in form


def test_a_quick_heading_has_no_space_before_its_colon(client, match):
    set_upcard(client, match, "TC")
    record_quick(client, match, 0, 3, 30)
    deal = match.deals.get(number=1)
    body = client.get(deal.get_absolute_url()).content.decode()
    line = re.search(r'<p class="outcome">(.*?)</p>', body, re.S).group(1)
    text = re.sub(r"<[^>]+>", "", line)
    assert re.fullmatch(r"Alice · knock \(quick\): 27", text), repr(text)


# ---- Errors shown in every htmx form ---------------------------------------------------------


@pytest.mark.parametrize(
    ("upcard", "data", "message"),
    [
        (
            "6D",
            {"knocker": 0, "knocker_deadwood": 8, "opponent_deadwood": 20},
            "deadwood 8 &gt; limit 6",
        ),
        (None, {"knocker": 0, "knocker_deadwood": 3, "opponent_deadwood": 20}, "upcard first"),
        ("TC", {"knocker_deadwood": 3, "opponent_deadwood": 20}, "Who knocked? Tap Alice or Bob."),
    ],
    ids=["over-the-limit", "no-upcard", "no-knocker"],
)
def test_a_quick_error_answers_422_with_the_form_swapped_in_place(
    client, match, upcard, data, message
):
    if upcard:
        set_upcard(client, match, upcard)
    url = reverse("scorekeeper:deal_quick", args=[match.pk])
    response = client.post(url, {"number": 1, **data}, **HTMX)
    body = response.content.decode()
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#quick" and response["HX-Reswap"] == "outerHTML"
    assert body.lstrip().startswith('<details id="quick"') and "<html" not in body
    assert message in body
    assert not match.deals.filter(status=Deal.Status.RECORDED).exists()


def test_the_site_swaps_a_422_into_its_form_and_shows_other_4xx_pages(client, db):
    body = client.get(reverse("scorekeeper:home")).content.decode()
    config = re.search(r"name=\"htmx-config\" content='([^']+)'", body).group(1)
    handling = json.loads(config)["responseHandling"]
    first = {rule["code"]: rule for rule in handling}
    codes = [rule["code"] for rule in handling]
    assert codes.index("422") < codes.index("4..")
    assert first["422"]["swap"] is True and not first["422"].get("error")
    assert first["4.."]["swap"] is True and first["4.."]["target"] == "#main"


def test_picking_the_upcard_with_htmx_swaps_the_live_region_and_folds_the_picker(client, match):
    url = reverse("scorekeeper:deal_upcard", args=[match.pk])
    response = client.post(url, {"upcard": "7H"}, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="live"')
    assert '<span class="num">7</span>' in body
    # The picker comes back out of band, folded, titled with the card, the card ticked.
    picker = body[body.index('<details id="picker"') :]
    assert picker.startswith('<details id="picker" hx-swap-oob="true">')  # no "open"
    found = re.search(r'<summary id="picker-title" data-upcard="7H">(.*?)</summary>', picker, re.S)
    title = found.group(1)
    assert "Upcard" in title and 'title="7♥"' in title and "change" in title
    assert 'value="7H" id="id_upcard_7H" checked' in picker


def test_the_poll_brings_the_upcard_the_other_phone_picked_into_the_picker_title(client, match):
    actions.set_upcard(match, Card.parse("9D"))
    response = client.get(reverse("scorekeeper:match_poll", args=[match.pk]) + "?v=0", **HTMX)
    title = re.search(
        r'<summary id="picker-title" data-upcard="9D" hx-swap-oob="true">(.*?)</summary>',
        response.content.decode(),
        re.S,
    )
    assert title and 'title="9♦"' in title.group(1)


def test_the_limit_box_is_there_before_the_upcard(client, match):
    body = client.get(match.get_absolute_url()).content.decode()
    assert 'id="limit"' in body and "Tap the upcard" in body


# ---- The poll of a finished match ------------------------------------------------------------


def live_div(body: str) -> str:
    return re.search(r'<div id="live"[^>]*>', body).group(0)


def test_a_match_being_played_polls_every_2_s_and_when_shown_again(client, match):
    live = live_div(client.get(match.get_absolute_url()).content.decode())
    assert 'hx-trigger="every 2s, visibilitychange from:document"' in live
    assert "over=1" not in live


def test_a_finished_match_polls_every_30_s_and_when_shown_again(client, db):
    match = create_match(client, target=30)
    set_upcard(client, match, "TC")
    record_quick(client, match, 1, 3, 40)
    live = live_div(client.get(match.get_absolute_url()).content.decode())
    assert 'hx-trigger="every 30s, visibilitychange from:document"' in live
    assert "over=1" in live


def test_a_poll_of_a_finished_match_reopened_elsewhere_reloads_the_page(client, db):
    match = create_match(client, target=30)
    set_upcard(client, match, "TC")
    record_quick(client, match, 1, 3, 40)
    match.refresh_from_db()
    shown = match.version
    deal = match.deals.get(number=1)
    client.post(reverse("scorekeeper:deal_undo", args=[match.pk, deal.pk]), {"version": shown})
    poll = reverse("scorekeeper:match_poll", args=[match.pk])
    response = client.get(f"{poll}?v={shown}&over=1", **HTMX)
    assert response.status_code == 200 and response["HX-Refresh"] == "true"


def test_a_poll_of_a_match_just_won_elsewhere_reloads_the_page(client, db):
    match = create_match(client, target=30)
    set_upcard(client, match, "TC")
    match.refresh_from_db()
    shown = match.version
    record_quick(client, match, 1, 3, 40)
    poll = reverse("scorekeeper:match_poll", args=[match.pk])
    response = client.get(f"{poll}?v={shown}", **HTMX)
    assert response["HX-Refresh"] == "true"


def test_a_poll_of_a_match_still_played_gets_the_live_regions(client, match):
    match.refresh_from_db()
    shown = match.version
    set_upcard(client, match, "TC")
    poll = reverse("scorekeeper:match_poll", args=[match.pk])
    response = client.get(f"{poll}?v={shown}", **HTMX)
    assert "HX-Refresh" not in response and 'id="live"' in response.content.decode()


# ---- One htmx module -------------------------------------------------------------------------


def htmx_request(**headers):
    request = RequestFactory().get("/", headers=headers)
    HtmxMiddleware(lambda r: None)(request)
    return request


def test_partial_or_page_is_decided_by_the_htmx_module():
    plain = htmx_request()
    swap = htmx_request(**{"HX-Request": "true", "HX-Target": "live"})
    restore = htmx_request(**{"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert htmx.partial(plain, "p.html", "r") == "p.html"
    assert htmx.partial(swap, "p.html", "r") == "p.html#r"
    assert htmx.partial(restore, "p.html", "r") == "p.html"
    assert htmx.targets(swap, "live") and not htmx.targets(plain, "live")
    assert not htmx.targets(restore, "live")


def test_a_history_restore_of_the_scoreboard_gets_the_whole_page(client, match):
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"}
    body = client.get(match.get_absolute_url(), **headers).content.decode()
    assert "<html" in body and 'id="board"' in body


def test_views_leave_the_htmx_choice_to_the_htmx_module():
    hand_rolled = [
        (path.name, line.strip())
        for path in [*VIEWS.glob("*.py"), VIEWS.parent / "accounts.py"]
        for line in path.read_text().splitlines()
        if re.search(r"request\.htmx\b|headers\.get\(\"HX-", line)
    ]
    assert not hand_rolled, hand_rolled


# ---- The pages around the scoreboard ---------------------------------------------------------


def test_home_lists_each_match_with_its_score_and_where_it_stands(client, db):
    playing = create_match(client, "Anna", "Ben")
    set_upcard(client, playing, "TC")
    record_quick(client, playing, 0, 3, 30)
    won = create_match(client, "Cleo", "Dan", target=30)
    set_upcard(client, won, "TC")
    record_quick(client, won, 1, 3, 40)
    body = client.get(reverse("scorekeeper:home")).content.decode()
    rows = re.findall(r'<li><a href="(/matches/\d+/)">(.*?)</a></li>', body, re.S)
    text = {url: " ".join(re.sub(r"<[^>]+>", " ", row).split()) for url, row in rows}
    assert re.search(r"Anna – Ben 27–0 in progress .* 1 deal$", text[playing.get_absolute_url()])
    assert re.search(r"Cleo – Dan 0–\d+ Dan won .* 1 deal$", text[won.get_absolute_url()])


# ---- Two phones, one deal: a form posts the deal it was opened for ---------------------------

POLL_VERSION = re.compile(r"/poll/\?v=(\d+)")


def second_phone(match) -> Client:
    """Return the other phone at the table, on the match's edit link."""
    match.set_share_link("edit", enabled=True)
    match.refresh_from_db()
    phone = Client()
    phone.get(reverse("scorekeeper:share_open", args=[match.edit_token]))
    return phone


def number_after_the_poll(page: str, polled: str, form_id: str) -> str:
    """Return the deal number the form `form_id` posts once the poll's answer is swapped in:
    the poll's own copy of the field, if it sends one, or else the page's."""
    field = rf'name="number" value="(\d+)" id="{form_id}"'
    found = re.search(field, polled) or re.search(field, page)
    return found.group(1)


def polled_after(client, match, page: str, change) -> str:
    """Return what this phone's poll brings once `change` was made on the other phone."""
    shown = POLL_VERSION.search(page).group(1)
    change()
    poll = reverse("scorekeeper:match_poll", args=[match.pk])
    return client.get(f"{poll}?v={shown}", **HTMX).content.decode()


def other_phone_panel(body: str) -> str:
    """Return the text of the panel showing the deal the other phone recorded first, or ""."""
    panel = r'<div class="panel queue-conflict other-phone".*?</form>.*?</div>'
    found = re.search(panel, body, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(0)).split()) if found else ""


def keep_mine_form(body: str) -> tuple[str, list[tuple[str, str]]]:
    """Return the action and the posted fields of the "Keep mine as a correction" form."""
    form = re.search(r"<form[^>]*data-keep-mine.*?</form>", body, re.S)
    assert form, "no Keep mine form"
    assert "Keep mine as a correction" in form.group(0)
    action = re.search(r'action="([^"]+)"', form.group(0)).group(1)
    fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(0))
    return action, fields


def test_the_poll_never_moves_the_deal_number_of_this_phones_forms(client, match):
    page = client.get(match.get_absolute_url()).content.decode()
    other = second_phone(match)
    polled = polled_after(client, match, page, lambda: record_draw(other, match))
    assert 'id="live"' in polled and "Deal 2 · " in polled
    assert 'name="number"' not in polled


def test_a_second_draw_tap_after_the_other_phones_draw_records_no_second_draw(client, match):
    # Both phones see the stock down to two. The other phone's Draw lands first, this phone's
    # poll comes in, and then this phone's Draw, meant for the same deal 1.
    page = client.get(match.get_absolute_url()).content.decode()
    other = second_phone(match)
    polled = polled_after(client, match, page, lambda: record_draw(other, match))
    number = number_after_the_poll(page, polled, "draw-number")
    response = client.post(reverse("scorekeeper:deal_draw", args=[match.pk]), {"number": number})
    assert list(match.deals.values_list("number", "status")) == [(1, "recorded")]
    body = response.content.decode()
    assert response.status_code == 200
    panel = other_phone_panel(body)
    assert "Deal 1 was already recorded on another phone (draw). Here it is." in panel
    assert "On the server Draw On this phone Draw" in panel
    action, fields = keep_mine_form(body)
    deal = match.deals.get(number=1)
    assert action == reverse("scorekeeper:deal_edit", args=[match.pk, deal.pk])
    assert ("mode", "draw") in fields


def test_a_quick_record_after_the_other_phone_recorded_shows_both_and_keeps_mine(client, match):
    page = client.get(match.get_absolute_url()).content.decode()
    other = second_phone(match)

    def the_other_phone_records():
        set_upcard(other, match, "TC")
        record_quick(other, match, 1, 2, 40)

    polled = polled_after(client, match, page, the_other_phone_records)
    number = number_after_the_poll(page, polled, "quick-number")
    url = reverse("scorekeeper:deal_quick", args=[match.pk])
    data = {"number": number, "knocker": 0, "knocker_deadwood": 3, "opponent_deadwood": 30}
    response = client.post(url, data, **HTMX)
    body = response.content.decode()
    assert "upcard first" not in body
    assert response["HX-Retarget"] == "#quick" and "<html" not in body
    assert body.lstrip().startswith('<details id="quick" class="quick" open')
    panel = other_phone_panel(body)
    assert "On the server Bob · knock (quick) · +38" in panel
    # This phone's side, beside it:
    assert "On this phone Alice knocked · deadwood 3 · Bob: deadwood 30" in panel
    assert 'name="knocker_deadwood" value="3"' in body  # the typed numbers stay in the form
    assert match.deals.get(number=1).winner == 1

    action, fields = keep_mine_form(body)
    assert ("mode", "quick") in fields and ("knocker_deadwood", "3") in fields
    assert not any(name == "number" for name, _value in fields)
    kept = client.post(action, dict(fields))
    deal = match.deals.get(number=1)
    assert kept["Location"] == deal.get_absolute_url()
    assert (deal.winner, deal.points) == (0, 27)
    assert "Deal 1 was corrected." in client.get(kept["Location"]).content.decode()


def test_a_quick_record_without_js_after_the_other_phone_shows_the_whole_board(client, match):
    other = second_phone(match)
    set_upcard(other, match, "TC")
    record_quick(other, match, 1, 2, 40)
    url = reverse("scorekeeper:deal_quick", args=[match.pk])
    data = {"number": 1, "knocker": 0, "knocker_deadwood": 3, "opponent_deadwood": 30}
    body = client.post(url, data).content.decode()
    assert "<html" in body and "Bob · knock (quick) · +38" in other_phone_panel(body)
    assert re.search(r'<details id="quick" class="quick" open>.*data-keep-mine', body, re.S)
    assert match.deals.count() == 1


def test_a_full_card_entry_after_the_other_phone_recorded_keeps_the_cards(client, match):
    set_upcard(client, match, "TC")
    form = client.get(reverse("scorekeeper:deal_enter", args=[match.pk, 0])).content.decode()
    number = re.search(r'name="number" value="(\d+)"', form).group(1)
    other = second_phone(match)
    record_quick(other, match, 1, 2, 40)
    response = enter_cards(client, match, 0, KNOCK_4, OPP_39, upcard="TC", number=int(number))
    body = response.content.decode()
    assert response.status_code == 200
    assert "Deal 1: the hands" in body and 'name="number" value="1"' in body
    assert KNOCK_4 in body and OPP_39 in body  # nothing typed is dropped
    panel = other_phone_panel(body)
    assert "On the server Bob · knock (quick) · +38 On this phone Alice knocked" in panel
    action, fields = keep_mine_form(body)
    assert ("mode", "cards") in fields and ("action", "record") in fields
    assert ("knocker_text", KNOCK_4) in fields
    kept = client.post(action, dict(fields))
    deal = match.deals.get(number=1)
    assert kept["Location"] == deal.get_absolute_url()
    assert (deal.entry, deal.winner, deal.points) == ("cards", 0, 35)


def test_a_preview_without_js_keeps_the_deal_number_the_page_was_opened_for(client, match):
    set_upcard(client, match, "TC")
    other = second_phone(match)
    record_quick(other, match, 1, 2, 40)
    body = enter_cards(client, match, 0, KNOCK_4, OPP_39, upcard="TC", number=1, action="preview")
    assert 'name="number" value="1"' in body.content.decode()


def test_scoreboard_shows_deal_dealer_and_first_turn_reminder(client, match):
    body = client.get(match.get_absolute_url()).content.decode()
    assert "Deal 1 · Alice deals" in body
    assert "First turn: Bob may take the upcard." in body
    assert "Tap the upcard" in body
