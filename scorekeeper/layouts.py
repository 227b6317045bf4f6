"""The site's crispy-forms layout objects and helpers, drawn by its own template pack, "gin"
(templates/gin/), whose markup is the stylesheet's: no Bootstrap.

crispy-forms ships `Submit` (an `<input>`, whose label is its value), `Fieldset`, `Div`,
`Field` and `Hidden`; these add a `<button>` that posts a name and value of its own, a link
drawn as a button, a short note between fields and a disclosure that opens by itself when its
form has errors. Each renders with the request's language, and none keeps state between
renders (crispy's own `BaseInput` rewrites its value as it renders: build helpers per form).
"""

from __future__ import annotations

import json
from dataclasses import KW_ONLY, dataclass
from typing import Any, ClassVar

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Layout, LayoutObject
from crispy_forms.utils import TEMPLATE_PACK
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString

PRIMARY = "btn btn-primary btn-block"


class Piece(LayoutObject):
    """A layout object without fields, drawn by its `template`, which gets it as `piece`."""

    fields: ClassVar[tuple] = ()

    def render(self, form, context, template_pack=TEMPLATE_PACK, **kwargs) -> SafeString:
        return render_to_string(self.get_template_name(template_pack), {"piece": self})


@dataclass(eq=False)
class Button(Piece):
    """A submit button under `label`; with `name` and `value`, it posts them when tapped."""

    template: ClassVar[str] = "%s/layout/button.html"
    label: str
    _: KW_ONLY
    css_class: str = PRIMARY
    name: str = ""
    value: str = ""


@dataclass(eq=False)
class Link(Piece):
    """A link drawn as a button: `label`, to the page the URL pattern `url_name` names."""

    template: ClassVar[str] = "%s/layout/link.html"
    label: str
    url_name: str
    _: KW_ONLY
    css_class: str = "btn"

    @property
    def href(self) -> str:
        """Return the linked page's URL."""
        return reverse(self.url_name)


@dataclass(eq=False)
class Preset(Piece):
    """A link drawn as a button that opens this form again with `values` filled in
    (``?preset=<name>``); with JS, static/js/phone.js fills them in place instead."""

    template: ClassVar[str] = "%s/layout/preset.html"
    label: str
    values: dict[str, bool | int]
    _: KW_ONLY
    name: str = "hollywood"
    css_class: str = "btn btn-block"

    @property
    def data(self) -> str:
        """Return the values as the JSON that the link carries for the page's script."""
        return json.dumps(self.values)


@dataclass(eq=False)
class Note(Piece):
    """A short paragraph between fields, such as what a group of them is for."""

    template: ClassVar[str] = "%s/layout/note.html"
    text: str
    _: KW_ONLY
    css_class: str = "muted small"


class Details(LayoutObject):
    """Fields inside a disclosure (`<details>`) under `summary`, open when the form has errors
    (so that an error in a field inside is never hidden), or when `open` says so."""

    template = "%s/layout/details.html"

    def __init__(
        self, summary: str, *fields: Any, css_class: str = "panel", open: bool = False
    ) -> None:
        self.summary = summary
        self.opened = open
        self.fields = list(fields)
        self.css_class = css_class

    def render(self, form, context, template_pack=TEMPLATE_PACK, **kwargs) -> SafeString:
        fields = self.get_rendered_fields(form, context, template_pack, **kwargs)
        details = {"details": self, "fields": fields, "open": bool(form.errors) or self.opened}
        return render_to_string(self.get_template_name(template_pack), details)


def panel_helper(*layout: Any) -> FormHelper:
    """Return the helper of a form drawn as a panel: a POST of `layout` (its fields, then its
    buttons), left to the server to validate, whose messages are the ones the page shows."""
    helper = FormHelper()
    helper.form_class = "panel"
    helper.attrs = {"novalidate": True}
    helper.layout = Layout(*layout)
    return helper
