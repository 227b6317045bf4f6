"""Pinned cases, worked out by hand from the rules page (/rules/), checked with the brute force.

Every table is run twice: once against the engine and once against ``reference.py``, so a
wrong expectation cannot hide behind agreement between the two.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from adjudication import (
    ALL_MELDS,
    Card,
    Outcome,
    Rules,
    Side,
    adjudicate,
    analyse_hand,
    best_arrangement,
    best_reply,
    parse_cards,
)

from . import reference as ref

_MELD_BY_CARDS = {frozenset(meld.cards): meld for meld in ALL_MELDS}


def names(cards: Iterable[Card]) -> frozenset[str]:
    """Canonical texts of engine cards, as a set."""
    return frozenset(str(card) for card in cards)


def ref_names(cards: Iterable[ref.RefCard]) -> frozenset[str]:
    """Canonical texts of reference cards, as a set."""
    return frozenset(ref.text(card) for card in cards)


def meld_names(spec: str) -> frozenset[frozenset[str]]:
    """Melds written as "AS 2S 3S | 7H 7D 7C", as a set of sets of canonical card texts."""
    return frozenset(names(parse_cards(part)) for part in spec.split("|") if part.strip())


def engine_melds(spec: str) -> list:
    """The engine's Meld values for melds written as "5S 6S 7S | 9H 9D 9C"."""
    return [_MELD_BY_CARDS[frozenset(parse_cards(part))] for part in spec.split("|")]


def ref_melds(spec: str) -> list[tuple[ref.RefCard, ...]]:
    return [ref.parse(part) for part in spec.split("|")]


def to_ref(cards: Iterable[Card]) -> list[ref.RefCard]:
    return [(int(card.rank), card.suit.value) for card in cards]


# ---------------------------------------------------------------------------------------------
# 10 cards: the lowest-deadwood arrangement (/rules/#cards, /rules/#melds).
# (hand, melds or None when several arrangements tie, deadwood points)
ARRANGEMENTS = [
    pytest.param(
        "5S 6S 7S 7H 7D 7C 9D TD JD 2C",
        "5S 6S 7S | 7H 7D 7C | 9D TD JD",
        2,
        id="four-sevens-split-into-run-and-set",
    ),
    pytest.param(
        "KS KH KD KC 2S 3S 4S 9H 9D 5C",
        "KS KH KD KC | 2S 3S 4S",
        23,
        id="four-card-set-melds-whole",
    ),
    pytest.param(
        "6S 7S 8S 8H 8D AC 2C 3C 4H 5D",
        "8S 8H 8D | AC 2C 3C",
        22,
        id="set-beats-run-over-shared-8S",
    ),
    pytest.param(
        "5S 6S 7S 5H 6H 7H 5D KC KD KH",
        "5S 6S 7S | 5H 6H 7H | KC KD KH",
        5,
        id="two-runs-beat-set-of-fives",
    ),
    pytest.param(
        "AS 2S 3S 5H 5D 5C 9C TC JC KD",
        "AS 2S 3S | 5H 5D 5C | 9C TC JC",
        10,
        id="ace-two-three-is-a-run",
    ),
    pytest.param(
        "QS KS AS 2H 2D 2C 7C 8C 9C 4D",
        "2H 2D 2C | 7C 8C 9C",
        25,
        id="queen-king-ace-is-not-a-run",
    ),
    pytest.param(
        "KH AH 2H 3H 4H 9S 9H 9D 5C 6D",
        "AH 2H 3H 4H | 9S 9H 9D",
        21,
        id="king-does-not-wrap-onto-ace-low-run",
    ),
    pytest.param("3D 4D 5D 6D 7D 8D 9D TD JD QD", None, 0, id="ten-card-run-is-gin"),
    pytest.param("2S 4S 6H 8H TD QD KC AC 3D 5C", "", 59, id="no-meld-counts-every-card"),
]


@pytest.mark.parametrize(("hand", "melds", "deadwood"), ARRANGEMENTS)
def test_ten_cards_are_arranged_for_lowest_deadwood(
    hand: str, melds: str | None, deadwood: int
) -> None:
    cards = parse_cards(hand)
    arrangement = best_arrangement(cards)
    assert arrangement.deadwood_points == deadwood
    assert sum(card.points for card in arrangement.deadwood) == deadwood
    assert not ref.partition_problems(
        to_ref(cards), [to_ref(m.cards) for m in arrangement.melds], to_ref(arrangement.deadwood)
    )
    if melds is not None:
        assert frozenset(names(m.cards) for m in arrangement.melds) == meld_names(melds)


