"""The one wording of the constraint hints every form shows next to a field, in its language.

A hint says what the field accepts before the user types: "3 to 40 characters", "A whole number,
at least 18", "Choose at most 2 options". The html, qt, textual and cli emitters all phrase them
from here, so a constraint reads the same in every target, in the words of the error message the
form shows when it is broken. That message says what is wrong with the answer instead of
repeating the hint (formcore's "Has 45 characters, but at most 40 are allowed.", "3 chosen, but
at most 2 are allowed."): both say "at least" / "at most" / "exactly", and count options.

Every phrase is a whole message of the catalogue (``tr``: the form's language, see
:mod:`elicit_gen.i18n`; English by default), never words glued together, so that a language
with another word order translates it whole. Phrases (``*_phrase``) are lower-case fragments
without a full stop, for a target that embeds them ("email (at most 40 characters)"); hints
(``*_hint``) are the phrase as a sentence ("At most 40 characters."). Every function returns ""
when the field has no such constraint: a hint states a constraint, and no constraint means no
hint. A lower bound of 0 on a length or a count is no constraint (every answer meets it), so it
is left out: "at most 40 characters", never "0 to 40 characters". Numbers are written as the
user types them (``1000``, ``0.25``: no grouping), whatever the language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from elicit_gen.i18n import ENGLISH, Translation
from elicit_gen.runtime.core.formcore import FORMAT_HINTS
from elicit_gen.targets.common.text import number_text

if TYPE_CHECKING:
    from elicit_gen.compiler.ir import NumberField


def sentence(phrase: str, tr: Translation = ENGLISH) -> str:
    """``phrase`` as a sentence: first letter upper-case, the language's full stop ("" stays
    "")."""
    if not phrase:
        return ""
    # TRANSLATORS: a hint phrase made a sentence: the full stop of the language
    return tr.gettext("{phrase}.", phrase=phrase[0].upper() + phrase[1:])


def _lower(lo: int | None, hi: int | None) -> int | None:
    return None if lo == 0 and hi != 0 else lo


def length_phrase(lo: int | None, hi: int | None, tr: Translation = ENGLISH) -> str:
    """A text length in characters (what the spec counts): ``3 to 40 characters``, ``exactly 1
    character``, ``at least 3 characters``, ``at most 40 characters`` ("" for none)."""
    lo = _lower(lo, hi)
    if lo is not None and hi is not None:
        if lo == hi:
            return tr.ngettext("exactly {n} character", "exactly {n} characters", lo)
        return tr.gettext("{lo} to {hi} characters", lo=lo, hi=hi)
    if lo is not None:
        return tr.ngettext("at least {n} character", "at least {n} characters", lo)
    if hi is not None:
        return tr.ngettext("at most {n} character", "at most {n} characters", hi)
    return ""


def number_phrase(
    integer: bool,
    lo: float | None,
    hi: float | None,
    tr: Translation = ENGLISH,
    *,
    above: float | None = None,
    below: float | None = None,
    step: float | None = None,
) -> str:
    """What a number field takes: ``a whole number from 1 to 10``, ``a number, at least 18``,
    ``a number`` (never "": that a field wants a number is worth saying); exclusive bounds
    (``above``, ``below``) and a ``step`` (``multipleOf``) follow: ``a number, more than 0, a
    multiple of 0.01``."""
    phrase = _inclusive_phrase(integer, lo, hi, tr)
    for extra in (_exclusive_phrase(above, below, tr), _step_phrase(step, tr)):
        if extra:
            # TRANSLATORS: {number} is what a number field takes ("a number, at least 1"),
            # {constraint} one more thing it must be ("more than 0", "a multiple of 5")
            phrase = tr.gettext("{number}, {constraint}", number=phrase, constraint=extra)
    return phrase


def _exclusive_phrase(above: float | None, below: float | None, tr: Translation) -> str:
    """``more than 0 and less than 1``, ``more than 0``, ``less than 100`` ("" for none)."""
    if above is not None and below is not None:
        return tr.gettext(
            "more than {lo} and less than {hi}", lo=number_text(above), hi=number_text(below)
        )
    if above is not None:
        return tr.gettext("more than {value}", value=number_text(above))
    if below is not None:
        return tr.gettext("less than {value}", value=number_text(below))
    return ""


def _step_phrase(step: float | None, tr: Translation) -> str:
    """``a multiple of 0.01`` ("" for none)."""
    return "" if step is None else tr.gettext("a multiple of {step}", step=number_text(step))


def _inclusive_phrase(integer: bool, lo: float | None, hi: float | None, tr: Translation) -> str:
    lo_text = number_text(lo) if lo is not None else ""
    hi_text = number_text(hi) if hi is not None else ""
    if integer:
        if lo is not None and hi is not None:
            if lo == hi:
                return tr.gettext("a whole number, exactly {value}", value=lo_text)
            return tr.gettext("a whole number from {lo} to {hi}", lo=lo_text, hi=hi_text)
        if lo is not None:
            return tr.gettext("a whole number, at least {value}", value=lo_text)
        if hi is not None:
            return tr.gettext("a whole number, at most {value}", value=hi_text)
        return tr.gettext("a whole number")
    if lo is not None and hi is not None:
        if lo == hi:
            return tr.gettext("a number, exactly {value}", value=lo_text)
        return tr.gettext("a number from {lo} to {hi}", lo=lo_text, hi=hi_text)
    if lo is not None:
        return tr.gettext("a number, at least {value}", value=lo_text)
    if hi is not None:
        return tr.gettext("a number, at most {value}", value=hi_text)
    return tr.gettext("a number")


def count_phrase(
    lo: int | None, hi: int | None, *, optional: bool = False, tr: Translation = ENGLISH
) -> str:
    """How many options a multi-select takes: ``choose 1 to 3 options``, ``choose exactly 1
    option``, ``choose at least 2 options``, ``choose at most 2 options`` ("" for no bounds).

    An ``optional`` field with a lower bound also takes no answer at all, which "choose at least
    1 option" would deny: it says ``if you choose any, choose at least 1 option``."""
    lo = _lower(lo, hi)
    if optional and lo:
        if hi is not None and lo == hi:
            return tr.ngettext(
                "if you choose any, choose exactly {n} option",
                "if you choose any, choose exactly {n} options",
                lo,
            )
        if hi is not None:
            return tr.gettext("if you choose any, choose {lo} to {hi} options", lo=lo, hi=hi)
        return tr.ngettext(
            "if you choose any, choose at least {n} option",
            "if you choose any, choose at least {n} options",
            lo,
        )
    if lo is not None and hi is not None:
        if lo == hi:
            return tr.ngettext("choose exactly {n} option", "choose exactly {n} options", lo)
        return tr.gettext("choose {lo} to {hi} options", lo=lo, hi=hi)
    if lo is not None:
        return tr.ngettext("choose at least {n} option", "choose at least {n} options", lo)
    if hi is not None:
        return tr.ngettext("choose at most {n} option", "choose at most {n} options", hi)
    return ""


