"""The live preview of a knock being entered and the verdict bar, one for deal entry and the
knock checker: what the hands entered so far tell (`known_so_far`), in words (`Preview`,
`BarState`), and the two hands of a card-entry page (`hands_on_screen`). Computes from the
engine; stores nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from adjudication import (
    DEFAULT_RULES,
    HAND_SIZE,
    KNOCKING_HAND_SIZE,
    Arrangement,
    Card,
    HandAnalysis,
    Rules,
    Verdict,
    adjudicate,
    analyse_hand,
    best_arrangement,
)

from ..models import Match
from .sentences import (
    CHECKER_HEADLINES,
    Explanation,
    analysis_text,
    explain,
    illegal_short,
    sentence,
    so_far_text,
)


@dataclass(frozen=True)
class HandCount:
    """One hand in the verdict bar and on the hand switch: whose it is, its count, and the
    counts it may have (10, or 10 or 11 for a knocker)."""

    name: str
    count: int
    fewest: int = HAND_SIZE
    most: int = HAND_SIZE
    yours: bool = False  # the reader's own hand (the knock checker's): the bar says "you"

    @property
    def need(self) -> int:
        """Return the count shown after the slash: 10, or 11 once an 11th card is in (the
        page's script shows the same from `fewest` and `most`, rendered on the hand)."""
        return self.most if self.count > self.fewest else self.fewest

    @property
    def complete(self) -> bool:
        """Return whether the hand has all its cards."""
        return self.count == self.need

    @property
    def full(self) -> str:
        """Return what the bar says when a tap would give the hand a card more than it may
        have: "Bob has 10 cards already: untap one first." ("You have…" for the reader's own)."""
        if self.yours:
            return ngettext(
                "You have %(count)s card already: untap one first.",
                "You have %(count)s cards already: untap one first.",
                self.most,
            ) % {"count": self.most}
        return ngettext(
            "%(name)s has %(count)s card already: untap one first.",
            "%(name)s has %(count)s cards already: untap one first.",
            self.most,
        ) % {"name": self.name, "count": self.most}

    @property
    def too_many(self) -> str:
        """Return Record's "Bob: 11 cards, not 10" for a hand with more cards than it may
        have (typed, or posted without the page's script), else ""."""
        if self.count <= self.most:
            return ""
        return ngettext(
            "%(name)s: %(count)s card, not %(most)s",
            "%(name)s: %(count)s cards, not %(most)s",
            self.count,
        ) % {"name": self.name, "count": self.count, "most": self.most}

    @property
    def eleventh_offered(self) -> bool:
        """Return whether the bar offers the way back to this hand for one card more: it has
        its fewest cards, and may have one more (the switch has moved on by itself)."""
        return self.count == self.fewest < self.most


@dataclass(frozen=True)
class BarState:
    """What the sticky verdict bar shows: both hands' counts, the knock limit, one line of
    verdict, and whether the knock is illegal (Record then says so instead)."""

    knocker: HandCount
    opponent: HandCount
    knock_limit: int | None
    status: str
    illegal: str  # "Illegal: deadwood 12 > 9", or ""
    ready: bool  # the whole verdict is known
    too_many: str = ""  # Record's "Bob: 11 cards, not 10", or ""

    @property
    def eleventh(self) -> str:
        """Return the bar's offer of an 11th card to the knocker ("An 11th card? Tap Ann"),
        shown once the knocker has 10 (the page's script shows and hides it as cards are
        tapped). The checker's offer speaks to the reader: "An 11th card? Back to your cards"."""
        if self.knocker.yours:
            return str(_("An 11th card? Back to your cards"))
        return sentence(_("An 11th card? Tap %(name)s"), name=self.knocker.name)


def bar_state(
    names: tuple[str, str],
    counts: tuple[int, int],
    *,
    knock_limit: int | None,
    analysis: HandAnalysis | None,
    explained: Explanation | None,
    so_far: Arrangement | None,
    allowed: tuple[tuple[int, ...], tuple[int, ...]] = (
        (HAND_SIZE, KNOCKING_HAND_SIZE),
        (HAND_SIZE,),
    ),
    upcard_needed: bool = True,
    you: bool = False,
) -> BarState:
    """Return the verdict bar for what is known so far (stores and computes nothing new).

    `allowed`: the counts of cards each hand may have (the form's hand fields say).
    `you`: the first hand is the reader's own (the knock checker).
    """
    knocker, opponent = (
        HandCount(name, count, min(may), max(may), yours=you and seat == 0)
        for seat, (name, count, may) in enumerate(zip(names, counts, allowed, strict=True))
    )
    illegal = ""
    too_many = knocker.too_many or opponent.too_many
    if too_many:
        # Never adjudicated: no hand is taken for another's, and no card moved after the fact.
        status = str(_("Too many cards"))
    elif explained is not None:
        illegal = explained.illegal
        status = str(_("Illegal knock")) if illegal else explained.headline
    elif analysis is not None:
        if not analysis.can_knock:
            points = analysis.arrangement.deadwood_points
            illegal = illegal_short(points, analysis.knock_limit)
            status = str(_("Illegal knock"))
        else:
            status = analysis_text(analysis, None if you else names[0])
    elif knock_limit is None and upcard_needed:
        status = str(_("Waiting for the upcard."))
    elif so_far is not None:
        status = so_far_text(so_far.deadwood_points)
    else:
        status = ""  # nothing tapped yet: the counts say it
    return BarState(
        knocker=knocker,
        opponent=opponent,
        knock_limit=knock_limit,
        status=status,
        illegal=illegal,
        ready=explained is not None and not too_many,
        too_many=too_many,
    )


@dataclass(frozen=True)
class Known:
    """What the hands entered so far tell, before any sentence: the engine's findings."""

    analysis: HandAnalysis | None  # once the (knocker's) hand has 10 or 11 cards
    verdict: Verdict | None  # once the opponent has 10 too, and no card is in both hands
    so_far: Arrangement | None  # while the hand has fewer than 10: its best melds so far


def known_so_far(
    hand: tuple[Card, ...],
    opponent: tuple[Card, ...],
    upcard: Card | None,
    rules: Rules,
    *,
    upcard_needed: bool = True,
) -> Known:
    """Return what is known of a knock so far: the hand's analysis once it has 10 or 11 cards,
    the whole verdict once the opponent has 10 and the hands share no card, and otherwise the
    best melds of the cards so far. Computes from the engine; stores nothing.

    A deal waits for its upcard (`upcard_needed`); the knock checker does not: without an
    upcard its knock limit is 10, as for a ten or a face card.

    The caller's form has checked each hand for bad and repeated cards.
    """
    analysis = verdict = None
    so_far = best_arrangement(hand) if 0 < len(hand) < HAND_SIZE else None
    if (upcard is not None or not upcard_needed) and len(hand) in (HAND_SIZE, KNOCKING_HAND_SIZE):
        analysis = analyse_hand(hand, upcard, rules)
        if len(opponent) == HAND_SIZE and not set(hand) & set(opponent):
            verdict = adjudicate(upcard, hand, opponent, rules)
    return Known(analysis=analysis, verdict=verdict, so_far=so_far)


NOTHING_KNOWN = Known(analysis=None, verdict=None, so_far=None)


@dataclass(frozen=True)
class Preview:
    """The live preview of a knock being entered (a deal's, or the knock checker's): what is
    known so far, in words."""

    knocker_analysis: HandAnalysis | None
    # While fewer than 10 cards are in: the best melds of those cards so far.
    knocker_so_far: Arrangement | None
    explained: Explanation | None  # the whole verdict, once both hands are in
    bar: BarState  # the counts, the knock limit and the verdict so far

    @property
    def analysis_text(self) -> str:
        """Return what the knocker's hand alone says, naming the knocker ("Ann can knock…"),
        or in the checker speaking to the reader ("You can knock…")."""
        if self.knocker_analysis is None:
            return ""
        knocker = self.bar.knocker
        return analysis_text(self.knocker_analysis, None if knocker.yours else knocker.name)

    @property
    def so_far_text(self) -> str:
        """Return the heading of the knocker's melds so far ("So far: deadwood 4")."""
        return so_far_text(self.knocker_so_far.deadwood_points) if self.knocker_so_far else ""


def deal_preview(match: Match, form) -> Preview:
    """Return the preview of the hands entered so far. Stores nothing.

    `form` is a validated-or-not DealForm; whatever parsed cleanly is previewed.
    """
    hands = form.hands
    seat = form.data.get("knocker_seat") if form.is_bound else form.initial.get("knocker_seat")
    names = [str(player) for player in match.players]
    if str(seat) == "1":
        names.reverse()
    upcard: Card | None = form.upcard_value()
    rules = match.rules_value
    knocker, opponent = hands["knocker"], hands["opponent"]
    known = known_so_far(knocker, opponent, upcard, rules)
    explained = None
    if known.verdict is not None:
        explained = explain(known.verdict, rules, names[0], names[1])
    bar = bar_state(
        (names[0], names[1]),
        (len(knocker), len(opponent)),
        allowed=form.allowed_counts(),
        knock_limit=rules.knock_limit(upcard) if upcard else None,
        analysis=known.analysis,
        explained=explained,
        so_far=known.so_far,
    )
    return Preview(
        knocker_analysis=known.analysis,
        knocker_so_far=known.so_far,
        explained=explained,
        bar=bar,
    )


def checker_preview(form) -> Preview:
    """Return the knock checker's preview of the hands entered so far. Stores nothing.

    The checker has no match: it judges by the default rules, and without an upcard with a
    knock limit of 10. It speaks to the reader ("You can knock…"). `form` is a CheckerForm;
    while it has an error (a bad card, one in both hands, a hand too big) only the counts are
    shown.
    """
    valid = form.is_valid()  # a bound form's hands and errors
    upcard = form.upcard_value()
    hand, opponent = form.hands["hand"], form.hands["opponent"]
    known = NOTHING_KNOWN
    if valid:
        known = known_so_far(hand, opponent, upcard, DEFAULT_RULES, upcard_needed=False)
    explained = None
    if known.verdict is not None:
        explained = explain(
            known.verdict,
            DEFAULT_RULES,
            str(_("Knocker")),
            str(_("Opponent")),
            knocker_label=str(_("Your cards")),
            headlines=CHECKER_HEADLINES,
        )
    bar = bar_state(
        (str(_("Your cards")), str(_("Opponent"))),
        (len(hand), len(opponent)),
        allowed=form.allowed_counts(),
        knock_limit=DEFAULT_RULES.knock_limit(upcard),
        analysis=known.analysis,
        explained=explained,
        so_far=known.so_far,
        upcard_needed=False,
        you=True,
    )
    return Preview(
        knocker_analysis=known.analysis,
        knocker_so_far=known.so_far,
        explained=explained,
        bar=bar,
    )


@dataclass(frozen=True)
class HandOnScreen:
    """One hand of a card-entry page: its field, whose it is, and whether its grid is the
    one on screen (the hand switch picks it)."""

    field: object  # the form's HandBoundField
    count: HandCount  # whose it is, and how many cards it has
    active: bool

    @property
    def name(self) -> str:
        """Return whose hand it is."""
        return self.count.name

    @property
    def key(self) -> str:
        """Return the field's name: knocker, opponent, hand."""
        return self.field.name


def hands_on_screen(form, bar: BarState) -> list[HandOnScreen]:
    """Return both hands of `form` for the hand switch, with their counts from the verdict
    bar: the first hand's grid on screen until it has its fewest cards (10), then the second's
    (the page's script moves the switch as cards are tapped, from the counts rendered on each
    hand; the switch itself is never posted). An 11-card knocker gets back by the bar's offer,
    one tap."""
    first, second = form.SIDES
    counts = (bar.knocker, bar.opponent)
    side = second if counts[0].count >= counts[0].fewest else first
    form.set_marks((counts[0].name, counts[1].name))
    return [
        HandOnScreen(form[key], count, key == side)
        for key, count in zip((first, second), counts, strict=True)
    ]