@pytest.mark.parametrize(("hand", "melds", "deadwood"), ARRANGEMENTS)
def test_reference_agrees_on_pinned_arrangement(
    hand: str, melds: str | None, deadwood: int
) -> None:
    assert ref.min_deadwood(ref.parse(hand)) == deadwood


# ---------------------------------------------------------------------------------------------
# 11 cards: the discard. Ties in deadwood go to the discard with the most points, then the
# highest rank, then suit order S, H, D, C (engine contract).
# (hand, discard, deadwood of the 10 kept cards)
DISCARDS = [
    pytest.param(
        "AS 2S 3S 4H 5H 6H 9C 9D 9H QS KH", "KH", 10, id="tie-on-points-discards-higher-rank"
    ),
    pytest.param(
        "AS 2S 3S 4H 5H 6H 9C 9D 9H JH TS", "JH", 10, id="jack-goes-before-ten-worth-the-same"
    ),
    pytest.param("AS 2S 3S 4H 5H 6H 9C 9D 9H TC TD", "TD", 10, id="same-rank-diamond-before-club"),
    pytest.param("AS 2S 3S 4D 5D 6D 7H 8H 9H KS KC", "KS", 10, id="same-rank-spade-before-club"),
    pytest.param("AS 2S 3S 7D 8D 9D JC QC KC 5H 5C", "5H", 5, id="same-rank-heart-before-club"),
    pytest.param(
        "AS 2S 3S 4S 4H 5H 6H KD 2C 3D 7S", "KD", 12, id="discards-the-king-leaving-twelve"
    ),
    pytest.param("AS 2S 3S 4S 5H 5D 5C 9H TH JH KC", "KC", 0, id="discarding-the-odd-card-is-gin"),
    pytest.param(
        "AS 2S 3S 4S 5H 5D 5C 9H TH JH QH",
        "QH",
        0,
        id="all-eleven-melded-discards-highest-run-end",
    ),
]


@pytest.mark.parametrize(("hand", "discard", "deadwood"), DISCARDS)
def test_eleven_cards_discard_by_deadwood_then_tie_rule(
    hand: str, discard: str, deadwood: int
) -> None:
    cards = parse_cards(hand)
    analysis = analyse_hand(cards)
    assert str(analysis.discard) == discard
    assert analysis.arrangement.deadwood_points == deadwood
    assert analysis.knock_limit == 10
    assert analysis.can_knock == (deadwood <= 10)
    assert analysis.gin == (deadwood == 0)
    assert not analysis.big_gin
    kept = [card for card in cards if str(card) != discard]
    assert not ref.partition_problems(
        to_ref(kept),
        [to_ref(m.cards) for m in analysis.arrangement.melds],
        to_ref(analysis.arrangement.deadwood),
    )


@pytest.mark.parametrize(("hand", "discard", "deadwood"), DISCARDS)
def test_reference_agrees_on_pinned_discard(hand: str, discard: str, deadwood: int) -> None:
    found_deadwood, found_discard = ref.best_discard(ref.parse(hand))
    assert (ref.text(found_discard), found_deadwood) == (discard, deadwood)


def test_big_gin_variant_keeps_all_eleven_cards() -> None:
    cards = parse_cards("AS 2S 3S 4S 5H 5D 5C 9H TH JH QH")
    analysis = analyse_hand(cards, rules=Rules(big_gin=True))
    assert analysis.discard is None
    assert analysis.big_gin and analysis.gin and analysis.can_knock
    assert analysis.arrangement.deadwood_points == 0
    assert names(c for m in analysis.arrangement.melds for c in m.cards) == names(cards)


def test_big_gin_needs_all_eleven_melded() -> None:
    analysis = analyse_hand(
        parse_cards("AS 2S 3S 4S 5H 5D 5C 9H TH JH KC"), rules=Rules(big_gin=True)
    )
    assert not analysis.big_gin
    assert analysis.gin
    assert str(analysis.discard) == "KC"


