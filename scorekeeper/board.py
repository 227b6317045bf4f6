"""Board: a frozen picture of one match, built once per request.

A page asks its board what it shows: the totals, who deals, the upcard and its knock limit,
the deal lines. The board reads the match's deals when it is first asked, and works each
figure out on first use, then keeps it: a view that needs two figures pays for two, and
nothing is read twice. It is the match as it was read; after changing the match, a view
builds a new board. The model's own changes (`scorekeeper.actions`) build theirs under
the match's row lock.

Totals, dealers and the winner are the match's `Standing` (`scorekeeper.standing`, the app's
one caller of the engine's `play_match`) over the deals the board read.

A page's board may be `shared`: what the engine derives (the totals, who deals, the deal
being played) is then worked out once per match version and kept in this process's local
cache (`scorekeeper.caching`), so that the next request for that version reads no deals at
all. A version is only ever one state of the match: every change to its deals bumps it in the
same transaction (`Match.bump_version`). The picture is kept only when the version is
unchanged after the deals were read (so it was read whole), and only once the transaction it
was read in commits (`caching.keep`). The model's own changes never use a shared board: they
work under the row lock, from what the database holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from adjudication import Card, MatchState, Rules

from . import caching
from .board_rows import GameBox, GameRow, NextWin, Row, SeatTotal, SheetCell
from .standing import Standing

if TYPE_CHECKING:
    from .models import Deal, Match, Player


@dataclass(frozen=True)
class Picture:
    """What a shared board keeps per match version: all that the engine derives for a page
    that does not list the deals."""

    standing: Standing
    playing: Deal | None
    last_number: int  # the highest deal number ever played (deleted deals included), or 0


def picture_key(match: Match) -> str:
    """Return the local cache key of the match's picture at the version read with it."""
    return caching.version_key("board", match)


