"""`manage.py import_matches USERNAME FILE`: restore a backup, all or nothing."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scorekeeper.backup import BackupError, import_matches


class Command(BaseCommand):
    help = "Restore matches from an export_matches file; a damaged file imports nothing."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("file")

    def handle(self, username, file, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no account named {username!r}")
        try:
            with open(file, encoding="utf-8") as handle:
                body = json.load(handle)
            count = import_matches(user, body)
        except (OSError, json.JSONDecodeError, BackupError) as error:
            raise CommandError(f"nothing imported: {error}") from error
        self.stdout.write(f"imported {count} matches")
