"""Hollywood matches for the tests of the pages away from the scoreboard (history, statistics,
CSV, backups, admin, the result picture): made directly, with their deals, under rules that
switch Hollywood on (`/rules/#hollywood`)."""

from __future__ import annotations

from adjudication import Rules
from scorekeeper.models import Match, Player

from .history_helpers import add_deals, knock
from .match_helpers import create_match

# A Hollywood match that ends with equal nets: games 100–50, 0–100 and 100–50 (a tie).
TIED = [(1, 50), (0, 100), (1, 100), (0, 50), (1, 50), (0, 50)]
# The rules page's settled example (/rules/#hollywood): games 350–0, 250–50, 240–65;
# Ann wins by 725.
SETTLED = [(0, 60), (0, 50), (1, 30), (0, 60), (1, 45), (0, 40)]
SETTLED_RULES = {"box_bonus": 20, "game_bonus": 100, "shutout": True}


def hollywood_rules(**rules) -> dict:
    """Return the stored rules of a Hollywood match with these house rules."""
    return Rules(hollywood=True, **rules).to_dict()


def hollywood_match(ann: Player, ben: Player, wins, **rules) -> Match:
    """Create a Hollywood match between `ann` and `ben` (Ann deals first) with these
    (winner's seat, points) deals."""
    match = Match.objects.create(
        player_a=ann, player_b=ben, rules=hollywood_rules(**rules), first_dealer=0, owner=ann.owner
    )
    add_deals(match, [knock(winner, points) for winner, points in wins])
    return match


def visible_hollywood_match(client, a: str, b: str, wins, **rules) -> Match:
    """Start a match as `client` (so that it is theirs to see), make it Hollywood under these
    house rules, and play these (winner's seat, points) deals."""
    match = create_match(client, a, b)
    match.rules = hollywood_rules(**rules)
    match.save(update_fields=["rules"])
    add_deals(match, [knock(winner, points) for winner, points in wins])
    match.refresh_from_db()
    return match
