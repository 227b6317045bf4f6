"""Adjudicating a knocked deal: legality, both spreads, layoffs and the score.

The rules: ``/rules/#knocking``, ``/rules/#layoffs`` and ``/rules/#scoring``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from adjudication.cards import Card, mask_to_cards
from adjudication.errors import AdjudicationError, CardInBothHandsError, VerdictFormatError
from adjudication.hand import HandAnalysis, analyse_mask, read_hand
from adjudication.layoffs import ENTRY, Layoff, OpponentPlay, OpponentSolver, best_reply
from adjudication.melds import Meld, melds_from_masks
from adjudication.rules import DEFAULT_RULES, HAND_SIZE, KNOCKING_HAND_SIZE, Rules
from adjudication.scoring import Basis, Outcome, Side, basis_of, score_knock
from adjudication.search import highest_card, packings, quick_deadwood

__all__ = ["IllegalReason", "KnockerPlay", "Verdict", "adjudicate"]


class IllegalReason(Enum):
    """Why a knock is illegal. The figures are in the verdict."""

    DEADWOOD_OVER_LIMIT = "deadwood_over_limit"


@dataclass(frozen=True)
class KnockerPlay:
    """The knocker's spread: the discard (None when 10 cards were given, or big gin), melds
    and deadwood."""

    discard: Card | None
    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]

    @property
    def deadwood_points(self) -> int:
        """Return the knocker's deadwood value."""
        return sum(card.points for card in self.deadwood)

    def to_dict(self) -> dict[str, Any]:
        """Return the ``knocker`` part of the command-line deal answer."""
        return {
            "discard": None if self.discard is None else self.discard.text,
            "melds": [[c.text for c in meld.cards] for meld in self.melds],
            "deadwood": [c.text for c in self.deadwood],
            "deadwood_points": self.deadwood_points,
        }


@dataclass(frozen=True)
class Verdict:
    """Everything a page needs to explain a knocked deal.

    ``points`` are already multiplied by ``multiplier``; ``winner`` is None and ``points`` 0
    for an illegal knock, whose ``reason`` says why (figures: ``knocker.deadwood_points`` and
    ``knock_limit``).
    """

    knock_limit: int
    legal: bool
    outcome: Outcome
    knocker: KnockerPlay
    opponent: OpponentPlay | None
    winner: Side | None
    points: int
    multiplier: int = 1
    reason: IllegalReason | None = None

    @property
    def knocker_deadwood(self) -> int:
        """Return the knocker's deadwood value, as a quick verdict holds it.

        >>> knocker, opponent = "AS 3S 4S 5S AC 2D 3D 4D 5D 3H", "2S 3C 4C 5C 6C 6D 2H 4H 5H 6H"
        >>> verdict = adjudicate("TC", knocker, opponent)
        >>> verdict.knocker_deadwood, verdict.opponent_deadwood
        (10, 8)
        """
        return self.knocker.deadwood_points

    @property
    def opponent_deadwood(self) -> int | None:
        """Return the opponent's deadwood after layoffs; None for an illegal knock (the
        opponent never spread).

        >>> knocker, opponent = "AS 2S 3S 7H 8H 9H AC 2D 4C 5D", "6C 7C 8C JD QD KD TS JS QS 2H"
        >>> print(adjudicate("6D", knocker, opponent).opponent_deadwood)
        None
        """
        return None if self.opponent is None else self.opponent.deadwood_points

    @property
    def basis(self) -> Basis | None:
        """Return why the knock scores what it does (a row of the scoring table); None for an
        illegal knock, whose ``reason`` says why it scores nothing."""
        return basis_of(self)

    @property
    def reason_text(self) -> str | None:
        """Return why the knock is illegal in English ("deadwood 12 > limit 6"), else None."""
        if self.reason is None:
            return None
        return f"deadwood {self.knocker.deadwood_points} > limit {self.knock_limit}"

    def to_dict(self) -> dict[str, Any]:
        """Return the command-line deal answer plus "multiplier" and "reason_code"."""
        answer: dict[str, Any] = {
            "knock_limit": self.knock_limit,
            "legal": self.legal,
            "result": self.outcome.value,
            "knocker": self.knocker.to_dict(),
            "opponent": None if self.opponent is None else self.opponent.to_dict(),
            "winner": None if self.winner is None else self.winner.value,
            "points": self.points,
        }
        if self.reason is not None:
            answer["reason"] = self.reason_text
        answer["multiplier"] = self.multiplier
        answer["reason_code"] = None if self.reason is None else self.reason.value
        return answer

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Verdict:
        """Return the verdict that :meth:`to_dict` gave; raise VerdictFormatError if malformed.

        A dict without "multiplier" or "reason_code" (a plain command-line answer) reads as
        multiplier 1, and as illegal for deadwood over the limit when it is not legal.
        """
        try:
            return _verdict_from_dict(data)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            if isinstance(error, AdjudicationError):
                raise
            raise VerdictFormatError(data, error) from None


