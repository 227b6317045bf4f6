from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScorekeeperConfig(AppConfig):
    """The table companion: players, matches and deals, adjudicated by the rules engine."""

    name = "scorekeeper"
    verbose_name = _("Score keeper")

    def ready(self) -> None:
        from django.urls import register_converter

        from . import accounts  # noqa: F401  (connects the log-in signal)
        from .converters import BoundedIntConverter

        # Before any URLconf is read: every number in a route is `<num:...>`.
        register_converter(BoundedIntConverter, "num")
