"""What a page shows, computed once from the stored facts and the engine's functions.

The engine says what happened and why in codes and figures (an outcome, a `Basis`, a reason,
deadwood counts); this module turns them into sentences in the reader's language, so that
templates show facts and never work the rules out again.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy

from adjudication import (
    Arrangement,
    Basis,
    Card,
    DealResult,
    HandAnalysis,
    IllegalReason,
    MatchState,
    Rules,
    Side,
    Verdict,
    adjudicate,
    analyse_hand,
    best_arrangement,
    play_match,
)

from .models import Deal, Match, Player


@dataclass(frozen=True)
class Citation:
    """A section of the rules page: its anchor, and its number as the page shows it."""

    anchor: str
    section: int


# Where the rules page says why: an illegal knock (None), and each row of the scoring table.
CITATIONS = {
    None: Citation("knocking", 4),
    Basis.GIN: Citation("gin", 6),
    Basis.BIG_GIN: Citation("gin", 6),
    Basis.LOWER: Citation("scoring", 6),
    Basis.UNDERCUT: Citation("scoring", 6),
    Basis.TIE: Citation("scoring", 6),
}
# With a plural form for each count of points, which a language may need several of.
HEADLINES = {
    Basis.GIN: ngettext_lazy(
        "Gin! %(name)s scores %(points)s point.",
        "Gin! %(name)s scores %(points)s points.",
        "points",
    ),
    Basis.BIG_GIN: ngettext_lazy(
        "Big gin! %(name)s scores %(points)s point.",
        "Big gin! %(name)s scores %(points)s points.",
        "points",
    ),
    Basis.LOWER: ngettext_lazy(
        "Knock: %(name)s scores %(points)s point.",
        "Knock: %(name)s scores %(points)s points.",
        "points",
    ),
    Basis.UNDERCUT: ngettext_lazy(
        "Undercut! %(name)s scores %(points)s point.",
        "Undercut! %(name)s scores %(points)s points.",
        "points",
    ),
}
HEADLINES[Basis.TIE] = HEADLINES[Basis.UNDERCUT]
# The knock checker speaks to the player whose hand it checks: no names, and "you".
CHECKER_HEADLINES = {
    Basis.GIN: ngettext_lazy(
        "Gin! You score %(points)s point.", "Gin! You score %(points)s points.", "points"
    ),
    Basis.BIG_GIN: ngettext_lazy(
        "Big gin! You score %(points)s point.", "Big gin! You score %(points)s points.", "points"
    ),
    Basis.LOWER: ngettext_lazy(
        "Knock: you score %(points)s point.", "Knock: you score %(points)s points.", "points"
    ),
    Basis.UNDERCUT: ngettext_lazy(
        "Undercut! Your opponent scores %(points)s point.",
        "Undercut! Your opponent scores %(points)s points.",
        "points",
    ),
}
CHECKER_HEADLINES[Basis.TIE] = CHECKER_HEADLINES[Basis.UNDERCUT]
REASONS = {
    Basis.GIN: _("Gin bonus %(bonus)s + the opponent's deadwood %(o)s. No layoffs against gin."),
    Basis.BIG_GIN: _(
        "Big gin bonus %(bonus)s + the opponent's deadwood %(o)s. No layoffs against gin."
    ),
    Basis.LOWER: _(
        "Deadwood %(k)s against %(o)s after layoffs: the knocker scores the difference."
    ),
    Basis.UNDERCUT: _(
        "Deadwood %(k)s against %(o)s after layoffs: undercut bonus %(bonus)s + the difference."
    ),
    Basis.TIE: _("Deadwood %(k)s against %(o)s: a tie is an undercut. Undercut bonus %(bonus)s."),
}
ILLEGAL_REASONS = {
    IllegalReason.DEADWOOD_OVER_LIMIT: _("Deadwood %(deadwood)s > limit %(limit)s."),
}


def sentence(message: str, **values: object) -> SafeString:
    """Return a translated message with its values filled in and escaped, as
    `{% blocktranslate %}` renders it: the message is the site's, the values may be a
    player's."""
    return mark_safe(str(message) % {k: conditional_escape(v) for k, v in values.items()})  # noqa: S308


def points_sentence(message, name: str, points: int) -> SafeString:
    """Return a headline from `HEADLINES`, in the plural form that `points` takes in the
    reader's language, with the player's name escaped."""
    return mark_safe(message % {"name": conditional_escape(name), "points": points})  # noqa: S308


