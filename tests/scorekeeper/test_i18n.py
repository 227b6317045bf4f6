"""The site in five languages: every user-facing string marked, every catalogue complete, and
the main pages rendered in Finnish, Dutch, Polish and Shona.

The catalogue checks extract the strings afresh (`makemessages` on a copy of the project) and
compare them with `locale/`, so a string added without a translation fails here. The page
checks compile the catalogues into a temporary folder, so they test the `.po` files as they
are, whether or not `make` compiled them.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.template.base import Lexer, TokenType
from django.test import Client
from django.urls import reverse
from django.utils import translation

from adjudication import WrongCountError
from scorekeeper.forms.engine_errors import engine_message
from tests.hands import ALICE_KNOCKS_WITH_1, BOB_LAYS_OFF, OPP_39

from .match_helpers import HTMX, create_match, enter_cards, record_quick, set_upcard

LANGUAGES = ("fi", "nl", "pl", "sn")
BASE_DIR = Path(settings.BASE_DIR)
LOCALE_DIR = BASE_DIR / "locale"
PLURAL_FORMS = {
    "fi": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "pl": (
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
    "sn": "nplurals=2; plural=(n != 1);",
}
# What makemessages skips, as the Makefile's `catalogues` target skips it.
NOT_SOURCE = (".venv", "tests", "benchmarks", "artifacts", "static", "staticfiles", "locale")


# --- Reading .po files, without a dependency -----------------------------------------------


@dataclass
class Entry:
    """One catalogue entry."""

    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    references: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr.values())


def read_po(path: Path) -> tuple[dict[str, str], dict[tuple[str | None, str], Entry]]:
    """Return a .po file's header fields and its live (not obsolete) entries by key."""
    entries: list[Entry] = []
    current = Entry()
    last: tuple[str, int | None] | None = None

    def finish() -> None:
        nonlocal current, last
        if last is not None:
            entries.append(current)
        current, last = Entry(), None

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            finish()
        elif line.startswith("#~"):
            continue
        elif line.startswith("#,"):
            if last is not None:
                finish()
            current.flags.update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#:"):
            if last is not None:
                finish()
            current.references.extend(line[2:].split())
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            assert last is not None, f"{path}: continuation without a keyword: {raw}"
            _append(current, last, ast.literal_eval(line))
        else:
            keyword, _, text = line.partition(" ")
            if (
                keyword in ("msgid", "msgctxt")
                and last is not None
                and last[0].startswith("msgstr")
            ):
                finish()
            index = None
            if keyword.startswith("msgstr["):
                index = int(keyword[7:-1])
                keyword = "msgstr"
            last = (keyword, index)
            if keyword == "msgstr" and index is None:
                last = ("msgstr", 0)
            _set(current, last, ast.literal_eval(text))
    finish()
    header_entry = next((e for e in entries if e.msgid == "" and e.msgctxt is None), None)
    header = {}
    if header_entry is not None:
        for header_line in header_entry.msgstr.get(0, "").splitlines():
            name, _, value = header_line.partition(":")
            header[name.strip()] = value.strip()
    live = {e.key: e for e in entries if e is not header_entry}
    return header, live


def _set(entry: Entry, where: tuple[str, int | None], text: str) -> None:
    keyword, index = where
    if keyword == "msgstr":
        entry.msgstr[index or 0] = text
    else:
        setattr(entry, keyword, text)


def _append(entry: Entry, where: tuple[str, int | None], text: str) -> None:
    keyword, index = where
    if keyword == "msgstr":
        entry.msgstr[index or 0] += text
    else:
        setattr(entry, keyword, getattr(entry, keyword) + text)


def catalogue_path(language: str, root: Path = LOCALE_DIR) -> Path:
    return root / language / "LC_MESSAGES" / "django.po"


# --- Every user-facing string is marked ----------------------------------------------------

# Attributes whose values people read (or hear, with a screen reader).
READ_ATTRIBUTES = {"aria-label", "title", "placeholder", "alt", "aria-description", "hx-confirm"}
# Words that stay as they are in every language: card shorthand in a placeholder.
UNTRANSLATED_WORDS = {"ks", "kd", "kc"}
# Elements whose text is code, not prose.
NOT_PROSE = {"script", "style", "code", "pre", "kbd", "samp"}
WORD = re.compile(r"[^\W\d_]{2,}")


