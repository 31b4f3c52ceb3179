"""The ``html`` target: one self-contained, accessible HTML page per form.

The page renders every control on the server side (jinja2 with autoescaping, one macro per field
kind in ``templates/html/fields.html.j2``) and carries the normalised schema as JSON inside a
``<script type="application/json">`` element. One static script (``runtime/html/form.js``)
validates, collects and delivers the result; one static style sheet (``style.css``) styles it.
The page's Content-Security-Policy allows exactly those two inline texts (by their sha256) and
nothing else: no network, no other script, no form submission.

Every string that came from the schema reaches the page either autoescaped as text/attribute
or as escaped JSON; select and checkbox values in the markup are option *indexes*, mapped back
to the exact option values (strings, or numbers: a select of numbers answers with the number)
through the JSON, so no schema text has to survive HTML attribute parsing (which rewrites CR and
NUL). Text defaults too come from the JSON, and an untouched one is
sent exactly. Displayed schema text shows controls, bidi and invisible characters as visible
escapes (``\u202e``), as the Python forms do, each slot isolated from its neighbours.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from markupsafe import Markup, escape

from ..compiler.ir import (
    BooleanField,
    Field,
    Form,
    MultiSelectField,
    NumberField,
    SingleSelectField,
    StringField,
    StringFormat,
)
from ..i18n import ENGLISH, Translation, script_msgids, translation
from ..runtime.core import pattern as _pattern
from ..runtime.core.consent_args import MAX_MESSAGE_LENGTH
from ..runtime.core.formcore import option_index
from ..runtime.core.safetext import _UNSAFE_RE, MAX_NAME_LENGTH, safe_block, safe_text
from ..runtime.core.urlcheck import MAX_URL_LENGTH
from .common.base import URL_CONSENT_STEM, Emitter, GeneratedFile
from .common.hints import (
    count_hint,
    default_server,
    field_number_hint,
    format_hint,
    format_placeholder,
    length_hint,
    local_time_phrase,
    shown_message,
)
from .common.layout import is_long_text
from .common.ranges import highest, lowest
from .common.render import header_text, js_json, render
from .common.runtime import RUNTIME
from .common.text import number_text

ASSETS = RUNTIME / "html"

#: The <input type> of each string format (a plain text box for the others).
_INPUT_TYPES = {
    None: "text",
    StringFormat.EMAIL: "email",
    StringFormat.URI: "url",
    StringFormat.DATE: "date",
    StringFormat.DATE_TIME: "datetime-local",
}
#: The formats that get a picker, which shows what it takes.
_PICKED = (StringFormat.DATE, StringFormat.DATE_TIME)


def _format_hint(field: StringField, tr: Translation) -> str:
    """What a string format takes, in the words of the Python targets and of the page's own
    error ("Not an absolute URI."); "" for a date or date-time, which get a picker."""
    if field.format is not None and field.format not in _PICKED:
        return format_hint(field.format.value, tr)
    return ""


_AUTOCOMPLETE = {StringFormat.EMAIL: "email", StringFormat.URI: "url"}


@dataclass(frozen=True)
class OptionView:
    index: str  # the value in the markup; the script maps it to the option's const
    label: str
    selected: bool
    html_id: str


@dataclass(frozen=True)
class FieldView:
    """What the template needs to render one field; computed here so templates hold no logic."""

    macro: str  # text | textarea | datetime | number | boolean | select | multi
    html_id: str
    label: str
    description: str | None
    required: bool
    hint: str | None
    describedby: str
    input_type: str = "text"
    autocomplete: str = "off"
    value: str = ""
    checked: bool = False
    step: str = ""
    minimum: str = ""
    maximum: str = ""
    inputmode: str = ""
    placeholder: str = ""
    options: tuple[OptionView, ...] = ()
    empty_label: str = ""  # the empty choice of a select ("" = none)
    many: bool = False  # a multi-select laid out in columns (more than MANY_OPTIONS options)


def _string_hint(field: StringField, tr: Translation = ENGLISH) -> str | None:
    found = (length_hint(field.min_length, field.max_length, tr), _format_hint(field, tr))
    parts = [p for p in found if p]
    if field.format is StringFormat.DATE_TIME:
        # The script appends the offset of the chosen date-time and the full stop, so that the
        # sentence ends once: "In your time zone (UTC+01:00)."
        parts.append(local_time_phrase(tr))
    return " ".join(parts) or None


def _number_hint(field: NumberField, tr: Translation = ENGLISH) -> str | None:
    return field_number_hint(field, tr)


def _multi_hint(field: MultiSelectField, tr: Translation = ENGLISH) -> str | None:
    hint = count_hint(field.min_items, field.max_items, optional=not field.required, tr=tr)
    return hint or None


def _no_hint(field: Field, tr: Translation = ENGLISH) -> str | None:
    return None


#: The hint under a field, by ``field.kind`` (the wording is targets/common/hints.py's).
_HINTS: dict[str, Callable[[Any, Translation], str | None]] = {
    "string": _string_hint,
    "number": _number_hint,
    "boolean": _no_hint,
    "single": _no_hint,
    "multi": _multi_hint,
}


def _describedby(field: Field, hint: str | None) -> str:
    ids = [f"{field.html_id}_desc"] if field.description else []
    if hint:
        ids.append(f"{field.html_id}_hint")
    ids.append(f"{field.html_id}_err")
    return " ".join(ids)


def _inputmode(field: NumberField) -> str:
    """A touch keyboard for the number: keypads have no minus sign, so only for values that
    cannot be negative; otherwise the browser's own choice for type=number."""
    above = field.exclusive_minimum
    if (field.minimum is None or field.minimum < 0) and (above is None or above < 0):
        return ""
    return "numeric" if field.integer else "decimal"


