"""CSV exports of a match and of a player's history: one row per recorded deal, with the
headers and words in the reader's language and the codes beside them."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.exports import CODES, GAME_CODES, safe_text
from scorekeeper.models import Player
from tests.hands import GIN, OPP_TO_GIN

from .history_helpers import add_deals, cards, draw, knock, quick
from .hollywood_helpers import SETTLED, SETTLED_RULES, visible_hollywood_match
from .match_helpers import create_match
from .test_i18n import speak

ENGLISH_HEADER = [
    "Match",
    "Started",
    "Player A",
    "Player B",
    "Deal",
    "Dealer",
    "Entry",
    "entry_code",
    "Upcard",
    "Knock limit",
    "Knocker",
    "Knocker's cards",
    "Opponent's cards",
    "Knocker's deadwood",
    "Opponent's deadwood",
    "Outcome",
    "outcome_code",
    "Winner",
    "Points",
    "Counted",
    "Total A",
    "Total B",
]


def read_table(response) -> list[list[str]]:
    """Return the rows of a CSV download, its header first."""
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    text = b"".join(response.streaming_content).decode("utf-8")
    return list(csv.reader(io.StringIO(text)))


def read_csv(response, header: list[str] = ENGLISH_HEADER) -> list[dict[str, str]]:
    """Return the rows of a CSV download keyed by column code, checking its header."""
    table = read_table(response)
    assert table[0] == header
    return [dict(zip(CODES, row, strict=True)) for row in table[1:]]


@pytest.fixture
def match(client, db):
    match = create_match(client, "Alice", "Bob")
    add_deals(
        match,
        [
            quick(0, 4, 30),  # Alice knocks: 26
            draw(),
            cards(1, GIN, OPP_TO_GIN, upcard="QH"),  # Bob gins: 30
            knock(0, 80),  # Alice 106: the end
            knock(1, 5),  # recorded after the end
        ],
    )
    return match


def test_match_csv_has_one_row_per_deal_with_the_engines_totals(client, match):
    response = client.get(reverse("scorekeeper:match_export", args=[match.pk]))
    assert response["Content-Disposition"] == (
        f'attachment; filename="match-{match.pk}-alice-bob.csv"'
    )
    rows = read_csv(response)
    assert [row["deal"] for row in rows] == ["1", "2", "3", "4", "5"]
    first, drawn, gin, last, void = rows
    assert first == {
        "match": str(match.pk),
        "started": match.created.isoformat(timespec="seconds"),
        "player_a": "Alice",
        "player_b": "Bob",
        "deal": "1",
        "dealer": "Alice",
        "entry": "quick",
        "entry_code": "quick",
        "upcard": "KC",
        "knock_limit": "10",
        "knocker": "Alice",
        "knocker_cards": "",
        "opponent_cards": "",
        "knocker_deadwood": "4",
        "opponent_deadwood": "30",
        "outcome": "knock",
        "outcome_code": "knock",
        "winner": "Alice",
        "points": "26",
        "counted": "1",
        "total_a": "26",
        "total_b": "0",
    }
    assert (drawn["outcome"], drawn["winner"], drawn["points"], drawn["dealer"]) == (
        "draw",
        "",
        "0",
        "Alice",
    )
    assert gin["knocker_cards"] == GIN
    assert (gin["outcome"], gin["winner"], gin["points"], gin["knocker_deadwood"]) == (
        "gin",
        "Bob",
        "30",
        "0",
    )
    assert (gin["opponent_deadwood"], gin["knock_limit"]) == ("5", "10")
    assert (last["total_a"], last["total_b"], last["counted"]) == ("106", "30", "1")
    assert (void["total_a"], void["total_b"], void["counted"]) == ("106", "30", "0")


def test_match_csv_of_a_match_without_deals_is_the_header(client, db):
    match = create_match(client)
    response = client.get(reverse("scorekeeper:match_export", args=[match.pk]))
    text = b"".join(response.streaming_content).decode()
    assert text == ",".join(ENGLISH_HEADER) + "\r\n"


def test_match_csv_is_hidden_from_strangers(match):
    assert Client().get(reverse("scorekeeper:match_export", args=[match.pk])).status_code == 404


def test_names_cannot_smuggle_spreadsheet_formulas(client, db):
    match = create_match(client, "=HYPERLINK(1)", "@Bob")
    add_deals(match, [knock(0, 10)])
    rows = read_csv(client.get(reverse("scorekeeper:match_export", args=[match.pk])))
    assert (rows[0]["player_a"], rows[0]["player_b"]) == ("'=HYPERLINK(1)", "'@Bob")
    assert rows[0]["winner"] == "'=HYPERLINK(1)"


@pytest.mark.parametrize("start", ["＝", "＋", "－", "＠", "﹦", "﹫"])
def test_fullwidth_and_small_formula_signs_are_guarded_too(client, db, start):
    match = create_match(client, f"{start}SUM(A1)", "Bob")
    add_deals(match, [knock(0, 10)])
    rows = read_csv(client.get(reverse("scorekeeper:match_export", args=[match.pk])))
    assert rows[0]["player_a"] == f"'{start}SUM(A1)"


@pytest.mark.parametrize("start", ["\t", "\r", "=", "+", "-", "@", "＝"])
def test_text_starting_like_a_formula_is_quoted(start):
    assert safe_text(f"{start}1+1") == f"'{start}1+1"


@pytest.mark.parametrize("name", ["Bob", "Ｂob", "'=quoted", "1-2", "a=b"])
def test_ordinary_text_is_left_alone(name):
    assert safe_text(name) == name


def test_player_csv_has_every_deal_of_their_matches_newest_match_first(client, match):
    other = create_match(client, "Carol", "Alice")
    add_deals(other, [knock(1, 7), draw()])
    create_match(client, "Dave", "Bob")
    alice = match.player_a
    response = client.get(reverse("scorekeeper:player_export", args=[alice.pk]))
    assert response["Content-Disposition"] == 'attachment; filename="deals-alice.csv"'
    rows = read_csv(response)
    assert [(row["match"], row["deal"]) for row in rows] == [
        (str(other.pk), "1"),
        (str(other.pk), "2"),
        *[(str(match.pk), str(n)) for n in range(1, 6)],
    ]
    assert (rows[0]["player_a"], rows[0]["winner"], rows[0]["total_b"]) == ("Carol", "Alice", "7")
    assert rows[-1]["counted"] == "0"


def test_player_csv_leaves_out_other_visitors_matches(client, match):
    stranger = Client()
    theirs = create_match(stranger, "Alice", "Zed")
    add_deals(theirs, [knock(0, 10)])
    rows = read_csv(client.get(reverse("scorekeeper:player_export", args=[match.player_a.pk])))
    assert {row["match"] for row in rows} == {str(match.pk)}
    response = stranger.get(reverse("scorekeeper:player_export", args=[match.player_a.pk]))
    assert response.status_code == 404


def test_player_csv_of_an_unknown_player_is_404(client, match):
    loner = Player.objects.create(name="Loner")
    assert client.get(reverse("scorekeeper:player_export", args=[loner.pk])).status_code == 404
    assert client.get(reverse("scorekeeper:player_export", args=[99999])).status_code == 404


def test_player_csv_queries_do_not_grow_with_deals(client, match, django_assert_max_num_queries):
    for _ in range(30):
        add_deals(create_match(client, "Alice", "Bob"), [knock(0, 10)] * 5)
    with django_assert_max_num_queries(5):
        rows = read_csv(client.get(reverse("scorekeeper:player_export", args=[match.player_a.pk])))
    assert len(rows) == 155


FINNISH_HEADER = [
    "Ottelu",
    "Aloitettu",
    "Pelaaja A",
    "Pelaaja B",
    "Jako",
    "Jakaja",
    "Syöttötapa",
    "entry_code",
    "Kääntökortti",
    "Koputusraja",
    "Koputtaja",
    "Koputtajan kortit",
    "Vastustajan kortit",
    "Koputtajan irtokorttipisteet",
    "Vastustajan irtokorttipisteet",
    "Tulos",
    "outcome_code",
    "Voittaja",
    "Pisteet",
    "Lasketaan",
    "Yhteensä A",
    "Yhteensä B",
]
# Every outcome and way of entry: (outcome, entry) of each deal, by code.
EVERY_OUTCOME = [
    quick(0, 4, 30),  # knock, entered as numbers
    draw(),
    cards(1, GIN, OPP_TO_GIN, upcard="QH"),  # gin, entered as cards
    quick(0, 8, 5),  # undercut
    quick(1, 0, 20, big_gin=True),  # big gin
]
CODES_OF_EVERY_OUTCOME = [
    ("knock", "quick"),
    ("draw", "draw"),
    ("gin", "cards"),
    ("undercut", "quick"),
    ("big_gin", "quick"),
]
WORDS = {
    "en": [
        ("knock", "quick"),
        ("draw", "draw"),
        ("gin", "cards"),
        ("undercut", "quick"),
        ("big gin", "quick"),
    ],
    "fi": [
        ("koputus", "pikakirjaus"),
        ("tasapeli", "tasapeli"),
        ("gin", "kortteina"),
        ("alitus", "pikakirjaus"),
        ("iso gin", "pikakirjaus"),
    ],
    "pl": [
        ("pukanie", "szybki zapis"),
        ("remis", "remis"),
        ("gin", "karty"),
        ("podcięcie", "szybki zapis"),
        ("duży gin", "szybki zapis"),
    ],
}


@pytest.mark.usefixtures("translated")
def test_match_csv_downloaded_in_finnish_has_finnish_headers_and_words(client, db):
    match = create_match(speak(client, "fi"), "Aino", "Eero")
    add_deals(match, EVERY_OUTCOME)
    rows = read_csv(
        client.get(reverse("scorekeeper:match_export", args=[match.pk])), FINNISH_HEADER
    )
    assert [(row["outcome"], row["entry"]) for row in rows] == WORDS["fi"]
    assert [(row["outcome_code"], row["entry_code"]) for row in rows] == CODES_OF_EVERY_OUTCOME
    # The figures and names are the same in every language.
    assert (rows[0]["knocker"], rows[0]["points"], rows[0]["total_a"]) == ("Aino", "26", "26")


@pytest.mark.usefixtures("translated")
def test_match_csv_downloaded_in_english_has_english_headers_and_words(client, db):
    match = create_match(speak(client, "en"), "Ann", "Ben")
    add_deals(match, EVERY_OUTCOME)
    rows = read_csv(client.get(reverse("scorekeeper:match_export", args=[match.pk])))
    assert [(row["outcome"], row["entry"]) for row in rows] == WORDS["en"]
    assert [(row["outcome_code"], row["entry_code"]) for row in rows] == CODES_OF_EVERY_OUTCOME


@pytest.mark.usefixtures("translated")
@pytest.mark.parametrize("language", ["fi", "nl", "pl", "sn"])
def test_csv_headers_are_translated_but_the_code_columns_are_not(client, db, language):
    match = create_match(speak(client, language))
    header = read_table(client.get(reverse("scorekeeper:match_export", args=[match.pk])))[0]
    assert len(header) == len(CODES)
    codes = {"outcome_code", "entry_code"}
    english = [title for title in ENGLISH_HEADER if title not in codes]
    assert [title for title in header if title in english] == []
    assert [title for title in header if title in codes] == ["entry_code", "outcome_code"]


@pytest.mark.usefixtures("translated")
def test_player_csv_downloaded_in_polish_has_polish_words_and_codes(client, db):
    match = create_match(speak(client, "pl"), "Anna", "Marek")
    add_deals(match, EVERY_OUTCOME)
    table = read_table(client.get(reverse("scorekeeper:player_export", args=[match.player_a.pk])))
    assert table[0][:3] == ["Partia", "Rozpoczęta", "Gracz A"]
    rows = [dict(zip(CODES, row, strict=True)) for row in table[1:]]
    assert [(row["outcome"], row["entry"]) for row in rows] == WORDS["pl"]
    assert [(row["outcome_code"], row["entry_code"]) for row in rows] == CODES_OF_EVERY_OUTCOME


@pytest.mark.usefixtures("translated")
def test_translated_words_keep_the_formula_guard(client, db):
    match = create_match(speak(client, "fi"), "=1+1", "-Bob")
    add_deals(match, [knock(1, 10)])
    rows = read_csv(
        client.get(reverse("scorekeeper:match_export", args=[match.pk])), FINNISH_HEADER
    )
    assert (rows[0]["player_a"], rows[0]["winner"], rows[0]["knocker"]) == (
        "'=1+1",
        "'-Bob",
        "'-Bob",
    )


GAME_HEADER = ["Game 1 A", "Game 1 B", "Game 2 A", "Game 2 B", "Game 3 A", "Game 3 B"]


def read_games_csv(response) -> list[dict[str, str]]:
    """Return the rows of a CSV download with the game columns, keyed by column code."""
    table = read_table(response)
    assert table[0] == ENGLISH_HEADER + GAME_HEADER
    return [dict(zip(CODES + GAME_CODES, row, strict=True)) for row in table[1:]]


def test_hollywood_match_csv_has_each_players_running_total_in_each_game(client, db):
    match = visible_hollywood_match(client, "Ann", "Ben", SETTLED, **SETTLED_RULES)
    add_deals(match, [knock(1, 9)])  # after the end: changes nothing
    rows = read_games_csv(client.get(reverse("scorekeeper:match_export", args=[match.pk])))
    sheet = [[int(row[code]) for code in GAME_CODES] for row in rows]
    # The rules page's settled example (/rules/#hollywood), deal by deal: Game 1, Game 2, Game 3.
    assert sheet == [
        [60, 0, 0, 0, 0, 0],
        [110, 0, 50, 0, 0, 0],
        [110, 0, 50, 30, 0, 0],
        [110, 0, 110, 30, 60, 0],
        [110, 0, 110, 30, 60, 45],
        [110, 0, 110, 30, 100, 45],
        [110, 0, 110, 30, 100, 45],
    ]
    assert [row["counted"] for row in rows] == ["1"] * 6 + ["0"]
    # The totals are the sums over the three games, as the engine gives them.
    assert (rows[5]["total_a"], rows[5]["total_b"]) == ("320", "75")


def test_single_game_match_csv_has_no_game_columns(client, match):
    table = read_table(client.get(reverse("scorekeeper:match_export", args=[match.pk])))
    assert table[0] == ENGLISH_HEADER
    assert all(len(row) == len(ENGLISH_HEADER) for row in table)


def test_player_csv_with_a_hollywood_match_leaves_the_single_games_game_cells_empty(client, match):
    hollywood = visible_hollywood_match(client, "Alice", "Carol", [(0, 30), (0, 25)])
    rows = read_games_csv(
        client.get(reverse("scorekeeper:player_export", args=[match.player_a.pk]))
    )
    games = {(row["match"], row["deal"]): [row[code] for code in GAME_CODES] for row in rows}
    assert games[(str(hollywood.pk), "2")] == ["55", "0", "25", "0", "0", "0"]
    assert games[(str(match.pk), "1")] == [""] * 6


def test_hollywood_game_headers_are_translated(client, db):
    match = visible_hollywood_match(client, "Ann", "Ben", [(0, 30)])
    speak(client, "fi")
    table = read_table(client.get(reverse("scorekeeper:match_export", args=[match.pk])))
    assert table[0][-6:] == ["Peli 1 A", "Peli 1 B", "Peli 2 A", "Peli 2 B", "Peli 3 A", "Peli 3 B"]
