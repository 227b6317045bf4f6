"""Fill every player's name key, and merge an account's players whose names share a key.

Before keys, "Ann" and "ANN" were one player on SQLite and PostgreSQL alike, but "Ann" and
"Ａnn" (fullwidth) or "Ann Lee" and "Ann  Lee" were two. From now on an account holds one
player per key, so each such group becomes one player: the oldest is kept, and the matches of
the others move to it (nothing else refers to a player). A player who sat at a match against
the kept one cannot be merged into it (a match needs two players): they stay a player of their
own, under their name with " (2)" (or the next free number) added, so that both can be told
apart. Players kept by browsers without an account are only given their keys.

The reverse step drops nothing and splits nothing: merged players stay merged.
"""

import unicodedata
from collections import defaultdict

from django.db import migrations
from django.db.models import Q

NAME_LENGTH = 40


# Frozen copies of scorekeeper.names, as a migration must not follow later code changes.
def name_key(name):
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def distinct_name(name, taken):
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
        if name_key(candidate) not in taken:
            return candidate
        number += 1


def fill_keys_and_merge(apps, schema_editor):
    Player = apps.get_model("scorekeeper", "Player")
    Match = apps.get_model("scorekeeper", "Match")
    batch = []
    for player in Player.objects.only("pk", "name").iterator(chunk_size=500):
        player.name_key = name_key(player.name)
        batch.append(player)
        if len(batch) == 500:
            Player.objects.bulk_update(batch, ["name_key"])
            batch = []
    Player.objects.bulk_update(batch, ["name_key"])

    groups = defaultdict(list)
    for player in Player.objects.filter(owner__isnull=False).order_by("pk"):
        groups[player.owner_id, player.name_key].append(player)
    for (owner_id, _key), players in groups.items():
        kept = []
        for player in players:
            into = next((k for k in kept if not faced(Match, player, k)), None)
            if into is None:
                kept.append(player)
                continue
            Match.objects.filter(player_a=player).update(player_a=into)
            Match.objects.filter(player_b=player).update(player_b=into)
            player.delete()
        for player in kept[1:]:
            taken = set(Player.objects.filter(owner=owner_id).values_list("name_key", flat=True))
            player.name = distinct_name(player.name, taken)
            player.name_key = name_key(player.name)
            player.save(update_fields=["name", "name_key"])


def faced(Match, one, other):
    return Match.objects.filter(
        Q(player_a=one, player_b=other) | Q(player_a=other, player_b=one)
    ).exists()


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0002_player_name_key_column"),
    ]

    operations = [
        migrations.RunPython(fill_keys_and_merge, migrations.RunPython.noop),
    ]