def _bound(value: int | float | None, integer: bool, up: bool) -> str:
    """A min (``up``: rounded up) or max attribute; for integers, the nearest whole bound inside.
    These only steer the spinner; validation uses the schema's own bound."""
    if value is None:
        return ""
    if integer and isinstance(value, float) and math.isfinite(value):
        return number_text(math.ceil(value) if up else math.floor(value))
    return number_text(value)


def shown_text(value: str) -> str:
    """``value`` as one line shown literally: unsafe characters as visible escapes (``\\u202e``,
    ``\\x1b``, ``\\n``), tabs as spaces; what the CLI, Textual and Qt forms show (it is their
    ``safe_text``, runtime/core/safetext.py: one set of unsafe characters for every target)."""
    return safe_text(value)


def shown_block(value: str) -> str:
    """Multi-line ``value`` shown literally, its line breaks kept."""
    return safe_block(value)


def html_text(value: str, *, lines: bool = False) -> Markup:
    """Schema text for HTML text or a double-quoted attribute: shown literally (one line, or
    several with ``lines``), then escaped."""
    return escape(shown_block(value) if lines else shown_text(value))


def script_json(value: object) -> Markup:
    """JSON for a ``<script type="application/json">`` element, every character the page never
    shows as a ``\\u`` escape: the script gets the same text, the file stays readable and free
    of invisible direction changes ("Trojan Source")."""
    return Markup(_UNSAFE_RE.sub(_json_escape, js_json(value)))


def _json_escape(match: re.Match[str]) -> str:
    """A character as JSON ``\\u`` escapes: one, or a surrogate pair beyond U+FFFF (a tag
    character); a lone surrogate as itself."""
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


#: A character class escape of safetext's pattern: \xhh, \uhhhh or \Uhhhhhhhh.
_CLASS_ESCAPE = re.compile(r"\\x([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})|(-)")


def js_character_class(pattern: str) -> str:
    """A Python character class made only of ``\\x``, ``\\u`` and ``\\U`` escapes and ranges
    (safetext's ``_UNSAFE_RE``) as the same class for a JavaScript regex with the ``u`` flag:
    every code point written ``\\u{...}``, so that no two surrogates pair up into one."""
    if not (pattern.startswith("[") and pattern.endswith("]")):
        raise ValueError(f"not one character class: {pattern!r}")
    body, parts, at = pattern[1:-1], [], 0
    while at < len(body):
        m = _CLASS_ESCAPE.match(body, at)
        if m is None:
            raise ValueError(f"cannot translate {body[at:]!r} of {pattern!r}")
        hex_digits = m.group(1) or m.group(2) or m.group(3)
        parts.append("-" if hex_digits is None else f"\\u{{{int(hex_digits, 16):x}}}")
        at = m.end()
    return "[" + "".join(parts) + "]"


def safetext_data() -> str:
    """The start of every page's script: runtime/core/safetext.py's set of unsafe characters and
    its bound of one-line names, generated from Python's own (runtime/html/safetext.js,
    which follows, uses them)."""
    return (
        "// GENERATED from elicit_gen/runtime/safetext.py (_UNSAFE_RE, MAX_NAME_LENGTH).\n"
        f"const UNSAFE_RE = /{js_character_class(_UNSAFE_RE.pattern)}/gu;\n"
        f"const MAX_NAME_LENGTH = {MAX_NAME_LENGTH};"
    )


