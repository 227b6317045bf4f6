"""Statistics: what they derive agrees with the engine, and the stats page."""

import random
from dataclasses import replace

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from adjudication import DealResult, MatchState, Rules, play_match
from scorekeeper import actions, stats
from scorekeeper.board import Board
from scorekeeper.models import Deal, Match, Player
from tests.hands import GIN, KNOCK_4, OPP_39, OPP_TO_GIN

from .history_helpers import (
    add_deals,
    build_deals,
    cards,
    draw,
    knock,
    quick,
)
from .hollywood_helpers import (
    SETTLED,
    SETTLED_RULES,
    TIED,
    hollywood_match,
    visible_hollywood_match,
)
from .match_helpers import HTMX, create_match

STATS = reverse("scorekeeper:stats")


def engine_state(match: Match) -> MatchState:
    """Return what the engine says the match's recorded deals add up to, asked here directly
    (not through the app's standing, which the statistics read)."""
    results = [DealResult(d.winner, d.points, d.dealer) for d in match.recorded_deals()]
    return play_match(match.first_dealer, results, match.rules_value)


def random_facts(rng: random.Random):
    """Return the facts of a random deal: a draw, a knock, an undercut, gin or big gin."""
    roll = rng.random()
    if roll < 0.15:
        return draw()
    knocker = rng.randrange(2)
    if roll < 0.25:
        return quick(knocker, 0, rng.randrange(0, 40))
    if roll < 0.3:
        return quick(knocker, 0, rng.randrange(0, 40), big_gin=True)
    return quick(knocker, rng.randrange(1, 11), rng.randrange(0, 30))


def random_matches(rng: random.Random, count: int, *, hollywood: float = 0.0) -> list[Match]:
    """Create `count` matches among four players, some played past their end; about a share
    `hollywood` of them Hollywood matches, some with bonuses."""
    players = [Player.objects.create(name=name) for name in ("Ann", "Ben", "Cat", "Dan")]
    matches = []
    for _ in range(count):
        a, b = rng.sample(players, 2)
        rules = Rules(target=rng.choice([10, 30, 60, 100]), big_gin=True)
        if hollywood and rng.random() < hollywood:
            bonus = rng.choice([0, 20])
            rules = replace(rules, hollywood=True, box_bonus=bonus, game_bonus=5 * bonus)
        match = Match.objects.create(
            player_a=a, player_b=b, rules=rules.to_dict(), first_dealer=rng.randrange(2)
        )
        add_deals(match, [random_facts(rng) for _ in range(rng.randrange(0, 14))])
        if rng.random() < 0.2:
            open_illegal_knock(match, rng.randrange(2))
        matches.append(match)
    return matches


def open_illegal_knock(match: Match, seat: int) -> Deal | None:
    """Knock illegally (deadwood 4, limit 2) in the match's next deal, if it is still on."""
    facts = cards(seat, KNOCK_4, OPP_39, upcard="2C")
    if engine_state(match).finished:
        return None
    deal = actions.record(match, Board(match).next_number, facts)
    assert deal.status == Deal.Status.OPEN
    return deal


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_counted_and_ending_deals_agree_with_the_engine(db, seed):
    matches = random_matches(random.Random(seed), 40)
    everything = Match.objects.all()
    counted = set(stats.counted_deals(everything).values_list("match_id", "number"))
    ending = set(stats.ending_deals(everything).values_list("match_id", "number", "winner"))
    finished = set(stats.with_status(everything, "finished").values_list("pk", flat=True))
    playing = set(stats.with_status(everything, "playing").values_list("pk", flat=True))
    expected_counted, expected_ending = set(), set()
    for match in matches:
        state = engine_state(match)
        lines = [line for line in state.lines if line.counted]
        expected_counted |= {(match.pk, line.number) for line in lines}
        if state.finished:
            expected_ending.add((match.pk, lines[-1].number, state.winner))
        assert (match.pk in finished) == state.finished
        assert (match.pk in playing) == (not state.finished)
    assert counted == expected_counted
    assert ending == expected_ending
    assert any(not line.counted for m in matches for line in engine_state(m).lines)