@dataclass(frozen=True)
class Explanation:
    """A verdict ready to show: who knocked, what happened and why, in the reader's language,
    and the section of the rules page that says so.

    `headline` is empty for an illegal knock; `why` then says why it is illegal.
    """

    verdict: Verdict
    knocker: str
    opponent: str
    headline: str
    why: str
    rule: Citation
    doubled: bool  # spades double: the score is multiplied
    layoffs_allowed: bool  # the opponent could lay off (not against gin)
    knocker_label: str = ""  # the knocker's hand as the verdict names it

    @property
    def knocker_deadwood(self) -> str:
        """Return "deadwood 4" for the knocker's hand, in the reader's language."""
        return deadwood_text(self.verdict.knocker_deadwood)

    @property
    def opponent_deadwood(self) -> str:
        """Return "deadwood 39" for the opponent's hand (after layoffs), or "" when the
        opponent never spread (an illegal knock)."""
        points = self.verdict.opponent_deadwood
        return "" if points is None else deadwood_text(points)

    @property
    def illegal(self) -> str:
        """Return the short "Illegal: deadwood 12 > 9" of an illegal knock, else ""."""
        if self.verdict.legal:
            return ""
        return illegal_short(self.verdict.knocker_deadwood, self.verdict.knock_limit)


def deadwood_text(points: int) -> str:
    """Return a hand's "deadwood 4", in the plural form the number takes in the reader's
    language (a sentence made here, not by `{% blocktranslate %}`: the live preview shows two
    on every tap)."""
    return ngettext("deadwood %(n)s", "deadwood %(n)s", points) % {"n": points}


def so_far_text(points: int) -> str:
    """Return "So far: deadwood 4" of a hand still being tapped in (the verdict bar's status
    and the preview's heading), in the plural form the number takes."""
    return ngettext("So far: deadwood %(n)s", "So far: deadwood %(n)s", points) % {"n": points}


def illegal_short(deadwood: int, limit: int) -> str:
    """Return the verdict bar's "Illegal: deadwood 12 > 9", whose comparison never breaks
    across lines (no-break spaces): a narrow button in a long language read "12 >", then "9"."""
    text = sentence(ILLEGAL_SHORT, deadwood=deadwood, limit=limit)
    return mark_safe(text.replace(f"{deadwood} > {limit}", f"{deadwood}\u00a0>\u00a0{limit}"))  # noqa: S308


YOU_CAN_KNOCK = _("You can knock: deadwood %(d)s ≤ limit %(l)s.")
ILLEGAL_SHORT = _("Illegal: deadwood %(deadwood)s > %(limit)s")


def explain(
    verdict: Verdict,
    rules: Rules,
    knocker: str,
    opponent: str,
    *,
    knocker_label: str = "",
    headlines: dict = HEADLINES,
) -> Explanation:
    """Return the explanation of a verdict given under `rules`, between these two players.

    The knocker's hand is labelled `knocker_label`, by default "Ann (knocker)".
    """
    basis = verdict.basis
    if basis is None:
        assert verdict.reason is not None
        headline = ""
        why = sentence(
            ILLEGAL_REASONS[verdict.reason],
            deadwood=verdict.knocker_deadwood,
            limit=verdict.knock_limit,
        )
    else:
        name = knocker if basis.winner is Side.KNOCKER else opponent
        headline = points_sentence(headlines[basis], name, verdict.points)
        why = sentence(
            REASONS[basis],
            k=verdict.knocker_deadwood,
            o=verdict.opponent_deadwood,
            bonus=basis.bonus(rules),
        )
    return Explanation(
        verdict=verdict,
        knocker=knocker,
        opponent=opponent,
        headline=headline,
        why=why,
        rule=CITATIONS[basis],
        doubled=verdict.multiplier > 1,
        layoffs_allowed=basis is None or basis.layoffs_allowed,
        knocker_label=knocker_label or sentence(_("%(name)s (knocker)"), name=knocker),
    )


@dataclass(frozen=True)
class HandCount:
    """One hand in the verdict bar and on the hand switch: whose it is, and its count."""

    name: str
    count: int
    need: int  # 10, or 11 once an 11th card is in

    @property
    def complete(self) -> bool:
        """Return whether the hand has all its cards."""
        return self.count == self.need


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

    @property
    def limit_text(self) -> str:
        """Return "limit 9" once the upcard is known, else ""."""
        if self.knock_limit is None:
            return ""
        return _("limit %(limit)s") % {"limit": self.knock_limit}