def _string_view(field: StringField, base: FieldView, tr: Translation) -> FieldView:
    if is_long_text(field):
        # Prose (a description, Markdown, maxLength above 200): a multi-line box, the same rule as
        # the Qt and Textual forms (targets/common/layout.py). The script reads it as a text field.
        return replace(base, macro="textarea")
    if field.format is StringFormat.DATE_TIME:
        # The script fills the default in, converted to the user's local time.
        return replace(base, macro="datetime", input_type="datetime-local")
    # a URI box starts the address: the scheme is what people leave out
    placeholder = "https://" if field.format is StringFormat.URI else None
    fmt = field.format.value if field.format else None
    return replace(
        base,
        macro="text",
        input_type=_INPUT_TYPES.get(field.format, "text"),
        autocomplete=_AUTOCOMPLETE.get(field.format, "off") if field.format else "off",
        placeholder=placeholder or format_placeholder(fmt),
    )


def _number_view(field: NumberField, base: FieldView, tr: Translation) -> FieldView:
    return replace(
        base,
        macro="number",
        input_type="number",
        value="" if field.default is None else number_text(field.default),
        step="1" if field.integer else "any",
        minimum=_bound(lowest(field), field.integer, up=True),
        maximum=_bound(highest(field), field.integer, up=False),
        inputmode=_inputmode(field),
    )


def _boolean_view(field: BooleanField, base: FieldView, tr: Translation) -> FieldView:
    return replace(base, macro="boolean", checked=bool(field.default))


def _single_view(field: SingleSelectField, base: FieldView, tr: Translation) -> FieldView:
    values = [o.value for o in field.options]
    chosen = None if field.default is None else option_index(values, field.default)
    options = tuple(
        OptionView(str(i), html_text(o.label), i == chosen, f"{field.html_id}_{i}")
        for i, o in enumerate(field.options)
    )
    if field.default is not None and field.required:
        empty = ""
    else:
        empty = tr.gettext("Choose one…") if field.required else tr.gettext("No answer")
    return replace(base, macro="select", options=options, empty_label=empty)


#: A multi-select with more options than this is laid out in columns, not one tall column.
MANY_OPTIONS = 6

#: A message without a title is the page's heading only when it reads as one: one line of at
#: most this many characters. A longer message is body text under a plain heading.
HEADING_MESSAGE_LENGTH = 80


def message_is_heading(text: str) -> bool:
    """Whether the message ``text`` of an untitled form is shown as the page's heading (short,
    one line) or, being long, as body text."""
    return "\n" not in text.strip() and len(text) <= HEADING_MESSAGE_LENGTH


def _multi_view(field: MultiSelectField, base: FieldView, tr: Translation) -> FieldView:
    values = [o.value for o in field.options]
    chosen = {option_index(values, value) for value in field.default or ()}
    options = tuple(
        OptionView(str(i), html_text(o.label), i in chosen, f"{field.html_id}_{i}")
        for i, o in enumerate(field.options)
    )
    return replace(base, macro="multi", options=options, many=len(options) > MANY_OPTIONS)


#: The control of a field (one macro of fields.html.j2 each), by ``field.kind``.
_VIEWS: dict[str, Callable[[Any, FieldView, Translation], FieldView]] = {
    "string": _string_view,
    "number": _number_view,
    "boolean": _boolean_view,
    "single": _single_view,
    "multi": _multi_view,
}


def field_view(field: Field, tr: Translation = ENGLISH) -> FieldView:
    """What the template renders for ``field``, its words (hints, the empty choice) in the
    language of ``tr``."""
    hint = _HINTS[field.kind](field, tr)
    base = FieldView(
        macro="",
        html_id=field.html_id,
        label=html_text(field.label),
        description=None if field.description is None else html_text(field.description, lines=True),
        required=field.required,
        hint=hint,
        describedby=_describedby(field, hint),
    )
    return _VIEWS[field.kind](field, base, tr)


def _field_data(field: Field, view: FieldView) -> dict[str, object]:
    # The script's name of the control: text, datetime, ...; a textarea is read as text whose
    # line breaks are shown as such.
    kind = "text" if view.macro == "textarea" else view.macro
    data: dict[str, object] = {"name": field.name, "id": field.html_id, "kind": kind}
    if view.macro == "textarea":
        data["lines"] = True
    if isinstance(field, NumberField):
        # Bounds as JSON text (exact beyond 2^53, unlike a parsed double) and as shown.
        for key, bound in (
            ("minimum", field.minimum),
            ("maximum", field.maximum),
            ("exclusiveMinimum", field.exclusive_minimum),
            ("exclusiveMaximum", field.exclusive_maximum),
            ("multipleOf", field.multiple_of),
            ("const", field.const),
        ):
            if bound is not None:
                data[key] = [json.dumps(bound), number_text(bound)]
    if isinstance(field, (SingleSelectField, MultiSelectField)) and field.numeric:
        # A select of numbers: each option as JSON text, exact beyond 2^53 (the script compares
        # an answer with these; it sends the option's parsed number, read by the control's index).
        data["options"] = [json.dumps(option.value) for option in field.options]
    return data


