from django.apps import AppConfig


class LimitsConfig(AppConfig):
    """Rate limits: the client's address, the shared counters' table, the refusal pages."""

    name = "scorekeeper.limits"
    label = "limits"