class _TextFinder(HTMLParser):
    """Collect the human-readable text of an HTML fragment: text and read attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in NOT_PROSE:
            self.skip += 1
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value:
                self.found.append(value)

    def handle_endtag(self, tag):
        if tag in NOT_PROSE and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.found.append(data)


def unmarked_template_text(source: str) -> list[str]:
    """Return the words of a template that a reader sees but no translate tag covers."""
    pieces: list[str] = []
    depth = 0  # inside blocktranslate or comment: translated, or never shown
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            if name in ("blocktranslate", "blocktrans", "comment"):
                depth += 1
            elif name in ("endblocktranslate", "endblocktrans", "endcomment"):
                depth -= 1
            pieces.append(" ")
        elif token.token_type == TokenType.TEXT and not depth:
            pieces.append(token.contents)
        else:
            pieces.append(" ")
    finder = _TextFinder()
    finder.feed("".join(pieces))
    finder.close()
    words = []
    for text in finder.found:
        words += [w for w in WORD.findall(text) if w.lower() not in UNTRANSLATED_WORDS]
    return words


def template_files() -> list[Path]:
    roots = [BASE_DIR / "templates", *sorted((BASE_DIR / "scorekeeper").glob("templates"))]
    return sorted(path for root in roots for path in root.rglob("*.html"))


@pytest.mark.parametrize("path", template_files(), ids=lambda p: str(p.relative_to(BASE_DIR)))
def test_template_text_is_marked_for_translation(path):
    words = unmarked_template_text(path.read_text(encoding="utf-8"))
    assert not words, f"{path.name}: text outside translate tags: {words}"


# Keyword arguments whose string a person reads: form labels, model and admin names, choices.
READ_KEYWORDS = {
    "label",
    "help_text",
    "verbose_name",
    "verbose_name_plural",
    "description",
    "empty_label",
    "empty_value_display",
}
# Calls whose first text argument a person reads.
READ_CALLS = {"ValidationError", "HttpResponseBadRequest", "HttpResponseForbidden"}
MESSAGE_LEVELS = {"debug", "info", "success", "warning", "error", "add_message"}


def _is_text(node: ast.AST) -> bool:
    """Return whether a node is literal prose (an unmarked str or f-string with words)."""
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    else:
        return False
    return bool(re.search(r"[^\W\d_]{2,}", text))


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _read_arguments(node: ast.Call) -> list[ast.expr]:
    """Return the positional arguments of a call that a person reads, if any."""
    name, args = _call_name(node), list(node.args)
    owner = getattr(getattr(node.func, "value", None), "id", "")
    if name in MESSAGE_LEVELS and owner == "messages":
        return args[2:3] if name == "add_message" else args[1:2]
    if name in READ_CALLS or (name.endswith("Field") and owner == "models"):
        return args[:1]
    if name == "add_error":
        return args[1:2]
    return []


def _is_choices(node: ast.ClassDef) -> bool:
    names = {getattr(b, "attr", getattr(b, "id", "")) for b in node.bases}
    return bool(names & {"TextChoices", "IntegerChoices"})


def unmarked_python_text(source: str) -> list[str]:
    """Return the places in Python source where prose reaches a person without gettext."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            found += [f"line {a.lineno}" for a in _read_arguments(node) if _is_text(a)]
            for keyword in node.keywords:
                if keyword.arg in READ_KEYWORDS and _is_text(keyword.value):
                    found.append(f"line {keyword.value.lineno}: {keyword.arg}")
        elif isinstance(node, ast.ClassDef) and _is_choices(node):
            for item in node.body:
                value = getattr(item, "value", None)
                if isinstance(item, ast.Assign) and isinstance(value, ast.Tuple):
                    found += [f"line {e.lineno}: choice" for e in value.elts[1:] if _is_text(e)]
    return found


def python_files() -> list[Path]:
    files = [*(BASE_DIR / "scorekeeper").rglob("*.py"), *(BASE_DIR / "config").rglob("*.py")]
    return sorted(p for p in files if "migrations" not in p.parts)


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(BASE_DIR)))
def test_python_text_shown_to_people_is_marked_for_translation(path):
    places = unmarked_python_text(path.read_text(encoding="utf-8"))
    assert not places, f"{path.name}: text shown without gettext at {places}"


