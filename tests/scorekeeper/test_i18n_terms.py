"""The Finnish and Dutch catalogues speak as a card player does: one word for each game term,
no calques or slips that a native reader stumbles on, and no case ending glued to a name.

A new string that names a game term in English must use the same word in its translation as
every other string does (the glossaries below), so the words stay consistent as the site grows.
"""

from __future__ import annotations

import re

import pytest

from .test_i18n import catalogue_path, read_po

# "match" the contest, not the verb ("the two passwords did not match").
MATCH = r"(?<!not )(?<!n’t )(?<!n't )\bmatch(es)?\b"
# English term (a regular expression over the msgid) -> what every translation of a msgid
# naming it must contain (a regular expression over the msgstr, case-insensitive).
GLOSSARY = {
    "fi": {
        r"\bknocker": r"koputtaj",
        r"\bknock": r"koput",
        r"\bdeadwood\b": r"irtokort",
        r"\bundercut": r"alitu",
        r"\bupcard": r"kääntökort",
        r"\bstock\b": r"nostopak",
        r"\bdiscard pile\b": r"poistopak",
        r"\bdealer\b": r"jakaj",
        r"\bdeal(s)?\b": r"\bja[kot]",
        r"\bmelds?\b|\bmelded\b": r"yhdistelm",
        r"\brun\b": r"\bsuora",
        r"\blay(ing)? off\b|\blayoffs?\b|\blaid off\b": r"liit",
        MATCH: r"ottelu",
        r"\bbig gin": r"\biso\w* gin|\bison gin",
        r"\bshutout\b": r"nollavoit",
        r"\bgame bonus\b": r"ottelubonu",
        r"\bsite\b": r"sivusto",
        r"\bverdict\b": r"ratkaisu",
    },
    "nl": {
        r"\bknocker": r"klopper",
        r"\bknock": r"klop",
        r"\bdeadwood\b": r"\blosse\b",
        r"\bundercut": r"undercut",
        r"\bupcard": r"open kaart",
        r"\bstock\b": r"trekstapel",
        r"\bdiscard pile\b": r"aflegstapel",
        r"\bdealer\b": r"gever",
        r"\bdeal(s)?\b": r"ronde|\bdel|\bdeel|gever",
        r"\bmelds?\b|\bmelded\b": r"combinatie",
        r"\brun\b": r"\breeks",
        r"\blay(ing)? off\b|\blayoffs?\b|\blaid off\b": r"aan(ge)?leg|\blegt\b.*\baan\b",
        MATCH: r"partij",
        r"\bbig gin": r"grote gin",
        r"\bshutout\b": r"op nul",
        r"\bgame bonus\b": r"partijbonus",
        r"\bbox bonus\b": r"rondebonus",
        r"\bverdict\b": r"uitslag",
        # "verbeteren" reads as improving; a deal is corrected ("corrigeren", "correctie").
        r"\bcorrect(s|ed|ion)?\b": r"corrig|correctie",
    },
}

# Words and turns of phrase that a native card player reads as wrong.
SLIPS = {
    "fi": [
        r"%\(\w+\)s vastaan %\(\w+\)s",  # "A vastaan B": a calque of "A against B"
        r"\d vastaan \d|%\(\w+\)s vastaan",  # "irtokortit 7 vastaan 9"
        r"Ei liitettäviä kortteja",  # a finished deal: nothing *was* laid off
        r"\bPeru",  # neither Undo ("Kumoa") nor Revoke ("Mitätöi"): it blurred the two
        r"jakovoittobonus",
        r"Kuka tahansa",
        r"ässä tarkoittaa giniä",
        r"\bjatkakaa\b",  # the site says "sinä" to its reader everywhere else
        r"^Jaa\b|\bjaettiin\b",  # "share" beside "jako", "jakaa" (deal) on the same screen
    ],
    "nl": [
        r"\bklops\b",  # not a word: the plural of "klop" is "kloppen"
        r"^Niet kloppen",  # reads as advice
        r"\buitspraak",  # a verdict at the card table is a "uitslag"
        r"snelle getallen",
        r"Maak er gelijkspel van",
        r"de een na de ander",
        r"open gelegd",
        r"hooguit de klopgrens",
        r"^Altijd$",
        r"^(Partijen|Rondes) gewonnen$|^Undercuts (gegeven|gekregen)$",  # word order
        r"\bHet kent\b",
        r"^Delen\b|\bgedeeld\b|partij delen",  # "share" beside "deelt" (deals) on one screen
        r"verbeter",  # improving, not correcting
        r"\bDie van mij\b",  # clumsy: "Mijn versie"
    ],
}

