"""Presenters: what a page shows, computed once from the stored facts and the engine's functions.

The engine says what happened and why in codes and figures; the presenters turn them into what
the templates show, so that templates show facts and never work the rules out again. Its rooms:

- `sentences`: the engine's codes and figures as sentences in the reader's language (the rules
  page's sections, a match's day, a verdict explained, a hand's deadwood and analysis);
- `preview`: the one live preview, shared by deal entry and the knock checker, and the verdict
  bar; the two hands of a card-entry page;
- `summaries`: the match lists' lines, each a match and its standing;
- `sheet`: the words of a Hollywood sheet (a game's short name, the games a deal went into, a
  signed net, the games a deal ended).

Importers name the module they need: this package re-exports nothing.
"""
