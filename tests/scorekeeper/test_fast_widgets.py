"""The card widgets build their HTML in Python (issue 8): the same markup, without the cost."""

import pytest
from django import forms

from scorekeeper.forms import DealForm
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
    grids = [form.fields["knocker"].fields[0] for form in (first, second)]
    assert grids[0] is not grids[1]
    assert grids[0].choices is grids[1].choices
    assert isinstance(grids[0].widget, forms.SelectMultiple)
    # A copy's own choices may still be set without touching the form class's.
    first.fields["upcard"].choices = [("AS", "A♠")]
    assert len(second.fields["upcard"].choices) > 1
