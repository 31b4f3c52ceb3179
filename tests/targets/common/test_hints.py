"""The shared wording of constraint hints (elicit_gen/targets/common/hints.py)."""

from __future__ import annotations

import pytest

from elicit_gen.compiler import ir
from elicit_gen.targets.common import hints as _hints

from ...support.cases import forms


@pytest.mark.parametrize(
    ("lo", "hi", "hint"),
    [
        (None, None, ""),
        (0, None, ""),
        (3, 40, "3 to 40 characters."),
        (0, 40, "At most 40 characters."),
        (None, 40, "At most 40 characters."),
        (None, 1, "At most 1 character."),
        (3, None, "At least 3 characters."),
        (1, None, "At least 1 character."),
        (4, 4, "Exactly 4 characters."),
        (1, 1, "Exactly 1 character."),
        (0, 0, "Exactly 0 characters."),
    ],
)
def test_length_hint(lo: int | None, hi: int | None, hint: str) -> None:
    assert _hints.length_hint(lo, hi) == hint


@pytest.mark.parametrize(
    ("integer", "lo", "hi", "hint"),
    [
        (True, None, None, "A whole number."),
        (False, None, None, "A number."),
        (True, 1, 10, "A whole number from 1 to 10."),
        (False, 0.5, 2.0, "A number from 0.5 to 2."),
        (True, 18, None, "A whole number, at least 18."),
        (False, 0, None, "A number, at least 0."),  # a minimum of 0 is a constraint
        (False, None, 99.5, "A number, at most 99.5."),
        (True, 5, 5, "A whole number, exactly 5."),
        (
            True,
            -(2**53) + 1,
            2**53 - 1,
            "A whole number from -9007199254740991 to 9007199254740991.",
        ),
    ],
)
def test_number_hint(integer: bool, lo: float | None, hi: float | None, hint: str) -> None:
    assert _hints.number_hint(integer, lo, hi) == hint


@pytest.mark.parametrize(
    ("lo", "hi", "hint"),
    [
        (None, None, ""),
        (0, None, ""),
        (1, 3, "Choose 1 to 3 options."),
        (0, 2, "Choose at most 2 options."),
        (None, 1, "Choose at most 1 option."),
        (2, None, "Choose at least 2 options."),
        (1, None, "Choose at least 1 option."),
        (2, 2, "Choose exactly 2 options."),
        (1, 1, "Choose exactly 1 option."),
    ],
)
def test_count_hint(lo: int | None, hi: int | None, hint: str) -> None:
    assert _hints.count_hint(lo, hi) == hint
    if not lo:  # an optional field without a minimum: the same words
        assert _hints.count_hint(lo, hi, optional=True) == hint


@pytest.mark.parametrize(
    ("lo", "hi", "hint"),
    [
        (1, None, "If you choose any, choose at least 1 option."),
        (1, 3, "If you choose any, choose 1 to 3 options."),
        (2, 2, "If you choose any, choose exactly 2 options."),
        (0, 2, "Choose at most 2 options."),  # a minimum of 0 is no constraint
    ],
)
def test_optional_count_hint_allows_no_answer(lo: int, hi: int | None, hint: str) -> None:
    """An optional multi-select with minItems takes no answer: never "Choose at least 1"."""
    assert _hints.count_hint(lo, hi, optional=True) == hint


def test_phrases_embed_lower_case_without_full_stop() -> None:
    assert _hints.length_phrase(None, 40) == "at most 40 characters"
    assert _hints.number_phrase(False, 18, None) == "a number, at least 18"
    assert _hints.count_phrase(None, 2) == "choose at most 2 options"
    assert _hints.sentence("") == ""


def test_hint_and_error_share_words_but_the_error_says_what_is_wrong() -> None:
    """A hint and the error the form shows when it is broken use the same words (formcore's
    "at most", counts of characters and options), and the error tells what the answer has
    rather than repeating the hint."""
    from elicit_gen.runtime.core import formcore

    schema = {
        "type": "object",
        "properties": {
            "s": {"type": "string", "maxLength": 3},
            "m": {"type": "array", "items": {"enum": ["a", "b", "c"]}, "maxItems": 2},
        },
    }
    errors = formcore.validate_content(schema, {"s": "abcd", "m": ["a", "b", "c"]})
    assert _hints.length_hint(None, 3) == "At most 3 characters."
    assert errors["s"] == "Has 4 characters, but at most 3 are allowed."
    assert _hints.count_hint(None, 2) == "Choose at most 2 options."
    assert errors["m"] == "3 chosen, but at most 2 are allowed."


def test_local_time_phrase_ends_after_the_offset() -> None:
    """The page writes "In your time zone (UTC+01:00)." : the phrase has no full stop of its
    own (it was "In your time zone. (UTC+01:00)")."""
    assert _hints.local_time_phrase() == "In your time zone"


def test_one_wording_of_what_a_format_takes_in_every_target() -> None:
    """The page's hint for an email or URI field is the Python targets' phrase as a sentence (it
    was its own "A full address with its scheme, ..." while its error said "Not an absolute
    URI."), and the pydantic models' English errors use the same phrases as formcore."""
    import elicit_gen
    from elicit_gen.runtime.core import formcore
    from elicit_gen.runtime.pydantic import pydantic_models

    assert pydantic_models._FORMAT_WORDS == formcore.FORMAT_HINTS
    schema = {
        "type": "object",
        "properties": {
            "mail": {"type": "string", "format": "email"},
            "site": {"type": "string", "format": "uri", "maxLength": 80},
        },
    }
    result = elicit_gen.compile({"type": "object", **schema}, ["html", "cli"])
    page, prompt = (f.text for f in result.files)
    for fmt in ("email", "uri"):
        hint = _hints.format_hint(fmt)
        assert hint == _hints.sentence(formcore.FORMAT_HINTS[fmt])
        assert f"{hint}</p>" in page
        assert hint[:-1] in prompt  # the prompt says it with the length: "..., at most 80 ..."
    assert "Not an absolute URI." in page  # the page's own error, in the same words


@pytest.mark.parametrize(
    ("kwargs", "hint"),
    [
        ({"above": 0}, "A number, more than 0."),
        ({"below": 1}, "A number, less than 1."),
        ({"above": 0, "below": 1}, "A number, more than 0 and less than 1."),
        ({"step": 0.01}, "A number, a multiple of 0.01."),
        ({"above": 0, "step": 5}, "A number, more than 0, a multiple of 5."),
    ],
)
def test_number_hint_beyond_the_subset(kwargs: dict[str, float], hint: str) -> None:
    assert _hints.number_hint(False, None, None, **kwargs) == hint


def test_integer_spinner_stays_inside_exclusive_bounds() -> None:
    from elicit_gen.targets.common.ranges import highest, lowest

    (form,) = forms("constraints")
    count = next(f for f in form.fields if f.name == "count")
    assert isinstance(count, ir.NumberField)
    assert (lowest(count), highest(count)) == (0, 99)
    amount = next(f for f in form.fields if f.name == "amount")
    assert isinstance(amount, ir.NumberField)
    assert (lowest(amount), highest(amount)) == (None, None)  # an open bound has no least value
