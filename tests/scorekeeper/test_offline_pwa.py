"""Installing and offline use, as the server serves them: the manifest and its icons, the theme
colours, the service worker at the root, the offline page, and the check that drops the pages
of revoked links."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse
from django.utils.functional import empty
from PIL import Image

from scorekeeper.offline import pwa

from .match_helpers import create_match

PAGES = ["scorekeeper:home", "scorekeeper:rules", "scorekeeper:checker", "login", "offline:page"]


def test_the_manifest_describes_an_installable_app(client, db):
    response = client.get(reverse("offline:manifest"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Oklahoma Gin table companion"
    assert manifest["short_name"] == "Oklahoma Gin"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_each_icon_exists_at_its_declared_size(client, db):
    manifest = json.loads(client.get(reverse("offline:manifest")).content)
    for icon in manifest["icons"]:
        name = icon["src"].removeprefix(
            settings.STATIC_URL if icon["src"][0] != "/" else "/static/"
        )
        path = finders.find(name)
        assert path, f"{icon['src']} is not a static file"
        width, height = (int(n) for n in icon["sizes"].split("x"))
        with Image.open(path) as image:
            assert image.format == "PNG" and image.size == (width, height), icon
    with Image.open(finders.find("img/icon-maskable-512.png")) as maskable:
        # Full bleed: a launcher's mask may cut any corner, so no corner is transparent.
        rgba = maskable.convert("RGBA")
        assert all(rgba.getpixel(corner)[3] == 255 for corner in ((0, 0), (511, 0), (0, 511)))


def test_the_manifest_speaks_the_language_in_its_url(client, db):
    manifest = json.loads(client.get(reverse("offline:manifest"), {"lang": "fi"}).content)
    assert manifest["lang"] == "fi"
    assert manifest["name"] != "Oklahoma Gin table companion"
    ignored = json.loads(client.get(reverse("offline:manifest"), {"lang": "xx"}).content)
    assert ignored["lang"] == "en"


@pytest.mark.parametrize("name", PAGES)
def test_every_page_links_the_manifest_and_both_theme_colours(client, db, name):
    body = client.get(reverse(name)).content.decode()
    assert f'<link rel="manifest" href="{reverse("offline:manifest")}?lang=en">' in body
    assert '<meta name="theme-color" media="(prefers-color-scheme: light)"' in body
    assert '<meta name="theme-color" media="(prefers-color-scheme: dark)"' in body
    assert 'data-served="network"' in body  # the mark the service worker changes
    assert "<script" not in body.replace("<script src=", "")  # nothing inline


def test_the_scoreboard_and_the_card_entry_link_them_too(client, match):
    for url in (match.get_absolute_url(), reverse("scorekeeper:deal_enter", args=[match.pk, 0])):
        body = client.get(url).content.decode()
        assert 'rel="manifest"' in body and "js/offline.js" in body


def test_the_service_worker_is_served_from_the_root(client, db):
    response = client.get(reverse("offline:service_worker"))
    assert reverse("offline:service_worker") == "/sw.js"
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    assert "script-src 'self'" in response["Content-Security-Policy"]
    body = response.content.decode()
    config = json.loads(re.match(r"self\.OKGIN = (\{.*\});\n", body)[1])
    assert config["static"][0] == "/static/css/site.css"
    assert config["pages"] == ["/", "/rules/", "/offline/"]
    assert config["store"] == "/static/js/offline.js"
    assert re.fullmatch(r"[0-9a-f]{16}", config["version"])
    assert response["ETag"] == f'"{config["version"]}"'
    assert "self.addEventListener('fetch'" in body
    # Unchanged, it is not sent again.
    again = client.get(reverse("offline:service_worker"), HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304


def test_the_board_pattern_matches_scoreboards_only(db):
    pattern = re.compile(pwa.worker_config()["board"])
    assert pattern.match("/matches/12/")
    assert not pattern.match("/matches/12/knock/0/") and not pattern.match("/matches/new/")


@pytest.fixture
def collected(tmp_path):
    """The static files, copied, then collected as production collects them (hashed names and
    a manifest); yields the copy of the sources and the collected folder."""
    sources = tmp_path / "sources"
    shutil.copytree(Path(settings.BASE_DIR) / "static", sources)
    root = tmp_path / "collected"
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=root, STORAGES=storages, STATICFILES_DIRS=[sources]):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield sources, root


def deploy() -> None:
    """Collect the static files again, and read them as a freshly started server does."""
    call_command("collectstatic", interactive=False, verbosity=0)
    staticfiles_storage._wrapped = empty


def test_in_production_the_worker_knows_the_hashed_names(client, db, collected):
    _sources, root = collected
    body = client.get(reverse("offline:service_worker")).content.decode()
    config = json.loads(re.match(r"self\.OKGIN = (\{.*\});\n", body)[1])
    for url in config["static"]:
        assert re.search(r"\.[0-9a-f]{12}\.(css|js|svg)$", url), url
        assert (root / url.removeprefix("/static/")).exists()
    assert re.search(r"/static/js/offline\.[0-9a-f]{12}\.js$", config["store"])


def test_a_deploy_that_changes_a_static_file_changes_the_version(db, collected):
    sources, _root = collected
    before = pwa.worker_config()["version"]
    deploy()
    assert pwa.worker_config()["version"] == before  # nothing changed, nothing to fetch
    stylesheet = sources / "css" / "site.css"
    stylesheet.write_text(stylesheet.read_text() + "\n/* a deploy */\n")
    deploy()
    assert pwa.worker_config()["version"] != before


def test_the_offline_page_says_what_opens_without_a_connection(client, db):
    body = client.get(reverse("offline:page")).content.decode()
    assert "No connection" in body and 'href="/rules/"' in body


def kept(client, *paths: str) -> list[str]:
    response = client.get(reverse("offline:kept"), {"p": list(paths)})
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"]
    return json.loads(response.content)["gone"]


def test_kept_pages_of_a_revoked_link_are_to_be_dropped(client, db):
    match = create_match(client)
    match.set_share_link("view", enabled=True)
    match.refresh_from_db()
    watcher = Client()
    link = reverse("scorekeeper:share_open", args=[match.view_token])
    watcher.get(link)
    board = match.get_absolute_url()
    deal_page = reverse("scorekeeper:deal_detail", args=[match.pk, 1])
    history = reverse("scorekeeper:match_history", args=[match.pk])
    assert kept(watcher, link, board, deal_page, history, "/rules/") == []

    match.set_share_link("view", enabled=False)
    assert sorted(kept(watcher, link, board, deal_page, history, "/rules/")) == sorted(
        [link, board, deal_page, history]
    )
    # The owner keeps the match's own pages; only the dead link goes.
    assert kept(client, link, board, "/") == [link]


def test_kept_pages_of_a_deleted_match_are_to_be_dropped(client, db):
    match = create_match(client)
    board = match.get_absolute_url()
    match.delete()
    assert sorted(kept(client, board, "/", "/nowhere/")) == sorted([board, "/nowhere/"])
