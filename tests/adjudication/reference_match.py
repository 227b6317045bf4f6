"""A naive score sheet, written from the rules text alone (/rules/#deal, #match, #hollywood).

It shares no code with ``adjudication.match``: it reads the deal results' plain fields
(``winner``, ``points``, ``dealer``) and the rules' numbers, and answers in plain dicts
shaped like the JSON protocol's match answer, so the cross-checks compare the engine's
``MatchState.to_dict()`` with it directly. It is naive on purpose: a game is the list of
its entries, and every total, win count and "has scored" is counted again from that list,
as a player would go down the paper sheet with a pencil.

The §10 example, deal by deal (Ann is 0, Ben 1):

>>> from types import SimpleNamespace as Deal
>>> deals = [Deal(winner=0, points=30, dealer=None), Deal(winner=0, points=25, dealer=None),
...          Deal(winner=1, points=40, dealer=None), Deal(winner=0, points=50, dealer=None)]
>>> sheet = score_sheet(0, deals, target=100, hollywood=True)
>>> [line["games"] for line in sheet["deals"]]
[[1], [1, 2], [1], [1, 2, 3]]
>>> sheet["games"][0]["totals"], sheet["games"][0]["winner"]
([105, 40], 0)
"""

from __future__ import annotations

from typing import Any


def _has_scored(game: dict[str, Any], player: int) -> bool:
    # "A player has scored in a game once a deal they won went into it, whatever its points."
    return any(entry == player for entry, _points in game["entries"])


def _total(game: dict[str, Any], player: int) -> int:
    return sum(points for entry, points in game["entries"] if entry == player)


def _is_open(game: dict[str, Any]) -> bool:
    return game["winner"] is None


def _games_for_a_win(games: list[dict[str, Any]], player: int) -> list[int]:
    """The rule in words: every open game the player has scored in, and the first open game
    they have not scored in yet, if there is one."""
    chosen = [i for i, game in enumerate(games) if _is_open(game) and _has_scored(game, player)]
    not_yet = [
        i for i, game in enumerate(games) if _is_open(game) and not _has_scored(game, player)
    ]
    if not_yet:
        chosen.append(not_yet[0])
    return sorted(chosen)


def _settle(game: dict[str, Any], box: int, bonus: int, shutout: bool) -> dict[str, Any]:
    totals = [_total(game, 0), _total(game, 1)]
    wins = [
        len([1 for entry, _ in game["entries"] if entry == 0]),
        len([1 for entry, _ in game["entries"] if entry == 1]),
    ]
    extra = [0, 0]
    if game["winner"] is not None:
        winner = game["winner"]
        loser = 1 - winner
        extra = [box * wins[0], box * wins[1]]
        extra[winner] += bonus * 2 if shutout and totals[loser] == 0 else bonus
    return {
        "totals": totals,
        "finished": game["winner"] is not None,
        "winner": game["winner"],
        "deals_won": wins,
        "bonuses": extra,
        "final_totals": [totals[0] + extra[0], totals[1] + extra[1]],
    }


def score_sheet(
    first_dealer: int,
    deals: list[Any],
    *,
    target: int = 100,
    box: int = 0,
    bonus: int = 0,
    shutout: bool = False,
    hollywood: bool = False,
) -> dict[str, Any]:
    """Return the sheet after ``deals``: the match answer of the JSON protocol, worked out by
    hand."""
    games: list[dict[str, Any]] = [
        {"entries": [], "winner": None} for _ in range(3 if hollywood else 1)
    ]
    lines = []
    next_dealer = first_dealer
    for number, deal in enumerate(deals, start=1):
        over = all(not _is_open(game) for game in games)
        dealer = next_dealer if deal.dealer is None else deal.dealer
        into: list[int] = []
        if not over:
            if deal.winner is not None:
                into = _games_for_a_win(games, deal.winner)
                for i in into:
                    games[i]["entries"].append((deal.winner, deal.points))
                for i in into:
                    if _total(games[i], deal.winner) >= target:
                        games[i]["winner"] = deal.winner
            # §3: the winner deals next; after a draw the same dealer deals again.
            next_dealer = dealer if deal.winner is None else deal.winner
        lines.append(
            {
                "number": number,
                "dealer": dealer,
                "winner": deal.winner,
                "points": deal.points,
                "counted": not over,
                "games": [i + 1 for i in into],
                "totals": [[_total(game, 0), _total(game, 1)] for game in games],
            }
        )
    settled = [_settle(game, box, bonus, shutout) for game in games]
    net = [0, 0]
    for game in settled:
        if game["finished"]:
            net[0] += game["final_totals"][0] - game["final_totals"][1]
            net[1] += game["final_totals"][1] - game["final_totals"][0]
    finished = all(game["finished"] for game in settled)
    if not hollywood:
        winner = settled[0]["winner"]
    elif finished and net[0] > 0:
        winner = 0
    elif finished and net[1] > 0:
        winner = 1
    else:
        winner = None
    return {
        "deals": lines,
        "games": settled,
        "finished": finished,
        "winner": winner,
        "next_dealer": next_dealer,
        "net": net,
    }
