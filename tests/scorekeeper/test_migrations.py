"""Data migrations, run on rows made the way the database held them before.

Each test migrates back to just before a data step, makes rows with the models of that time,
migrates forward and looks at the result. Migrations are found by the end of their names, so
renumbering them does not break these tests.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from adjudication import Card, Rules, adjudicate, score_quick

# The engine's own undercut (/rules/#layoffs): deadwood 10 against 8 after the layoff of 2♠.
KNOCKER = "AS 3S 4S 5S AC 2D 3D 4D 5D 3H"
OPPONENT = "2S 3C 4C 5C 6C 6D 2H 4H 5H 6H"


def node(suffix: str) -> tuple[str, str]:
    """Return the scorekeeper migration whose name ends with `suffix`."""
    executor = MigrationExecutor(connection)
    [found] = [
        key
        for key in executor.loader.graph.nodes
        if key[0] == "scorekeeper" and key[1].endswith(suffix)
    ]
    return found


@pytest.fixture
def migrate(transactional_db):
    """Migrate to a scorekeeper migration and return the models as they were then."""

    def to(suffix: str):
        target = node(suffix)
        executor = MigrationExecutor(connection)
        executor.migrate([target])
        return executor.loader.project_state([target]).apps

    yield to
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def alice_and_bob(apps, **fields):
    """Return a match between Alice and Bob, made with the models of that time."""
    Player = apps.get_model("scorekeeper", "Player")
    alice = Player.objects.create(name="Alice", name_key="alice")
    bob = Player.objects.create(name="Bob", name_key="bob")
    return apps.get_model("scorekeeper", "Match").objects.create(
        player_a=alice, player_b=bob, **fields
    )


def test_players_whose_names_share_a_key_are_merged_within_an_account(migrate):
    apps = migrate("_player_name_key_column")
    User = apps.get_model("auth", "User")
    Player = apps.get_model("scorekeeper", "Player")
    Match = apps.get_model("scorekeeper", "Match")
    alice, bob = User.objects.create(username="alice"), User.objects.create(username="bob")

    def player(name, owner):
        return Player.objects.create(name=name, owner=owner)

    def match(a, b, owner):
        return Match.objects.create(player_a=a, player_b=b, first_dealer=0, owner=owner).pk

    ann, wide_ann, small_ann = player("Ann", alice), player("Ａnn", alice), player("ann", alice)
    bobby, carl = player("Bob", alice), player("Carl", alice)
    theirs = player("ANN", bob)
    guest_a, guest_b = player("Ann", None), player("ＡＮＮ", None)
    m1, m2 = match(ann, bobby, alice), match(wide_ann, carl, alice)
    m3 = match(ann, small_ann, alice)
    m4 = match(theirs, player("Zed", bob), bob)
    m5 = match(guest_a, player("Yul", None), None)

    apps = migrate("_player_name_key_fill")
    Player = apps.get_model("scorekeeper", "Player")
    Match = apps.get_model("scorekeeper", "Match")
    seats = {pk: (a, b) for pk, a, b in Match.objects.values_list("pk", "player_a", "player_b")}
    # The fullwidth Ann is the same person: her match moved to the oldest Ann.
    assert seats[m2] == (ann.pk, carl.pk)
    assert not Player.objects.filter(pk=wide_ann.pk).exists()
    # The small ann played Ann: both stay, told apart by a number.
    assert seats[m3] == (ann.pk, small_ann.pk)
    assert Player.objects.get(pk=small_ann.pk).name == "ann (2)"
    assert seats[m1] == (ann.pk, bobby.pk)
    # Another account's Ann, and the browsers' players, are left as they were.
    assert seats[m4][0] == theirs.pk and seats[m5][0] == guest_a.pk
    keys = dict(Player.objects.values_list("pk", "name_key"))
    assert (keys[ann.pk], keys[theirs.pk], keys[guest_a.pk], keys[guest_b.pk]) == ("ann",) * 4
    assert keys[small_ann.pk] == "ann (2)"
    assert Match.objects.count() == 5


def test_every_existing_match_gets_a_stable_id_of_its_own(migrate):
    apps = migrate("_match_stable_id_column")
    Player = apps.get_model("scorekeeper", "Player")
    Match = apps.get_model("scorekeeper", "Match")
    a, b = Player.objects.create(name="Ann"), Player.objects.create(name="Bob")
    for _ in range(3):
        Match.objects.create(player_a=a, player_b=b, first_dealer=0)

    apps = migrate("_match_stable_id_required")
    ids = list(apps.get_model("scorekeeper", "Match").objects.values_list("stable_id", flat=True))
    assert len(ids) == 3 and None not in ids
    assert len(set(ids)) == 3


def test_dealers_are_filled_from_the_derivation_the_site_used(migrate):
    """Existing deals get the dealers the site showed before dealers were stored."""
    apps = migrate("_match_players_restrict")  # just before _deal_dealer_and_trash
    Deal = apps.get_model("scorekeeper", "Deal")
    match = alice_and_bob(apps, first_dealer=1, rules={"target": 50})
    # Bob deals; Alice wins; a draw (Alice deals again); Bob wins 60, the end; one more after.
    for number, (winner, points) in enumerate([(0, 10), (None, 0), (1, 60), (0, 5)], start=1):
        Deal.objects.create(
            match=match, number=number, status="recorded", winner=winner, points=points
        )
    Deal.objects.create(match=match, number=5, status="open", upcard="TC")
    apps = migrate("_deal_dealer_and_trash")
    Deal = apps.get_model("scorekeeper", "Deal")
    dealers = dict(Deal.objects.filter(match_id=match.pk).values_list("number", "dealer"))
    assert dealers == {1: 1, 2: 0, 3: 0, 4: 1, 5: 1}


def test_the_verdicts_figures_are_filled_from_each_stored_verdict_and_back(migrate):
    """Each deal's verdict figures become columns; going back and forth again keeps them."""
    knock = adjudicate("TC", KNOCKER, OPPONENT).to_dict()  # an undercut: 10 against 8
    illegal = adjudicate("2C", KNOCKER, OPPONENT).to_dict()  # deadwood 5 > limit 2
    plain = {k: v for k, v in knock.items() if k not in ("multiplier", "reason_code")}
    verdicts = {
        1: knock,
        2: score_quick(Card.parse("5S"), 3, 20, Rules(spades_double=True)).to_dict(),
        3: {"result": "draw"},
        4: plain,  # a command-line answer, stored before verdicts carried a multiplier
        5: illegal,
        6: None,  # only the upcard tapped
    }
    expected = {
        1: (10, 8, 10, 1),
        2: (3, 20, 5, 2),
        3: (None, None, None, None),
        4: (10, 8, 10, 1),
        5: (5, None, 2, 1),
        6: (None, None, None, None),
    }
    apps = migrate("_deal_dealer_and_trash")  # just before _deal_verdict_columns
    Deal = apps.get_model("scorekeeper", "Deal")
    match = alice_and_bob(apps, first_dealer=0)
    for number, verdict in verdicts.items():
        status = "open" if number >= 5 else "recorded"
        if number == 6:
            Deal.objects.filter(match=match, number=5).update(status="deleted")
        Deal.objects.create(match=match, number=number, status=status, verdict=verdict)
    fields = ("knocker_deadwood", "opponent_deadwood", "knock_limit", "multiplier")

    def figures(apps):
        deals = apps.get_model("scorekeeper", "Deal").objects.filter(match_id=match.pk)
        return {number: tuple(rest) for number, *rest in deals.values_list("number", *fields)}

    assert figures(migrate("_deal_verdict_columns")) == expected
    migrate("_deal_dealer_and_trash")
    assert figures(migrate("_deal_verdict_columns")) == expected
    assert (
        Deal.objects.get(match=match, number=4).verdict == plain
    )  # the verdicts stay as they were
