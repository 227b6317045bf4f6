"""An anonymous player's matches do not vanish: no cap on what a browser keeps."""

from __future__ import annotations

from django.urls import reverse
from match_helpers import create_match

from scorekeeper.models import Match

PASSWORD = "a-long-pass-phrase-9"


# --- no cap ----------------------------------------------------------------------------------


def test_a_browser_keeps_every_one_of_201_matches(client, db):
    first = create_match(client, "Ann", "Bea")
    # 199 more, as if started one by one in this browser; the 201st through the form.
    more = Match.objects.bulk_create(
        Match(player_a=first.player_a, player_b=first.player_b, rules=first.rules, first_dealer=0)
        for _ in range(199)
    )
    session = client.session
    session["matches"] = [*session["matches"], *(m.pk for m in more)]
    session.save()
    last = create_match(client, "Ann", "Bea")

    assert len(client.session["matches"]) == 201
    assert client.get(first.get_absolute_url()).status_code == 200
    assert client.get(last.get_absolute_url()).status_code == 200
    client.post(
        reverse("signup"), {"username": "ann", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert Match.objects.filter(owner__username="ann").count() == 201
