"""Players, matches and deals: the facts, as columns, and the queries that read them.

Totals, the next dealer and the match winner are never stored: a match's `Standing`
(`scorekeeper.standing`) derives them from the recorded deals with the engine's match
function. The writes, each under the match's row lock, are `scorekeeper.actions`.

Django finds an app's models in `<app>.models`, so the package names every model here.
"""

from .deals import Deal, IllegalKnock
from .matches import SHARE_KINDS, Match
from .players import Player, Preference

__all__ = ["SHARE_KINDS", "Deal", "IllegalKnock", "Match", "Player", "Preference"]