def test_the_lint_finds_unmarked_text():
    assert unmarked_template_text('<p title="Hello">{% translate "x" %} Score</p>') == [
        "Hello",
        "Score",
    ]
    assert unmarked_template_text("{% blocktranslate %}Fine {{ x }}{% endblocktranslate %}") == []
    source = 'messages.error(request, "Oops")\nforms.CharField(label="Name")\n'
    assert len(unmarked_python_text(source)) == 2
    assert unmarked_python_text('messages.error(request, _("Fine"))') == []


# --- The catalogues hold every marked string, translated ------------------------------------


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Path:
    """Return a locale folder refreshed by makemessages from a copy of today's sources."""
    copy = tmp_path_factory.mktemp("extract")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo", "*.sqlite3", "node_modules")
    for item in BASE_DIR.iterdir():
        if item.name.startswith(".") or item.name in NOT_SOURCE or item.suffix == ".sqlite3":
            continue
        if item.is_dir():
            shutil.copytree(item, copy / item.name, ignore=skip)
        elif item.suffix in (".py", ".html", ".txt"):
            shutil.copy2(item, copy / item.name)
    for language in LANGUAGES:
        target = catalogue_path(language, copy / "locale")
        target.parent.mkdir(parents=True)
        if catalogue_path(language).exists():
            shutil.copy2(catalogue_path(language), target)
    command = [sys.executable, "manage.py", "makemessages", "-v", "0"]
    command += [f"--locale={language}" for language in LANGUAGES]
    command += [f"--ignore={name}" for name in ("tests", "benchmarks", "artifacts", "static")]
    subprocess.run(command, cwd=copy, check=True, capture_output=True, timeout=300)
    return copy / "locale"


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_has_every_marked_string_translated(extracted, language):
    assert catalogue_path(language).exists(), f"locale/{language} has no catalogue"
    _, ours = read_po(catalogue_path(language))
    _, fresh = read_po(catalogue_path(language, extracted))
    missing = [e.msgid for key, e in fresh.items() if key not in ours]
    untranslated = [e.msgid for e in fresh.values() if not e.translated]
    fuzzy = [e.msgid for e in fresh.values() if "fuzzy" in e.flags]
    assert not missing, f"{language}: {len(missing)} not in the catalogue: {missing[:20]}"
    assert not untranslated, f"{language}: {len(untranslated)} untranslated: {untranslated[:20]}"
    assert not fuzzy, f"{language}: {len(fuzzy)} fuzzy: {fuzzy[:20]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_is_complete_with_proper_plural_forms(language):
    header, entries = read_po(catalogue_path(language))
    assert header.get("Language") == language
    assert header.get("Plural-Forms") == PLURAL_FORMS[language]
    assert header.get("Content-Type") == "text/plain; charset=UTF-8"
    nplurals = int(PLURAL_FORMS[language].split(";")[0].split("=")[1])
    assert entries
    for entry in entries.values():
        assert entry.translated and "fuzzy" not in entry.flags, entry.msgid
        if entry.msgid_plural is not None:
            assert sorted(entry.msgstr) == list(range(nplurals)), entry.msgid


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_keeps_every_placeholder(language, tmp_path):
    # msgfmt --check-format compares each python-format/c-format msgstr with its msgid.
    result = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "django.mo"), catalogue_path(language)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


# --- The pages in each language --------------------------------------------------------------


