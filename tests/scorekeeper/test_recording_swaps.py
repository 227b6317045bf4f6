"""The card-entry pages as an instrument: a tap swaps only what changed, the verdict bar says
everything, one grid on screen with a hand switch, and the correction and checker pages that
share them."""

import re

from django.template import Context, Template

from adjudication import Card, Layoff, Meld, parse_cards
from scorekeeper.board import Board
from tests.hands import KNOCK_4, OPP_39

from .match_helpers import HTMX, deal_url, enter_cards, entry_url, set_upcard

CHECKER = "/check/"


def tap_post(client, match, knocker, opponent="", **extra):
    """Post the live preview as the page's script does after a card tap."""
    match.refresh_from_db()
    data = {
        "number": Board(match).next_number,
        "version": match.version,
        "upcard": match.open_deal().upcard,
        "knocker_seat": 0,
        "knocker": knocker.split(),
        "opponent": opponent.split(),
        "action": "preview",
        **extra,
    }
    return client.post(entry_url(match), data, **HTMX).content.decode()


def test_a_card_tap_swaps_the_bar_and_counts_but_never_the_grid_under_the_thumb(client, dealing):
    body = tap_post(client, dealing, "AS 2S 3S", tapped="1")
    assert "<form" not in body and "<html" not in body
    assert 'id="hand-knocker"' not in body and 'id="hand-opponent"' not in body
    regions = ("limit", "side-knocker", "count-knocker", "preview", "bar-text")
    for region in (*regions, "text-knocker", "text-opponent"):
        assert re.search(rf'id="{region}"[^>]*hx-swap-oob="true"', body), region
    assert "Alice <b>3/10</b>" in body


def test_a_typed_hand_or_new_upcard_also_redraws_both_grids(client, dealing):
    body = enter_cards(client, dealing, 0, KNOCK_4, "", action="preview", headers=HTMX)
    html = body.content.decode()
    assert 'id="hand-knocker" hx-swap-oob="true"' in html
    assert 'id="hand-opponent" hx-swap-oob="true"' in html


def test_the_verdict_bar_shows_counts_limit_verdict_and_record(client, dealing):
    body = enter_cards(client, dealing, 0, KNOCK_4, OPP_39, action="preview").content.decode()
    bar = body[body.index('class="bar"') :]
    assert "Alice <b>10/10</b>" in bar and "Bob <b>10/10</b>" in bar
    # The knock limit is a figure in the bar, beside the verdict it sets.
    assert '<div id="limit" class="bar-limit"><span class="num">6</span>' in bar
    assert "Knock: Alice scores 35 points." in bar
    assert 'class="btn btn-primary" type="submit" name="action" value="record"' in bar


def test_an_illegal_knock_turns_record_into_a_clear_illegal_state(client, match):
    set_upcard(client, match, "3C")  # limit 3; the knocker's deadwood is 4
    body = enter_cards(client, match, 0, KNOCK_4, OPP_39, action="preview").content.decode()
    bar = body[body.index('class="bar"') :]
    assert 'class="btn btn-illegal"' in bar and "Illegal: deadwood 4\u00a0>\u00a03</button>" in bar
    assert "btn-primary" not in bar
    assert 'class="bar-status bad">Illegal knock<' in bar


def test_the_entry_page_has_no_check_button_beside_the_nav_checker(client, dealing):
    body = client.get(entry_url(dealing)).content.decode()
    assert 'value="check"' not in body
    # Without JS a submit still shows the verdict: a button only a page without scripts shows.
    assert re.search(r"<noscript><button[^>]*value=\"preview\">Show the verdict</button>", body)


def test_one_hand_switch_named_by_the_players_picks_the_grid_on_screen(client, dealing):
    body = client.get(entry_url(dealing)).content.decode()
    assert body.count('name="side"') == 2
    assert 'value="knocker" id="side_knocker" class="side-a" form="side-switch" checked' in body
    assert 'value="opponent" id="side_opponent" class="side-b" form="side-switch">' in body
    switch = body[body.index('class="hand-switch"') : body.index('id="hand-knocker"')]
    assert "Alice" in switch and "Bob" in switch


def test_after_the_knockers_tenth_card_the_opponents_grid_is_on_screen(client, dealing):
    body = enter_cards(client, dealing, 0, KNOCK_4, "", action="preview").content.decode()
    assert 'value="opponent" id="side_opponent" class="side-b" form="side-switch" checked' in body
    # The switch is a view, not a fact of the deal: it belongs to no form, so it is never
    # posted (nor kept with a deal waiting offline).
    assert 'id="side-switch"' not in body


def test_cards_in_the_other_hand_show_their_holders_mark(client, dealing):
    body = enter_cards(client, dealing, 0, KNOCK_4, "", action="preview").content.decode()
    opponent_grid = body[body.index('id="hand-opponent"') :]
    assert '<div class="grid" data-other="A">' in opponent_grid
    assert 'taken" data-who="A" for="id_opponent_4D"' in opponent_grid