def expected_figures(matches: list[Match]) -> dict[int, dict[str, int]]:
    """Count every figure by hand from the engine's state, deal by deal."""
    figures: dict[int, dict[str, int]] = {}
    results: dict[int, list[tuple[object, int, bool]]] = {}
    for match in matches:
        state = engine_state(match)
        deals = {deal.number: deal for deal in match.recorded_deals()}
        for seat, player in enumerate(match.players):
            f = figures.setdefault(player.pk, {"matches": 0, "finished": 0, "matches_won": 0})
            f["matches"] += 1
            if len(state.games) == 3:
                hollywood = {
                    "hollywood": 1,
                    "games_finished": sum(game.finished for game in state.games),
                    "games_won": sum(game.winner == seat for game in state.games),
                    "hollywood_finished": int(state.finished),
                    "hollywood_net": state.net[seat] if state.finished else 0,
                }
                for key, value in hollywood.items():
                    f[key] = f.get(key, 0) + value
            if state.finished:
                f["finished"] += 1
                f["matches_won"] += state.winner == seat
                f["matches_lost"] = f.get("matches_lost", 0) + (state.winner == 1 - seat)
                f["matches_tied"] = f.get("matches_tied", 0) + (state.winner is None)
                results.setdefault(player.pk, []).append(
                    (match.created, match.pk, state.winner == seat)
                )
            for line in state.lines:
                if not line.counted:
                    continue
                deal = deals[line.number]
                knocked = deal.knocker == seat and deal.outcome != "draw"
                count = {
                    "deals": 1,
                    "deals_won": deal.winner == seat,
                    "draws": deal.outcome == "draw",
                    "knocks": knocked,
                    "gins": knocked and deal.outcome == "gin",
                    "big_gins": knocked and deal.outcome == "big_gin",
                    "undercuts_given": deal.outcome == "undercut" and deal.winner == seat,
                    "undercuts_received": deal.outcome == "undercut" and deal.knocker == seat,
                    "knock_deadwood": deal.quick_knocker_deadwood if knocked else 0,
                    "knocks_with_deadwood": knocked,
                    "points": deal.points if deal.winner == seat else 0,
                }
                for key, value in count.items():
                    f[key] = f.get(key, 0) + int(value)
        for illegal in match.illegal_knocks.all():
            f = figures[match.players[illegal.knocker].pk]
            f["illegal_knocks"] = f.get("illegal_knocks", 0) + 1
    for player, games in results.items():
        best = run = 0
        for _created, _pk, won in sorted(games, key=lambda g: (g[0], g[1])):
            run = run + 1 if won else 0
            best = max(best, run)
        figures[player]["longest_streak"] = best
    return figures


@pytest.mark.parametrize("seed", [4, 5])
def test_player_figures_agree_with_a_count_by_hand(db, seed):
    matches = random_matches(random.Random(seed), 40)
    computed = stats.player_stats(Match.objects.all())
    expected = expected_figures(matches)
    assert set(computed) == set(expected)
    for player, figures in expected.items():
        got = computed[player]
        for key, value in figures.items():
            assert getattr(got, key) == value, (player, key)


@pytest.mark.parametrize("seed", [6, 7])
def test_counted_and_ending_deals_of_hollywood_matches_agree_with_the_engine(db, seed):
    matches = random_matches(random.Random(seed), 40, hollywood=0.6)
    everything = Match.objects.all()
    counted = set(stats.counted_deals(everything).values_list("match_id", "number"))
    finished = set(stats.with_status(everything, "finished").values_list("pk", flat=True))
    expected = set()
    for match in matches:
        state = engine_state(match)
        expected |= {(match.pk, line.number) for line in state.lines if line.counted}
        assert (match.pk in finished) == state.finished
    assert counted == expected
    hollywood = [engine_state(m) for m in matches if m.rules_value.hollywood]
    assert any(state.finished for state in hollywood)
    assert any(not state.finished and state.games[0].finished for state in hollywood)