# A name is never followed by a case ending or another word glued to it.
NAMES = r"%\((name|a|b|who|first|second|winner)\)s(?=[:\w'’-])"

# The changes a native card player's review asked for, word for word.
REQUIRED = {
    "fi": {
        "%(a)s against %(b)s": "%(a)s – %(b)s",
        "No layoffs.": "Kortteja ei liitetty.",
        "Revoke": "Mitätöi",
        "Average deadwood when knocking": "Irtokorttipisteet koputtaessa (ka.)",
        "Box bonus per deal won": "Bonus jokaisesta voitetusta jaosta",
        "Anyone": "Kaikki pelaajat",
    },
    "nl": {
        "Knocks": "Kloppen",
        "Illegal knocks": "Ongeldige kloppen",
        "No knock: deadwood %(d)s > limit %(l)s.": (
            "Kloppen mag niet: losse kaarten %(d)s > grens %(l)s."
        ),
        "All time": "Sinds het begin",
        "Average deadwood when knocking": "Gemiddeld aantal losse punten bij kloppen",
        "quick numbers": "alleen de punten",
        "quick": "snelinvoer",
        "Make it a draw": "Maak er een gelijkspel van",
        "Matches won": "Gewonnen partijen",
        "Deals won": "Gewonnen rondes",
        "Undercuts given": "Gegeven undercuts",
        "Keep mine as a correction": "Mijn versie als correctie bewaren",
        "Discard mine": "Mijn versie weggooien",
    },
}
# The number fields of a deal entered as numbers hold points, not cards: their labels, the
# model's fields and the messages that ask for them say points, as the CSV does.
DEADWOOD_FIELD = (
    r"^(knocker's|opponent's) deadwood|^deadwood$|\bdeadwood\b.*, as a number"
    r"|^Entered as numbers"
)
POINTS = {"fi": r"irtokorttipist", "nl": r"losse punten"}
# The label of a variant in the new-match form, and the rules text that names it.
VARIANTS = [
    (
        "An ace upcard means gin only",
        "Variant “ace means gin”: an ace upcard gives a limit of 0, so only gin ends the deal. "
        "Variant “spades double”: a spade upcard doubles every score of the deal.",
    ),
]
LANGUAGES = sorted(GLOSSARY)


def translations(language: str) -> list[tuple[str, str]]:
    """Return (msgid, msgstr) for every form of every live entry, Django's own messages aside."""
    _, entries = read_po(catalogue_path(language))
    pairs = []
    for entry in entries.values():
        if any("django_messages.py" in ref for ref in entry.references):
            continue  # Django's wording, copied for languages Django lacks
        english = entry.msgid if entry.msgid_plural is None else entry.msgid_plural
        pairs += [(english, text) for text in entry.msgstr.values()]
    return pairs


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_game_term_has_one_word(language):
    wrong = []
    for english, term in GLOSSARY[language].items():
        for msgid, msgstr in translations(language):
            if re.search(english, msgid, re.IGNORECASE) and not re.search(
                term, msgstr, re.IGNORECASE
            ):
                wrong.append(f"{english} -> {term}: {msgid!r} = {msgstr!r}")
    assert not wrong, f"{language}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_deadwood_number_field_says_points(language):
    fields = [(msgid, msgstr) for msgid, msgstr in translations(language)]
    fields = [pair for pair in fields if re.search(DEADWOOD_FIELD, pair[0], re.IGNORECASE)]
    assert len(fields) >= 10
    cards = [pair for pair in fields if not re.search(POINTS[language], pair[1], re.IGNORECASE)]
    assert not cards, f"{language}:\n" + "\n".join(map(repr, cards))


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_known_slips_are_left(language):
    found = [
        f"{slip}: {msgstr!r}"
        for slip in SLIPS[language]
        for _, msgstr in translations(language)
        if re.search(slip, msgstr, re.IGNORECASE if not slip.startswith("^") else 0)
    ]
    assert not found, f"{language}:\n" + "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_case_ending_is_glued_to_a_name(language):
    glued = [msgstr for _, msgstr in translations(language) if re.search(NAMES, msgstr)]
    assert not glued, f"{language}: {glued}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_changes_the_native_readers_asked_for_are_in(language):
    _, entries = read_po(catalogue_path(language))
    got = {msgid: entries[(None, msgid)].msgstr[0] for msgid in REQUIRED[language]}
    assert got == REQUIRED[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_variant_has_one_name_in_the_form_and_on_the_rules_page(language):
    _, entries = read_po(catalogue_path(language))
    for label, rules in VARIANTS:
        name = entries[(None, label)].msgstr[0].lower()
        assert name in entries[(None, rules)].msgstr[0].lower(), (language, name)
