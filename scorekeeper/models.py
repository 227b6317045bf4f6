"""Players, matches and deals.

A deal stores what the players entered (the upcard, who knocked, the cards or the quick-mode
numbers), who dealt it, and the engine's verdict as the engine returned it. Totals, the next
dealer and the match winner are never stored: `Match.state()` derives them from the recorded
deals with the engine's `play_match`.

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
    Rules,
    Side,
    Verdict,
    adjudicate,
    format_cards,
    play_match,
    score_quick,
)

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

    def listed_deals(self, *, full: bool = False) -> list[Deal]:
        """Return the played deals, recorded or deleted, in order; cached for one request.

        The scoreboard needs only each deal's result, so the verdicts and cards are left in
        the database unless `full` asks for them (pages that draw every deal's cards).
        """
        if getattr(self, "_cached_listed", None) is None or (full and not self._cached_full):
            deals = self.deals.filter(status__in=Deal.PLAYED).order_by("number")
            if not full:
                deals = deals.defer("verdict", "knocker_cards", "opponent_cards")
            self._cached_listed = list(deals)
            self._cached_full = full
        return self._cached_listed

    def recorded_deals(self, *, full: bool = False) -> list[Deal]:
        """Return the recorded deals that count (none from the trash), in order."""
        return [d for d in self.listed_deals(full=full) if d.status == Deal.Status.RECORDED]

    def state(self) -> MatchState:
        """Return totals, the next dealer and the winner, derived from the recorded deals.

        Deleted deals are left out, and each deal's stored dealer is kept.
        """
        if not hasattr(self, "_cached_state"):
            results = [deal.result() for deal in self.recorded_deals()]
            self._cached_state = play_match(self.first_dealer, results, self.rules_value)
        return self._cached_state

    def forget_cache(self) -> None:
        """Drop the per-instance caches after the deals changed."""
        for name in ("_cached_listed", "_cached_state", "_cached_open"):
            if hasattr(self, name):
                delattr(self, name)

    @property
    def next_number(self) -> int:
        """Return the number of the deal being played, or the next deal's.

        The deal being played keeps its number (also one taken back by Undo). Otherwise the
        next deal is one more than the highest number the match ever used, deleted deals
        included: a number is never given twice, so "deal 5" always means the same deal.
        """
        open_deal = self.open_deal()
        if open_deal is not None:
            return open_deal.number
        listed = self.listed_deals()
        return (listed[-1].number if listed else 0) + 1

    def current_dealer(self) -> int:
        """Return who deals the deal being played: its stored dealer once it has one (it was
        dealt, whatever changes later), else the next dealer the rules derive."""
        open_deal = None if self.state().finished else self.open_deal()
        if open_deal is not None and open_deal.dealer is not None:
            return open_deal.dealer
        return self.state().next_dealer

    def open_deal(self) -> Deal | None:
        """Return the deal being played (upcard or illegal-knock cards entered), if any."""
        if not hasattr(self, "_cached_open"):
            self._cached_open = self.deals.filter(status=Deal.Status.OPEN).first()
        return self._cached_open

    def bump_version(self) -> None:
        """Mark the match as changed, for live scoreboards and optimistic edits."""
        Match.objects.filter(pk=self.pk).update(version=models.F("version") + 1)
        self.refresh_from_db(fields=["version", "updated"])
        self.forget_cache()

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
        self.forget_cache()
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
        if self.state().finished:
            raise MatchOver
        if number != self.next_number:
            raise DealOutOfTurn(number)
        deal = self.open_deal() or Deal(match=self, number=number, status=Deal.Status.OPEN)
        if deal.dealer is None:
            deal.dealer = self.state().next_dealer
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
                deadwood=judged.verdict["knocker"]["deadwood_points"],
                limit=judged.verdict["knock_limit"],
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

    def last_counted_deal(self) -> Deal | None:
        """Return the last recorded deal that counts for the totals (none from the trash)."""
        recorded = self.recorded_deals()
        return recorded[-1] if recorded else None

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
        last = self.last_counted_deal()
        if last is None or last.pk != deal.pk:
            raise StaleEdit
        playing = self.open_deal()
        if playing is not None:
            if playing.entry:
                raise DealInPlay(playing)
            playing.delete()
        deal.status = Deal.Status.OPEN
        deal.outcome, deal.winner, deal.points = "", None, 0
        deal.save(update_fields=["status", "outcome", "winner", "points", "updated"])
        self.bump_version()

    @transaction.atomic
    def delete_deal(self, deal: Deal, *, version: int) -> Deal:
        """Move a recorded deal to the trash, where it keeps its number and its facts.

        `version` is the match version the confirmation was shown with. Checked under the
        row lock: raises DealMoved when the deal is no longer recorded (deleted already, e.g.
        a second tap, or taken back), and StaleEdit when anything else changed since, so that
        a confirmation never deletes a deal nobody confirmed. Totals, the next dealer and the
        winner follow; who dealt the later deals does not change.
        """
        locked_version = self._lock()
        fresh = self._reread(deal)
        if fresh.status != Deal.Status.RECORDED:
            raise DealMoved(fresh)
        if locked_version != version:
            raise StaleEdit
        fresh.status = Deal.Status.DELETED
        fresh.save(update_fields=["status", "updated"])
        self.bump_version()
        return fresh

    @transaction.atomic
    def restore_deal(self, deal: Deal, *, version: int) -> Deal:
        """Bring a deleted deal back from the trash, in its own place (its number).

        Like `delete_deal`: raises DealMoved when the deal is not in the trash (restored
        already), and StaleEdit when the match changed since the page was shown.
        """
        locked_version = self._lock()
        fresh = self._reread(deal)
        if fresh.status != Deal.Status.DELETED:
            raise DealMoved(fresh)
        if locked_version != version:
            raise StaleEdit
        fresh.status = Deal.Status.RECORDED
        fresh.save(update_fields=["status", "updated"])
        self.bump_version()
        return fresh

    @transaction.atomic
    def set_upcard(self, upcard: Card) -> Deal:
        """Store the upcard of the deal being played, opening it if needed."""
        self._lock()
        deal = self.open_deal()
        if deal is None:
            deal = Deal(match=self, number=self.next_number, status=Deal.Status.OPEN)
        if deal.dealer is None:
            # The upcard is turned: the deal has been dealt, by whoever deals now.
            deal.dealer = self.state().next_dealer
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
    # The verdict's result, as columns for listing and statistics.
    outcome = models.CharField(_("outcome"), max_length=10, choices=Outcome.choices, blank=True)
    winner = models.PositiveSmallIntegerField(_("winner"), null=True, blank=True)
    points = models.PositiveIntegerField(_("points"), default=0)
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
    """The engine's answer for one deal, in the shape a Deal row stores it."""

    legal: bool
    verdict: dict
    outcome: str
    winner: int | None
    points: int


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
        if self.entry == Deal.Entry.CARDS:
            verdict = adjudicate(self.upcard, self.knocker_cards, self.opponent_cards, rules)
            return Judgement(
                legal=verdict.legal,
                verdict=verdict.to_dict(),
                outcome=verdict.outcome.value,
                winner=self.seat_of(verdict.winner),
                points=verdict.points,
            )
        assert self.knocker_deadwood is not None and self.opponent_deadwood is not None
        quick = score_quick(
            self.upcard, self.knocker_deadwood, self.opponent_deadwood, rules, big_gin=self.big_gin
        )
        return Judgement(
            legal=quick.legal,
            verdict=quick.to_dict(),
            outcome=quick.outcome.value,
            winner=self.seat_of(quick.winner),
            points=quick.points,
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