@pytest.mark.parametrize("seed", [8, 9, 10])
def test_figures_of_hollywood_matches_agree_with_a_count_by_hand(db, seed):
    matches = random_matches(random.Random(seed), 40, hollywood=0.6)
    computed = stats.player_stats(Match.objects.all())
    expected = expected_figures(matches)
    assert set(computed) == set(expected)
    for player, figures in expected.items():
        got = computed[player]
        for key, value in figures.items():
            assert getattr(got, key) == value, (player, key)
    assert any(f.get("games_won") for f in expected.values())
    assert any(f.get("hollywood_net", 0) < 0 for f in expected.values())


def test_a_tie_is_a_finished_match_neither_player_won(db):
    ann, ben = Player.objects.create(name="Ann"), Player.objects.create(name="Ben")
    hollywood_match(ann, ben, TIED)
    hollywood_match(ann, ben, SETTLED, **SETTLED_RULES)
    figures = stats.player_stats(Match.objects.all())
    a, b = figures[ann.pk], figures[ben.pk]
    assert (a.finished, a.matches_won, a.matches_lost, a.matches_tied) == (2, 1, 0, 1)
    assert (b.finished, b.matches_won, b.matches_lost, b.matches_tied) == (2, 0, 1, 1)
    assert (a.games_won, b.games_won, a.games_finished) == (5, 1, 6)
    assert (a.average_hollywood_net, b.average_hollywood_net) == (362.5, -362.5)
    # Each deal counts once, however many games it went into.
    assert (a.deals_won, b.deals_won) == (7, 5)
    assert (a.points, b.points) == (410, 275)


def test_a_tie_ends_a_winning_streak(db):
    ann, ben = Player.objects.create(name="Ann"), Player.objects.create(name="Ben")
    for wins in [SETTLED, SETTLED, TIED, SETTLED]:
        hollywood_match(ann, ben, wins, **SETTLED_RULES if wins is SETTLED else {})
    assert stats.player_stats(Match.objects.all())[ann.pk].longest_streak == 2


def test_stats_page_shows_hollywood_figures_apart(client, played):
    alice = played[0].player_a
    carol = Player.objects.get(name="Carol")
    visible_hollywood_match(client, "Alice", "Carol", SETTLED, **SETTLED_RULES)
    body = client.get(STATS).content.decode()
    shown = body[body.index(">Alice</h2>") :]
    shown = shown[: shown.index("</section>")]
    assert "<dt>Matches won</dt><dd>2/2" in shown
    assert "<dt>Matches lost</dt><dd>0</dd>" in shown
    assert "<dt>Matches tied</dt><dd>0</dd>" in shown
    assert "<dt>Hollywood matches</dt><dd>1</dd>" in shown
    assert "<dt>Hollywood games won</dt><dd>3/3</dd>" in shown
    assert "<dt>Average Hollywood net</dt><dd>+725</dd>" in shown
    bob = body[body.index(">Bob</h2>") :]
    bob = bob[: bob.index("</section>")]
    assert "<dt>Matches lost</dt><dd>1</dd>" in bob
    assert "Hollywood" not in bob  # who played none sees no Hollywood figures
    pair = client.get(STATS, {"a": alice.pk, "b": carol.pk}).content.decode()
    table = pair[pair.index('class="plain h2h"') :]
    assert '<th scope="row">Hollywood games won</th><td>3</td><td>0</td>' in table
    assert '<th scope="row">Average Hollywood net</th><td>+725</td><td>\u2212725</td>' in table


def test_stats_page_shows_a_tie_in_the_last_meetings(client, played):
    alice = played[0].player_a
    carol = Player.objects.get(name="Carol")
    visible_hollywood_match(client, "Alice", "Carol", TIED)
    pair = client.get(STATS, {"a": alice.pk, "b": carol.pk}).content.decode()
    assert '<th scope="row">Matches tied</th><td>1</td><td>1</td>' in pair
    meetings = pair[pair.index("Last meetings") :]
    assert ">Tie<" in meetings