# ---------------------------------------------------------------------------------------------
# The opponent's reply: layoffs and own melds chosen together (/rules/#layoffs).
# (opponent, knocker melds, deadwood after layoffs, cards laid off, deadwood with no layoffs)
LAYOFFS = [
    pytest.param(
        "8S 9S KH QD JC 2H 4D 6C 3C AD",
        "5S 6S 7S",
        46,
        "8S 9S",
        63,
        id="eight-then-nine-chain-onto-run",
    ),
    pytest.param(
        "4S 8S KH QD JC 2H 9D 6C 3C AD",
        "5S 6S 7S",
        51,
        "4S 8S",
        63,
        id="both-ends-of-a-run-at-once",
    ),
    pytest.param(
        "8S 8H 8D 9S 9H KD QC 2C 3D 4C",
        "5S 6S 7S | 5H 6H 7H",
        37,
        "8S 9S 8H 9H",
        47,
        id="breaks-own-set-of-eights-to-lay-off-two-chains",
    ),
    pytest.param(
        "8S 8H 8D 8C 9S KD QC 2C 3D 4H",
        "5S 6S 7S",
        29,
        "8S 9S",
        38,
        id="takes-8S-from-own-four-card-set-to-reach-9S",
    ),
    pytest.param(
        "9S KD QC 2C 3D 4H 6H 7D JS 5C",
        "9H 9D 9C",
        57,
        "9S",
        66,
        id="fourth-card-onto-a-set-of-three",
    ),
    pytest.param(
        "AD KS QC 2C 3S 5H 6H 8D 7S 9C",
        "2D 3D 4D",
        60,
        "AD",
        61,
        id="ace-lays-off-below-two",
    ),
    pytest.param(
        "AC KS QH 2H 3S 5H 7H 8D 7S 9D",
        "JC QC KC",
        62,
        "",
        62,
        id="ace-does-not-lay-off-above-king",
    ),
    pytest.param(
        "5S 9S KH QD JC 2H 4D 6C 3C AD",
        "2S 3S 4S | 6S 7S 8S",
        46,
        "5S 9S",
        60,
        id="card-between-two-runs-goes-onto-one",
    ),
]


@pytest.mark.parametrize(("opponent", "knocker", "deadwood", "laid", "without"), LAYOFFS)
def test_opponent_lays_off_to_lowest_deadwood(
    opponent: str, knocker: str, deadwood: int, laid: str, without: int
) -> None:
    cards = parse_cards(opponent)
    play = best_reply(cards, engine_melds(knocker))
    assert play.deadwood_points == deadwood
    assert names(layoff.card for layoff in play.layoffs) == names(parse_cards(laid))
    assert not ref.layoff_problems(
        ref_melds(knocker),
        [(to_ref([layoff.card])[0], to_ref(layoff.onto.cards)) for layoff in play.layoffs],
    )
    laid_cards = [layoff.card for layoff in play.layoffs]
    assert set(laid_cards) <= set(cards)
    assert not ref.partition_problems(
        to_ref(c for c in cards if c not in laid_cards),
        [to_ref(m.cards) for m in play.melds],
        to_ref(play.deadwood),
    )
    no_layoffs = best_reply(cards, engine_melds(knocker), allow_layoffs=False)
    assert no_layoffs.deadwood_points == without
    assert no_layoffs.layoffs == ()


@pytest.mark.parametrize(("opponent", "knocker", "deadwood", "laid", "without"), LAYOFFS)
def test_reference_agrees_on_pinned_layoffs(
    opponent: str, knocker: str, deadwood: int, laid: str, without: int
) -> None:
    reply = ref.best_reply(ref.parse(opponent), ref_melds(knocker))
    assert reply.deadwood == deadwood
    assert ref_names(card for part in reply.layoffs for card in part) == ref_names(ref.parse(laid))
    assert ref.best_reply(ref.parse(opponent), ref_melds(knocker), layoffs=False).deadwood == (
        without
    )


# ---------------------------------------------------------------------------------------------
# Whole deals (/rules/#knocking to /rules/#scoring).
# (upcard, knocker, opponent, rules, outcome, winner, points, K, O, knocker deadwood cards
#  or None when several arrangements reach the verdict)
S5_KNOCKER = "AS 3S 4S 5S AC 2D 3D 4D 5D 3H"
S5_OPPONENT = "2S 3C 4C 5C 6C 6D 2H 4H 5H 6H"
PLAIN = "AS 2S 3S 4H 5H 6H 7C 8C 9C"  # three melds; a tenth card decides the deadwood
GIN = "5S 6S 7S 2H 3H 4H 9S 9H 9D 9C"
NOTHING = "8S 4S 5H AH KD QD JC 2C 3C TD"  # 63 points that would lay off onto GIN's runs
ELEVEN = "AS 2S 3S 4S 5H 5D 5C 9H TH JH QH"

