from django.apps import AppConfig


class OfflineConfig(AppConfig):
    """Offline use, installing, idempotent changes and sending the result (see the package)."""

    name = "scorekeeper.offline"
    label = "offline"
