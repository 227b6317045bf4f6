"""Send the result: the score as a PNG drawn on the server, and a view link that a link
preview can read (its own 200 reply, with the Open Graph tags, fetched with no cookies)."""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from PIL import Image, ImageChops

from adjudication import Rules
from scorekeeper.models import Match
from scorekeeper.offline.drawing import HEIGHT, WIDTH, fitted
from scorekeeper.offline.results import result_picture
from scorekeeper.standing import Standing

from .history_helpers import add_deals, knock
from .hollywood_helpers import SETTLED, SETTLED_RULES, TIED, visible_hollywood_match
from .match_helpers import create_match, record_quick, set_upcard


def picture(response) -> Image.Image:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    image.load()  # decodes the whole file
    return image


def result(client, match, **query) -> Image.Image:
    return picture(client.get(reverse("offline:result_image", args=[match.pk]), query))


def play(client, match, knocker: int, k: int, o: int) -> None:
    set_upcard(client, match, "TC")
    assert record_quick(client, match, knocker, k, o).status_code == 302


def test_the_result_png_decodes_at_its_declared_size(client, match):
    play(client, match, 0, 3, 30)
    image = result(client, match)
    assert image.format == "PNG"
    assert image.size == (WIDTH, HEIGHT) == (1200, 630)
    response = client.get(reverse("offline:result_image", args=[match.pk]))
    assert re.fullmatch(
        r'inline; filename="oklahoma-gin-alice-bob-\d{4}-\d\d-\d\d\.png"',
        response["Content-Disposition"],
    )


def test_two_different_scores_draw_two_different_pictures(client, db):
    first, second = create_match(client), create_match(client)
    play(client, first, 0, 3, 30)
    play(client, second, 1, 2, 60)
    difference = ImageChops.difference(
        result(client, first).convert("RGB"), result(client, second).convert("RGB")
    )
    assert difference.getbbox() is not None


def test_the_score_changes_the_picture_of_one_match(client, match):
    play(client, match, 0, 3, 30)
    before = result(client, match).convert("RGB")
    play(client, match, 1, 0, 20)
    after = result(client, match).convert("RGB")
    assert ImageChops.difference(before, after).getbbox() is not None


def test_the_picture_comes_dark_and_light_in_the_language_asked(client, match, settings):
    play(client, match, 0, 3, 30)
    light = result(client, match, theme="light").convert("RGB")
    dark = result(client, match, theme="dark").convert("RGB")
    assert light.getpixel((5, 5)) == (244, 241, 234)  # the site's light background
    assert dark.getpixel((5, 5)) == (18, 20, 23)  # and its dark one
    english = result(client, match, lang="en").convert("RGB")
    finnish = result(client, match, lang="fi").convert("RGB")
    assert ImageChops.difference(english, finnish).getbbox() is not None
    # An unknown theme or language is the light one in the page's language.
    assert ImageChops.difference(result(client, match, theme="x", lang="xx").convert("RGB"),
                                 english).getbbox() is None  # fmt: skip


def test_a_finished_match_names_its_winner(client, match):
    play(client, match, 0, 0, 100)  # gin: 25 + 100
    match.refresh_from_db()
    assert Standing.of(match).finished
    assert result(client, match).size == (WIDTH, HEIGHT)


def test_a_long_name_is_cut_short_but_the_score_is_kept(client, db):
    match = create_match(client, "Wilhelmina Kowalczykówna-Żółtowska", "Ｍ" * 40)
    play(client, match, 0, 0, 100)
    match.refresh_from_db()
    with translation.override("pl"):
        picture_text = result_picture(match)
    assert picture_text.headline == "Wygrywa Wilhelmina Ko…, 125–0"
    for text, width in ((picture_text.headline, 560), (picture_text.names[1], 300)):
        shown, face = fitted(text, width, range(36, 23, -2), bold=True)
        assert face.getlength(shown) <= width
    assert result(client, match).size == (WIDTH, HEIGHT)


def test_only_who_may_see_the_match_gets_its_picture(client, match):
    stranger = Client()
    url = reverse("offline:result_image", args=[match.pk])
    assert stranger.get(url).status_code == 404


def test_the_view_link_has_its_own_picture_for_previews(client, match):
    play(client, match, 0, 3, 30)
    match.set_share_link("view", enabled=True)
    match.refresh_from_db()
    url = reverse("offline:link_result_image", args=[match.view_token])
    crawler = Client()  # no cookies
    assert picture(crawler.get(url, {"lang": "fi", "theme": "dark"})).size == (WIDTH, HEIGHT)
    assert "public" in crawler.get(url)["Cache-Control"]
    match.set_share_link("view", enabled=False)
    assert crawler.get(url).status_code == 404


def og_tags(body: str) -> dict[str, str]:
    return {
        name: unescape(value)
        for name, value in re.findall(r'<meta (?:property|name)="([^"]+)" content="([^"]*)">', body)
    }


@pytest.mark.parametrize("kind", ["view", "edit"])
def test_a_share_link_answers_a_crawler_with_the_open_graph_tags(client, match, kind):
    play(client, match, 0, 3, 30)
    match.set_share_link(kind, enabled=True)
    match.refresh_from_db()
    token = getattr(match, f"{kind}_token")
    link = reverse("scorekeeper:share_open", args=[token])

    crawler = Client(HTTP_ACCEPT_LANGUAGE="fi")
    response = crawler.get(link)  # no cookies, and no redirect to follow
    assert response.status_code == 200
    tags = og_tags(response.content.decode())
    assert tags["og:title"] == "Alice 27 – Bob 0"
    assert tags["og:type"] == "website"
    assert tags["og:url"] == f"http://testserver{link}"
    assert tags["og:image"] == (
        f"http://testserver{reverse('offline:link_result_image', args=[token])}?lang=fi&theme=light"
    )
    assert (tags["og:image:width"], tags["og:image:height"]) == ("1200", "630")
    assert tags["twitter:card"] == "summary_large_image"
    # The picture it names is there for the crawler too.
    assert picture(Client().get(tags["og:image"])).size == (WIDTH, HEIGHT)