DEALS = [
    pytest.param(
        "TD", S5_KNOCKER, S5_OPPONENT, {}, "undercut", "opponent", 12, 10, 8, "AS AC 5D 3H",
        id="rules-example-keeps-5D-to-deny-6D-undercut-12",
    ),
    pytest.param(
        "6D", S5_KNOCKER, S5_OPPONENT, {}, "undercut", "opponent", 13, 5, 2, "AS AC 3H",
        id="rules-example-under-limit-6-must-meld-5D-undercut-13",
    ),
    pytest.param(
        "TH", "3S 4S 5S 6S 9H 9D 9C AH AD 2C", "7S 8S KH KD KC QH QD QC JH 5D", {},
        "knock", "knocker", 20, 10, 30, "6S AH AD 2C",
        id="knocker-keeps-6S-as-deadwood-to-block-7S-8S",
    ),
    pytest.param(
        "7C", "3S 4S 5S 6S 9H 9D 9C AH AD 2C", "AS 2S KH KD KC QH QD QC 5D 8D", {},
        "knock", "knocker", 9, 4, 13, "AH AD 2C",
        id="equal-scores-go-to-lower-knocker-deadwood",
    ),
    pytest.param(
        "TD", "5S 6S 7S 5H 6H 7H AD AC 2D 3S", "8S 8H 8D 9S 9H KD QC 2C 3D 4C", {},
        "knock", "knocker", 30, 7, 37, "AD AC 2D 3S",
        id="opponent-breaks-own-set-to-lay-off",
    ),
    pytest.param(
        "3H", PLAIN + " 3D", "KS KH KD QC QD QH 2D 5C 6D 8H", {},
        "knock", "knocker", 18, 3, 21, "3D",
        id="deadwood-equal-to-limit-is-a-legal-knock",
    ),
    pytest.param(
        "9H", PLAIN + " 8D", "KS KH KD QS QH QD JS JH JD 3D", {},
        "undercut", "opponent", 15, 8, 3, "8D",
        id="undercut-scores-bonus-plus-difference",
    ),
    pytest.param(
        "TD", PLAIN + " 5D", "KD KH KS QC QD QH JS JH JD 5C", {},
        "undercut", "opponent", 10, 5, 5, "5D",
        id="tie-is-an-undercut-worth-10",
    ),
    pytest.param(
        "TD", PLAIN + " TC", "KS KH KD KC QS QH QD JS JH JD", {},
        "gin", "knocker", 25, 0, 0, "",
        id="gin-against-zero-deadwood-scores-25",
    ),
    pytest.param(
        "TD", GIN, NOTHING, {}, "gin", "knocker", 88, 0, 63, "",
        id="no-layoffs-against-gin",
    ),
    pytest.param(
        "AD", "AS 2H 3H 4H 5C 6C 7C 8D 9D TD", "KS KC KD QS QC QD JS JC JD 2S", {},
        "knock", "knocker", 1, 1, 2, "AS",
        id="ace-upcard-allows-one-point-of-deadwood",
    ),
    pytest.param(
        "AH", GIN, NOTHING, {"ace_means_gin": True}, "gin", "knocker", 88, 0, 63, "",
        id="variant-ace-means-gin-still-allows-gin",
    ),
    pytest.param(
        "TD", GIN, NOTHING, {"gin_bonus": 20}, "gin", "knocker", 83, 0, 63, "",
        id="variant-gin-bonus-20",
    ),
    pytest.param(
        "TD", PLAIN + " 5D", "KD KH KS QC QD QH JS JH JD 5C", {"undercut_bonus": 20},
        "undercut", "opponent", 20, 5, 5, "5D",
        id="variant-undercut-bonus-20-on-a-tie",
    ),
    pytest.param(
        "4S", PLAIN + " 3D", "KS KH KD QC QD QH 2D 5C 6D 8H", {"spades_double": True},
        "knock", "knocker", 36, 3, 21, "3D",
        id="variant-spade-upcard-doubles-a-knock",
    ),
    pytest.param(
        "9S", PLAIN + " 8D", "KS KH KD QS QH QD JS JH JD 3D", {"spades_double": True},
        "undercut", "opponent", 30, 8, 3, "8D",
        id="variant-spade-upcard-doubles-an-undercut",
    ),
    pytest.param(
        "4S", PLAIN + " 3D", "KS KH KD QC QD QH 2D 5C 6D 8H", {},
        "knock", "knocker", 18, 3, 21, "3D",
        id="spade-upcard-without-variant-scores-single",
    ),
    pytest.param(
        "TD", ELEVEN, "KS KC KD QS QC QD JS JC JD 2C", {}, "gin", "knocker", 27, 0, 2, "",
        id="eleven-melded-cards-without-big-gin-are-plain-gin",
    ),
    pytest.param(
        "TD", ELEVEN, "KS KC KD QS QC QD JS JC JD 2C", {"big_gin": True},
        "big_gin", "knocker", 33, 0, 2, "",
        id="variant-big-gin-scores-31-plus-deadwood",
    ),
    pytest.param(
        "TD", "AS 2S 3S 4S 5H 5D 5C 9H TH JH KC", "KS KH KD QS QC QD JS JC JD 2C", {},
        "gin", "knocker", 27, 0, 2, "",
        id="eleven-cards-discard-to-gin",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("upcard", "knocker", "opponent", "rules", "outcome", "winner", "points", "k", "o", "dead"),
    DEALS,
)
def test_deal_is_adjudicated_as_worked_out(
    upcard: str,
    knocker: str,
    opponent: str,
    rules: dict,
    outcome: str,
    winner: str,
    points: int,
    k: int,
    o: int,
    dead: str | None,
) -> None:
    verdict = adjudicate(
        Card.parse(upcard), parse_cards(knocker), parse_cards(opponent), Rules(**rules)
    )
    assert verdict.legal
    assert verdict.reason is None
    assert (verdict.outcome, verdict.winner, verdict.points) == (
        Outcome(outcome),
        Side(winner),
        points,
    )
    assert verdict.knocker.deadwood_points == k
    assert verdict.opponent is not None
    assert verdict.opponent.deadwood_points == o
    if dead is not None:
        assert names(verdict.knocker.deadwood) == names(parse_cards(dead))
    kept = [c for c in parse_cards(knocker) if c != verdict.knocker.discard]
    assert not ref.partition_problems(
        to_ref(kept),
        [to_ref(m.cards) for m in verdict.knocker.melds],
        to_ref(verdict.knocker.deadwood),
    )
    if outcome in ("gin", "big_gin"):
        assert verdict.opponent.layoffs == ()
    if outcome == "big_gin":
        assert verdict.knocker.discard is None
    spade_double = rules.get("spades_double", False) and upcard.endswith("S")
    assert verdict.multiplier == (2 if spade_double else 1)


@pytest.mark.parametrize(
    ("upcard", "knocker", "opponent", "rules", "outcome", "winner", "points", "k", "o", "dead"),
    DEALS,
)
def test_reference_agrees_on_pinned_deal(
    upcard: str,
    knocker: str,
    opponent: str,
    rules: dict,
    outcome: str,
    winner: str,
    points: int,
    k: int,
    o: int,
    dead: str | None,
) -> None:
    verdict = ref.adjudicate(
        ref.parse(upcard)[0], ref.parse(knocker), ref.parse(opponent), ref.RefRules(**rules)
    )
    assert (verdict.outcome, verdict.winner, verdict.points) == (outcome, winner, points)
    assert (verdict.knocker_deadwood, verdict.opponent_deadwood) == (k, o)


def test_rules_example_lays_off_only_2S() -> None:
    verdict = adjudicate(Card.parse("TD"), parse_cards(S5_KNOCKER), parse_cards(S5_OPPONENT))
    assert verdict.opponent is not None
    assert [(str(lay.card), names(lay.onto.cards)) for lay in verdict.opponent.layoffs] == [
        ("2S", names(parse_cards("3S 4S 5S")))
    ]
    assert frozenset(names(m.cards) for m in verdict.knocker.melds) == meld_names(
        "3S 4S 5S | 2D 3D 4D"
    )


# ---------------------------------------------------------------------------------------------
# Illegal knocks (/rules/#knocking): no score, and the figures that explain why.
# (upcard, knocker, opponent, rules, knocker deadwood, limit, discard shown)
ILLEGAL = [
    pytest.param(
        "3H", PLAIN + " 4D", "KS KH KC QC QD QH 2D 5C 6D 8H", {}, 4, 3, None,
        id="deadwood-4-over-limit-3",
    ),
    pytest.param(
        "6C", "AS 2S 3S 4S 4H 5H 6H KD 2C 3D 7S", "KS KH KC QC QD QH 2D 5C 6D 8H", {}, 12, 6, "KD",
        id="eleven-cards-best-discard-still-12-over-6",
    ),
    pytest.param(
        "AD", "2S 3H 4H 5H 6C 7C 8C 8D 9D TD", "KS KC KD QS QC QD JS JC JD AS", {}, 2, 1, None,
        id="ace-upcard-limit-1-rejects-2",
    ),
    pytest.param(
        "AH", "AS 2H 3H 4H 5C 6C 7C 8D 9D TD", "KS KC KD QS QC QD JS JC JD 2S",
        {"ace_means_gin": True}, 1, 0, None,
        id="variant-ace-means-gin-rejects-1",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("upcard", "knocker", "opponent", "rules", "k", "limit", "discard"), ILLEGAL
)
def test_illegal_knock_scores_nothing_and_gives_figures(
    upcard: str, knocker: str, opponent: str, rules: dict, k: int, limit: int, discard: str | None
) -> None:
    verdict = adjudicate(
        Card.parse(upcard), parse_cards(knocker), parse_cards(opponent), Rules(**rules)
    )
    assert not verdict.legal
    assert verdict.outcome is Outcome.ILLEGAL
    assert (verdict.winner, verdict.points) == (None, 0)
    assert verdict.opponent is None
    assert (verdict.knocker.deadwood_points, verdict.knock_limit) == (k, limit)
    assert verdict.reason is not None and verdict.reason.value == "deadwood_over_limit"
    assert verdict.reason_text == f"deadwood {k} > limit {limit}"
    assert (None if verdict.knocker.discard is None else str(verdict.knocker.discard)) == discard


@pytest.mark.parametrize(
    ("upcard", "knocker", "opponent", "rules", "k", "limit", "discard"), ILLEGAL
)
def test_reference_agrees_on_pinned_illegal_knock(
    upcard: str, knocker: str, opponent: str, rules: dict, k: int, limit: int, discard: str | None
) -> None:
    verdict = ref.adjudicate(
        ref.parse(upcard)[0], ref.parse(knocker), ref.parse(opponent), ref.RefRules(**rules)
    )
    assert (verdict.legal, verdict.outcome, verdict.points) == (False, "illegal", 0)
    assert (verdict.knocker_deadwood, verdict.limit) == (k, limit)
    assert (None if verdict.discard is None else ref.text(verdict.discard)) == discard


# ---------------------------------------------------------------------------------------------
# Knock limit and multiplier from the upcard (/rules/#limits).
LIMITS = [
    pytest.param("AS", {}, 1, 1, id="ace-gives-1"),
    pytest.param("AH", {"ace_means_gin": True}, 0, 1, id="variant-ace-means-gin-gives-0"),
    pytest.param("2C", {"ace_means_gin": True}, 2, 1, id="ace-means-gin-leaves-2-alone"),
    pytest.param("6D", {}, 6, 1, id="six-gives-6"),
    pytest.param("9S", {}, 9, 1, id="nine-gives-9"),
    pytest.param("TH", {}, 10, 1, id="ten-gives-10"),
    pytest.param("KC", {}, 10, 1, id="king-gives-10"),
    pytest.param("QS", {"spades_double": True}, 10, 2, id="variant-spade-upcard-doubles"),
    pytest.param("QH", {"spades_double": True}, 10, 1, id="variant-heart-upcard-single"),
]


@pytest.mark.parametrize(("upcard", "rules", "limit", "multiplier"), LIMITS)
def test_knock_limit_and_multiplier_follow_upcard(
    upcard: str, rules: dict, limit: int, multiplier: int
) -> None:
    card = Card.parse(upcard)
    assert Rules(**rules).knock_limit(card) == limit
    assert Rules(**rules).multiplier(card) == multiplier
    assert ref.knock_limit(ref.parse(upcard)[0], rules.get("ace_means_gin", False)) == limit