def _cards(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def _meld(texts: Iterable[str]) -> Meld:
    return Meld(_cards(texts))


def _verdict_from_dict(data: dict[str, Any]) -> Verdict:
    k = data["knocker"]
    discard = None if k["discard"] is None else Card.parse(k["discard"])
    knocker = KnockerPlay(discard, tuple(_meld(m) for m in k["melds"]), _cards(k["deadwood"]))
    opponent = None
    if data["opponent"] is not None:
        o = data["opponent"]
        layoffs = tuple(Layoff(Card.parse(x["card"]), _meld(x["onto"])) for x in o["layoffs"])
        opponent = OpponentPlay(tuple(_meld(m) for m in o["melds"]), layoffs, _cards(o["deadwood"]))
    legal = data["legal"]
    code = data.get("reason_code", None if legal else IllegalReason.DEADWOOD_OVER_LIMIT.value)
    return Verdict(
        knock_limit=int(data["knock_limit"]),
        legal=bool(legal),
        outcome=Outcome(data["result"]),
        knocker=knocker,
        opponent=opponent,
        winner=None if data["winner"] is None else Side(data["winner"]),
        points=int(data["points"]),
        multiplier=int(data.get("multiplier", 1)),
        reason=None if code is None else IllegalReason(code),
    )


def _knocker_play(analysis: HandAnalysis) -> KnockerPlay:
    arrangement = analysis.arrangement
    return KnockerPlay(analysis.discard, arrangement.melds, arrangement.deadwood)


def adjudicate(
    upcard: Card | str | None,
    knocker_cards: str | Iterable[str | Card],
    opponent_cards: str | Iterable[str | Card],
    rules: Rules = DEFAULT_RULES,
) -> Verdict:
    """Return the verdict on a knock, with both players playing their best (``/rules/#layoffs``).

    The knocker gives 10 cards (after the discard) or 11 (the engine picks the discard); the
    opponent 10. The upcard may be in either hand; None means a limit of 10 and no doubling
    (``/rules/#limits``). If no arrangement is within the limit the verdict is ILLEGAL and
    shows the hand's lowest-deadwood arrangement. Otherwise the knocker's discard and
    arrangement are chosen from all within the limit, keeping meldable cards as deadwood where
    that denies layoffs, for the best score after the opponent's best reply; ties go to the
    lower knocker deadwood, then to a fixed order. Gin, when reachable, always wins. Raises
    CardTextError, DuplicateCardError, WrongCountError, or CardInBothHandsError on bad input.

    A knocker may keep a meldable card as deadwood to deny a layoff (``/rules/#layoffs``):
    here keeping 5♦ denies the layoff of 6♦.

    >>> verdict = adjudicate("TC", "AS 3S 4S 5S AC 2D 3D 4D 5D 3H", "2S 3C 4C 5C 6C 6D 2H 4H 5H 6H")
    >>> verdict.outcome.value, verdict.points, [str(m) for m in verdict.knocker.melds]
    ('undercut', 12, ['2D 3D 4D', '3S 4S 5S'])
    >>> [str(layoff.card) for layoff in verdict.opponent.layoffs]
    ['2S']
    >>> adjudicate(None, "AS 3S 4S 5S AC 2D 3D 4D 5D 3H", "2S 3C 4C 5C 6C 6D 2H 4H 5H 6H").points
    12
    """
    if isinstance(upcard, str):
        upcard = Card.parse(upcard)
    knocker = read_hand(knocker_cards, (HAND_SIZE, KNOCKING_HAND_SIZE), "knocker")
    opponent = read_hand(opponent_cards, (HAND_SIZE,), "opponent")
    if knocker & opponent:
        raise CardInBothHandsError(mask_to_cards(knocker & opponent)[0])
    limit, multiplier = rules.knock_limit(upcard), rules.multiplier(upcard)
    # The hand's own best arrangement matters only to an illegal knock or to gin. A knock
    # short of gin is told by the packings within the limit, which it needs anyway: they are
    # listed unless a quick look shows the knock is illegal or gin.
    eleven = knocker.bit_count() == KNOCKING_HAND_SIZE
    value = quick_deadwood(knocker, eleven)
    packed: list[tuple[tuple[int, ...], int]] = []
    if value is None or 0 < value <= limit:
        packed = packings(knocker, limit, discard=eleven)
    if packed and min([deadwood for _, deadwood in packed]):
        play, reply = _knock_and_reply(knocker, opponent, packed, eleven, rules)
        big_gin = False
    else:  # no packing within the limit (illegal), or one with no deadwood (gin)
        analysis = analyse_mask(knocker, limit, rules)
        if not analysis.can_knock:
            return Verdict(
                knock_limit=limit,
                legal=False,
                outcome=Outcome.ILLEGAL,
                knocker=_knocker_play(analysis),
                opponent=None,
                winner=None,
                points=0,
                multiplier=multiplier,
                reason=IllegalReason.DEADWOOD_OVER_LIMIT,
            )
        if analysis.big_gin and rules.gin_bonus > rules.big_gin_bonus:
            # Holding big gin, a knocker may still discard and go plain gin: it pays more here.
            analysis = analyse_mask(knocker, limit, replace(rules, big_gin=False))
        play = _knocker_play(analysis)
        reply = best_reply(mask_to_cards(opponent), play.melds, allow_layoffs=False)
        big_gin = analysis.big_gin
    score = score_knock(
        play.deadwood_points,
        reply.deadwood_points,
        rules,
        multiplier=multiplier,
        big_gin=big_gin,
    )
    return Verdict(
        knock_limit=limit,
        legal=True,
        outcome=score.outcome,
        knocker=play,
        opponent=reply,
        winner=score.winner,
        points=score.points,
        multiplier=multiplier,
    )


def _knock_and_reply(
    knocker: int,
    opponent: int,
    packed: list[tuple[tuple[int, ...], int]],
    eleven: bool,
    rules: Rules,
) -> tuple[KnockerPlay, OpponentPlay]:
    """Both spreads of a legal knock that is not gin, the knocker's chosen among its
    packings within the limit (``packed``)."""
    solver = OpponentSolver(opponent)
    discard, melds = _best_knock(knocker, solver, packed, eleven, rules)
    kept = knocker if discard is None else knocker & ~discard.bit
    used = 0
    for meld in melds:
        used |= meld.mask
    play = KnockerPlay(discard, melds, mask_to_cards(kept & ~used))
    return play, solver.reply(play.melds)


def _best_knock(
    knocker: int,
    solver: OpponentSolver,
    packed: list[tuple[tuple[int, ...], int]],
    eleven: bool,
    rules: Rules,
) -> tuple[Card | None, tuple[Meld, ...]]:
    """The knocker's (discard, melds) with the best score against the opponent's best reply.

    Only for a legal knock that cannot go gin. Each packing within the limit is scored; with
    11 cards its discard is the highest deadwood card, as any other discard only adds
    deadwood. The key ranks the score first, then lower deadwood, then the discard order of
    :func:`adjudication.hand.analyse_hand`; the first packing in search order wins a full tie.
    """
    bonus = rules.undercut_bonus
    best_key: tuple[int, int, int] | None = None
    best: tuple[int, tuple[int, ...]] = (-1, ())
    for melds, knocker_deadwood in packed:
        entry = used = 0
        for m in melds:
            entry |= ENTRY[m]
            used |= m
        opponent_deadwood = solver.deadwood_of(entry)
        if knocker_deadwood < opponent_deadwood:
            signed = opponent_deadwood - knocker_deadwood
        else:
            signed = -(bonus + knocker_deadwood - opponent_deadwood)
        discard = -1
        order = 0
        if eleven:
            discard = highest_card(knocker & ~used)
            order = (12 - discard % 13) * 4 + discard // 13
        key = (-signed, knocker_deadwood, order)
        if best_key is None or key < best_key:
            best_key, best = key, (discard, melds)
    discard_index, masks = best
    discard_card = None if discard_index < 0 else Card.from_index(discard_index)
    return discard_card, melds_from_masks(masks)
