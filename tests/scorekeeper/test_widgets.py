"""The card widgets and card tags build their HTML in Python (issues 8 and 16): the same markup,
without the cost."""

import pytest
from django import forms
from django.template import Context, Template
from django.utils import translation

from adjudication import Card, Meld, parse_cards
from adjudication.layoffs import Layoff
from scorekeeper.forms.entry import DealForm
from scorekeeper.templatetags.cards import card
from scorekeeper.widgets import (
    SHORTHAND_ATTRS,
    UPCARD_CHOICES,
    CardGridWidget,
    CardSelect,
    FastHiddenInput,
    FastTextInput,
)


@pytest.mark.parametrize(
    ("value", "attrs"),
    [
        (None, {"id": "id_upcard"}),
        ("", {"id": "id_upcard", "required": True}),
        ("KD", {"id": "id_upcard", "aria-invalid": "true", "aria-describedby": "id_upcard_error"}),
        ("XX", {"id": 'id_"up"', "disabled": False}),
    ],
)
def test_card_select_writes_what_djangos_select_template_writes(value, attrs):
    ours = CardSelect(choices=UPCARD_CHOICES).render("upcard", value, attrs)
    django = forms.Select(choices=UPCARD_CHOICES).render("upcard", value, attrs)
    assert ours == django


def test_card_grid_shows_52_cards_with_ticked_and_taken_ones():
    grid = CardGridWidget()
    grid.taken = frozenset({"AS", "KD"})
    with translation.override("en"):  # whatever language an earlier test left active
        html = grid.render("knocker", ["KD", "2S"], {"id": "id_knocker"})
    assert html.count("<label ") == 52 and html.count('type="checkbox"') == 52
    assert 'value="2S" id="id_knocker_2S" checked>' in html
    # Taken by the other hand: greyed out; unless this hand has it too, to show the clash.
    assert 'for="id_knocker_AS"><input' in html and 'id="id_knocker_AS" disabled>' in html
    assert 'id="id_knocker_KD" checked>' in html and 'KD" checked disabled' not in html
    assert html.count("(in the other hand)") == 1


def test_card_grid_escapes_the_name_and_id_it_is_given():
    html = CardGridWidget().render('k"<', None, {"id": 'i"<'})
    assert 'name="k&quot;&lt;"' in html and 'id="i&quot;&lt;_AS"' in html and '"<' not in html
    assert 'id="id_k&quot;&lt;_AS"' in CardGridWidget().render('k"<', None)


@pytest.mark.parametrize(
    ("ours", "django"),
    [
        (FastTextInput(SHORTHAND_ATTRS), forms.TextInput(SHORTHAND_ATTRS)),
        (FastHiddenInput(), forms.HiddenInput()),
    ],
    ids=["text", "hidden"],
)
@pytest.mark.parametrize(
    ("value", "attrs"),
    [
        (None, {"id": "id_knocker_text"}),
        ("", {"id": "id_knocker_text"}),
        ("7H 8H 9H", {"id": "id_knocker_text"}),
        ('7h "<&>', {"id": "id_knocker_text", "aria-invalid": "true", "aria-describedby": "x"}),
        ("KS", {"id": 'i"<', "disabled": False, "required": True}),
    ],
)
def test_fast_inputs_write_what_djangos_input_template_writes(ours, django, value, attrs):
    assert ours.render('knocker_text"<', value, attrs) == django.render(
        'knocker_text"<', value, attrs
    )


def test_each_form_shares_the_card_fields_constant_choices_instead_of_copying_them(match):
    first, second = DealForm(match=match), DealForm(match=match)
    assert first.fields["upcard"] is not second.fields["upcard"]
    assert first.fields["upcard"].choices is second.fields["upcard"].choices
    # The drop-down's choices too; its attributes are each form's own.
    first_select, second_select = first.fields["upcard"].widget, second.fields["upcard"].widget
    assert first_select is not second_select and first_select.choices is second_select.choices
    first_select.attrs["data-x"] = "1"
    assert "data-x" not in second_select.attrs
    # A copy's own choices may still be set without touching the form class's.
    first.fields["upcard"].choices = [("AS", "A♠")]
    assert len(second.fields["upcard"].choices) > 1
    assert len(second_select.choices) > 1 and first_select.choices == [("AS", "A♠")]