def bar_state(
    names: tuple[str, str],
    counts: tuple[int, int],
    *,
    knock_limit: int | None,
    analysis: HandAnalysis | None,
    explained: Explanation | None,
    so_far: Arrangement | None,
    upcard_needed: bool = True,
    you: bool = False,
) -> BarState:
    """Return the verdict bar for what is known so far (stores and computes nothing new).

    `you`: the first hand is the reader's own (the knock checker).
    """
    knocker = HandCount(names[0], counts[0], 11 if counts[0] >= 11 else 10)
    opponent = HandCount(names[1], counts[1], 10)
    illegal = ""
    if explained is not None:
        illegal = explained.illegal
        status = str(_("Illegal knock")) if illegal else explained.headline
    elif analysis is not None:
        if not analysis.can_knock:
            points = analysis.arrangement.deadwood_points
            illegal = illegal_short(points, analysis.knock_limit)
            status = str(_("Illegal knock"))
        elif analysis.big_gin:
            status = str(_("Big gin: all 11 cards meld."))
        elif analysis.gin:
            status = str(_("Gin: no deadwood."))
        else:
            status = sentence(
                YOU_CAN_KNOCK if you else _("%(name)s can knock: deadwood %(d)s ≤ limit %(l)s."),
                name=names[0],
                d=analysis.arrangement.deadwood_points,
                l=analysis.knock_limit,
            )
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
        ready=explained is not None,
    )


@dataclass(frozen=True)
class Preview:
    """The live preview of a deal being entered: what is known so far."""

    knocker_analysis: HandAnalysis | None
    # While fewer than 10 cards are in: the best melds of those cards so far.
    knocker_so_far: Arrangement | None
    explained: Explanation | None  # the whole verdict, once both hands are in
    bar: BarState  # the counts, the knock limit and the verdict so far

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
    limit = rules.knock_limit(upcard) if upcard else None
    analysis = None
    explained = None
    so_far = best_arrangement(knocker) if 0 < len(knocker) < 10 else None
    # The form has checked each hand for bad and repeated cards; the preview waits for the
    # counts the engine needs and for hands that share no card.
    if upcard is not None and len(knocker) in (10, 11):
        analysis = analyse_hand(knocker, upcard, rules)
        if len(opponent) == 10 and not form.overlap():
            verdict = adjudicate(upcard, knocker, opponent, rules)
            explained = explain(verdict, rules, names[0], names[1])
    bar = bar_state(
        (names[0], names[1]),
        (len(knocker), len(opponent)),
        knock_limit=limit,
        analysis=analysis,
        explained=explained,
        so_far=so_far,
    )
    return Preview(
        knocker_analysis=analysis,
        knocker_so_far=so_far,
        explained=explained,
        bar=bar,
    )


@dataclass(frozen=True)
class MatchSummary:
    """A line of the match list: the match and its state derived by the engine."""

    match: Match
    state: MatchState
    deals: int

    @property
    def score(self) -> tuple[int, int]:
        """Return the final totals (bonuses included) once finished, else the totals so far."""
        return self.state.final_totals if self.state.finished else self.state.totals

    @property
    def winner(self) -> Player | None:
        """Return the winning player of a finished match."""
        if self.state.winner is None:
            return None
        return self.match.players[self.state.winner]


def with_recorded_deals(matches: QuerySet[Match]) -> QuerySet[Match]:
    """Return `matches` fetching each one's recorded results in one more query."""
    recorded = (
        Deal.objects.filter(status=Deal.Status.RECORDED)
        .order_by("number")
        .only("pk", "match_id", "number", "winner", "points")
    )
    return matches.prefetch_related(Prefetch("deals", queryset=recorded, to_attr="results"))


def summarise(matches: list[Match]) -> list[MatchSummary]:
    """Return the summaries of matches fetched by `with_recorded_deals`."""
    return [
        MatchSummary(
            match=match,
            state=play_match(
                match.first_dealer,
                [DealResult(deal.winner, deal.points) for deal in match.results],
                match.rules_value,
            ),
            deals=len(match.results),
        )
        for match in matches
    ]


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
    bar: the first hand's grid on screen until it has its 10 cards, then the second's (the
    page's script moves the switch as cards are tapped; the switch itself is never posted)."""
    first, second = form.SIDES
    counts = (bar.knocker, bar.opponent)
    side = second if counts[0].count >= 10 else first
    form.set_marks((counts[0].name, counts[1].name))
    return [
        HandOnScreen(form[key], count, key == side)
        for key, count in zip((first, second), counts, strict=True)
    ]