#: What a text box of each format shows while empty: an example of a value every validator
#: accepts (the same in every language; a date or date-time gets a picker or its own pattern).
FORMAT_PLACEHOLDERS: dict[str, str] = {
    "email": "name@example.com",
    "uri": "https://example.com/page",
    "time": "14:30:00+02:00",
    "uuid": "123e4567-e89b-12d3-a456-426614174000",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "hostname": "mail.example.com",
    "duration": "PT1H30M",
}


def format_placeholder(fmt: str | None) -> str:
    """The example a text box of the format ``fmt`` shows while empty ("" for none)."""
    return FORMAT_PLACEHOLDERS.get(fmt, "") if fmt is not None else ""


def format_phrase(fmt: str, tr: Translation = ENGLISH) -> str:
    """What a value of the string format ``fmt`` looks like: ``an email address, such as
    name@example.com``."""
    return tr.gettext(FORMAT_HINTS[fmt])


def text_phrase(fmt: str | None, length: str, tr: Translation = ENGLISH) -> str:
    """What a text field takes, in one phrase, from its format and its :func:`length_phrase`:
    ``text``, ``text, 3 to 40 characters``, ``an email address, such as name@example.com, at
    most 40 characters``."""
    what = format_phrase(fmt, tr) if fmt is not None else tr.gettext("text")
    if not length:
        return what
    # TRANSLATORS: {what} is what a text field takes, {length} its length ("3 to 40 characters")
    return tr.gettext("{what}, {length}", what=what, length=length)


def length_hint(lo: int | None, hi: int | None, tr: Translation = ENGLISH) -> str:
    """:func:`length_phrase` as a sentence: ``3 to 40 characters.``"""
    return sentence(length_phrase(lo, hi, tr), tr)


def format_hint(fmt: str, tr: Translation = ENGLISH) -> str:
    """:func:`format_phrase` as a sentence: ``An email address, such as name@example.com.``"""
    return sentence(format_phrase(fmt, tr), tr)


def number_hint(
    integer: bool,
    lo: float | None,
    hi: float | None,
    tr: Translation = ENGLISH,
    *,
    above: float | None = None,
    below: float | None = None,
    step: float | None = None,
) -> str:
    """:func:`number_phrase` as a sentence: ``A whole number, at least 18.``"""
    phrase = number_phrase(integer, lo, hi, tr, above=above, below=below, step=step)
    return sentence(phrase, tr)


def field_number_phrase(field: NumberField, tr: Translation = ENGLISH) -> str:
    """:func:`number_phrase` of a number field: every bound and step it has."""
    return number_phrase(
        field.integer,
        field.minimum,
        field.maximum,
        tr,
        above=field.exclusive_minimum,
        below=field.exclusive_maximum,
        step=field.multiple_of,
    )


def field_number_hint(field: NumberField, tr: Translation = ENGLISH) -> str:
    """:func:`field_number_phrase` as a sentence."""
    return sentence(field_number_phrase(field, tr), tr)


def count_hint(
    lo: int | None, hi: int | None, *, optional: bool = False, tr: Translation = ENGLISH
) -> str:
    """:func:`count_phrase` as a sentence: ``Choose at most 2 options.``, ``If you choose any,
    choose at least 1 option.``"""
    return sentence(count_phrase(lo, hi, optional=optional, tr=tr), tr)


def local_time_phrase(tr: Translation = ENGLISH) -> str:
    """The hint of a date-time picked in local time, before the offset the page adds when it
    runs: the whole hint reads ``In your time zone (UTC+01:00).`` (the offset and the full stop
    are the run-time part, so the sentence ends once, after the offset)."""
    return tr.gettext("In your time zone")


def shown_message(message: str | None, tr: Translation = ENGLISH) -> str:
    """The message a form shows: the request's own, or, when it had none, the words of
    :data:`elicit_gen.compiler.ir.DEFAULT_MESSAGE` in the form's language."""
    if message is not None:
        return message
    return tr.gettext("The server is asking for the following information.")


def default_server(tr: Translation = ENGLISH) -> str:
    """Who asks, when the host does not say: :data:`elicit_gen.compiler.ir.DEFAULT_SERVER` in
    the form's language."""
    return tr.gettext("An MCP server")
