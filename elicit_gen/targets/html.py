"""The ``html`` target: one self-contained, accessible HTML page per form.

The page renders every control on the server side (jinja2 with autoescaping, one macro per
control in ``templates/html/fields.html.j2``, its markup computed by :mod:`.html_fields`) and
carries the normalised schema as JSON inside a ``<script type="application/json">`` element. One
static script (``runtime/html/form.js``) validates, collects and delivers the result; one static
style sheet (``style.css``) styles it.
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
import re
from collections.abc import Callable, Iterable
from functools import cache

from markupsafe import Markup

from ..compiler.ir import Form, StringField
from ..i18n import Translation, script_msgids, translation
from ..runtime.core import pattern as _pattern
from ..runtime.core.consent_args import MAX_MESSAGE_LENGTH, NOTIFIED_REVISIONS
from ..runtime.core.safetext import _UNSAFE_RE, MAX_NAME_LENGTH
from ..runtime.core.urlcheck import MAX_URL_LENGTH
from . import URL_CONSENT_STEM
from .common.base import Emitter, GeneratedFile, Module, Shared
from .common.header import header_text
from .common.hints import default_server, shown_message
from .common.render import js_json, render
from .common.runtime import RUNTIME
from .html_fields import FieldMarkup, field_data, field_view, html_text

# the text as the page shows it, importable from here as before the fields had their own module
from .html_fields import shown_block as shown_block
from .html_fields import shown_text as shown_text

ASSETS = RUNTIME / "html"


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


#: A message without a title is the page's heading only when it reads as one: one line of at
#: most this many characters. A longer message is body text under a plain heading.
HEADING_MESSAGE_LENGTH = 80


def message_is_heading(text: str) -> bool:
    """Whether the message ``text`` of an untitled form is shown as the page's heading (short,
    one line) or, being long, as body text."""
    return "\n" not in text.strip() and len(text) <= HEADING_MESSAGE_LENGTH


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
    form: Form, views: list[FieldMarkup], language: dict[str, object] | None = None
) -> dict[str, object]:
    """The JSON the page's script reads: the schema, how each property maps to a control, and
    each number bound exactly, then the script's words (:func:`language_data`). Defaults are
    read from the schema, never from markup (an input's value attribute would lose line breaks
    and NUL). ``views`` are the fields' markup, in order."""
    assert all(v.view.field is f for v, f in zip(views, form.fields, strict=True))
    fields = [field_data(v) for v in views]
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
            "work": _pattern._MAX_WORK,
            "partWork": _pattern._PART_WORK,
        },
    }
    return (
        "// GENERATED from elicit_gen/runtime/pattern.py (its tables and limits).\n"
        f"const PATTERN_DATA = {json.dumps(data)};"
    )


#: Script parts made by the emitter, not read from templates/html.
def consent_data() -> str:
    """The consent page's bounds, generated from Python's own: the longest URL the check
    takes (urlcheck.py) and the longest message a consent screen shows (consent_args.py); and
    the revisions whose server says when a URL-mode step is done (consent_args.py)."""
    return (
        "// GENERATED from elicit_gen/runtime/urlcheck.py (MAX_URL_LENGTH) and\n"
        "// elicit_gen/runtime/consent_args.py (MAX_MESSAGE_LENGTH, NOTIFIED_REVISIONS).\n"
        f"const MAX_URL_LENGTH = {MAX_URL_LENGTH};\n"
        f"const MAX_MESSAGE_LENGTH = {MAX_MESSAGE_LENGTH};\n"
        f"const NOTIFIED_REVISIONS = {json.dumps(list(NOTIFIED_REVISIONS))};"
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


def _shared(
    page: str, policy: str, scripts: tuple[str, ...], styles: tuple[str, ...]
) -> list[Shared]:
    """A kind of page's shared sections, in page order: its Content-Security-Policy
    (``<page>.csp.txt``), its style sheets and its scripts (each by its file name)."""
    assets = [Shared(name, _asset(name)) for name in (*styles, *scripts)]
    return [Shared(f"{page}.csp.txt", policy), *assets]


def _split_at(text: str, placeholder: str) -> tuple[str, str]:
    """A translated sentence around the place of markup (``{server}`` shown in its own span)."""
    before, _, after = text.partition(placeholder)
    return before, after


#: The first line of the URL consent page (it has no input; the same text on every run).
_CONSENT_HEADER = "Generated by elicit-gen: the URL-mode consent page. Do not edit."


class HtmlTarget(Emitter):
    def emit(self, form: Form) -> GeneratedFile:
        return self.emit_module(form).file()

    def emit_module(self, form: Form) -> Module:
        # style.css is shared with the URL consent page; form.css has the form's own rules.
        patterned = any(isinstance(f, StringField) and f.pattern is not None for f in form.fields)
        scripts = _PATTERN_FORM_SCRIPTS if patterned else _FORM_SCRIPTS
        styles = ("style.css", "form.css")
        script, style, policy = _assets(scripts, styles)
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
        shared = _shared("pattern_form" if patterned else "form", policy, scripts, styles)
        return Module.cut(form.stem + self.suffix, text, shared)

    def emit_url_consent(self, locale: str = "en") -> GeneratedFile:
        return self.emit_url_consent_module(locale).file()

    def emit_url_consent_module(self, locale: str = "en") -> Module:
        """The URL-mode consent page: the forms' look and CSP; the request arrives at run time
        through ``window.elicitation.showUrl({message, url, server, elicitationId, revision})``."""
        # urlcheck.py's names of scripts ("Latin", "Cyrillic"), which the page's port shows from
        # its data. Imported here: a form's compile never pays for urlcheck (idna, ipaddress).
        from ..runtime.core.urlcheck import _SCRIPT_WORDS

        script_words = set(_SCRIPT_WORDS.values())
        styles = ("style.css", "url_consent.css")
        script, style, policy = _assets(_CONSENT_SCRIPTS, styles)
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
        shared = _shared("url_consent", policy, _CONSENT_SCRIPTS, styles)
        return Module.cut(URL_CONSENT_STEM + self.suffix, text, shared)


EMITTER = HtmlTarget
