"""The writes: everything that changes a match's deals, each under the match's row lock.

Record, edit, undo, delete, restore, set the upcard; create a match and its rematch; give a
browser's player to an account. A view parses the request, calls one of these, and renders
what it returns or raises. As in Zulip's `zerver/actions/`, the models hold the facts and
this module holds the protocol of changing them:

- the match row is locked (`select_for_update`) for the whole transaction, so that one
  writer changes a match at a time (the other phone waits);
- the version a form was shown with is checked under that same lock, so an edit never
  overwrites what it did not see (StaleEdit);
- the deal is read again under the lock, so a second tap is told its work is done
  (DealMoved);
- the version is bumped, for live scoreboards and optimistic edits.

The engine judges the facts entered (`DealFacts.judge`); a deal stores the `Judgement`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q

from adjudication import (
    Card,
    QuickVerdict,
    Rules,
    Side,
    Verdict,
    adjudicate,
    format_cards,
    score_quick,
)

from .board import Board
from .models import Deal, IllegalKnock, Match, Player
from .names import distinct_name


def _lock(match: Match, *, version: int | None = None) -> int:
    """Lock the match row until the transaction ends: one writer per match at a time.

    Returns the version read under the lock. With `version`, the version a form was shown
    with, raises StaleEdit when the match has changed since (the other phone).
    """
    locked = Match.objects.select_for_update().only("pk", "version").get(pk=match.pk)
    if version is not None and locked.version != version:
        raise StaleEdit
    return locked.version


def _reread(match: Match, deal: Deal) -> Deal:
    """Return the deal's row as it is now, under the lock; raises DealMoved when it has
    gone or is not in this match."""
    fresh = match.deals.filter(pk=deal.pk).first()
    if fresh is None:
        raise DealMoved(None)
    return fresh


@transaction.atomic
def record(match: Match, number: int, facts: DealFacts, *, by: str = "") -> Deal:
    """Record deal `number` from the facts entered at the table, adjudicated by the engine.

    An illegal knock is stored on the open deal (cards kept for correction) and scores
    nothing. Raises DealAlreadyRecorded when that deal number is already recorded (the
    other phone was quicker), and MatchOver once the match has ended.
    """
    _lock(match)
    existing = match.deals.filter(number=number, status__in=Deal.PLAYED).first()
    if existing is not None:
        raise DealAlreadyRecorded(existing)
    board = Board(match)
    if board.finished:
        raise MatchOver
    if number != board.next_number:
        raise DealOutOfTurn(number)
    deal = board.playing or Deal(match=match, number=number, status=Deal.Status.OPEN)
    if deal.dealer is None:
        deal.dealer = board.state.next_dealer
    judged = facts.judge(match.rules_value)
    apply_facts(deal, facts, judged)
    deal.status = Deal.Status.RECORDED if judged.legal else Deal.Status.OPEN
    deal.recorded_by = by
    deal.save()
    kept = lambda: match.illegal_knocks.filter(number=number).count()  # noqa: E731
    if not judged.legal and kept() < IllegalKnock.MOST_PER_DEAL:
        IllegalKnock.objects.create(
            match=match,
            number=number,
            knocker=facts.knocker,
            deadwood=judged.knocker_deadwood,
            limit=judged.knock_limit,
        )
    match.bump_version()
    return deal


@transaction.atomic
def edit_deal(match: Match, deal: Deal, facts: DealFacts, *, version: int) -> Judgement:
    """Replace a recorded deal's facts. An illegal knock changes nothing.

    `version` is the match version the edit form was shown with: if the match changed
    since (the other phone), raises StaleEdit rather than overwrite. Raises DealMoved for
    a deal that is not recorded (deleted, or taken back). Totals, the next dealer and the
    winner follow, since they are derived from the deals; who dealt stays as it was.
    """
    _lock(match, version=version)
    fresh = _reread(match, deal)
    if fresh.status != Deal.Status.RECORDED:
        raise DealMoved(fresh)
    judged = facts.judge(match.rules_value)
    if judged.legal:
        apply_facts(deal, facts, judged)
        deal.save()
        match.bump_version()
    return judged


@transaction.atomic
def undo_last(match: Match, deal: Deal, *, version: int) -> None:
    """Take back the last counted deal: it is being played again, its cards and its
    dealer kept. Deleted deals stay in the trash; "last" is among the counted ones.

    Raises StaleEdit when the match changed since the page was shown, or when `deal` is
    no longer the last counted deal. An upcard already tapped for the next deal goes;
    raises DealInPlay, changing nothing, when the deal being played holds more than an
    upcard (an illegal knock's cards, or a deal taken back before), since that would
    be lost.
    """
    _lock(match, version=version)
    board = Board(match)
    last = board.last_counted
    if last is None or last.pk != deal.pk:
        raise StaleEdit
    playing = board.playing
    if playing is not None:
        if playing.entry:
            raise DealInPlay(playing)
        playing.delete()
    deal.status = Deal.Status.OPEN
    deal.outcome, deal.winner, deal.points = "", None, 0
    deal.save(update_fields=["status", "outcome", "winner", "points", "updated"])
    match.bump_version()


def delete_deal(match: Match, deal: Deal, *, version: int) -> Deal:
    """Move a recorded deal to the trash, where it keeps its number and its facts.

    `version` is the match version the confirmation was shown with. Checked under the
    row lock: raises DealMoved when the deal is no longer recorded (deleted already, e.g.
    a second tap, or taken back), and StaleEdit when anything else changed since, so that
    a confirmation never deletes a deal nobody confirmed. Totals, the next dealer and the
    winner follow; who dealt the later deals does not change.
    """
    return _move(match, deal, Deal.Status.RECORDED, Deal.Status.DELETED, version=version)


def restore_deal(match: Match, deal: Deal, *, version: int) -> Deal:
    """Bring a deleted deal back from the trash, in its own place (its number).

    Like `delete_deal`: raises DealMoved when the deal is not in the trash (restored
    already), and StaleEdit when the match changed since the page was shown.
    """
    return _move(match, deal, Deal.Status.DELETED, Deal.Status.RECORDED, version=version)


@transaction.atomic
def _move(match: Match, deal: Deal, was: str, becomes: str, *, version: int) -> Deal:
    """Move a deal between the recorded deals and the trash, checked under the row lock.

    A deal that is no longer `was` raises DealMoved before a stale version raises
    StaleEdit: a second tap is told that its work is done.
    """
    locked_version = _lock(match)
    fresh = _reread(match, deal)
    if fresh.status != was:
        raise DealMoved(fresh)
    if locked_version != version:
        raise StaleEdit
    fresh.status = becomes
    fresh.save(update_fields=["status", "updated"])
    match.bump_version()
    return fresh


@transaction.atomic
def set_upcard(match: Match, upcard: Card) -> Deal:
    """Store the upcard of the deal being played, opening it if needed."""
    _lock(match)
    board = Board(match)
    deal = board.playing
    if deal is None:
        deal = Deal(match=match, number=board.next_number, status=Deal.Status.OPEN)
    if deal.dealer is None:
        # The upcard is turned: the deal has been dealt, by whoever deals now.
        deal.dealer = board.state.next_dealer
    deal.upcard = str(upcard)
    deal.save()
    match.bump_version()
    return deal


def create_match(
    players: Sequence[Player], rules: Rules, *, first_dealer: int, at_random: bool, owner
) -> Match:
    """Create a match between two players under `rules`, `first_dealer` dealing first
    (drawn at random when `at_random` says so); `owner` is the account, or None."""
    return Match.objects.create(
        player_a=players[0],
        player_b=players[1],
        rules=rules.to_dict(),
        first_dealer=first_dealer,
        dealer_chosen_at_random=at_random,
        owner=owner,
    )


def rematch(old: Match) -> Match:
    """Create a new match with the same players, rules and owner; the first dealer is
    drawn again."""
    return Match.objects.create(
        player_a=old.player_a,
        player_b=old.player_b,
        rules=old.rules,
        first_dealer=Match.draw_first_dealer(),
        dealer_chosen_at_random=True,
        owner=old.owner,
    )


@transaction.atomic
def give_player(player: Player, owner) -> Player:
    """Move a player (kept by a browser) to an account, and return the account's player.

    When the account already has a player with this key, the two are one person: the
    matches move to the account's player and this one goes. Unless the two played each
    other (possible before names had keys): then both stay, this one under a numbered name.
    """
    same = Player.objects.filter(owner=owner, name_key=player.name_key).exclude(pk=player.pk)
    kept = same.first()
    if kept is None:
        player.owner = owner
        player.save(update_fields=["owner"])
        return player
    faced = Match.objects.filter(
        Q(player_a=player, player_b=kept) | Q(player_a=kept, player_b=player)
    )
    if not faced.exists():
        Match.objects.filter(player_a=player).update(player_a=kept)
        Match.objects.filter(player_b=player).update(player_b=kept)
        player.delete()
        return kept
    taken = set(Player.objects.filter(owner=owner).values_list("name_key", flat=True))
    player.name = distinct_name(
        player.name, taken, max_length=player._meta.get_field("name").max_length
    )
    player.owner = owner
    player.save(update_fields=["name", "owner"])
    return player


def apply_facts(deal: Deal, facts: DealFacts, judged: Judgement) -> None:
    """Store the entered facts and the engine's judgement of them on `deal` (not saved)."""
    deal.entry = facts.entry
    if facts.upcard is not None:
        deal.upcard = str(facts.upcard)
    deal.knocker = facts.knocker
    deal.knocker_cards = format_cards(facts.knocker_cards)
    deal.opponent_cards = format_cards(facts.opponent_cards)
    deal.quick_knocker_deadwood = facts.knocker_deadwood
    deal.quick_opponent_deadwood = facts.opponent_deadwood
    deal.quick_big_gin = facts.big_gin
    deal.verdict = judged.verdict
    deal.outcome = judged.outcome if judged.legal else ""
    deal.winner = judged.winner
    deal.points = judged.points
    deal.knocker_deadwood = judged.knocker_deadwood
    deal.opponent_deadwood = judged.opponent_deadwood
    deal.knock_limit = judged.knock_limit
    deal.multiplier = judged.multiplier


@dataclass(frozen=True)
class Judgement:
    """The engine's answer for one deal, in the shape a Deal row stores it: the verdict as
    the engine wrote it, and its result and figures as columns (None for a draw)."""

    legal: bool
    verdict: dict
    outcome: str
    winner: int | None
    points: int
    knocker_deadwood: int | None = None
    opponent_deadwood: int | None = None
    knock_limit: int | None = None
    multiplier: int | None = None


@dataclass(frozen=True)
class DealFacts:
    """What the players entered for one deal: cards, quick-mode numbers, or a draw."""

    entry: str
    upcard: Card | None = None
    knocker: int | None = None
    knocker_cards: tuple[Card, ...] = ()
    opponent_cards: tuple[Card, ...] = ()
    knocker_deadwood: int | None = None
    opponent_deadwood: int | None = None
    big_gin: bool = False

    def judge(self, rules: Rules) -> Judgement:
        """Return the engine's judgement of these facts under the match's rules."""
        if self.entry == Deal.Entry.DRAW:
            return Judgement(True, {"result": "draw"}, Deal.Outcome.DRAW, None, 0)
        assert self.upcard is not None and self.knocker is not None
        verdict: Verdict | QuickVerdict
        if self.entry == Deal.Entry.CARDS:
            verdict = adjudicate(self.upcard, self.knocker_cards, self.opponent_cards, rules)
        else:
            assert self.knocker_deadwood is not None and self.opponent_deadwood is not None
            verdict = score_quick(
                self.upcard,
                self.knocker_deadwood,
                self.opponent_deadwood,
                rules,
                big_gin=self.big_gin,
            )
        return Judgement(
            legal=verdict.legal,
            verdict=verdict.to_dict(),
            outcome=verdict.outcome.value,
            winner=self.seat_of(verdict.winner),
            points=verdict.points,
            knocker_deadwood=verdict.knocker_deadwood,
            opponent_deadwood=verdict.opponent_deadwood,
            knock_limit=verdict.knock_limit,
            multiplier=verdict.multiplier,
        )

    def seat_of(self, side: Side | None) -> int | None:
        """Return the seat (0 or 1) of the knocker or the opponent."""
        if side is None or self.knocker is None:
            return None
        return self.knocker if side == Side.KNOCKER else 1 - self.knocker


class StaleEdit(Exception):
    """Raised when an edit was made against a version of the match that has changed."""


class DealMoved(Exception):
    """Raised when a deal is no longer where the request expects it: deleted already,
    restored already, or taken back to be played again. `deal` is its row as it is now
    (None when it has gone)."""

    def __init__(self, deal: Deal | None):
        super().__init__(
            f"deal {deal.number if deal else '?'} is {deal.status if deal else 'gone'}"
        )
        self.deal = deal


class DealInPlay(Exception):
    """Raised when Undo would drop a deal being played that holds more than an upcard."""

    def __init__(self, deal: Deal):
        super().__init__(f"deal {deal.number} is being played with facts entered")
        self.deal = deal


class DealOutOfTurn(Exception):
    """Raised when a deal number is not the next one (a stale or tampered form)."""


class DealAlreadyRecorded(Exception):
    """Raised when a deal number was recorded meanwhile, e.g. by the other phone."""

    def __init__(self, deal: Deal):
        super().__init__(f"deal {deal.number} is already recorded")
        self.deal = deal


class MatchOver(Exception):
    """Raised when a deal is recorded into a match that has already ended."""