@dataclass(frozen=True)
class Board:
    """The match as one request sees it. `full` reads each deal's cards and verdict too (for
    pages that draw them); otherwise only what the lines show is read. `shared` takes what the
    engine derives from the local cache, per match version (see the module's docstring)."""

    match: Match
    full: bool = False
    shared: bool = False
    # How many reads of the deals this board made, and how many the last check of the version
    # covered (scorekeeper internals: see `is_current`).
    _reads: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    # --- What is read ---------------------------------------------------------------------

    @cached_property
    def played(self) -> tuple[Deal, ...]:
        """Return the played deals, recorded or deleted, in deal-number order (one query)."""
        self._read()
        return tuple(self.match.played_deals(full=self.full))

    @cached_property
    def playing(self) -> Deal | None:
        """Return the open deal row (an upcard tapped, or an illegal knock's cards kept), if
        any, also after the match has ended (one query)."""
        if self._picture is not None:
            return self._picture.playing
        self._read()
        return self.match.open_deal()

    @cached_property
    def _picture(self) -> Picture | None:
        """Return the version's picture, from the local cache or made now (None unless the
        board is shared)."""
        if not self.shared:
            return None
        key = picture_key(self.match)
        picture = caching.kept(key)
        if picture is None:
            played = self.played
            self._read()
            picture = Picture(
                standing=self._derived_standing,
                playing=self.match.open_deal(),
                last_number=played[-1].number if played else 0,
            )
            if self.is_current():
                caching.keep(key, picture)
        return picture

    def _read(self) -> None:
        self._reads["made"] = self._reads.get("made", 0) + 1

    def is_current(self) -> bool:
        """Return whether what this board read so far is the match at the version read with
        it, so that it may be kept under that version (once its transaction commits): the
        version is unchanged now.

        One small query, unless nothing was read since the last check said yes: what is drawn
        from reads made before that check is still of this version. Once no, always no (a
        version only grows).
        """
        if self._reads.get("stale"):
            return False
        made = self._reads.get("made", 0)
        if self._reads.get("checked") == made:
            return True
        from .models import Match

        current = Match.objects.filter(pk=self.match.pk, version=self.match.version).exists()
        self._reads["checked" if current else "stale"] = made
        return current

    # --- What the engine derives ----------------------------------------------------------

    @cached_property
    def recorded(self) -> tuple[Deal, ...]:
        """Return the recorded deals that count (none from the trash), in order."""
        return tuple(deal for deal in self.played if not deal.is_deleted)

    @cached_property
    def rules(self) -> Rules:
        """Return the rules the match is played under."""
        return self.match.rules_value

    @cached_property
    def standing(self) -> Standing:
        """Return what the recorded deals add up to: totals, the next dealer and the winner.

        Deleted deals are left out, and each deal's stored dealer is kept.
        """
        if self._picture is not None:
            return self._picture.standing
        return self._derived_standing

    @property
    def state(self) -> MatchState:
        """Return the engine's state of the match (the standing's)."""
        return self.standing.state

    @cached_property
    def _derived_standing(self) -> Standing:
        # From the deals this board read, so that the rows always match their own lines.
        return Standing.of_deals(self.match, self.played)

    @property
    def players(self) -> tuple[Player, Player]:
        """Return the two players, in seat order."""
        return self.match.players

    @property
    def target(self) -> int:
        """Return the total that wins the match."""
        return self.rules.target

    @property
    def finished(self) -> bool:
        """Return whether the match has ended."""
        return self.state.finished

    @cached_property
    def open_deal(self) -> Deal | None:
        """Return the deal being played, or None once the match is over."""
        return None if self.finished else self.playing

    @cached_property
    def next_number(self) -> int:
        """Return the number of the deal being played, or the next deal's.

        The deal being played keeps its number (also one taken back by Undo). Otherwise the
        next deal is one more than the highest number the match ever used, deleted deals
        included: a number is never given twice, so "deal 5" always means the same deal.
        """
        if self.playing is not None:
            return self.playing.number
        if self._picture is not None:
            return self._picture.last_number + 1
        return (self.played[-1].number if self.played else 0) + 1

    @property
    def deal_number(self) -> int | None:
        """Return the number of the deal being played, or None once the match is over."""
        return None if self.finished else self.next_number

    @cached_property
    def dealer_seat(self) -> int:
        """Return who deals the deal being played: its stored dealer once it has one (it was
        dealt, whatever changes later), else the next dealer the rules derive."""
        deal = self.open_deal
        if deal is not None and deal.dealer is not None:
            return deal.dealer
        return self.state.next_dealer

    @property
    def dealer(self) -> Player:
        """Return the player who deals the deal being played."""
        return self.players[self.dealer_seat]

    @property
    def non_dealer(self) -> Player:
        """Return the player who may take the upcard first."""
        return self.players[1 - self.dealer_seat]

    @property
    def only_gin(self) -> bool:
        """Return whether only gin may end the deal being played (its upcard's knock limit
        is 0)."""
        return self.upcard is not None and self.rules.only_gin(self.upcard)

    @cached_property
    def upcard(self) -> Card | None:
        """Return the upcard of the deal being played, once it is tapped."""
        return self.open_deal.upcard_value if self.open_deal else None

    @property
    def knock_limit(self) -> int | None:
        """Return the knock limit the upcard sets, once it is tapped."""
        return self.rules.knock_limit(self.upcard) if self.upcard else None

    @property
    def spades_double(self) -> bool:
        """Return whether this deal's scores are doubled (a spade upcard, with the variant)."""
        return bool(self.upcard and self.rules.multiplier(self.upcard) == 2)

    @property
    def has_counted_deals(self) -> bool:
        """Return whether any recorded deal counts for the totals (none from the trash)."""
        return bool(self.state.lines)

    @property
    def last_counted(self) -> Deal | None:
        """Return the last recorded deal that counts for the totals (none from the trash)."""
        return self.recorded[-1] if self.recorded else None

    # --- What the scoreboard shows ---------------------------------------------------------

    @cached_property
    def totals(self) -> tuple[SeatTotal, SeatTotal]:
        """Return both players' boxes: points, bonuses, progress, winner and dealer badges."""
        state = self.state
        boxes = tuple(
            SeatTotal(
                player=self.players[seat],
                seat=seat,
                points=state.totals[seat],
                final=state.final_totals[seat],
                bonus=state.bonuses[seat],
                deals_won=state.deals_won[seat],
                progress=min(state.totals[seat], self.target),
                is_winner=state.winner == seat,
                is_dealer=not state.finished and self.dealer_seat == seat,
            )
            for seat in (0, 1)
        )
        return (boxes[0], boxes[1])

    @property
    def winner(self) -> Player | None:
        """Return the winner of a finished match."""
        return None if self.state.winner is None else self.players[self.state.winner]

    @property
    def winner_points(self) -> int | None:
        """Return the winner's final total, bonuses included."""
        winner = self.state.winner
        return None if winner is None else self.standing.score[winner]

    @property
    def loser_points(self) -> int | None:
        """Return the loser's final total, bonuses included."""
        winner = self.state.winner
        return None if winner is None else self.standing.score[1 - winner]

    @property
    def end_lines(self) -> tuple[tuple[SheetCell, ...], tuple[SheetCell, ...]] | None:
        """Return the score sheet's last two lines once the match has ended with bonuses: each
        player's end-of-match bonus, then their final total (None while playing, or when the
        rules gave no bonus)."""
        standing = self.standing
        if not standing.finished or not any(standing.bonuses):
            return None
        players = self.players
        bonuses = tuple(SheetCell(players[seat], f"+{standing.bonuses[seat]}") for seat in (0, 1))
        finals = tuple(
            SheetCell(players[seat], str(standing.score[seat]), standing.winner == seat)
            for seat in (0, 1)
        )
        return bonuses, finals

    @cached_property
    def _lines(self) -> tuple[tuple[Row, ...], tuple[Row, ...]]:
        lines = iter(self._derived_standing.lines)
        rows, listed = [], []
        for deal in self.played:
            if deal.is_deleted:
                listed.append(Row(deal, deal.dealer, None, False, self.players))
                continue
            line = next(lines)
            row = Row(deal, line.dealer, line.totals, line.counted, self.players, line, self.target)
            rows.append(row)
            listed.append(row)
        return tuple(rows), tuple(listed)

    @property
    def rows(self) -> tuple[Row, ...]:
        """Return the rows of the recorded deals that count, in deal-number order."""
        return self._lines[0]

    @property
    def listed_rows(self) -> tuple[Row, ...]:
        """Return the rows of every played deal, deleted ones included, in order."""
        return self._lines[1]

    def row_for(self, deal: Deal) -> Row | None:
        """Return the row of a played deal (None for one being played)."""
        return next((row for row in self.listed_rows if row.deal.pk == deal.pk), None)

    # --- What a Hollywood sheet shows (three games) ---------------------------------------

    @property
    def hollywood(self) -> bool:
        """Return whether three games run on the sheet (Hollywood scoring)."""
        return self.rules.hollywood

    @cached_property
    def games(self) -> tuple[GameBox, ...]:
        """Return the three games of a Hollywood sheet, in order (() for a single game)."""
        if not self.hollywood:
            return ()
        return tuple(
            GameBox(number, game, self.players, self.target)
            for number, game in enumerate(self.standing.games, start=1)
        )

    @cached_property
    def game_rows(self) -> tuple[GameRow, ...]:
        """Return each player's line across the games of a Hollywood sheet, in seat order (()
        for a single game)."""
        return tuple(
            GameRow(total, tuple(game.seats[total.seat] for game in self.games))
            for total in self.totals
            if self.games
        )

    @property
    def next_wins(self) -> tuple[NextWin, ...]:
        """Return, per player, the games their next win goes into (() once the match is
        over, and for a single game)."""
        if not self.hollywood or self.finished:
            return ()
        standing = self.standing
        return tuple(NextWin(self.players[s], standing.next_games(s)) for s in (0, 1))

    @property
    def net_margin(self) -> int | None:
        """Return by how much the winner of a finished Hollywood match won: their net (None
        while playing, on a tie, and for a single game)."""
        winner = self.state.winner
        if not self.hollywood or winner is None:
            return None
        return self.standing.net[winner]

    @property
    def tied(self) -> bool:
        """Return whether the match has ended with nobody winning it (equal nets)."""
        return self.standing.tied
