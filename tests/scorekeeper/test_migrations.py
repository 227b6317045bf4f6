"""Data migrations, run on rows made the way the database held them before.

Each test migrates back to just before a data step, makes rows with the models of that time,
migrates forward and looks at the result. Migrations are found by the end of their names, so
renumbering them does not break these tests.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


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
    Player = apps.get_model("scorekeeper", "Player")
    Match = apps.get_model("scorekeeper", "Match")
    Deal = apps.get_model("scorekeeper", "Deal")
    a = Player.objects.create(name="Alice", name_key="alice")
    b = Player.objects.create(name="Bob", name_key="bob")
    match = Match.objects.create(player_a=a, player_b=b, first_dealer=1, rules={"target": 50})
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
