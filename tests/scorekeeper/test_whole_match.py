"""A whole match played through the test client, from new match to the final screen."""

from django.urls import reverse

from scorekeeper.models import Deal
from scorekeeper.standing import Standing
from tests.hands import GIN, KNOCK_4, KNOCK_5, OPP_5, OPP_39, OPP_TO_GIN

from .match_helpers import HTMX, create_match, enter_cards, record_draw, record_quick, set_upcard

KNOCK_8 = "AS 2S 3S 7H 8H 9H KC KD KH 8D"
KNOCK_2 = "AS 2S 3S 7H 8H 9H KC KD KH 2D"
OPP_1 = "4C 5C 6C 9D TD JD 2H 3H 4H AD"


def test_a_whole_match_to_the_final_screen(client, db):
    match = create_match(client, "Alice", "Bob", dealer="0")
    board = client.get(match.get_absolute_url()).content.decode()
    assert "Deal 1 · Alice deals" in board
    assert "First turn: Bob may take the upcard" in board

    # Deal 1: Alice knocks with 4 against 39: a knock worth 35.
    set_upcard(client, match, "TC")
    assert ">10</span>" in client.get(match.get_absolute_url()).content.decode()
    response = enter_cards(client, match, 0, KNOCK_4, OPP_39)
    assert response.status_code == 302
    deal = Deal.objects.get(match=match, number=1)
    assert (deal.outcome, deal.winner, deal.points) == ("knock", 0, 35)
    assert response["Location"] == match.get_absolute_url()
    assert "Deal 1: Alice +35" in client.get(response["Location"]).content.decode()
    verdict_page = client.get(deal.get_absolute_url()).content.decode()
    assert "Knock: Alice scores 35 points." in verdict_page

    # Deal 2: Bob knocks with 8 (limit 8); Alice has 1 left: undercut, 10 + 7.
    set_upcard(client, match, "8C")
    enter_cards(client, match, 1, KNOCK_8, OPP_1)
    assert Deal.objects.get(match=match, number=2).points == 17

    # Deal 3: a tie is an undercut, worth 10 to the opponent.
    set_upcard(client, match, "TS")
    enter_cards(client, match, 1, KNOCK_5, OPP_5)
    deal = Deal.objects.get(match=match, number=3)
    assert (deal.outcome, deal.winner, deal.points) == ("undercut", 0, 10)

    # Deal 4: Bob goes gin: 25 + 5.
    set_upcard(client, match, "QH")
    enter_cards(client, match, 1, GIN, OPP_TO_GIN)
    deal = Deal.objects.get(match=match, number=4)
    assert (deal.outcome, deal.winner, deal.points) == ("gin", 1, 30)

    # Deal 5: a draw; Bob, who won deal 4, deals it and deals again.
    record_draw(client, match)
    board = client.get(match.get_absolute_url()).content.decode()
    assert "Deal 6 · Bob deals" in board

    # Deal 6: an illegal knock (5 > limit 3) scores nothing and keeps the cards...
    set_upcard(client, match, "3C")
    response = enter_cards(client, match, 0, KNOCK_5, OPP_5)
    assert response["Location"] == reverse("scorekeeper:deal_enter", args=[match.pk, 0])
    open_deal = Deal.objects.get(match=match, number=6)
    assert open_deal.status == Deal.Status.OPEN and open_deal.knocker_cards == KNOCK_5
    assert Standing.of(match).totals == (62, 30)
    page = client.get(response["Location"]).content.decode()
    assert "Illegal knock: deadwood 5 &gt; limit 3." in page
    assert "Deadwood 5 > limit 3." in page  # the preview's verdict, with the figures
    assert 'value="5D" id="id_knocker_5D" checked' in page
    # ... and once corrected it is a knock worth 3.
    enter_cards(client, match, 0, KNOCK_2, OPP_5)
    deal = Deal.objects.get(match=match, number=6)
    assert (deal.status, deal.outcome, deal.points) == ("recorded", "knock", 3)

    # Deal 7: the quick path brings Alice past 100.
    set_upcard(client, match, "5D")
    response = record_quick(client, match, 0, 2, 40)
    assert response.status_code == 302
    final = client.get(match.get_absolute_url()).content.decode()
    assert 'Alice wins <span class="score">103–30</span>' in final
    assert "Rematch" in final
    state = Standing.of(match)
    assert state.finished and state.winner == 0
    assert [line.dealer for line in state.lines] == [0, 0, 0, 0, 1, 1, 0]

    # Correcting deal 2 into a big gin for Bob hands him the match at deal 4.
    deal2 = Deal.objects.get(match=match, number=2)
    match.refresh_from_db()
    response = client.post(
        reverse("scorekeeper:deal_edit", args=[match.pk, deal2.pk]),
        {
            "mode": "quick",
            "version": match.version,
            "knocker": 1,
            "knocker_deadwood": 0,
            "opponent_deadwood": 50,
        },
    )
    assert response.status_code == 302
    deal2.refresh_from_db()
    assert (deal2.outcome, deal2.winner, deal2.points) == ("gin", 1, 75)
    state = Standing.of(match)
    assert state.winner == 1 and state.totals == (45, 105)
    assert [line.counted for line in state.lines] == [True] * 4 + [False] * 3
    assert (
        'Bob wins <span class="score">105–45</span>'
        in client.get(match.get_absolute_url()).content.decode()
    )

    # A rematch keeps the players and the rules.
    response = client.post(reverse("scorekeeper:match_rematch", args=[match.pk]))
    assert response.status_code == 302
    rematch = type(match).objects.latest("pk")
    assert rematch.pk != match.pk
    assert (rematch.player_a, rematch.player_b, rematch.rules) == (
        match.player_a,
        match.player_b,
        match.rules,
    )


def test_scoreboard_partial_has_no_page_around_it(client, match):
    set_upcard(client, match, "6D")
    response = client.get(match.get_absolute_url(), **HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body and 'id="board"' in body
    assert ">6</span>" in body
