"""The owner's form for one share link: create it, replace it, or revoke it."""

from __future__ import annotations

from functools import cached_property

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Layout
from django import forms
from django.utils.translation import gettext_lazy as _

from ..layouts import Button
from ..models import SHARE_KINDS


class ShareForm(forms.Form):
    """The buttons of one link on the owner's "Send a link" screen: make it, or a new one, or
    revoke it. Each button posts its `action`, such as "view-on" or "edit-off", which is the
    one thing the form reads. The link itself is shown above it, as text to select."""

    action = forms.ChoiceField(
        choices=[(f"{kind}-{state}", "") for kind in SHARE_KINDS for state in ("on", "off")]
    )

    def __init__(self, *args, kind: str = "view", url: str | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind
        self.url = url

    def change(self) -> tuple[str, bool]:
        """Return the link the tapped button changes ("view" or "edit") and whether it is to
        work (a new one) or stop."""
        kind, _sep, state = self.cleaned_data["action"].partition("-")
        return kind, state == "on"

    @cached_property
    def helper(self) -> FormHelper:
        """Return the link's buttons: with a link, a new one and revoke; else create one."""
        helper = FormHelper()
        if not self.url:
            helper.layout = Layout(Button(_("Create the link"), **self._action("on")))
            return helper
        helper.layout = Layout(
            Div(
                Button(_("New link"), css_class="btn", **self._action("on")),
                Button(_("Revoke"), css_class="btn btn-danger", **self._action("off")),
                css_class="actions actions-2",
            ),
        )
        return helper

    def _action(self, state: str) -> dict[str, str]:
        return {"name": "action", "value": f"{self.kind}-{state}"}