def test_streak_counts_matches_won_in_a_row_in_the_order_played(db):
    ann, ben = Player.objects.create(name="Ann"), Player.objects.create(name="Ben")
    for winner in [0, 0, 1, 0, 0, 0, 1, 1]:
        match = Match.objects.create(player_a=ann, player_b=ben, rules={}, first_dealer=0)
        add_deals(match, [knock(winner, 60), knock(winner, 60)])
    figures = stats.player_stats(Match.objects.all())
    assert (figures[ann.pk].longest_streak, figures[ben.pk].longest_streak) == (3, 2)
    assert (figures[ann.pk].matches_won, figures[ben.pk].matches_won) == (5, 3)


@pytest.fixture
def played(client, db):
    """Two matches for `client`: Alice beats Bob 100+, and an unfinished one with Carol."""
    first = create_match(client, "Alice", "Bob")
    add_deals(
        first,
        [
            quick(0, 4, 30),  # Alice knocks with 4: 26
            quick(1, 8, 3),  # Bob undercut by Alice: 15
            draw(),
            cards(1, GIN, OPP_TO_GIN),  # Bob gins: 30
            quick(0, 2, 70),  # Alice 68: 109
        ],
    )
    second = create_match(client, "Alice", "Carol")
    add_deals(second, [quick(1, 0, 20, upcard="AS")])
    return first, second


def test_stats_page_shows_each_players_figures(client, played):
    body = client.get(STATS).content.decode()
    alice = body[body.index(">Alice</h2>") :]
    bob = body[body.index(">Bob</h2>") :]
    assert "<dt>Matches</dt><dd>2</dd>" in alice
    assert "<dt>Matches won</dt><dd>1/1" in alice and "100%" in alice
    assert "<dt>Deals won</dt><dd>3" in alice
    assert "<dt>Undercuts given to the knocker</dt><dd>1</dd>" in alice
    assert "<dt>Average deadwood when knocking</dt><dd>3.0</dd>" in alice
    assert "<dt>Average deal score</dt><dd>36.3</dd>" in alice  # (26 + 15 + 68) / 3
    assert "<dt>Gins</dt><dd>1</dd>" in bob
    assert "<dt>Undercuts received when knocking</dt><dd>1</dd>" in bob
    assert "<dt>Longest winning streak</dt><dd>1 match</dd>" in alice


def test_stats_are_only_of_the_visitors_own_matches(client, played):
    stranger = Client()
    create_match(stranger, "Zed", "Yan")
    body = stranger.get(STATS).content.decode()
    assert "Zed" in body and "Alice" not in body
    assert "Zed" not in client.get(STATS).content.decode()


def test_head_to_head_compares_two_players(client, played):
    alice, bob = played[0].player_a, played[0].player_b
    body = client.get(STATS, {"a": alice.pk, "b": bob.pk}).content.decode()
    assert "Alice against Bob" in body
    table = body[body.index('class="plain h2h"') :]
    assert '<th scope="row">Matches won</th><td>1</td><td>0</td>' in table
    assert '<th scope="row">Deals won</th><td>3</td><td>1</td>' in table
    assert '<th scope="row">Points from deals</th><td>109</td><td>30</td>' in table
    assert reverse("scorekeeper:match_history", args=[played[0].pk]) in table


def test_head_to_head_of_players_who_never_met(client, played):
    bob, carol = played[0].player_b, played[1].player_b
    body = client.get(STATS, {"a": bob.pk, "b": carol.pk}).content.decode()
    assert "They have not played each other" in body


def test_head_to_head_needs_two_different_players(client, played):
    alice = played[0].player_a
    body = client.get(STATS, {"a": alice.pk, "b": alice.pk}).content.decode()
    assert "Pick two different players." in body


def test_head_to_head_ignores_players_the_visitor_cannot_see(client, played):
    other = Player.objects.create(name="Hidden")
    response = client.get(STATS, {"a": played[0].player_a.pk, "b": other.pk})
    assert response.status_code == 200
    assert "Hidden" not in response.content.decode()


