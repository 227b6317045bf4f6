"""`manage.py import_matches USERNAME FILE`: restore a backup, all or nothing."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scorekeeper.backup.errors import BackupError
from scorekeeper.backup.format import loads
from scorekeeper.backup.writing import import_matches


class Command(BaseCommand):
    help = (
        "Restore matches from an export_matches file. A damaged or altered file imports "
        "nothing; matches already in the account are not imported again."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("file")

    def handle(self, username, file, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no account named {username!r}")
        try:
            with open(file, "rb") as handle:
                data = handle.read()
        except OSError as error:
            raise CommandError(f"nothing imported: {error}") from error
        try:
            report = import_matches(user, loads(data))
        except BackupError as error:
            raise CommandError(f"nothing imported: {error}") from error
        self.stdout.write(str(report))
