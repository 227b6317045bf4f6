"""Backups of an account's matches: one JSON document, checked in full before anything is
restored.

A backup carries, for every match, its stable id, players, rules and first dealer, the facts
of every deal with the verdict stored for it, and the illegal knocks; plus a checksum.

The checksum is plain SHA-256: it catches a damaged file, but it is no seal, since anyone who
edits a file can compute it again. What keeps a crafted file out is that nothing in it is
taken on trust. Every fact goes through the same gates as entry in the browser: the match
through `MatchForm` (names, rules, first dealer), an upcard through `UpcardForm`, a full deal
through `DealForm`, a quick deal through `QuickForm`, and the engine judges each deal again.
What the file says was stored must be exactly what the app would have stored for those facts;
and every column is also checked by its model field (type, length, range, choices). One bad
value anywhere and nothing is imported, with a message that names the match, the deal and the
field. A file that is not even a backup (not UTF-8, not JSON, wrong types) gets a message too.

Importing is idempotent: a match whose stable id the account already holds is not imported
again. When the file's copy differs from the account's (say, deals were recorded since the
backup), the account's copy is kept as it is and the import says so; nothing is merged.

The package, from the bottom up (each module imports only those above it in this list):

- `errors`: `BackupError`, and `Where`: the place in the file that its message names.
- `format`: the file format: its name and version, the fields of a match, a deal and an
  illegal knock, the checksum, reading and writing the text, and the upgrades of older versions.
- `replay`: a file's facts through the app's own gates: the entry forms, then the engine.
- `checking`: `check_backup`, every value of a file checked; `CheckedMatch`, what it returns.
- `writing`: `export_matches` and `import_matches`, with the `ImportReport` it gives.
"""
