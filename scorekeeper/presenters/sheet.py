"""The words of a Hollywood sheet (/rules/#hollywood): a game's short name ("G1"), the games a deal
went into ("G1 G2"), a signed net ("+725", "−725"), and the message after recording a deal,
which says where its points went and which game it ended ("Deal 5: Ann +26 · G1 G2 G3",
"Game 1 to Ann, 112–64")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from adjudication import DealLine, GameState


def game_label(number: int) -> str:
    """Return a game's short name on the sheet: "G1" for Game 1."""
    return pgettext("a game of a Hollywood sheet, short", "G%(number)d") % {"number": number}


def games_label(games: Iterable[int]) -> str:
    """Return the games a deal went (or a win will go) into: "G1 G2"; "" for none."""
    return " ".join(game_label(number) for number in games)


def signed(value: float | None) -> str:
    """Return a net with its sign ("+725", "−7.5", "0"), to one decimal place when it has
    one, in the reader's number format; "" for None (so that a template's `default` can stand
    in).

    A minus sign (U+2212), not a hyphen, so that it reads as one and never breaks off.
    """
    if value is None:
        return ""
    places = 0 if float(value).is_integer() else 1
    if round(value, places) == 0:
        return number_format(0)
    figure = number_format(abs(value), decimal_pos=places)
    return ("+" if value > 0 else "\u2212") + figure


def games_ended_text(
    line: DealLine, games: Sequence[GameState], names: Sequence[object]
) -> list[str]:
    """Return a sentence per game that the deal of `line` ended: "Game 1 to Ann, 112–64" (its
    final totals, bonuses included, the winner's first).

    A game ends at the deal that brings its winner to the target, and no later deal goes into
    it: the deal that ended it is the one after which its totals are the game's own.
    """
    ended = []
    for number in line.games:
        game = games[number - 1]
        if game.winner is None or line.game_totals[number - 1] != game.totals:
            continue
        finals = game.final_totals
        ended.append(
            _("Game %(number)d to %(name)s, %(won)d–%(lost)d")
            % {
                "number": number,
                "name": names[game.winner],
                "won": finals[game.winner],
                "lost": finals[1 - game.winner],
            }
        )
    return ended