def language_data(tr: Translation, script: str, shown: Iterable[str] = ()) -> dict[str, object]:
    """The page script's words: its locale (for ``Intl.PluralRules``), the translations of the
    messages ``script`` shows (with ``shown``: messages it shows from its data, not as literals;
    none for English, whose messages are the msgids) and which form of a plural message each
    CLDR plural category takes (runtime/html/i18n.js reads them)."""
    return {
        "locale": tr.locale,
        "messages": tr.subset(script_msgids(script) | set(shown)),
        "plural": dict(tr.categories),
    }


def page_data(
    form: Form, views: list[FieldView], language: dict[str, object] | None = None
) -> dict[str, object]:
    """The JSON the page's script reads: the schema, how each property maps to a control, and
    each number bound exactly, then the script's words (:func:`language_data`). Defaults are
    read from the schema, never from markup (an input's value attribute would lose line breaks
    and NUL). ``views`` are the fields' views, in order."""
    fields = [_field_data(f, v) for f, v in zip(form.fields, views, strict=True)]
    return {"schema": form.schema, "fields": fields, **(language or {})}


def _sha256(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode() + "'"


def pattern_data() -> str:
    """The start of the pattern engine's script (runtime/html/pattern.js, which follows):
    runtime/core/pattern.py's tables of word characters and digits and its limits, generated from
    Python's own, so that the page refuses exactly the patterns and values the Python forms do."""
    data = {
        "word": _pattern._WORD_TABLE,
        "digit": _pattern._DIGIT_TABLE,
        "limits": {
            "length": _pattern._MAX_LENGTH,
            "depth": _pattern._MAX_DEPTH,
            "repeat": _pattern._MAX_REPEAT,
            "positions": _pattern._MAX_POSITIONS,
            "steps": _pattern._MAX_STEPS,
            "lookarounds": _pattern._MAX_LOOKAROUNDS,
            "conditions": _pattern._MAX_CONDITIONS,
            "passes": _pattern._MAX_PASSES,
            "passSteps": _pattern._PASS_STEPS,
            "states": _pattern._MAX_STATES,
        },
    }
    return (
        "// GENERATED from elicit_gen/runtime/pattern.py (its tables and limits).\n"
        f"const PATTERN_DATA = {json.dumps(data)};"
    )


#: Script parts made by the emitter, not read from templates/html.
def consent_data() -> str:
    """The consent page's bounds, generated from Python's own: the longest URL the check
    takes (urlcheck.py) and the longest message a consent screen shows (consent_args.py)."""
    return (
        "// GENERATED from elicit_gen/runtime/urlcheck.py (MAX_URL_LENGTH) and\n"
        "// elicit_gen/runtime/consent_args.py (MAX_MESSAGE_LENGTH).\n"
        f"const MAX_URL_LENGTH = {MAX_URL_LENGTH};\n"
        f"const MAX_MESSAGE_LENGTH = {MAX_MESSAGE_LENGTH};"
    )


_GENERATED_ASSETS: dict[str, Callable[[], str]] = {
    "safetext_data.js": safetext_data,
    "pattern_data.js": pattern_data,
    "consent_data.js": consent_data,
}


@cache
def _asset(name: str) -> str:
    if name in _GENERATED_ASSETS:
        text = _GENERATED_ASSETS[name]()
    else:
        # read_text translates CRLF to LF, as the HTML parser does before the browser hashes.
        text = (ASSETS / name).read_text(encoding="utf-8").strip("\n")
    if "</" in text.lower() or "<!--" in text:
        raise ValueError(f"{name} must not contain '</' or '<!--' (it is inlined in the page)")
    return text


def csp(script: str, style: str) -> str:
    """The page's Content-Security-Policy: its own inline script and style, nothing else."""
    return "; ".join(
        (
            "default-src 'none'",
            f"script-src {_sha256(script)}",
            f"style-src {_sha256(style)}",
            "img-src 'none'",
            "font-src 'none'",
            "connect-src 'none'",
            "media-src 'none'",
            "object-src 'none'",
            "frame-src 'none'",
            "worker-src 'none'",
            "manifest-src 'none'",
            "form-action 'none'",
            "base-uri 'none'",
            "require-trusted-types-for 'script'",
            "trusted-types 'none'",
        )
    )


#: The form page's script, in order: the message functions (``_t``/``_tn``), safetext.py's
#: set of unsafe characters and bound (generated), the safe-text functions, the form. One
#: block, so that nothing becomes a global.
_FORM_SCRIPTS = ("i18n.js", "safetext_data.js", "safetext.js", "form.js")
#: The same for a form with a ``pattern``: pattern.py's tables and limits (generated) and the
#: pattern engine before the form (some 45 KB, which a page without a pattern does not carry).
_PATTERN_FORM_SCRIPTS = (
    "i18n.js",
    "safetext_data.js",
    "safetext.js",
    "pattern_data.js",
    "pattern.js",
    "form.js",
)

#: The URL consent page's script, in order: the message functions, safetext.py's set of
#: unsafe characters and bound (generated) and the safe-text functions (the form page's),
#: urlcheck.py's tables (Python's own, generated), the JavaScript port of urlcheck.py, the
#: page. One block, so that nothing becomes a global.
_CONSENT_SCRIPTS = (
    "i18n.js",
    "safetext_data.js",
    "safetext.js",
    "consent_data.js",
    "urlcheck_data.js",
    "urlcheck.js",
    "url_consent.js",
)


@cache
def _assets(scripts: tuple[str, ...], styles: tuple[str, ...]) -> tuple[str, str, str]:
    """A kind of page's script (one block), style and Content-Security-Policy: the same for
    every page of that kind, so made once per process."""
    script = "{\n" + "\n".join(_asset(name) for name in scripts) + "\n}"
    style = "\n\n".join(_asset(name) for name in styles)
    return script, style, csp(script, style)


def _split_at(text: str, placeholder: str) -> tuple[str, str]:
    """A translated sentence around the place of markup (``{server}`` shown in its own span)."""
    before, _, after = text.partition(placeholder)
    return before, after


#: The first line of the URL consent page (it has no input; the same text on every run).
_CONSENT_HEADER = "Generated by elicit-gen: the URL-mode consent page. Do not edit."


class HtmlTarget(Emitter):
    def emit(self, form: Form) -> GeneratedFile:
        # style.css is shared with the URL consent page; form.css has the form's own rules.
        patterned = any(isinstance(f, StringField) and f.pattern is not None for f in form.fields)
        scripts = _PATTERN_FORM_SCRIPTS if patterned else _FORM_SCRIPTS
        script, style, policy = _assets(scripts, ("style.css", "form.css"))
        tr = translation(form.locale)
        views = [field_view(f, tr) for f in form.fields]
        message = shown_message(form.message, tr)
        text = render(
            "html/page.html.j2",
            autoescape=True,
            _t=tr.gettext,
            lang=tr.locale,
            header=header_text(form),
            title=html_text(form.title) if form.title else None,
            message_heading=message_is_heading(message),
            message=html_text(message, lines=True),
            description=html_text(form.description, lines=True) if form.description else None,
            fields=views,
            default_server=default_server(tr),
            csp=Markup(policy),
            data=script_json(page_data(form, views, language_data(tr, script))),
            script=Markup(script),
            style=Markup(style),
        )
        return GeneratedFile(name=form.stem + self.suffix, text=text)

    def emit_url_consent(self, locale: str = "en") -> GeneratedFile:
        """The URL-mode consent page: the forms' look and CSP; the request arrives at run time
        through ``window.elicitation.showUrl({message, url, server, elicitationId})``."""
        # urlcheck.py's names of scripts ("Latin", "Cyrillic"), which the page's port shows from
        # its data. Imported here: a form's compile never pays for urlcheck (idna, ipaddress).
        from ..runtime.core.urlcheck import _SCRIPT_WORDS

        script_words = set(_SCRIPT_WORDS.values())
        script, style, policy = _assets(_CONSENT_SCRIPTS, ("style.css", "url_consent.css"))
        tr = translation(locale)
        asks = _split_at(tr.gettext("{server} asks you to open a web page"), "{server}")
        text = render(
            "html/url_consent.html.j2",
            autoescape=True,
            _t=tr.gettext,
            lang=tr.locale,
            asks=asks,
            data=script_json(language_data(tr, script, script_words)),
            header=_CONSENT_HEADER,
            default_server=default_server(tr),
            csp=Markup(policy),
            script=Markup(script),
            style=Markup(style),
        )
        return GeneratedFile(name=URL_CONSENT_STEM + self.suffix, text=text)


EMITTER = HtmlTarget
