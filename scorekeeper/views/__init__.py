"""The app's views, grouped by what the player does; each module keeps its routes beside its
views, in `urlpatterns`, which `scorekeeper.urls` puts together.

- `pages`: the front page, the rules, the knock checker, the deck colours.
- `starting`: start a match, or a rematch.
- `scoreboard`: the scoreboard and its live poll.
- `upcard`: set or change the upcard of the deal being played.
- `recording`: record a deal: as a draw, from the quick path, or card by card.
- `deal_page`: one deal's verdict.
- `corrections`: edit, undo, delete and restore a deal.
- `share`: the view and edit links.
- `history`: the match list and a match looked back on.
- `stats`: the players' figures.
- `exports`: CSV downloads.
- `api`: the JSON API and its description.

What several of them need (the scoreboard, the card-entry page, finding a deal) is in
`common`, which holds no view: no view module imports another.

Views are small typed functions. Every page works without JS (POST, then redirect); with htmx
the same view answers with the partial that changed.
"""

# The query-string keys each view reads itself, by URL name: a page's forms say what their
# fields are, but nothing on a page names these (`?rematch=12`, `?p=/s/…/`, `?next=/…`). The
# fuzz test (tests/scorekeeper/test_forms_fuzz.py) sends bad values to each, and
# tests/scorekeeper/test_urls.py fails when a view reads a key that is not listed here.
QUERY_KEYS: dict[str, tuple[str, ...]] = {
    "scorekeeper:checker": ("upcard", "go"),
    "scorekeeper:deck_colours": ("next",),
    "scorekeeper:match_create": ("rematch", "preset"),
    "scorekeeper:match_poll": ("v", "over"),
    "scorekeeper:deal_edit": ("mode",),
    "scorekeeper:history": ("page",),
    "offline:manifest": ("lang",),
    "offline:kept": ("p",),
    "offline:result_image": ("lang", "theme"),
    "offline:link_result_image": ("lang", "theme"),
    "set_language": ("next",),
    "signup": ("next",),
    "login": ("next",),
    "logout": ("next",),
    "save_offer_dismiss": ("next",),
}
