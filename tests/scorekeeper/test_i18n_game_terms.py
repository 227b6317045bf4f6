"""The game's words in Polish and Shona: one word for each term, and no name that takes a case.

A card player reads the site page by page; a term that changes from page to page, an English
word left standing, or a player's name bent by grammar that a placeholder cannot follow reads
as a machine's work. These checks read each catalogue with the English msgid beside each
msgstr: wherever the English says "stock", "undercut", "points"... the translation must use the
one word chosen for it (the glossary below), and the slips a card player's review found must
not come back.
Django's own messages (scorekeeper/django_messages.py) are Django's wording, not the game's:
they are left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from .test_i18n import catalogue_path, read_po

NAMES = r"%\((?:name|who|first|second|a|b)\)s"
# "grajcie", "wpiszcie", "sprawdźcie": Polish imperatives that speak to more than one player.
PLURAL_IMPERATIVE = r"\b\w+(?:ajcie|ujcie|ijcie|rzcie|szcie|żcie|ńcie|źcie|ćcie)\b"


@dataclass(frozen=True)
class Term:
    """Where the English matches `english`, every form of the msgstr matches `must` (when
    given) and never matches `never` (when given)."""

    english: str
    must: str | None = None
    never: str | None = None


GLOSSARY = {
    "pl": [
        Term(r"\bknock", must=r"puk"),
        Term(r"deadwood", must=r"luźn"),
        Term(r"undercut", must=r"podcię"),
        Term(r"\btie\b|\bties\b", never=r"remis"),  # "remis" is the drawn deal
        Term(r"big gin", must=r"duż\w* gin"),
        Term(r"upcard", must=r"odkryt"),
        Term(r"\bstock\b", never=r"tali"),  # the stock is "stos zakryty"; "talia", the deck
        Term(r"\bdeck\b", must=r"tali"),
        Term(r"discard pile", must=r"stos\w* kart odrzuconych"),
        Term(r"dealer", must=r"rozda"),
        Term(r"\bmeld", must=r"układ"),
        Term(r"\ba set\b|\bset of\b", must=r"grup"),
        Term(r"\brun\b", must=r"sekwens"),
        Term(r"lay(?:ing|s)? off|layoff|laid off", must=r"dołoż|dokład"),
        Term(r"\bmatch(?:es)?\b", must=r"parti"),
        Term(r"box bonus", must=r"premia za każde wygrane rozdanie"),
        Term(r"shutout", must=r"wygrana do zera"),
        Term(r"\bagainst\b", never=r"przeciw "),
        Term(r"^Anyone$", must=r"^Dowolny gracz$"),
        Term(r"^All time$", must=r"^Od początku$"),
        Term(r"^This (?:month|year)$", must=r"^W tym "),
        Term(r"quick", never=r"szybkie liczby|^szybko$"),
        Term(r"^Spades double$", must=r"^Odkryty pik: punkty podwójne$"),
        # One word for the verdict, declined, never the other.
        Term(r"verdict", must=r"rozstrzygnię"),
        Term(r".", never=r"werdykt"),
        # "Bilans" is the Hollywood net only; the menu names the stats page as its heading.
        Term(r"^Stats$", must=r"^Statystyki$"),
        Term(r"^(?!.*\bnets?\b|.*\bwins by\b)", never=r"\bbilans"),
        Term(r"^Average deal score$", must=r"^Średnio punktów za wygrane rozdanie$"),
        # The player at the phone is addressed in the singular: no plural imperative.
        Term(r".", never=PLURAL_IMPERATIVE),
    ],
    "sn": [
        Term(r"\bknock", must=r"gogodz"),
        Term(r"deadwood", must=r"sara"),
        Term(r"undercut", must=r"muteyo|miteyo", never=r"undercut"),
        Term(r"\bpoints?\b", must=r"poinzi"),
        Term(r".", never=r"\bpointi"),  # one stem: poinzi, mapoinzi
        Term(r"big gin", must=r"gin huru|magin makuru"),
        Term(r"upcard", must=r"zaruk"),
        Term(r"\bstock\b", never=r"pakiti"),  # the stock is "murwi"; "pakiti", the deck
        Term(r"discard pile", must=r"marara"),
        Term(r"dealer", must=r"gov"),
        Term(r"\bmeld", must=r"boka|poka"),
        Term(r"\ba set\b|\bset of\b", must=r"seti"),
        Term(r"\brun\b", must=r"mutsetse"),
        Term(r"lay(?:ing|s)? off|layoff|laid off", must=r"wedzer"),
        # "wedzera" is laying off; adding (a card, a key, a score) is said otherwise.
        Term(r"^(?!.*(?:lay(?:ing|s)? off|layoff|laid off)).*\badd", never=r"wedzer"),
        Term(r"^Add\b", never=r"^Wedzer"),
        # Tapping is "dzvanya", never "baya" (stabbing).
        Term(r"\btap\b", must=r"dzvany"),
        Term(r".", never=r"\b(?:wa|ku|mu)?bay[ai]\b"),
        # The verdict is "mutongo" ("mhinduro" is an answer).
        Term(r"verdict", must=r"mutongo|mitongo", never=r"mhinduro"),
        # A deal being played is not one "played long ago".
        Term(r"being played", must=r"kutambwa", never=r"\bkare\b"),
        # "faira" is class 5: "faira rimwe rine ... rekuchengeta", "faira iroro harina".
        Term(r".", never=r"\bfaira\s+(?:y\w*|iyi|iyo|iyoyo|ino|ine|haina|haisi)\b"),
        Term(r".", never=r"\bfaira\b[^.;:]*\byekuchengeta\b|faira rekopi yekuchengetedza i"),
        Term(r"\bmatch(?:es)?\b", must=r"tambo"),
        Term(r"box bonus", must=r"bhonasi pamugove wega wega"),
        # A deal the player won ("waakakunda"), not a deal that was beaten ("wakundwa").
        Term(r"box bonus|\bbox \d", must=r"pamugove wega wega waakakunda"),
        Term(r".", never=r"\bwakundwa\b"),
        Term(r"^Average deal score$", must=r"pamugove waakakunda$"),  # per deal won
        Term(r"shutout", must=r"asina poinzi"),
        Term(r"^Stat(?:s|istics)$", must=r"^Nhamba$"),
        Term(r"^Preview$", must=r"^Ratidziro$"),
        Term(r"^No deals yet\.$", must=r"nemigove\."),
        Term(r"^# against #$", must=r"^%\(a\)s achipikisana "),  # one player: a-, not va-
        # The player at the phone is addressed in the singular, everywhere.
        Term(r".", never=r"\b(?:rambai|tambai|muchitamba)\b"),
    ],
}

# No case ending may follow a name; Polish prepositions would decline the name before it
# ("przez Anna", "przeciw Marek"); a Shona prefix joins a name only as "na-" ("naMarek"),
# as Shona writes it, never on a user name or with anything else.
NAME_RULES = {
    "pl": [
        NAMES + r"\w",
        r"\b(?:przez|przeciw|przeciwko|dla|od|do|z|ze|u|o|w|we|na|po|przy|za|nad|pod|przed"
        r"|między|bez|obok|koło)\s+" + NAMES,
    ],
    "sn": [NAMES + r"\w", r"(?<=[A-Za-z])(?<!\bna)" + NAMES, r"[A-Za-z]%\(who\)s"],
}


def game_entries(language: str):
    _, entries = read_po(catalogue_path(language))
    return [
        e
        for e in entries.values()
        if not any("django_messages.py" in reference for reference in e.references)
    ]


def forms(entry) -> list[str]:
    return list(entry.msgstr.values())


@pytest.mark.parametrize("language", GLOSSARY)
def test_each_game_term_has_one_word(language):
    wrong = []
    for entry in game_entries(language):
        # The words, not the placeholders: "%(points)s" is a number.
        english = re.sub(r"%\(\w+\)[sd]", "#", f"{entry.msgid} {entry.msgid_plural or ''}".strip())
        for term in GLOSSARY[language]:
            if not re.search(term.english, english, re.IGNORECASE):
                continue
            for text in forms(entry):
                if term.must and not re.search(term.must, text, re.IGNORECASE):
                    wrong.append((term.english, "lacks", term.must, text))
                if term.never and re.search(term.never, text, re.IGNORECASE):
                    wrong.append((term.english, "has", term.never, text))
    assert not wrong, "\n".join(map(str, wrong))


@pytest.mark.parametrize("language", NAME_RULES)
def test_no_grammar_is_glued_to_a_name(language):
    glued = [
        text
        for entry in game_entries(language)
        for text in forms(entry)
        for rule in NAME_RULES[language]
        if re.search(rule, text)
    ]
    assert not glued, glued


def test_the_glossary_checks_see_a_slip():
    # The checks above must be able to fail: an English word left in Shona, a Polish name
    # after a preposition.
    undercut = next(t for t in GLOSSARY["sn"] if t.english == "undercut")
    assert re.search(undercut.never, "Bhonasi yeundercut")
    assert any(re.search(rule, "zapisane przez %(who)s") for rule in NAME_RULES["pl"])
    assert any(re.search(rule, "Wapinda se%(name)s") for rule in NAME_RULES["sn"])
    assert not any(re.search(rule, "%(a)s achipikisana na%(b)s") for rule in NAME_RULES["sn"])
    # The plural imperative, not a noun that ends as one does.
    assert re.search(PLURAL_IMPERATIVE, "Popraw karty albo grajcie dalej.")
    assert not re.search(PLURAL_IMPERATIVE, "Podcięcie na koncie, w limicie, na liście")
