"""`{% fragment %}`: a region of a match's page kept per match version, role and language.

    {% load fragments %}
    {% fragment "deals" board role %} … {% endfragment %}
    {% fragment "controls" board role unless forms_bound %} … {% endfragment %}

`board` is the page's `scorekeeper.board.Board` and `role` the visitor's
`scorekeeper.access.Role`, both required, so that no key can leave the role out. With
`unless`, a true value (a bound form inside: the visitor's own input) draws the region afresh
and keeps nothing. See `scorekeeper.fragments` for what the key holds and what is kept.
"""

from __future__ import annotations

from django import template
from django.template.base import FilterExpression, NodeList, Parser, Token

from ..fragments import cached_fragment

register = template.Library()


class FragmentNode(template.Node):
    def __init__(
        self,
        nodelist: NodeList,
        name: FilterExpression,
        board: FilterExpression,
        role: FilterExpression,
        unless: FilterExpression | None,
    ) -> None:
        self.nodelist = nodelist
        self.name = name
        self.board = board
        self.role = role
        self.unless = unless

    def render(self, context: template.Context) -> str:
        keep = self.unless is None or not self.unless.resolve(context)
        return cached_fragment(
            str(self.name.resolve(context)),
            self.board.resolve(context),
            self.role.resolve(context),
            context,
            self.nodelist.render,
            keep=keep,
        )


@register.tag("fragment")
def do_fragment(parser: Parser, token: Token) -> FragmentNode:
    """Parse `{% fragment name board role [unless value] %} … {% endfragment %}`."""
    bits = token.split_contents()
    if len(bits) not in (4, 6) or (len(bits) == 6 and bits[4] != "unless"):
        raise template.TemplateSyntaxError(
            f"'{bits[0]}' takes a name, the board and the role, then optionally 'unless value'"
        )
    nodelist = parser.parse(("endfragment",))
    parser.delete_first_token()
    unless = parser.compile_filter(bits[5]) if len(bits) == 6 else None
    return FragmentNode(nodelist, *(parser.compile_filter(bit) for bit in bits[1:4]), unless)
