"""The app's views, grouped by what the player does; each module keeps its routes beside its
views, in `urlpatterns`, which `scorekeeper.urls` puts together.

- `pages`: the front page, the rules, the knock checker, the deck colours.
- `play`: start a match, the scoreboard and its poll, record a deal, see its verdict.
- `corrections`: edit, undo, delete and restore a deal.
- `share`: the view and edit links.
- `history`: the match list and a match looked back on.
- `stats`: the players' figures.
- `exports`: CSV downloads.
- `api`: the JSON API and its description.

Views are small typed functions. Every page works without JS (POST, then redirect); with htmx
the same view answers with the partial that changed.
"""
