"""A match as a pure function of its deals (rules pages #deal, #match and #hollywood).

Who dealt a deal is a fact of the table: a result may carry its dealer's seat, and then the
match takes it as it is. Only what was never played is derived: the dealer of a result that
does not say (the rotation below, as the rules give it) and the next dealer.

A match is a sheet of games: one, or three with Hollywood (``Rules.hollywood``). A deal's
points go into some of the open games (``games_for``); each game ends at the target with its
own bonuses, and the match ends when every game has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from adjudication.errors import DealPointsError, DrawPointsError, NotASeatError
from adjudication.rules import DEFAULT_RULES, Rules

__all__ = ["DealLine", "DealResult", "GameState", "MatchState", "games_for", "play_match"]


def _is_seat(value: object) -> bool:
    # Exactly the int 0 or 1: True and 0.0 compare equal to them but are not seats.
    return type(value) is int and value in (0, 1)


@dataclass(frozen=True)
class DealResult:
    """What a deal brought: the winning player (0 or 1; None for a draw) and their points,
    and who dealt it (0 or 1; None when not known, and then derived by `play_match`).

    Raises NotASeatError for another winner or dealer, DealPointsError for points that are
    not a whole number >= 0, and DrawPointsError for points on a draw.
    """

    winner: int | None
    points: int
    dealer: int | None = None

    def __post_init__(self) -> None:
        if self.winner is not None and not _is_seat(self.winner):
            raise NotASeatError("deal winner", self.winner)
        if isinstance(self.points, bool) or not isinstance(self.points, int) or self.points < 0:
            raise DealPointsError(self.points)
        if self.winner is None and self.points:
            raise DrawPointsError(self.points)
        if self.dealer is not None and not _is_seat(self.dealer):
            raise NotASeatError("deal dealer", self.dealer)


@dataclass(frozen=True)
class DealLine:
    """One row of the score sheet: totals are after this deal; ``counted`` is False for deals
    recorded after the match had already ended (they change nothing).

    ``number`` is the deal's place among the results given (1 for the first); a caller that
    leaves deals out (a deleted one) keeps its own numbers.

    ``games`` are the games (1-based) its points went into: ``(1,)`` for a counted win of a
    single game, ``()`` for a draw or a deal that is not counted. ``game_totals`` are each
    game's two totals after this deal, one pair per game. ``totals`` is their sum (with one
    game, that game's totals).
    """

    number: int
    dealer: int
    winner: int | None
    points: int
    totals: tuple[int, int]
    counted: bool
    games: tuple[int, ...] = ()
    game_totals: tuple[tuple[int, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the line as the match answer of the JSON protocol gives it."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "winner": self.winner,
            "points": self.points,
            "counted": self.counted,
            "games": list(self.games),
            "totals": [list(pair) for pair in self.game_totals],
        }


@dataclass(frozen=True)
class GameState:
    """One game of the sheet (``/rules/#hollywood``).

    ``totals`` are the deal points that went into it; ``deals_won`` the wins that went into
    it (a player *has scored* in a game once theirs is above 0, whatever the points);
    ``finished`` whether a deal brought a total to the target, and ``winner`` that player
    (None while open); ``bonuses`` are the game's end bonuses (zero while open) and
    ``final_totals`` totals plus bonuses.
    """

    totals: tuple[int, int]
    finished: bool
    winner: int | None
    deals_won: tuple[int, int]
    bonuses: tuple[int, int]
    final_totals: tuple[int, int]

    @property
    def net(self) -> tuple[int, int]:
        """Return each player's final total minus the other's, or (0, 0) while open."""
        if not self.finished:
            return (0, 0)
        margin = self.final_totals[0] - self.final_totals[1]
        return (margin, -margin)

    def to_dict(self) -> dict[str, Any]:
        """Return the game as the match answer of the JSON protocol gives it."""
        return {
            "totals": list(self.totals),
            "finished": self.finished,
            "winner": self.winner,
            "deals_won": list(self.deals_won),
            "bonuses": list(self.bonuses),
            "final_totals": list(self.final_totals),
        }


@dataclass(frozen=True)
class MatchState:
    """The state of a match derived from its deals.

    For a single game (Hollywood off), ``totals`` are deal points only; ``bonuses`` are the
    end-of-match bonuses (zero until the match is finished) and ``final_totals`` their sum;
    ``deals_won`` the counted wins; ``winner`` the player who reached the target.

    With Hollywood, ``games`` holds the three games, and the match-wide fields mean:
    ``finished`` all three games have ended; ``winner`` the player with the positive ``net``
    once they have (None while the match is on, and on equal nets: a tie); ``next_dealer``
    and ``lines`` as for one game. ``totals``, ``bonuses`` and ``final_totals`` are the sums
    over the three games (a deal that went into three games counts three times there), and
    ``deals_won`` the counted deals each player won, each deal once however many games it
    went into. ``net[p]`` is, over the games that have ended, p's final total minus the
    other's; for one game, the difference of its final totals once it has ended.
    """

    lines: tuple[DealLine, ...]
    totals: tuple[int, int]
    finished: bool
    winner: int | None
    next_dealer: int
    deals_won: tuple[int, int]
    bonuses: tuple[int, int]
    final_totals: tuple[int, int]
    games: tuple[GameState, ...] = ()
    net: tuple[int, int] = (0, 0)

    def next_games(self, player: int) -> tuple[int, ...]:
        """Return the games (1-based) a win of ``player`` would go into next; () once the
        match has ended.

        >>> state = play_match(0, [DealResult(0, 30)], Rules(hollywood=True))
        >>> state.next_games(0), state.next_games(1)
        ((1, 2), (1,))
        """
        if self.finished:
            return ()
        return games_for(
            player,
            [game.finished for game in self.games],
            [game.deals_won[player] > 0 for game in self.games],
        )

    def to_dict(self) -> dict[str, Any]:
        """Return the match as the JSON protocol's match answer: every key, no more."""
        return {
            "deals": [line.to_dict() for line in self.lines],
            "games": [game.to_dict() for game in self.games],
            "finished": self.finished,
            "winner": self.winner,
            "next_dealer": self.next_dealer,
            "net": list(self.net),
        }


def games_for(player: int, ended: Sequence[bool], scored: Sequence[bool]) -> tuple[int, ...]:
    """Return the games (1-based) a win of ``player`` goes into (``/rules/#hollywood``).

    ``ended[g]`` says whether game g+1 has ended and ``scored[g]`` whether ``player`` has
    scored in it: the win goes into every open game they have scored in, and into the first
    open game they have not scored in yet, if there is one.

    >>> games_for(0, [False, False, False], [False, False, False])
    (1,)
    >>> games_for(0, [False, False, False], [True, False, False])
    (1, 2)
    >>> games_for(1, [True, False, False], [True, False, False])  # game 1 ended before Ben's 2nd
    (2,)
    """
    into = []
    fresh = False  # the first open game not yet scored in has been taken
    for number, (over, has_scored) in enumerate(zip(ended, scored, strict=True), start=1):
        if over:
            continue
        if has_scored:
            into.append(number)
        elif not fresh:
            into.append(number)
            fresh = True
    return tuple(into)


def play_match(
    first_dealer: int, results: Sequence[DealResult], rules: Rules = DEFAULT_RULES
) -> MatchState:
    """Return the match state after these deals, in order.

    A result's own ``dealer`` is kept as it is. One without it is dealt by whoever the rules
    name: the first dealer for the first deal, then the winner of the last counted deal, or
    its dealer again after a draw. The next dealer follows the same rule from the last
    counted deal (the first dealer when there is none), so taking an earlier deal out changes
    the totals but not who dealt the deals that carry their dealer.

    A game ends at once when a deal brings a total in it to ``rules.target`` or more, and
    that player wins it. When it ends, each player gets the box bonus per deal won that went
    into it, and its winner the game bonus, doubled for a shutout (with ``rules.shutout``)
    when the loser has no points in it. The match ends with its one game, or with
    ``rules.hollywood`` when all three have ended (see ``MatchState``); later deals are
    listed with ``counted=False`` and change nothing. Raises NotASeatError when
    ``first_dealer`` is not 0 or 1.

    >>> state = play_match(0, [DealResult(1, 30), DealResult(None, 0), DealResult(1, 75)])
    >>> [line.dealer for line in state.lines], state.totals, state.finished, state.winner
    ([0, 1, 1], (0, 105), True, 1)
    >>> play_match(1, [DealResult(0, 100)], Rules(game_bonus=100, shutout=True)).final_totals
    (300, 0)

    Stored dealers stay put when an earlier deal is left out; the next dealer is derived:

    >>> kept = play_match(0, [DealResult(0, 9, dealer=1), DealResult(None, 0, dealer=0)])
    >>> [line.dealer for line in kept.lines], kept.next_dealer
    ([1, 0], 0)

    The example of ``/rules/#hollywood`` (target 100, no bonuses; Ann is 0, Ben 1):

    >>> deals = [DealResult(0, 30), DealResult(0, 25), DealResult(1, 40), DealResult(0, 50)]
    >>> state = play_match(0, deals, Rules(hollywood=True))
    >>> [line.games for line in state.lines]
    [(1,), (1, 2), (1,), (1, 2, 3)]
    >>> state.games[0].totals, state.games[0].finished, state.games[0].winner
    ((105, 40), True, 0)
    >>> state.next_games(1)
    (2,)
    >>> play_match(0, [*deals, DealResult(1, 20)], Rules(hollywood=True)).next_games(1)
    (2, 3)

    The settled example (box bonus 20, game bonus 100, shutout):

    >>> rules = Rules(hollywood=True, box_bonus=20, game_bonus=100, shutout=True)
    >>> ann, ben = (lambda points: DealResult(0, points)), (lambda points: DealResult(1, points))
    >>> deals = [ann(60), ann(50), ben(30), ann(60), ben(45), ann(40)]
    >>> state = play_match(0, deals, rules)
    >>> [line.games for line in state.lines]
    [(1,), (1, 2), (2,), (2, 3), (3,), (3,)]
    >>> [game.totals for game in state.games]
    [(110, 0), (110, 30), (100, 45)]
    >>> [game.final_totals for game in state.games]
    [(350, 0), (250, 50), (240, 65)]
    >>> state.net, state.finished, state.winner
    ((725, -725), True, 0)
    """
    if not _is_seat(first_dealer):
        raise NotASeatError("first dealer", first_dealer)
    count = HOLLYWOOD_GAMES if rules.hollywood else 1
    totals = [[0, 0] for _ in range(count)]
    won = [[0, 0] for _ in range(count)]
    ended: list[int | None] = [None] * count  # each game's winner, once it has ended
    wins = [0, 0]
    dealer = first_dealer  # who deals next, by the rules, after the counted deals so far
    # The sheet after the last deal, kept as it is until a win changes it.
    sheet: tuple[tuple[int, int], ...] = ((0, 0),) * count
    sums = (0, 0)
    lines = []
    for number, result in enumerate(results, start=1):
        counted = None in ended
        dealt_by = dealer if result.dealer is None else result.dealer
        into: tuple[int, ...] = ()
        player = result.winner
        if counted and player is not None:
            wins[player] += 1
            if count == 1:
                into = _ONLY_GAME  # while a single game is on, every win goes into it
            else:
                into = games_for(
                    player, [over is not None for over in ended], [w[player] > 0 for w in won]
                )
            for game in into:
                totals[game - 1][player] += result.points
                won[game - 1][player] += 1
                if totals[game - 1][player] >= rules.target:
                    ended[game - 1] = player
            sheet = tuple([(pair[0], pair[1]) for pair in totals])
            sums = sheet[0] if count == 1 else _sum_pairs(sheet)
        lines.append(DealLine(number, dealt_by, player, result.points, sums, counted, into, sheet))
        if counted:
            dealer = dealt_by if player is None else player
    games = tuple(_game(totals[g], won[g], ended[g], rules) for g in range(count))
    finished = None not in ended
    net = (sum(game.net[0] for game in games), sum(game.net[1] for game in games))
    if count == 1:
        winner = ended[0]
    else:
        winner = None if not finished or net[0] == 0 else (0 if net[0] > 0 else 1)
    return MatchState(
        lines=tuple(lines),
        totals=_sum_pairs(tuple(game.totals for game in games)),
        finished=finished,
        winner=winner,
        next_dealer=dealer,
        deals_won=(wins[0], wins[1]),
        bonuses=_sum_pairs(tuple(game.bonuses for game in games)),
        final_totals=_sum_pairs(tuple(game.final_totals for game in games)),
        games=games,
        net=net,
    )


HOLLYWOOD_GAMES = 3
"""The games a Hollywood sheet runs at once (``/rules/#hollywood``)."""

_ONLY_GAME = (1,)


def _sum_pairs(pairs: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    return (sum(pair[0] for pair in pairs), sum(pair[1] for pair in pairs))


def _game(totals: list[int], won: list[int], winner: int | None, rules: Rules) -> GameState:
    bonuses = _bonuses(winner, totals, won, rules)
    return GameState(
        totals=(totals[0], totals[1]),
        finished=winner is not None,
        winner=winner,
        deals_won=(won[0], won[1]),
        bonuses=bonuses,
        final_totals=(totals[0] + bonuses[0], totals[1] + bonuses[1]),
    )


def _bonuses(
    winner: int | None, totals: list[int], won: list[int], rules: Rules
) -> tuple[int, int]:
    if winner is None:
        return (0, 0)
    bonus = [rules.box_bonus * won[0], rules.box_bonus * won[1]]
    game = rules.game_bonus
    if rules.shutout and totals[1 - winner] == 0:
        game *= 2
    bonus[winner] += game
    return (bonus[0], bonus[1])