def test_a_card_field_accepts_exactly_its_choices_also_after_they_are_changed(match):
    upcard = DealForm(match=match).fields["upcard"]
    assert upcard.valid_value("KD") and upcard.valid_value("")
    assert not upcard.valid_value("KX") and not upcard.valid_value("kd")
    upcard.choices = [("AS", "A♠")]
    assert upcard.valid_value("AS") and not upcard.valid_value("KD")
    form = DealForm({"upcard": "ZZ", "knocker": ["AS", "1X"]}, match=match)
    assert not form.is_valid()
    assert "upcard" in form.errors and "knocker" in form.errors


def test_forms_share_a_hands_part_fields_but_each_marks_taken_cards_on_its_own_grid(match):
    first = DealForm({"knocker": ["AS"], "opponent": ["KD"]}, match=match)
    second = DealForm({"knocker": ["2S"], "opponent": ["3S"]}, match=match)
    # The part fields (grid choices, text, text as shown) only read what is posted: shared.
    assert first.fields["knocker"].fields is second.fields["knocker"].fields
    assert isinstance(first.fields["knocker"].fields[0].widget, forms.SelectMultiple)
    # The widget, whose grid greys the other hand's cards, is each form's own.
    assert first.fields["knocker"].widget is not second.fields["knocker"].widget
    first.is_valid()
    second.is_valid()
    assert 'id="id_knocker_KD" disabled>' in first["knocker"].parts["grid"]
    grid = second["knocker"].parts["grid"]
    assert 'id="id_knocker_3S" disabled>' in grid and 'id="id_knocker_KD" disabled' not in grid


# The loop that drew a spread before the {% arrangement %} tag (it was an included template).
SPREAD_LOOP = (
    '{% load cards %}<div class="cards-row">{% for m in melds %}<span class="meld">'
    "{% meld m layoffs %}</span>{% endfor %}"
    '{% for c in deadwood %}{% card c "dead" %}{% endfor %}</div>'
)


@pytest.mark.parametrize(
    ("melds", "deadwood", "layoffs"),
    [
        ((), (), None),
        (("3H 4H 5H 6H", "7C 7D 7S"), ("KS", "2D"), None),
        (("4H 5H 6H",), ("9C",), [("3H", "4H 5H 6H"), ("7H", "4H 5H 6H")]),
        (("QS QH QD",), (), [("QC", "QS QH QD")]),
    ],
)
def test_the_arrangement_tag_writes_what_the_template_loop_wrote(melds, deadwood, layoffs):
    melds = [Meld.parse(text) for text in melds]
    context = {
        "melds": melds,
        "deadwood": parse_cards(" ".join(deadwood)),
        "layoffs": layoffs and [Layoff(Card.parse(c), Meld.parse(onto)) for c, onto in layoffs],
    }
    loop = Template(SPREAD_LOOP).render(Context(context))
    tag = Template("{% load cards %}{% arrangement melds deadwood layoffs %}")
    assert tag.render(Context(context)) == loop
    if layoffs:
        assert loop.count(" laid") == len(layoffs)


def test_a_drawn_card_is_escaped_markup_whatever_extra_class_it_is_given():
    assert str(card("TH", "dead")) == (
        '<span class="pc pc-h dead" title="10♥"><b>10</b><i>♥</i></span>'
    )
    assert 'class="pc pc-s &quot;&gt;"' in card("AS", '">')
    assert card(Card.parse("AS"), "") is card("AS", "")  # drawn once, then kept


def test_a_hands_grid_is_drawn_only_when_a_page_shows_it(match):
    form = DealForm({"knocker": ["AS", "2S"], "knocker_text": ""}, match=match)
    form.is_valid()
    with translation.override("en"):  # whatever language an earlier test left active
        parts = form["knocker"].parts
    assert "grid" not in parts and parts["count_text"] == "2 of 10–11"
    assert 'id="id_knocker_AS" checked>' in parts["grid"]
    assert (
        "grid" in parts and 'id="id_knocker_AS" checked>' in form["knocker"].get_context()["grid"]
    )