def test_a_browser_opening_the_link_still_gets_the_match(client, match):
    match.set_share_link("view", enabled=True)
    match.refresh_from_db()
    friend = Client()
    page = friend.get(reverse("scorekeeper:share_open", args=[match.view_token]))
    assert page.status_code == 200
    assert "Alice – Bob" in page.content.decode()
    # The session it set lets the scoreboard, its polls and the picture through.
    assert friend.get(match.get_absolute_url()).status_code == 200
    assert friend.get(reverse("offline:result_image", args=[match.pk])).status_code == 200
    assert friend.post(
        reverse("scorekeeper:deal_draw", args=[match.pk]), {"number": 1}
    ).status_code == 403  # fmt: skip


def test_the_owners_own_scoreboard_carries_no_open_graph_tags(client, match):
    body = client.get(match.get_absolute_url()).content.decode()
    assert "og:title" not in body


def test_a_revoked_link_answers_404_to_a_crawler(client, match):
    match.set_share_link("view", enabled=True)
    token = Match.objects.get(pk=match.pk).view_token
    match.set_share_link("view", enabled=False)
    assert Client().get(reverse("scorekeeper:share_open", args=[token])).status_code == 404


def test_send_the_result_is_on_the_scoreboard_and_the_match_page(client, match):
    for url in (match.get_absolute_url(), reverse("scorekeeper:match_history", args=[match.pk])):
        body = client.get(url).content.decode()
        assert "Send the result" in body
        assert f'href="/matches/{match.pk}/result.png?lang=en&amp;theme=light"' in body
        assert "share" not in re.search(r"<a[^>]*data-send-result[^>]*>.*?</a>", body, re.S)[0]


# --- A Hollywood match: the three games and the net ------------------------------------------


def test_a_hollywood_picture_shows_the_three_games_and_the_net(client, db):
    match = visible_hollywood_match(client, "Ann", "Ben", SETTLED, **SETTLED_RULES)
    said = result_picture(match)
    assert said.scores == ("+725", "\u2212725")
    assert said.winner == 0
    assert said.headline == "Ann wins by 725"
    assert said.games == "G1 350–0 · G2 250–50 · G3 240–65"
    for theme in ("light", "dark"):
        assert result(client, match, theme=theme).size == (WIDTH, HEIGHT)


def test_a_tied_hollywood_picture_says_it_is_a_tie(client, db):
    match = visible_hollywood_match(client, "Ann", "Ben", TIED)
    said = result_picture(match)
    assert (said.headline, said.winner, said.scores) == ("Tie: equal nets", None, ("0", "0"))
    assert said.games == "G1 100–50 · G2 0–100 · G3 100–50"
    with translation.override("nl"):
        assert result_picture(match).headline == "Gelijkspel: gelijke saldo's"


def test_a_hollywood_picture_while_playing_shows_each_games_totals(client, db):
    match = visible_hollywood_match(client, "Ann", "Ben", SETTLED[:4], **SETTLED_RULES)
    said = result_picture(match)
    assert said.headline == "In progress"
    assert said.games == "G1 350–0 · G2 250–50 · G3 60–0"  # ended games with their bonuses
    assert said.scores == ("+550", "\u2212550")
    assert result(client, match).size == (WIDTH, HEIGHT)


def test_hollywood_pictures_of_different_games_differ(client, db):
    first = visible_hollywood_match(client, "Ann", "Ben", SETTLED[:4], **SETTLED_RULES)
    second = visible_hollywood_match(client, "Ann", "Ben", SETTLED[:5], **SETTLED_RULES)
    difference = ImageChops.difference(
        result(client, first).convert("RGB"), result(client, second).convert("RGB")
    )
    assert difference.getbbox() is not None


def test_a_single_game_winner_behind_on_bonuses_is_shown_with_the_totals_as_they_are(client, db):
    # Five wins of 10 against one of 100, box 25: Bob reached the target, Alice has more.
    match = create_match(client, "Alice", "Bob")
    match.rules = Rules(box_bonus=25).to_dict()
    match.save(update_fields=["rules"])
    add_deals(match, [knock(0, 10)] * 5 + [knock(1, 100)])
    said = result_picture(match)
    assert said.winner == 1 and said.scores == ("175", "125")
    assert said.headline == "Bob wins 125–175"
    assert "\u2212" not in said.headline and " by " not in said.headline


def test_a_hollywood_share_link_previews_the_net_and_the_games(client, db):
    match = visible_hollywood_match(client, "Ann", "Ben", SETTLED, **SETTLED_RULES)
    match.set_share_link("view", enabled=True)
    match.refresh_from_db()
    tags = og_tags(
        Client().get(reverse("scorekeeper:share_open", args=[match.view_token])).content.decode()
    )
    assert tags["og:title"] == "Ann +725 – Ben \u2212725"
    assert tags["og:description"] == (
        "Ann wins by 725 · G1 350–0 · G2 250–50 · G3 240–65 · Oklahoma Gin"
    )
