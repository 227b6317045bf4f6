"""A Hollywood match at the table (/rules/#hollywood): offered on the new-match form with a
preset of the usual bonuses, kept for a rematch, and shown by the scoreboard as three games side
by side, with the games each deal went into, where each player's next win goes, the message
after recording, the finished match's net (or a tie), and corrections that re-derive it all."""

from __future__ import annotations

import re

from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from adjudication import Rules
from scorekeeper.forms.match import HOLLYWOOD_PRESET
from scorekeeper.models import Deal, Match
from scorekeeper.standing import Standing

from .match_helpers import HTMX, create_match, deal_url, record_draw, record_quick, set_upcard

# Quick deals at a knock limit of 10: the knocker has 1, the opponent `o`, so the knocker
# scores o - 1 (the helper below picks the points).


def win(client, match, seat, points):
    """Record a quick knock by `seat` that scores `points` (1 against 1 + points)."""
    set_upcard(client, match, "KH")
    response = record_quick(client, match, seat, 1, points + 1)
    assert response.status_code == 302, response.content.decode()[:500]
    return response


def hollywood(client, **rules):
    return create_match(client, hollywood="on", target=rules.pop("target", 100), **rules)


def board(client, match):
    return client.get(match.get_absolute_url()).content.decode()


def text(html: str) -> str:
    """Return the page's words, one space apart (tags dropped, and a bar's fallback text)."""
    html = re.sub(r"<progress[^>]*>.*?</progress>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def last_message(response) -> str:
    return [str(m) for m in get_messages(response.wsgi_request)][-1]


# --- The new match -------------------------------------------------------------------------


def test_the_new_match_form_offers_hollywood_off_by_default(client, db):
    page = client.get(reverse("scorekeeper:match_create")).content.decode()
    box = re.search(r'<input type="checkbox" name="hollywood"[^>]*>', page).group()
    assert " checked" not in box
    assert "Hollywood: three games on one sheet" in page


def test_the_preset_link_opens_the_form_with_the_usual_hollywood_bonuses(client, db):
    page = client.get(reverse("scorekeeper:match_create")).content.decode()
    link = re.search(r'<a [^>]*data-preset="[^"]*"[^>]*>', page).group()
    assert 'href="?preset=hollywood"' in link
    preset = client.get(reverse("scorekeeper:match_create"), {"preset": "hollywood"})
    html = preset.content.decode()
    assert re.search(r'<input type="checkbox" name="hollywood"[^>]*checked', html)
    assert re.search(r'<input type="checkbox" name="shutout"[^>]*checked', html)
    assert re.search(r'name="box_bonus" value="25"', html)
    assert re.search(r'name="game_bonus" value="100"', html)
    assert re.search(r"<details[^>]*open>\s*<summary>House rules", html)


def test_a_match_started_with_the_preset_plays_hollywood_with_its_bonuses(client, db):
    match = create_match(
        client, **{k: "on" if v is True else v for k, v in HOLLYWOOD_PRESET.items()}
    )
    assert match.rules_value == Rules(hollywood=True, box_bonus=25, game_bonus=100, shutout=True)


def test_a_rematch_keeps_hollywood(client, db):
    match = hollywood(client, target=50)
    client.post(reverse("scorekeeper:match_rematch", args=[match.pk]))
    assert Match.objects.latest("pk").rules_value.hollywood
    again = client.get(reverse("scorekeeper:match_create"), {"rematch": match.pk}).content.decode()
    assert re.search(r'<input type="checkbox" name="hollywood"[^>]*checked', again)


# --- The scoreboard ------------------------------------------------------------------------


def test_the_scoreboard_shows_three_games_and_where_each_next_win_goes(client, db):
    match = hollywood(client, target=100, box_bonus=25)
    win(client, match, 0, 30)
    win(client, match, 0, 25)
    words = text(board(client, match))
    assert "G1 open G2 open G3 open" in words
    assert "Alice deals 55 25 0 Bob 0 0 0" in words  # each player's line across the three games
    assert "Alice's next win: G1 G2 G3" in words and "Bob's next win: G1" in words
    assert "Hollywood: three games to 100 · box 25" in words


def test_an_ended_game_says_so_and_ticks_its_winners_cell(client, db):
    match = hollywood(client, target=50)
    win(client, match, 1, 30)
    win(client, match, 1, 25)  # Game 1 to Bob, 55–0
    words = text(board(client, match))
    assert "G1 ended G2 open G3 open" in words
    assert "Alice 0 0 0 Bob deals ✓ winner: 55 25 0" in words
    assert "Alice's next win: G2" in words and "Bob's next win: G2 G3" in words


def test_a_single_game_scoreboard_shows_no_games(client, match):
    win(client, match, 0, 30)
    page = board(client, match)
    assert "hw-grid" not in page and "next win" not in page and "Hollywood" not in text(page)


def test_the_deal_list_shows_the_games_each_deal_went_into_with_their_totals(client, db):
    match = hollywood(client)
    win(client, match, 0, 30)
    win(client, match, 0, 25)
    win(client, match, 1, 40)
    record_draw(client, match)
    page = board(client, match)
    lines = re.findall(r'<li class="hw-line">(.*?)</li>', page, re.S)
    # Newest first, as the list shows them: each line's games, then each game's totals after it
    # where the deal went in (blank elsewhere).
    assert [text(line) for line in lines] == [
        "4 Draw",
        "3 Bob · knock (quick) +40 G1 G1: 55–40",
        "2 Alice · knock (quick) +25 G1 G2 G1: 55–0 G2: 25–0",
        "1 Alice · knock (quick) +30 G1 G1: 30–0",
    ]


def test_the_message_after_recording_says_which_games_the_points_went_into(client, db):
    match = hollywood(client, target=50)
    assert last_message(win(client, match, 0, 30)) == "Deal 1: Alice +30 · G1"
    assert last_message(win(client, match, 0, 12)) == "Deal 2: Alice +12 · G1 G2"
    assert last_message(win(client, match, 1, 7)) == "Deal 3: Bob +7 · G1"
    ended = last_message(win(client, match, 0, 10))
    assert ended == "Deal 4: Alice +10 · G1 G2 G3 · Game 1 to Alice, 52–7"


def test_a_deal_that_ends_two_games_says_both(client, db):
    match = hollywood(client, target=50, box_bonus=10)
    win(client, match, 0, 30)
    win(client, match, 0, 10)
    message = last_message(win(client, match, 0, 20))
    # Game 1: 60 + 3 boxes; Game 2: 30 + 2 boxes; Game 3 has 20 and stays open.
    assert message == "Deal 3: Alice +20 · G1 G2 G3 · Game 1 to Alice, 90–0"
    message = last_message(win(client, match, 0, 20))
    assert message == "Deal 4: Alice +20 · G2 G3 · Game 2 to Alice, 80–0"
    message = last_message(win(client, match, 0, 10))
    assert message.endswith("Game 3 to Alice, 80–0")


def test_the_message_of_a_single_game_is_as_before(client, match):
    assert last_message(win(client, match, 0, 26)) == "Deal 1: Alice +26"


def finish(client, match, wins):
    for seat, points in wins:
        win(client, match, seat, points)


SETTLED = [
    (0, 60),
    (0, 50),
    (1, 30),
    (0, 60),
    (1, 45),
    (0, 40),
]  # the rules page's settled example, /rules/#hollywood


def test_a_finished_match_shows_each_games_result_with_bonuses_and_the_net(client, db):
    match = hollywood(client, target=100, box_bonus=20, game_bonus=100, shutout="on")
    finish(client, match, SETTLED)
    standing = Standing.of(match)
    assert standing.net == (725, -725)
    words = text(board(client, match))
    assert "Alice wins by 725" in words
    assert "G1 ✓ 350 110 + 240 0" in words
    assert "G2 ✓ 250 110 + 140 50 30 + 20" in words
    assert "G3 ✓ 240 100 + 140 65 45 + 20" in words
    assert "Net +725 −725" in words
    assert "wins by −" not in words


def test_equal_nets_are_shown_as_a_tie(client, db):
    match = hollywood(client, target=50)
    # Game 1 to Alice 50–25, Game 2 to Bob 50–0, Game 3 to Alice 50–25: nets of 0.
    finish(client, match, [(1, 25), (0, 50), (1, 50), (0, 25), (1, 25), (0, 25)])
    assert Standing.of(match).tied
    words = text(board(client, match))
    assert "A tie: the nets are equal." in words and " wins" not in words


# --- Corrections ---------------------------------------------------------------------------


def games(match):
    return [game.totals for game in Standing.of(match).games]


def test_a_deleted_deal_moves_points_between_games_and_a_restore_moves_them_back(client, db):
    match = hollywood(client)
    win(client, match, 0, 30)
    win(client, match, 0, 25)
    win(client, match, 0, 10)
    assert games(match) == [(65, 0), (35, 0), (10, 0)]
    match.refresh_from_db()
    client.post(deal_url("deal_delete", match, 1), {"version": match.version})
    # Without deal 1, deal 2 is Alice's first win (Game 1 only), and deal 3 her second.
    assert games(match) == [(35, 0), (10, 0), (0, 0)]
    lines = re.findall(r'<li class="hw-line">(.*?)</li>', board(client, match), re.S)
    assert text(lines[0]).endswith("G1 G2 G1: 35–0 G2: 10–0")
    match.refresh_from_db()
    deleted = Deal.objects.get(match=match, number=1)
    client.post(
        reverse("scorekeeper:deal_restore", args=[match.pk, deleted.pk]),
        {"version": match.version},
    )
    assert games(match) == [(65, 0), (35, 0), (10, 0)]


def test_an_undo_and_an_edit_re_derive_the_games(client, db):
    match = hollywood(client, target=50)
    win(client, match, 0, 30)
    win(client, match, 0, 25)  # ends Game 1 at 55
    assert Standing.of(match).games[0].finished
    match.refresh_from_db()
    client.post(deal_url("deal_undo", match, 2), {"version": match.version})
    assert games(match) == [(30, 0), (0, 0), (0, 0)]
    assert not Standing.of(match).games[0].finished
    win(client, match, 1, 5)
    win(client, match, 0, 10)
    assert games(match) == [(40, 5), (10, 0), (0, 0)]
    # Deal 1 becomes Bob's: his win of 30 is now his first (Game 1), his 5 his second (Games 1
    # and 2), and Alice's 10 her first (Game 1 only).
    match.refresh_from_db()
    client.post(
        deal_url("deal_edit", match, 1),
        {
            "mode": "quick",
            "version": match.version,
            "knocker": 1,
            "knocker_deadwood": 1,
            "opponent_deadwood": 31,
        },
    )
    assert Deal.objects.get(match=match, number=1).winner == 1
    assert games(match) == [(10, 35), (0, 5), (0, 0)]
    words = text(board(client, match))
    assert "Alice's next win: G1 G2" in words and "Bob's next win: G1 G2 G3" in words


# --- The second phone ----------------------------------------------------------------------


def test_the_poll_sends_the_games_and_the_deal_list_of_a_hollywood_match(client, db):
    match = hollywood(client, target=50)
    match.refresh_from_db()
    old = match.version
    win(client, match, 0, 30)
    response = client.get(reverse("scorekeeper:match_poll", args=[match.pk]), {"v": old}, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    live, _, deals = body.partition('id="deals"')
    assert "hw-grid" in live and "Alice's next win: G1 G2" in text(live)
    assert "G1: 30–0" in text(deals)


def test_view_and_edit_links_show_the_same_games(client, db):
    match = hollywood(client, target=50)
    win(client, match, 0, 30)
    win(client, match, 1, 20)
    match.set_share_link("view", True)
    match.set_share_link("edit", True)
    match.refresh_from_db()

    def games_region(html):
        return text(html[html.index('class="scores hw"') : html.index('id="deal-heading"')])

    owner = games_region(board(client, match))
    assert "Alice 30 0 0 Bob 20 0 0" in owner.replace("deals ", "")
    for token in (match.view_token, match.edit_token):
        other = Client()
        opened = other.get(reverse("scorekeeper:share_open", args=[token]), follow=True)
        assert games_region(opened.content.decode()) == owner