def test_period_filter_leaves_out_older_matches(client, played):
    Match.objects.filter(pk=played[1].pk).update(created="2001-01-01T00:00:00Z")
    body = client.get(STATS, {"period": "year"}).content.decode()
    assert ">Carol</h2>" not in body and ">Bob</h2>" in body


def test_illegal_knocks_are_counted_even_once_corrected(client, played):
    match = played[1]
    assert open_illegal_knock(match, seat=1) is not None
    body = client.get(STATS).content.decode()
    carol = body[body.index(">Carol</h2>") :]
    assert "<dt>Illegal knocks</dt><dd>1</dd>" in carol
    actions.record(match, Board(match).next_number, cards(1, KNOCK_4, OPP_39, upcard="TC"))
    body = client.get(STATS).content.decode()
    carol = body[body.index(">Carol</h2>") :]
    assert "<dt>Illegal knocks</dt><dd>1</dd>" in carol


def test_stats_page_for_htmx_is_the_figures_fragment(client, played):
    response = client.get(STATS, {"period": ""}, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert body.lstrip().startswith('<div id="figures"')
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_stats_page_without_matches_says_so(client, db):
    assert "No matches in this period." in client.get(STATS).content.decode()


def make_matches(client, count: int) -> None:
    """Give `client`'s account `count` finished matches among three players."""
    user = get_user_model().objects.create_user("keeper", password="x" * 12)
    client.force_login(user)
    names = ["Alice", "Bob", "Carol"]
    template = create_match(client, "Alice", "Bob")
    players = {p.name: p for p in Player.objects.filter(name__in=names)}
    players["Carol"] = Player.objects.create(name="Carol", owner=template.owner)
    created = [template]
    for i in range(count - 1):
        a, b = names[i % 3], names[(i + 1) % 3]
        created.append(
            Match.objects.create(
                player_a=players[a],
                player_b=players[b],
                rules=template.rules,
                first_dealer=i % 2,
                owner=template.owner,
            )
        )
    deals = []
    for i, match in enumerate(created):
        facts = [knock(i % 2, 40), draw(), quick(1, 5, 2), knock(i % 2, 80)]
        deals += build_deals(match, facts)
    Deal.objects.bulk_create(deals)


def test_stats_page_query_count_does_not_grow_with_matches(
    client, db, django_assert_max_num_queries, django_assert_num_queries
):
    make_matches(client, 200)
    assert Match.objects.count() == 200
    with django_assert_max_num_queries(10) as captured:
        client.get(STATS)
    queries = len(captured)
    page = client.get(STATS).content.decode()
    assert "<dt>Matches</dt><dd>134</dd>" in page  # Bob plays 2 of every 3
    Match.objects.filter(pk__in=list(Match.objects.values_list("pk", flat=True)[:190])).delete()
    with django_assert_num_queries(queries):
        client.get(STATS)


UNDERCUT_WORDS = {
    "en": ("Undercuts given to the knocker", "Undercuts received when knocking"),
    "pl": ("Zadane podcięcia pukającemu", "Otrzymane podcięcia po własnym pukaniu"),
}


@pytest.mark.parametrize("language", UNDERCUT_WORDS)
def test_the_undercut_figures_say_who_undercut_whom(client, played, language):
    # Bob knocked with 8 and Alice, left with 3, undercut him: given by Alice, to the knocker;
    # received by Bob, the knocker.
    given, received = UNDERCUT_WORDS[language]
    client.cookies["django_language"] = language
    first, _ = played
    body = client.get(STATS).content.decode()
    alice = body[body.index(">Alice</h2>") : body.index(">Bob</h2>")]
    bob = body[body.index(">Bob</h2>") :]
    assert f"<dt>{given}</dt><dd>1</dd>" in alice and f"<dt>{received}</dt><dd>0</dd>" in alice
    assert f"<dt>{given}</dt><dd>0</dd>" in bob and f"<dt>{received}</dt><dd>1</dd>" in bob
    pair = client.get(STATS, {"a": first.player_a_id, "b": first.player_b_id}).content.decode()
    assert f'<tr><th scope="row">{given}</th><td>1</td><td>0</td></tr>' in pair