def speak(client, language: str):
    """Make every later request of `client` ask for `language`, as the switcher does."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def page(response) -> str:
    assert response.status_code == 200, response.status_code
    return unescape(response.content.decode())


# Known words on each page, per language: the game's own terms, and a plural form or two.
SCOREBOARD = {
    "fi": ["Jako 1 · jakaja Alice", "koputusraja", "Kun jako päättyy", "jakaa", "Bob saa ottaa"],
    "nl": ["Ronde 1 · Alice deelt", "klopgrens", "Als de ronde eindigt", "deelt", "Bob mag"],
    "pl": ["Rozdanie 1 · rozdaje Alice", "limit pukania", "Gdy rozdanie się skończy", "rozdaje"],
    "sn": ["Mugove 1 · Alice anogova", "muganhu wekugogodza", "Mugove kana wapera", "anogova"],
}
CARD_ENTRY = {
    "fi": ["Kuka koputti?", "Koputtajan kortit", "Vastustajan kortit", "Kirjaa jako"],
    "nl": ["Wie klopte?", "Kaarten van de klopper", "Kaarten van de tegenstander", "noteren"],
    "pl": ["Kto zapukał?", "Karty pukającego", "Karty przeciwnika", "Zapisz rozdanie"],
    "sn": ["Ndiani agogodza?", "Makadhi emugogodzi", "Makadhi emupikisi", "Nyora mugove"],
}
# Alice melds 5-6-7♠ and keeps A♣ (1); Bob lays off 8♠ and 9♠ and keeps 30: Alice scores 29.
VERDICT_WITH_LAYOFFS = {
    "fi": [
        "Koputus: Alice saa 29 pistettä.",
        "Liitetyt kortit",
        "irtokortit 1 piste",
        "30 pistettä",
    ],
    "nl": ["Klop: Alice scoort 29 punten.", "Aangelegd", "losse kaarten 1 punt", "30 punten"],
    "pl": ["Pukanie: Alice zdobywa 29 punktów.", "Dołożone karty", "1 punkt", "30 punktów"],
    "sn": [
        "Kugogodza: Alice anowana mapoinzi 29.",
        "Makadhi akawedzerwa",
        "poinzi 1",
        "mapoinzi 30",
    ],
}
ILLEGAL_KNOCK = {
    "fi": ["Laiton koputus: irtokortit 34 > raja 6.", "Pisteitä ei kirjattu"],
    "nl": ["Ongeldige klop: losse kaarten 34 > grens 6.", "Er is niets gescoord"],
    "pl": ["Nieprawidłowe pukanie: luźne karty 34 > limit 6.", "Nic nie zapisano"],
    "sn": ["Kugogodza kusiri pamutemo: makadhi akasara 34 > muganhu 6.", "Hapana mapoinzi"],
}
RULES_TITLE = {
    "fi": "Oklahoma Ginin säännöt",
    "nl": "De regels van Oklahoma Gin",
    "pl": "Zasady gry Oklahoma Gin",
    "sn": "Mitemo yeOklahoma Gin",
}
ILLEGAL_34 = "AS 2S 3S 7H 8H 9H KC KD QH 4D"  # K♣ K♦ Q♥ 4♦ unmelded: 34


def assert_says(body: str, words: list[str], language: str) -> None:
    missing = [word for word in words if word not in body]
    assert not missing, f"{language}: {missing} not on the page"


@pytest.mark.parametrize("language", LANGUAGES)
def test_scoreboard_speaks_the_language(client, db, translated, language):
    match = create_match(speak(client, language))
    set_upcard(client, match, "6D")
    body = page(client.get(match.get_absolute_url()))
    assert f'<html lang="{language}">' in body
    assert_says(body, SCOREBOARD[language], language)
    assert "knock limit" not in body and "When the deal ends" not in body


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_entry_speaks_the_language(client, db, translated, language):
    match = create_match(speak(client, language))
    set_upcard(client, match, "6D")
    body = page(client.get(reverse("scorekeeper:deal_enter", args=[match.pk, 0])))
    assert_says(body, CARD_ENTRY[language], language)
    assert "Who knocked?" not in body
    preview = enter_cards(client, match, 0, ALICE_KNOCKS_WITH_1, "", action="preview", headers=HTMX)
    assert "You can knock" not in page(preview)


@pytest.mark.parametrize("language", LANGUAGES)
def test_verdict_with_layoffs_speaks_the_language(client, db, translated, language):
    match = create_match(speak(client, language))
    set_upcard(client, match, "TC")
    response = enter_cards(client, match, 0, ALICE_KNOCKS_WITH_1, BOB_LAYS_OFF)
    assert response.status_code == 302
    assert response["Location"] == match.get_absolute_url()  # back to the scoreboard
    body = page(client.get(match.deals.get(number=1).get_absolute_url()))
    assert_says(body, VERDICT_WITH_LAYOFFS[language], language)
    assert body.count('class="pc pc-s laid"') >= 2
    assert "Layoffs" not in body and "scores" not in body


@pytest.mark.parametrize("language", LANGUAGES)
def test_illegal_knock_message_speaks_the_language(client, db, translated, language):
    match = create_match(speak(client, language))
    set_upcard(client, match, "6D")
    response = enter_cards(client, match, 0, ILLEGAL_34, OPP_39)
    assert response.status_code == 302
    body = page(client.get(response["Location"]))
    assert_says(body, ILLEGAL_KNOCK[language], language)
    assert "Illegal knock" not in body
    quick = page(record_quick(client, match, 0, 7, 20))
    assert ILLEGAL_KNOCK[language][0].replace("34", "7") in quick


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_page_is_translated_as_a_whole(client, db, translated, language):
    body = page(speak(client, language).get(reverse("scorekeeper:rules")))
    assert RULES_TITLE[language] in body
    _, entries = read_po(catalogue_path(language))
    on_the_page = [
        e for e in entries.values() if any("scorekeeper/rules.html" in r for r in e.references)
    ]
    assert len(on_the_page) > 30
    for entry in on_the_page:
        assert entry.msgstr[0] in body, f"{language}: {entry.msgstr[0]!r} not on the page"
        if entry.msgstr[0] != entry.msgid and len(entry.msgid.split()) > 2:
            assert entry.msgid not in body, f"{language}: English left: {entry.msgid!r}"


# --- Plural forms -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "counts"),
    [
        ("pl", {1: "kartę", 2: "karty", 4: "karty", 5: "kart", 12: "kart", 22: "karty"}),
        ("fi", {1: "kortti,", 2: "korttia", 11: "korttia"}),
        ("nl", {1: "kaart ", 2: "kaarten", 11: "kaarten"}),
        ("sn", {1: "Pane kadhi", 2: "Pane makadhi", 11: "Pane makadhi"}),
    ],
)
def test_card_counts_use_the_language_plural_forms(translated, language, counts):
    with translation.override(language):
        for got, word in counts.items():
            message = engine_message(WrongCountError((10,), got))
            assert word in message and str(got) in message, (got, message)


# --- Choosing the language ----------------------------------------------------------------


def test_language_follows_accept_language(client, db, translated):
    response = client.get(reverse("scorekeeper:rules"), HTTP_ACCEPT_LANGUAGE="fi,en;q=0.5")
    assert response["Content-Language"] == "fi"
    assert RULES_TITLE["fi"] in page(response)
    response = client.get(reverse("scorekeeper:rules"), HTTP_ACCEPT_LANGUAGE="sn-ZW,sn;q=0.9")
    assert response["Content-Language"] == "sn"
    assert RULES_TITLE["sn"] in page(response)
    response = client.get(reverse("scorekeeper:rules"), HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
    assert response["Content-Language"] == "en"
    assert "The rules of Oklahoma Gin" in page(response)
    assert "Accept-Language" in response["Vary"]


def test_switcher_sets_the_language_for_the_session(db, translated):
    browser = Client(enforce_csrf_checks=True)
    home = page(browser.get(reverse("scorekeeper:home"), HTTP_ACCEPT_LANGUAGE="en"))
    assert f'action="{reverse("set_language")}"' in home
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', home)[1]
    data = {"language": "sn", "next": reverse("scorekeeper:rules")}
    assert browser.post(reverse("set_language"), data).status_code == 403  # no token
    response = browser.post(reverse("set_language"), {**data, "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and response["Location"] == reverse("scorekeeper:rules")
    assert browser.cookies[settings.LANGUAGE_COOKIE_NAME].value == "sn"
    # The choice beats the browser's Accept-Language, on every page that follows.
    for url in (reverse("scorekeeper:rules"), reverse("scorekeeper:home")):
        body = page(browser.get(url, HTTP_ACCEPT_LANGUAGE="fi"))
        assert '<html lang="sn">' in body and '<option value="sn" selected>' in body
    assert RULES_TITLE["sn"] in page(browser.get(reverse("scorekeeper:rules")))


def test_the_language_form_fits_the_content_security_policy(client, db):
    response = client.get(reverse("scorekeeper:home"))
    policy = response.headers.get("Content-Security-Policy", "")
    assert "form-action 'self'" in policy
    assert 'action="/i18n/setlang/"' in response.content.decode()
