"""Players, matches and deals.

A deal stores what the players entered (the upcard, who knocked, the cards or the quick-mode
numbers), who dealt it, and the engine's verdict as the engine returned it. Totals, the next
dealer and the match winner are never stored: `Match.state()` derives them from the recorded
deals with the engine's `play_match` (through `scorekeeper.board.Board`).

Nothing played is ever lost. A deleted deal goes to the trash (status "deleted"): it keeps its
number and its facts, counts for nothing, and can be restored. Deal numbers never shift, so
a number is only for display; pages and forms address a deal by its id.
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass
from functools import cached_property

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from adjudication import (
    Card,
    DealResult,
    MatchState,
    QuickVerdict,
    Rules,
    Side,
    Verdict,
    adjudicate,
    format_cards,
    score_quick,
)

from .board import Board
from .names import distinct_name, name_key


class Player(models.Model):
    """A person who plays matches; names are reused from one match to the next.

    Two names are the same player when their keys are equal (`scorekeeper.names.name_key`):
    the key is stored, and every lookup by name compares keys. An account holds one player
    per key; visitors without an account each keep their own.
    """

    name = models.CharField(_("name"), max_length=40)
    # Derived from `name` on every save; indexed through the constraint below.
    name_key = models.TextField(_("name key"), editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("owner"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="players",
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "name_key"],
                name="player_name_key_unique_per_owner",
                violation_error_message=_("This account already has a player of that name."),
            )
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """Save, with the key worked out again from the name."""
        self.name_key = name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    def clean(self) -> None:
        """Work out the key from the name, so that the unique constraint can be checked."""
        self.name_key = name_key(self.name)

    def validate_constraints(self, exclude=None) -> None:
        """Check the constraints; the key's whenever the name is checked (the key is no form
        field, so a form would otherwise leave its constraint to the database: a 500)."""
        if exclude is not None and "name" not in exclude:
            exclude = set(exclude) - {"name_key"}
        super().validate_constraints(exclude=exclude)

    @transaction.atomic
    def give_to(self, owner) -> Player:
        """Move this player (kept by a browser) to an account, and return the account's player.

        When the account already has a player with this key, the two are one person: the
        matches move to the account's player and this one goes. Unless the two played each
        other (possible before names had keys): then both stay, this one under a numbered name.
        """
        same = Player.objects.filter(owner=owner, name_key=self.name_key).exclude(pk=self.pk)
        kept = same.first()
        if kept is None:
            self.owner = owner
            self.save(update_fields=["owner"])
            return self
        faced = Match.objects.filter(
            Q(player_a=self, player_b=kept) | Q(player_a=kept, player_b=self)
        )
        if not faced.exists():
            Match.objects.filter(player_a=self).update(player_a=kept)
            Match.objects.filter(player_b=self).update(player_b=kept)
            self.delete()
            return kept
        taken = set(Player.objects.filter(owner=owner).values_list("name_key", flat=True))
        self.name = distinct_name(
            self.name, taken, max_length=self._meta.get_field("name").max_length
        )
        self.owner = owner
        self.save(update_fields=["name", "owner"])
        return self


class Preference(models.Model):
    """An account's own settings, remembered across phones: for now, its language."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        on_delete=models.CASCADE,
        related_name="preference",
    )
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES)

    class Meta:
        verbose_name = _("preference")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language}"


