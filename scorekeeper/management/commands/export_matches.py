"""`manage.py export_matches USERNAME [-o FILE]`: all of an account's matches as one JSON file."""

import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scorekeeper.backup.format import dumps
from scorekeeper.backup.writing import export_matches


class Command(BaseCommand):
    help = "Write all of an account's matches (players, rules, deals, verdicts) to one JSON file."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(self, username, output=None, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no account named {username!r}")
        text = dumps(export_matches(user))
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
        else:
            sys.stdout.write(text)
