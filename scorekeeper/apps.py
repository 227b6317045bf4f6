from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScorekeeperConfig(AppConfig):
    """The table companion: players, matches and deals, adjudicated by the rules engine."""

    name = "scorekeeper"
    verbose_name = _("Score keeper")

    def ready(self) -> None:
        from . import accounts  # noqa: F401  (connects the log-in signal)