def test_the_same_initials_get_longer_marks(client, db):
    from .match_helpers import create_match

    match = create_match(client, a="Anna", b="Anne")
    set_upcard(client, match, "6D")
    body = enter_cards(client, match, 0, KNOCK_4, "", action="preview").content.decode()
    assert 'data-who="ANNA"' not in body and 'data-who="ANN"' in body


def test_a_run_with_layoffs_is_drawn_in_rank_order():
    run = Meld(parse_cards("4H 5H 6H"))
    layoffs = [Layoff(Card.parse("7H"), run), Layoff(Card.parse("3H"), run)]
    html = Template("{% load cards %}{% meld m layoffs %}").render(
        Context({"m": run, "layoffs": layoffs})
    )
    shown = re.findall(r'class="pc pc-h ([a-z]*)" title="([^"]+)"', html)
    assert shown == [("laid", "3♥"), ("", "4♥"), ("", "5♥"), ("", "6♥"), ("laid", "7♥")]


def test_a_set_with_a_layoff_keeps_its_fourth_card_last():
    three = Meld(parse_cards("7S 7H 7D"))
    html = Template("{% load cards %}{% meld m layoffs %}").render(
        Context({"m": three, "layoffs": [Layoff(Card.parse("7C"), three)]})
    )
    assert re.findall(r'title="([^"]+)"', html) == ["7♠", "7♥", "7♦", "7♣"]


def test_the_correction_form_counts_the_stored_cards_and_shows_their_verdict(client, dealing):
    enter_cards(client, dealing, 0, KNOCK_4, OPP_39)
    body = client.get(deal_url("deal_edit", dealing, 1)).content.decode()
    assert body.count(">10 of 10") == 2 and not re.search(r"\b0 of 10", body)
    assert "Alice <b>10/10</b>" in body and "Bob <b>10/10</b>" in body
    preview = body[body.index('id="preview"') :]
    assert "Knock: Alice scores 35 points." in preview[: preview.index("</section>")]
    assert "Save the correction" in body
    dealing.refresh_from_db()
    assert f'name="version" value="{dealing.version}"' in body


def checker_get(client, params, **headers):
    return client.get(CHECKER, params, **headers).content.decode()


def test_the_checker_shows_progress_not_errors_while_tapping(client, db):
    body = checker_get(client, {"upcard": "", "hand": ["AS"], "tapped": "1"}, **HTMX)
    assert "Expected" not in body and "field-error" not in body
    assert "Your cards <b>1/10</b>" in body
    whole = checker_get(client, {"upcard": "", "hand": ["AS"]})  # the pushed URL, reloaded
    assert "Expected" not in whole


def test_the_checker_says_a_count_is_wrong_on_a_real_submit(client, db):
    body = checker_get(client, {"upcard": "", "hand": ["AS"], "go": "1"})
    assert "Expected 10 / 11 cards, got 1." in body


def test_the_checker_says_a_count_is_wrong_once_a_hand_has_too_many(client, db):
    twelve = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"]
    body = checker_get(client, {"upcard": "", "hand": twelve}, **HTMX)
    assert "Expected 10 / 11 cards, got 12." in body


def test_the_checker_names_the_hands_in_plain_words(client, db):
    hand = ["AS", "2S", "3S", "7H", "8H", "9H", "KC", "KD", "KH", "4D"]
    opponent = ["5C", "6C", "8C", "9D", "TD", "JD", "2H", "3H", "QS", "5S"]
    body = checker_get(client, {"upcard": "TC", "hand": hand, "opponent": opponent})
    assert "Knocker (knocker)" not in body and "(knocker)" not in body
    assert '<p class="hand-label">Your cards · deadwood 4</p>' in body


def test_the_no_upcard_note_goes_once_an_upcard_is_picked(client, db):
    note = "Without an upcard the knock limit is 10."
    assert note in checker_get(client, {})
    picked = checker_get(client, {"upcard": "3C", "hand": ["AS"]}, **HTMX)
    assert note not in picked and 'id="limit-note"' in picked
    assert '<span class="num">3</span>' in picked


def test_the_checker_result_is_in_the_bar(client, db):
    hand = ["AS", "2S", "3S", "7H", "8H", "9H", "KC", "KD", "KH", "4D"]
    body = checker_get(client, {"upcard": "TC", "hand": hand})
    bar = body[body.index('class="bar"') :]
    assert "You can knock: deadwood 4 ≤ limit 10." in bar and "limit 10" in bar


def test_back_after_a_history_cache_miss_on_the_checker_gets_the_whole_page(client, db):
    hand = ["AS", "2S", "3S", "7H", "8H", "9H", "KC", "KD", "KH", "4D"]
    restore = {**HTMX, "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"}
    body = checker_get(client, {"upcard": "TC", "hand": hand}, **restore)
    assert body.startswith("<!doctype html>") and "</html>" in body
    assert 'id="check"' in body and "You can knock" in body


