"""``python -m adjudication``: JSON lines in, JSON lines out (see :mod:`adjudication.cli`)."""

from adjudication.cli import main

raise SystemExit(main())