class Match(models.Model):
    """A match between two players, played to a target under the rules stored with it."""

    # RESTRICT, not PROTECT: a player with matches cannot be deleted alone, but deleting the
    # account deletes its players together with its matches (which cascade from the owner).
    player_a = models.ForeignKey(
        Player, verbose_name=_("first player"), on_delete=models.RESTRICT, related_name="+"
    )
    player_b = models.ForeignKey(
        Player, verbose_name=_("second player"), on_delete=models.RESTRICT, related_name="+"
    )
    rules = models.JSONField(_("rules"), default=dict)
    first_dealer = models.PositiveSmallIntegerField(
        _("first dealer"), choices=[(0, _("first player")), (1, _("second player"))]
    )
    dealer_chosen_at_random = models.BooleanField(_("dealer chosen at random"), default=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("owner"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="matches",
    )
    # Share links: unguessable tokens, revocable and regenerable by the owner.
    view_token = models.CharField(
        _("view link token"), max_length=64, unique=True, null=True, blank=True
    )
    edit_token = models.CharField(
        _("edit link token"), max_length=64, unique=True, null=True, blank=True
    )
    # Carried by backups: importing a file twice adds its matches once (scorekeeper.backup).
    stable_id = models.UUIDField(_("stable id"), default=uuid.uuid4, editable=False)
    # Bumped by every change to the match's deals: cheap polling and optimistic edits.
    version = models.PositiveIntegerField(_("version"), default=0)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.CheckConstraint(
                condition=~Q(player_a=models.F("player_b")), name="match_two_different_players"
            ),
            models.UniqueConstraint(
                fields=["owner", "stable_id"], name="match_stable_id_unique_per_owner"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_a} – {self.player_b}"

    def get_absolute_url(self) -> str:
        return reverse("scorekeeper:match_detail", args=[self.pk])

    @property
    def players(self) -> tuple[Player, Player]:
        """Return the two players, in seat order (index 0 and 1 everywhere in the engine)."""
        return (self.player_a, self.player_b)

    @cached_property
    def rules_value(self) -> Rules:
        """Return the match's stored rules as the engine's value object."""
        return Rules.from_dict(self.rules)

    def played_deals(self, *, full: bool = False) -> list[Deal]:
        """Return the played deals, recorded or deleted, in order (one query)."""
        return self._deals(Deal.PLAYED, full=full)

    def recorded_deals(self, *, full: bool = False) -> list[Deal]:
        """Return the recorded deals that count (none from the trash), in order (one query)."""
        return self._deals((Deal.Status.RECORDED,), full=full)

    def _deals(self, statuses: tuple[str, ...], *, full: bool) -> list[Deal]:
        # The scoreboard needs only each deal's result, so the verdicts and cards are left in
        # the database unless `full` asks for them (pages that draw every deal's cards).
        deals = self.deals.filter(status__in=statuses).order_by("number")
        if not full:
            deals = deals.defer("verdict", "knocker_cards", "opponent_cards")
        return list(deals)

    def open_deal(self) -> Deal | None:
        """Return the open deal row (upcard or illegal-knock cards entered), if any (one query)."""
        return self.deals.filter(status=Deal.Status.OPEN).first()

    def state(self) -> MatchState:
        """Return totals, the next dealer and the winner as they are now (read afresh)."""
        return Board(self).state

    @property
    def next_number(self) -> int:
        """Return the number of the deal being played, or the next deal's (read afresh)."""
        return Board(self).next_number

    def bump_version(self) -> None:
        """Mark the match as changed, for live scoreboards and optimistic edits."""
        Match.objects.filter(pk=self.pk).update(version=models.F("version") + 1)
        self.refresh_from_db(fields=["version", "updated"])

    def set_share_link(self, kind: str, enabled: bool) -> None:
        """Create a fresh token for the view or edit link (revoking the old one), or revoke it."""
        if kind not in ("view", "edit"):
            raise ValueError(kind)
        token = secrets.token_urlsafe(24) if enabled else None
        setattr(self, f"{kind}_token", token)
        self.save(update_fields=[f"{kind}_token", "updated"])

    @staticmethod
    def draw_first_dealer() -> int:
        """Return a first dealer's seat drawn at random."""
        return secrets.randbelow(2)

    def _lock(self, *, version: int | None = None) -> int:
        """Lock the match row until the transaction ends: one writer per match at a time.

        Returns the version read under the lock. With `version`, the version a form was shown
        with, raises StaleEdit when the match has changed since (the other phone).
        """
        locked = Match.objects.select_for_update().only("pk", "version").get(pk=self.pk)
        if version is not None and locked.version != version:
            raise StaleEdit
        return locked.version

    def _reread(self, deal: Deal) -> Deal:
        """Return the deal's row as it is now, under the lock; raises DealMoved when it has
        gone or is not in this match."""
        fresh = self.deals.filter(pk=deal.pk).first()
        if fresh is None:
            raise DealMoved(None)
        return fresh

    @transaction.atomic
    def record(self, number: int, facts: DealFacts, *, by: str = "") -> Deal:
        """Record deal `number` from the facts entered at the table, adjudicated by the engine.

        An illegal knock is stored on the open deal (cards kept for correction) and scores
        nothing. Raises DealAlreadyRecorded when that deal number is already recorded (the
        other phone was quicker), and MatchOver once the match has ended.
        """
        self._lock()
        existing = self.deals.filter(number=number, status__in=Deal.PLAYED).first()
        if existing is not None:
            raise DealAlreadyRecorded(existing)
        board = Board(self)
        if board.finished:
            raise MatchOver
        if number != board.next_number:
            raise DealOutOfTurn(number)
        deal = board.playing or Deal(match=self, number=number, status=Deal.Status.OPEN)
        if deal.dealer is None:
            deal.dealer = board.state.next_dealer
        judged = facts.judge(self.rules_value)
        deal.apply(facts, judged)
        deal.status = Deal.Status.RECORDED if judged.legal else Deal.Status.OPEN
        deal.recorded_by = by
        deal.save()
        if not judged.legal:
            IllegalKnock.objects.create(
                match=self,
                number=number,
                knocker=facts.knocker,
                deadwood=judged.knocker_deadwood,
                limit=judged.knock_limit,
            )
        self.bump_version()
        return deal

    @transaction.atomic
    def edit_deal(self, deal: Deal, facts: DealFacts, *, version: int) -> Judgement:
        """Replace a recorded deal's facts. An illegal knock changes nothing.

        `version` is the match version the edit form was shown with: if the match changed
        since (the other phone), raises StaleEdit rather than overwrite. Raises DealMoved for
        a deal that is not recorded (deleted, or taken back). Totals, the next dealer and the
        winner follow, since they are derived from the deals; who dealt stays as it was.
        """
        self._lock(version=version)
        fresh = self._reread(deal)
        if fresh.status != Deal.Status.RECORDED:
            raise DealMoved(fresh)
        judged = facts.judge(self.rules_value)
        if judged.legal:
            deal.apply(facts, judged)
            deal.save()
            self.bump_version()
        return judged

    @transaction.atomic
    def undo_last(self, deal: Deal, *, version: int) -> None:
        """Take back the last counted deal: it is being played again, its cards and its
        dealer kept. Deleted deals stay in the trash; "last" is among the counted ones.

        Raises StaleEdit when the match changed since the page was shown, or when `deal` is
        no longer the last counted deal. An upcard already tapped for the next deal goes;
        raises DealInPlay, changing nothing, when the deal being played holds more than an
        upcard (an illegal knock's cards, or a deal taken back before), since that would
        be lost.
        """
        self._lock(version=version)
        board = Board(self)
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
        self.bump_version()

    def delete_deal(self, deal: Deal, *, version: int) -> Deal:
        """Move a recorded deal to the trash, where it keeps its number and its facts.

        `version` is the match version the confirmation was shown with. Checked under the
        row lock: raises DealMoved when the deal is no longer recorded (deleted already, e.g.
        a second tap, or taken back), and StaleEdit when anything else changed since, so that
        a confirmation never deletes a deal nobody confirmed. Totals, the next dealer and the
        winner follow; who dealt the later deals does not change.
        """
        return self._move(deal, Deal.Status.RECORDED, Deal.Status.DELETED, version=version)

    def restore_deal(self, deal: Deal, *, version: int) -> Deal:
        """Bring a deleted deal back from the trash, in its own place (its number).

        Like `delete_deal`: raises DealMoved when the deal is not in the trash (restored
        already), and StaleEdit when the match changed since the page was shown.
        """
        return self._move(deal, Deal.Status.DELETED, Deal.Status.RECORDED, version=version)

    @transaction.atomic
    def _move(self, deal: Deal, was: str, becomes: str, *, version: int) -> Deal:
        """Move a deal between the recorded deals and the trash, checked under the row lock.

        A deal that is no longer `was` raises DealMoved before a stale version raises
        StaleEdit: a second tap is told that its work is done.
        """
        locked_version = self._lock()
        fresh = self._reread(deal)
        if fresh.status != was:
            raise DealMoved(fresh)
        if locked_version != version:
            raise StaleEdit
        fresh.status = becomes
        fresh.save(update_fields=["status", "updated"])
        self.bump_version()
        return fresh

    @transaction.atomic
    def set_upcard(self, upcard: Card) -> Deal:
        """Store the upcard of the deal being played, opening it if needed."""
        self._lock()
        board = Board(self)
        deal = board.playing
        if deal is None:
            deal = Deal(match=self, number=board.next_number, status=Deal.Status.OPEN)
        if deal.dealer is None:
            # The upcard is turned: the deal has been dealt, by whoever deals now.
            deal.dealer = board.state.next_dealer
        deal.upcard = str(upcard)
        deal.save()
        self.bump_version()
        return deal


class Deal(models.Model):
    """One deal of a match: the facts entered at the table and the engine's verdict."""

    class Status(models.TextChoices):
        OPEN = "open", _("being played")
        RECORDED = "recorded", _("recorded")
        DELETED = "deleted", _("deleted")

    class Entry(models.TextChoices):
        CARDS = "cards", _("cards")
        QUICK = "quick", _("quick")
        DRAW = "draw", _("draw")

    class Outcome(models.TextChoices):
        KNOCK = "knock", _("knock")
        UNDERCUT = "undercut", _("undercut")
        GIN = "gin", _("gin")
        BIG_GIN = "big_gin", _("big gin")
        DRAW = "draw", _("draw")

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="deals"
    )
    number = models.PositiveIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices)
    entry = models.CharField(_("entry"), max_length=10, choices=Entry.choices, blank=True)
    upcard = models.CharField(_("upcard"), max_length=2, blank=True)
    knocker = models.PositiveSmallIntegerField(_("knocker"), null=True, blank=True)
    knocker_cards = models.CharField(_("knocker's cards"), max_length=40, blank=True)
    opponent_cards = models.CharField(_("opponent's cards"), max_length=40, blank=True)
    quick_knocker_deadwood = models.PositiveSmallIntegerField(
        _("knocker's deadwood"), null=True, blank=True
    )
    quick_opponent_deadwood = models.PositiveSmallIntegerField(
        _("opponent's deadwood after layoffs"), null=True, blank=True
    )
    quick_big_gin = models.BooleanField(_("big gin"), default=False)
    verdict = models.JSONField(_("verdict"), null=True, blank=True)
    # The verdict's result and figures, as columns for pages, statistics and exports: nothing
    # reads inside the verdict but the engine. The figures are None for a draw (and before
    # anything is entered); the opponent's deadwood also for an illegal knock.
    outcome = models.CharField(_("outcome"), max_length=10, choices=Outcome.choices, blank=True)
    winner = models.PositiveSmallIntegerField(_("winner"), null=True, blank=True)
    points = models.PositiveIntegerField(_("points"), default=0)
    knocker_deadwood = models.PositiveSmallIntegerField(
        _("knocker's deadwood in the verdict"), null=True, blank=True
    )
    opponent_deadwood = models.PositiveSmallIntegerField(
        _("opponent's deadwood in the verdict"), null=True, blank=True
    )
    knock_limit = models.PositiveSmallIntegerField(_("knock limit"), null=True, blank=True)
    multiplier = models.PositiveSmallIntegerField(_("multiplier"), null=True, blank=True)
    recorded_by = models.CharField(_("recorded by"), max_length=150, blank=True)
    # Who dealt (seat 0 or 1): a fact stored when the deal is dealt, never derived again.
    dealer = models.PositiveSmallIntegerField(_("dealer"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    # A deal that was played to its end: it counts, or it is in the trash.
    PLAYED = (Status.RECORDED, Status.DELETED)

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="deal_number_unique"),
            models.UniqueConstraint(
                fields=["match"], condition=Q(status="open"), name="one_open_deal_per_match"
            ),
            models.CheckConstraint(
                condition=Q(dealer__isnull=True) | Q(dealer__in=[0, 1]),
                name="deal_dealer_is_a_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} #{self.number}"

    def get_absolute_url(self) -> str:
        return reverse("scorekeeper:deal_detail", args=[self.match_id, self.pk])

    @property
    def is_deleted(self) -> bool:
        """Return whether the deal is in the trash."""
        return self.status == self.Status.DELETED

    def result(self) -> DealResult:
        """Return the deal's result, with who dealt it, as the engine's match function takes
        it."""
        return DealResult(winner=self.winner, points=self.points, dealer=self.dealer)

    @property
    def upcard_value(self) -> Card | None:
        """Return the upcard as a Card, or None before it is entered."""
        return Card.parse(self.upcard) if self.upcard else None

    def apply(self, facts: DealFacts, judged: Judgement) -> None:
        """Store the entered facts and the engine's judgement of them on this deal."""
        self.entry = facts.entry
        if facts.upcard is not None:
            self.upcard = str(facts.upcard)
        self.knocker = facts.knocker
        self.knocker_cards = format_cards(facts.knocker_cards)
        self.opponent_cards = format_cards(facts.opponent_cards)
        self.quick_knocker_deadwood = facts.knocker_deadwood
        self.quick_opponent_deadwood = facts.opponent_deadwood
        self.quick_big_gin = facts.big_gin
        self.verdict = judged.verdict
        self.outcome = judged.outcome if judged.legal else ""
        self.winner = judged.winner
        self.points = judged.points
        self.knocker_deadwood = judged.knocker_deadwood
        self.opponent_deadwood = judged.opponent_deadwood
        self.knock_limit = judged.knock_limit
        self.multiplier = judged.multiplier

    def verdict_value(self) -> Verdict | None:
        """Return the stored verdict rebuilt as the engine's value, for full-card deals."""
        if self.entry != self.Entry.CARDS or not self.verdict:
            return None
        return Verdict.from_dict(self.verdict)


class IllegalKnock(models.Model):
    """A knock the engine found illegal: scored nothing, but it happened at the table."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="illegal_knocks"
    )
    number = models.PositiveIntegerField(_("deal number"))
    knocker = models.PositiveSmallIntegerField(_("knocker"))
    deadwood = models.PositiveSmallIntegerField(_("deadwood"))
    limit = models.PositiveSmallIntegerField(_("knock limit"))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["match", "created"]
        verbose_name = _("illegal knock")
        verbose_name_plural = _("illegal knocks")

    def __str__(self) -> str:
        return f"{self.match} #{self.number}: {self.deadwood} > {self.limit}"


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
