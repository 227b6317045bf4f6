"""Forms: each parses and validates with the engine, and turns engine errors into field errors.

This package is the one boundary where the engine's `AdjudicationError`s become
`ValidationError`s; nothing else in the app catches them. Its rooms:

- `fields`: the card and hand fields (a hand from the grid, its text, or both);
- `entry`: a deal's entry forms (cards, the knock checker, the upcard, quick numbers);
- `match`: the new-match form and its house rules;
- `share`: the owner's buttons for a share link;
- `engine_errors`: the engine's refusals in the user's language.

Importers name the module they need: this package re-exports nothing.
"""