# Whose hand a tap goes to: the counts each hand may have come from the server, on its grid.
ELEVENTH = "QC"
OFFER = '<label for="side_knocker" class="btn btn-small bar-offer" data-offer'


def test_each_hand_carries_the_counts_it_may_have_on_its_grid(client, dealing):
    body = client.get(entry_url(dealing)).content.decode()
    assert re.search(r'id="hand-knocker" data-need="10" data-most="11" data-full="[^"]+"', body)
    assert re.search(r'id="hand-opponent" data-need="10" data-most="10" data-full="[^"]+"', body)
    assert 'data-full="Bob has 10 cards already: untap one first."' in body
    assert 'data-full="Alice has 11 cards already: untap one first."' in body
    checker = checker_get(client, {})
    assert re.search(r'id="hand-hand" data-need="10" data-most="11"', checker)


def test_the_page_script_writes_no_count_of_its_own():
    from pathlib import Path

    script = (Path(__file__).parents[2] / "static/js/entry.js").read_text()
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", script, flags=re.S)
    assert not re.search(r"\b(10|11)\b", code), "entry.js counts cards by itself"
    assert "dataset.need" in code and "dataset.most" in code


def test_the_bar_offers_an_eleventh_card_once_the_knocker_has_ten(client, dealing):
    nine = " ".join(KNOCK_4.split()[:9])
    for knocker, offered, need in ((nine, False, 10), (KNOCK_4, True, 10)):
        body = tap_post(client, dealing, knocker, tapped="1")
        assert f"Alice <b>{len(knocker.split())}/{need}</b>" in body
        offer = re.search(OFFER + r"( hidden)?>An 11th card\? Tap Alice</label>", body)
        assert offer and (offer.group(1) is None) is offered, knocker
    eleven = tap_post(client, dealing, f"{KNOCK_4} {ELEVENTH}", tapped="1")
    assert "Alice <b>11/11</b>" in eleven and OFFER + " hidden>" in eleven


def test_the_opponents_grid_is_on_screen_after_the_knockers_eleventh_card(client, dealing):
    page = enter_cards(client, dealing, 0, f"{KNOCK_4} {ELEVENTH}", "", action="preview")
    body = page.content.decode()
    assert 'value="opponent" id="side_opponent" class="side-b" form="side-switch" checked' in body
    assert "Alice <b>11/11</b>" in body and 'value="QC" id="id_knocker_QC" checked' in body


def test_an_eleventh_opponent_card_is_refused_and_record_says_why(client, dealing):
    opponent = f"{OPP_39} 7C"
    body = tap_post(client, dealing, KNOCK_4, opponent, tapped="1")
    assert "Bob <b>11/10</b>" in body
    assert 'class="bar-status bad">Too many cards<' in body
    assert re.search(r'class="btn btn-illegal"[^>]*>Bob: 11 cards, not 10</button>', body)
    # Never adjudicated as something else: no verdict, and the knocker's hand is as tapped.
    assert "btn-primary" not in body and "scores" not in body[body.index('id="bar-text"') :]


def test_an_eleventh_opponent_card_posted_without_js_records_nothing_and_loses_nothing(
    client, dealing
):
    response = enter_cards(client, dealing, 0, KNOCK_4, f"{OPP_39} 7C")
    assert response.status_code in (200, 422)
    body = response.content.decode()
    assert not dealing.deals.filter(status="recorded").exists()
    assert "Bob: 11 cards, not 10" in body
    assert 'value="7C" id="id_opponent_7C" checked' in body  # nothing typed is lost
    assert 'value="7C" id="id_knocker_7C"' in body and 'id="id_knocker_7C" checked' not in body
    assert re.search(r'class="field-error">[^<]*11', body)


def test_an_illegal_knock_sent_back_says_so_in_the_bar_not_above_the_grid(client, match):
    set_upcard(client, match, "3C")  # limit 3; the knocker's deadwood is 4
    response = enter_cards(client, match, 0, KNOCK_4, OPP_39)
    body = client.get(response["Location"]).content.decode()
    said = "Illegal knock: deadwood 4 &gt; limit 3."
    assert body.count(said) == 1
    bar = body[body.index('<div class="bar"') :]
    assert said in bar[bar.index('id="bar-text"') : bar.index('id="bar-act"')]
    assert '<div class="messages"' not in body


def test_the_bars_message_clears_itself_when_the_hand_changes(client, match):
    set_upcard(client, match, "3C")
    response = enter_cards(client, match, 0, KNOCK_4, OPP_39)
    client.get(response["Location"])  # the message, said once
    corrected = KNOCK_4.replace("4D", "2D")  # deadwood 2: legal under 3
    body = tap_post(client, match, corrected, OPP_39, tapped="1")
    assert 'id="bar-text" class="bar-text" hx-swap-oob="true"' in body
    assert "Illegal knock" not in body and "bar-msgs" not in body
    assert "Knock: Alice scores" in body
