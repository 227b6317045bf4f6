"""The match list (filters, search, pagination) and the finished-match page."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from adjudication import Rules
from scorekeeper.models import Match
from tests.hands import GIN, LAYOFF_KNOCKER, LAYOFF_OPPONENT, OPP_TO_GIN

from .history_helpers import add_deals, cards, draw, knock, quick
from .hollywood_helpers import SETTLED, SETTLED_RULES, TIED, visible_hollywood_match
from .match_helpers import HTMX, create_match, deal_url

HISTORY = reverse("scorekeeper:history")


def names_in_order(body: str) -> list[str]:
    return re.findall(r'<span class="history-names">([^<]*)</span>', body)


def finish(match: Match, winner: int = 0) -> None:
    add_deals(match, [knock(winner, 60), knock(winner, 60)])


def test_list_shows_players_score_winner_and_date_newest_first(client, db):
    old = create_match(client, "Alice", "Bob")
    finish(old, winner=1)
    new = create_match(client, "Carol", "Dave")
    add_deals(new, [knock(0, 12)])
    body = client.get(HISTORY).content.decode()
    assert names_in_order(body) == ["Carol – Dave", "Alice – Bob"]
    assert '<span class="history-score">0–120</span>' in body
    assert "Bob won" in body
    assert '<span class="history-score">12–0</span>' in body and "in progress" in body
    assert f'datetime="{old.created.isoformat()}"' in body
    assert reverse("scorekeeper:match_history", args=[old.pk]) in body


def test_list_score_includes_the_end_of_match_bonuses(client, db):
    match = create_match(client, "Alice", "Bob", game_bonus=100, box_bonus=25)
    finish(match, winner=0)
    body = client.get(HISTORY).content.decode()
    assert '<span class="history-score">270–0</span>' in body  # 120 + 2 × 25 + 100


def test_list_is_paginated_twenty_a_page(client, db):
    for i in range(25):
        create_match(client, f"A{i:02}", f"B{i:02}")
    first = client.get(HISTORY).content.decode()
    assert len(names_in_order(first)) == 20 and names_in_order(first)[0] == "A24 – B24"
    assert "Page 1 of 2" in first and 'rel="next" href="?page=2"' in first
    second = client.get(HISTORY, {"page": 2}).content.decode()
    assert names_in_order(second) == [f"A{i:02} – B{i:02}" for i in range(4, -1, -1)]
    assert 'rel="prev" href="?page=1"' in second


def test_a_page_out_of_range_shows_the_last_page(client, db):
    create_match(client)
    for page in ("99", "x", "-1"):
        response = client.get(HISTORY, {"page": page})
        assert response.status_code == 200 and names_in_order(response.content.decode())


@pytest.fixture
def three(client, db):
    """Alice beat Bob; Alice and Carol are still playing; Bob and Carol are still playing."""
    ab = create_match(client, "Alice", "Bob")
    finish(ab)
    ac = create_match(client, "Alice", "Carol")
    bc = create_match(client, "Bob", "Carol")
    return ab, ac, bc


def test_filter_by_player_shows_their_matches_in_either_seat(client, three):
    carol = three[1].player_b
    body = client.get(HISTORY, {"player": carol.pk}).content.decode()
    assert names_in_order(body) == ["Bob – Carol", "Alice – Carol"]


def test_filter_by_status(client, three):
    finished = client.get(HISTORY, {"status": "finished"}).content.decode()
    assert names_in_order(finished) == ["Alice – Bob"]
    playing = client.get(HISTORY, {"status": "playing"}).content.decode()
    assert names_in_order(playing) == ["Bob – Carol", "Alice – Carol"]


def test_a_match_played_past_its_end_still_counts_as_finished(client, three):
    add_deals(three[0], [knock(1, 90)])
    finished = client.get(HISTORY, {"status": "finished"}).content.decode()
    assert names_in_order(finished) == ["Alice – Bob"]
    assert '<span class="history-score">120–0</span>' in finished


def test_search_by_name_is_case_insensitive_and_partial(client, three):
    body = client.get(HISTORY, {"q": "car"}).content.decode()
    assert names_in_order(body) == ["Bob – Carol", "Alice – Carol"]
    assert "2 matches" in body and "Show all" in body


def test_filters_combine_and_pages_keep_them(client, three):
    for _ in range(21):
        create_match(client, "Alice", "Dave")
    alice = three[0].player_a
    body = client.get(HISTORY, {"player": alice.pk, "status": "playing"}).content.decode()
    assert "22 matches" in body
    assert f'href="?player={alice.pk}&amp;status=playing&amp;page=2"' in body
    page_2 = client.get(HISTORY, {"player": alice.pk, "status": "playing", "page": 2})
    assert names_in_order(page_2.content.decode()) == ["Alice – Dave", "Alice – Carol"]


def test_nothing_found_says_so(client, three):
    body = client.get(HISTORY, {"q": "nobody"}).content.decode()
    assert "No match fits these filters." in body


def test_bad_filter_values_are_ignored(client, three):
    response = client.get(HISTORY, {"player": "abc", "status": "won", "q": "x" * 500})
    assert response.status_code == 200


def test_players_of_other_visitors_cannot_be_filtered_on(client, three):
    stranger = create_match(Client(), "Zed", "Yan")
    body = client.get(HISTORY, {"player": stranger.player_a.pk}).content.decode()
    assert "Zed" not in body


def test_list_shows_only_the_visitors_own_matches(client, three):
    other = Client()
    create_match(other, "Zed", "Yan")
    assert names_in_order(other.get(HISTORY).content.decode()) == ["Zed – Yan"]
    assert "Zed" not in client.get(HISTORY).content.decode()


def test_list_for_htmx_is_the_results_fragment(client, three):
    response = client.get(HISTORY, {"status": "finished"}, **HTMX)
    body = response.content.decode()
    assert "<html" not in body and body.lstrip().startswith('<section id="results"')
    assert names_in_order(body) == ["Alice – Bob"]
    assert "HX-Request" in response["Vary"]


def test_htmx_history_restore_gets_the_whole_page(client, three):
    response = client.get(HISTORY, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in response.content.decode()


def test_filters_work_without_js_as_a_get_form(client, three):
    body = client.get(HISTORY).content.decode()
    form = body[body.index('<form method="get" action="' + HISTORY + '"') :]
    form = form[: form.index("</form>")]
    for field in ('name="q"', 'name="player"', 'name="status"', 'type="submit"'):
        assert field in form


@pytest.fixture
def played(client, db):
    match = create_match(client, "Alice", "Bob")
    add_deals(
        match,
        [
            cards(0, LAYOFF_KNOCKER, LAYOFF_OPPONENT, upcard="TC"),  # Bob undercuts: 12
            draw(),
            quick(1, 3, 20),  # Bob knocks: 17
            cards(0, GIN, OPP_TO_GIN, upcard="QH"),  # Alice gins: 30
            knock(0, 80),  # Alice reaches 110
        ],
    )
    return match


def test_match_page_draws_every_deal_with_cards_melds_and_layoffs(client, played):
    body = client.get(reverse("scorekeeper:match_history", args=[played.pk])).content.decode()
    assert 'Alice wins <span class="score">110–29</span>' in body
    deal_1 = body[body.index('id="deal-1"') : body.index('id="deal-2"')]
    assert "Bob · undercut" in deal_1 and "+12" in deal_1
    assert "Alice (knocker)" in deal_1 and "deadwood 10" in deal_1
    assert deal_1.count('class="meld"') == 4  # 2 of Alice's, 2 of Bob's
    assert 'class="pc pc-s laid"' in deal_1  # 2♠ laid off, marked on Alice's meld
    assert "1 card laid off" in deal_1
    assert 'title="5♦"' in deal_1 and "pc-d dead" in deal_1  # 5♦ kept as deadwood
    deal_3 = body[body.index('id="deal-3"') : body.index('id="deal-4"')]
    assert "Entered as numbers" in deal_3
    deal_4 = body[body.index('id="deal-4"') : body.index('id="deal-5"')]
    assert "Alice · gin" in deal_4 and "+30" in deal_4
    assert 'score <span class="score">30–29</span>' in deal_4
    assert deal_url("deal_detail", played, 4) in deal_4


def test_match_page_marks_deals_recorded_after_the_end(client, played):
    add_deals(played, [knock(1, 5)])
    body = client.get(reverse("scorekeeper:match_history", args=[played.pk])).content.decode()
    deal_6 = body[body.index('id="deal-6"') :]
    assert "sheet-void" in body[body.index('id="deal-6"') - 60 : body.index('id="deal-6"')]
    assert "it changes nothing" in deal_6


def test_match_page_has_the_chart_and_csv_link(client, played):
    body = client.get(reverse("scorekeeper:match_history", args=[played.pk])).content.decode()
    assert '<svg class="score-chart"' in body
    assert reverse("scorekeeper:match_export", args=[played.pk]) in body


def test_match_page_is_hidden_from_strangers(played, db):
    url = reverse("scorekeeper:match_history", args=[played.pk])
    assert Client().get(url).status_code == 404


def test_match_page_opens_with_a_view_link(played, db):
    played.set_share_link("view", True)
    viewer = Client()
    viewer.get(reverse("scorekeeper:share_open", args=[played.view_token]))
    body = viewer.get(reverse("scorekeeper:match_history", args=[played.pk])).content.decode()
    assert 'Alice wins <span class="score">110–29</span>' in body


def test_match_page_of_a_match_without_deals(client, db):
    match = create_match(client)
    body = client.get(reverse("scorekeeper:match_history", args=[match.pk])).content.decode()
    assert "No deals yet." in body and 'In progress: <span class="score">0–0</span>' in body


def sixty_deals(match: Match) -> None:
    facts = []
    for i in range(60):
        if i % 4 == 0:
            facts.append(cards(i % 2, LAYOFF_KNOCKER, LAYOFF_OPPONENT, upcard="TC"))
        elif i % 4 == 1:
            facts.append(cards(i % 2, GIN, OPP_TO_GIN, upcard="QH"))
        elif i % 4 == 2:
            facts.append(draw())
        else:
            facts.append(quick(i % 2, 3, 9))
    add_deals(match, facts)


def test_match_page_queries_do_not_grow_with_deals(
    client, db, django_assert_max_num_queries, django_assert_num_queries
):
    small = create_match(client, "Alice", "Bob", target=1000)
    add_deals(small, [draw(), quick(0, 3, 9)])
    big = create_match(client, "Carol", "Dave", target=1000)
    sixty_deals(big)
    url = reverse("scorekeeper:match_history", args=[big.pk])
    with django_assert_max_num_queries(6) as captured:
        response = client.get(url)
    queries = len(captured)
    assert response.content.decode().count('class="panel sheet') == 60
    with django_assert_num_queries(queries):
        client.get(reverse("scorekeeper:match_history", args=[small.pk]))


def test_history_list_queries_do_not_grow_with_matches(
    client, db, django_assert_max_num_queries, django_assert_num_queries
):
    for i in range(3):
        add_deals(create_match(client, f"A{i}", f"B{i}"), [knock(0, 10)] * 3)
    with django_assert_max_num_queries(8) as captured:
        client.get(HISTORY)
    queries = len(captured)
    for i in range(20):
        add_deals(create_match(client, f"C{i}", f"D{i}"), [knock(1, 10)] * 3)
    with django_assert_num_queries(queries):
        client.get(HISTORY, {"status": "playing"})


def test_match_page_keeps_each_score_whole_so_it_never_breaks_at_its_dash(client, played):
    body = client.get(reverse("scorekeeper:match_history", args=[played.pk])).content.decode()
    scores = re.findall(r'<span class="score">(\d+)–(\d+)</span>', body)
    assert scores, "no score figure on the page"
    outcome = re.search(r'<p class="outcome">(.*?)</p>', body).group(1)
    assert re.search(r'<span class="score">\d+–\d+</span>', outcome), outcome


# --- Hollywood matches: the net and the three games --------------------------------------------


def test_list_shows_a_hollywood_matchs_net_and_its_three_games(client, db):
    visible_hollywood_match(client, "Ann", "Ben", SETTLED, **SETTLED_RULES)
    body = client.get(HISTORY).content.decode()
    assert '<span class="history-score">+725 / \u2212725</span>' in body
    assert "Ann won" in body
    games = body[body.index('class="history-games"') :]
    games = games[: games.index("</span>\n")]
    assert re.sub(r"<[^>]+>", "", games).endswith("G1 350–0 · G2 250–50 · G3 240–65")


def test_list_shows_a_finished_match_nobody_won_as_a_tie(client, db):
    visible_hollywood_match(client, "Ann", "Ben", TIED)
    body = client.get(HISTORY).content.decode()
    assert '<span class="badge">Tie</span>' in body
    assert "won</span>" not in body and "in progress" not in body
    assert '<span class="history-score">0 / 0</span>' in body
    # and it is finished, not being played
    listed = '<span class="history-names">Ann – Ben</span>'
    assert listed in client.get(HISTORY, {"status": "finished"}).content.decode()
    assert listed not in client.get(HISTORY, {"status": "playing"}).content.decode()


def test_list_of_single_games_is_unchanged_by_hollywood(client, db):
    match = create_match(client, "Alice", "Bob")
    finish(match)
    body = client.get(HISTORY).content.decode()
    assert "history-games" not in body and " / " not in body


def test_match_page_of_a_hollywood_match_shows_each_game_and_the_net(client, db):
    match = visible_hollywood_match(client, "Ann", "Ben", SETTLED, **SETTLED_RULES)
    body = client.get(reverse("scorekeeper:match_history", args=[match.pk])).content.decode()
    assert '<p class="outcome">Ann wins by 725</p>' in body
    table = body[body.index('class="plain h2h hollywood-games"') : body.index("</table>")]
    rows = [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip() for row in table.split("<tr>")[2:]
    ]
    assert rows == [
        "Game 1 ended 350 ✔ +240 0 +0",
        "Game 2 ended 250 ✔ +140 50 +20",
        "Game 3 ended 240 ✔ +140 65 +20",
        "Net +725 \u2212725",
    ]


def test_match_page_of_a_hollywood_match_shows_the_games_each_deal_went_into(client, db):
    match = visible_hollywood_match(client, "Ann", "Ben", SETTLED[:2], **SETTLED_RULES)
    add_deals(match, [draw()])
    body = client.get(reverse("scorekeeper:match_history", args=[match.pk])).content.decode()
    metas = [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", meta)).strip()
        for meta in re.findall(r'<p class="muted small sheet-meta">(.*?)</p>', body, re.S)
    ]
    assert metas[0].endswith("· into G1 · G1 60–0 · G2 0–0 · G3 0–0")
    assert metas[1].endswith("· into G1 G2 · G1 110–0 · G2 50–0 · G3 0–0")
    assert metas[2].endswith("· into no game · G1 110–0 · G2 50–0 · G3 0–0")
    assert '<p class="outcome">In progress</p>' in body
    assert 'Game 2 <span class="muted small">open</span>' in body


def test_match_page_of_a_tied_hollywood_match_says_it_is_a_tie(client, db):
    match = visible_hollywood_match(client, "Ann", "Ben", TIED)
    body = client.get(reverse("scorekeeper:match_history", args=[match.pk])).content.decode()
    assert '<p class="outcome">Tie: equal nets</p>' in body
    assert "wins" not in body


def test_match_page_of_a_single_game_winner_behind_on_bonuses_shows_the_totals(client, db):
    # Five wins of 10 against one of 100, box 25: Bob reached the target, Alice has more.
    match = create_match(client, "Alice", "Bob")
    match.rules = Rules(box_bonus=25).to_dict()
    match.save(update_fields=["rules"])
    add_deals(match, [knock(0, 10)] * 5 + [knock(1, 100)])
    body = client.get(reverse("scorekeeper:match_history", args=[match.pk])).content.decode()
    outcome = re.search(r'<p class="outcome">(.*?)</p>', body).group(1)
    assert re.sub(r"<[^>]+>", "", outcome) == "Bob wins 125–175"
    assert "\u2212" not in body and "wins by" not in body
