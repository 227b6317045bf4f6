"""The rules a match is played under: the defaults and every variant (``/rules/``).

The variants are on the rules page beside the rule they change: ``/rules/#limits`` (ace means gin,
spades double), ``/rules/#gin`` (big gin), ``/rules/#scoring`` (the bonuses) and
``/rules/#match`` (target, box, game and shutout bonuses) and ``/rules/#hollywood`` (three games
on one sheet).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from adjudication.cards import Card, Rank, Suit
from adjudication.errors import RuleRangeError, RulesTypeError, RuleTypeError, UnknownRuleError

__all__ = ["ALL_RULE_SPECS", "DEFAULT_RULES", "RULE_SPECS", "RuleSpec", "Rules"]


def _switch(section: str) -> Any:
    """Return a rule field that is off by default, explained in ``/rules/#<section>``."""
    return field(default=False, metadata={"section": section})


def _number(default: int, section: str, offered: range | tuple[int, ...], minimum: int = 0) -> Any:
    """Return a numeric rule field: its default, its ``/rules/#<section>``, the values a new
    match offers a table, and the least value ``Rules`` accepts."""
    return field(
        default=default, metadata={"section": section, "offered": offered, "minimum": minimum}
    )


@dataclass(frozen=True)
class Rules:
    """A value object holding the scoring rules and variants; the defaults are the rules page's.

    Each field's metadata is the one source of its bounds (see ``RULE_SPECS``): the least
    value ``Rules`` accepts, and the values a new match offers a table.

    Raises RuleTypeError when a field has the wrong type, and RuleRangeError when it is out
    of range (bonuses below 0, a target below 1).

    >>> Rules().gin_bonus, Rules(gin_bonus=20).gin_bonus
    (25, 20)
    >>> Rules(target=0)
    Traceback (most recent call last):
    ...
    adjudication.errors.RuleRangeError: rule 'target' must be at least 1, got 0
    """

    gin_bonus: int = _number(25, "scoring", offered=(25, 20))
    undercut_bonus: int = _number(10, "undercut", offered=range(101))
    big_gin: bool = _switch("gin")
    big_gin_bonus: int = _number(31, "gin", offered=range(101))
    ace_means_gin: bool = _switch("limits")
    spades_double: bool = _switch("limits")
    target: int = _number(100, "match", offered=range(10, 1001), minimum=1)
    box_bonus: int = _number(0, "match", offered=range(101))
    game_bonus: int = _number(0, "match", offered=range(501))
    shutout: bool = _switch("match")
    hollywood: bool = _switch("hollywood")

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if "minimum" not in f.metadata:
                if not isinstance(value, bool):
                    raise RuleTypeError(f.name, value, bool)
            elif isinstance(value, bool) or not isinstance(value, int):
                raise RuleTypeError(f.name, value, int)
            elif value < f.metadata["minimum"]:
                raise RuleRangeError(f.name, value, f.metadata["minimum"])

    def to_dict(self) -> dict[str, Any]:
        """Return the rules as a JSON-ready dict with every field, but ``hollywood`` only
        when it is on: what a single-game match stores, backs up and answers stays what it
        was before the switch existed (``from_dict`` reads a missing key as off).

        >>> Rules(spades_double=True).to_dict()["spades_double"]
        True
        >>> "hollywood" in Rules().to_dict(), Rules(hollywood=True).to_dict()["hollywood"]
        (False, True)
        """
        data = asdict(self)
        if not self.hollywood:
            del data["hollywood"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Return the rules in ``data``; missing keys take the defaults.

        Raises RulesTypeError for a non-dict, UnknownRuleError for an unknown key, and
        RuleTypeError or RuleRangeError for a bad value.

        >>> Rules.from_dict({"gin_bonus": 20}) == Rules(gin_bonus=20)
        True
        >>> Rules.from_dict({"gin": 20})
        Traceback (most recent call last):
        ...
        adjudication.errors.UnknownRuleError: unknown rule 'gin'
        """
        if not isinstance(data, dict):
            raise RulesTypeError(data)
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise UnknownRuleError(key)
        return cls(**data)

    def knock_limit(self, upcard: Card | None) -> int:
        """Return the knock limit an upcard sets: ace 1 (0 with "ace means gin"), 2-9 face, else 10.

        No upcard (None) means a limit of 10, as for a ten or a face card (``/rules/#limits``).

        >>> Rules().knock_limit(Card.parse("6D")), Rules().knock_limit(Card.parse("KH"))
        (6, 10)
        >>> Rules(ace_means_gin=True).knock_limit(Card.parse("AC")), Rules().knock_limit(None)
        (0, 10)
        """
        if upcard is None:
            return NO_UPCARD_LIMIT
        if self.ace_means_gin and upcard.rank == Rank.ACE:
            return 0
        return upcard.points

    def only_gin(self, upcard: Card | None) -> bool:
        """Return whether only gin may end the deal: the upcard sets a knock limit of 0 (an
        ace, when "ace means gin" is on).

        >>> Rules(ace_means_gin=True).only_gin(Card.parse("AS")), Rules().only_gin(Card.parse("AS"))
        (True, False)
        """
        return self.knock_limit(upcard) == 0

    def multiplier(self, upcard: Card | None) -> int:
        """Return 2 when "spades double" is on and the upcard is a spade, else 1 (also for None).

        >>> Rules(spades_double=True).multiplier(Card.parse("2S"))
        2
        """
        return 2 if self.spades_double and upcard is not None and upcard.suit == Suit.SPADES else 1


HAND_SIZE = 10
"""The cards each player is dealt and holds between turns: the opponent's hand at a knock."""

KNOCKING_HAND_SIZE = HAND_SIZE + 1
"""The knocker's cards before the discard: a hand of ``HAND_SIZE`` and the card drawn."""

NO_UPCARD_LIMIT = 10
"""The knock limit when no upcard is given: that of a ten or a face card."""

HIGHEST_KNOCK_LIMIT = max(rank.points for rank in Rank)
"""The highest knock limit an upcard sets: that of a ten or a face card (10)."""


@dataclass(frozen=True)
class RuleSpec:
    """One rule of ``Rules``, described for forms and schemas: its ``name``, its ``default``,
    the ``section`` of the rules page that explains it (``/rules/#<section>``), and for a
    number the ``minimum`` that ``Rules`` accepts and the values a new match ``offered``
    (a range, or a few choices). A switch (true or false) has neither.

    >>> spec = {s.name: s for s in RULE_SPECS}["target"]
    >>> spec.default, spec.minimum, spec.offered, spec.is_switch
    (100, 1, range(10, 1001), False)
    """

    name: str
    default: int | bool
    section: str
    minimum: int | None = None
    offered: range | tuple[int, ...] | None = None

    @property
    def is_switch(self) -> bool:
        """Return whether the rule is a switch (true or false) rather than a number."""
        return self.minimum is None


ALL_RULE_SPECS: tuple[RuleSpec, ...] = tuple(
    RuleSpec(name=f.name, default=f.default, **f.metadata) for f in fields(Rules)
)
"""Every rule the engine knows, in the order of ``Rules``' fields: what the JSON protocol
accepts (the API's schema is built from it)."""

RULE_SPECS: tuple[RuleSpec, ...] = ALL_RULE_SPECS
"""The rules a new match offers a table, in the order of ``Rules``' fields: every rule the
engine knows, Hollywood too (each rule here needs its label in the app's form)."""


DEFAULT_RULES = Rules()
