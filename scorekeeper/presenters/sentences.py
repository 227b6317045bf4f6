"""The engine's codes and figures as sentences in the reader's language.

The engine says what happened and why in codes and figures (an outcome, a `Basis`, a reason,
deadwood counts); this module turns them into sentences, so that templates show facts and never
work the rules out again: the rules page's sections (`CITATIONS`), a match's day, a verdict
explained (`explain`), a hand's deadwood and analysis.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy

from adjudication import Basis, HandAnalysis, IllegalReason, Rules, Side, Verdict


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


def local_day(moment: datetime) -> date:
    """Return the day `moment` falls on by the site's clock (settings.TIME_ZONE)."""
    return timezone.localtime(moment).date() if timezone.is_aware(moment) else moment.date()


def day_text(moment: datetime, *, long: bool = False) -> str:
    """Return the day of `moment` as the reader's language writes it, by the site's clock:
    short ("01.12.2026") in the lists (the home page, the history, the statistics), long
    ("1 grudnia 2026") on a match's own page and its picture. Every page that shows a match's
    day asks here, so that the lists and the match always name the same day."""
    return date_format(local_day(moment), "DATE_FORMAT" if long else "SHORT_DATE_FORMAT")


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
CAN_KNOCK = _("%(name)s can knock: deadwood %(d)s ≤ limit %(l)s.")
YOU_CANNOT_KNOCK = _("No knock: deadwood %(d)s > limit %(l)s.")
CANNOT_KNOCK = _("%(name)s cannot knock: deadwood %(d)s > limit %(l)s.")


def analysis_text(analysis: HandAnalysis, name: str | None = None) -> SafeString:
    """Return what one hand's analysis says: big gin, gin, or whether it can knock and why.

    With `name` it speaks of that player ("Ann can knock…": a deal's preview, where the phone
    lies between two players); without, to the reader ("You can knock…": the knock checker).
    """
    if analysis.big_gin:
        return sentence(_("Big gin: all 11 cards meld."))
    if analysis.gin:
        return sentence(_("Gin: no deadwood."))
    if analysis.can_knock:
        message = YOU_CAN_KNOCK if name is None else CAN_KNOCK
    else:
        message = YOU_CANNOT_KNOCK if name is None else CANNOT_KNOCK
    return sentence(
        message, name=name, d=analysis.arrangement.deadwood_points, l=analysis.knock_limit
    )


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
