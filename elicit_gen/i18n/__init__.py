"""The languages elicit-gen writes forms in: one gettext catalogue per locale, kept with Babel.

Every string elicit-gen itself writes into a form (buttons, hints, errors, prompts) is an English
message marked for translation where it is written: ``_t("Submit")`` / ``_tn("{n} character",
"{n} characters", n)`` in the runtime code generated modules copy (``runtime/core/i18n.py`` defines
them there) and in the HTML page's script, ``tr.gettext(...)`` / ``tr.ngettext(...)`` where an
emitter words a hint at compile time. ``scripts/i18n.py`` extracts them into
``locales/elicit_gen.pot`` (the English catalogue) and updates each language's
``locales/<ll_CC>/LC_MESSAGES/elicit_gen.po``: a language is that one file.

English is the source language: its messages are the msgids, so an English form needs no
catalogue at all (``locales/en`` exists so that the locale is listed and complete like any other).
For another language, :func:`translation` reads its .po file (Babel) once per process; an emitter
embeds the subset its target shows (:meth:`Translation.subset`) with the plural expression, so a
generated module carries only its own language and stays self-contained.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache, cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..records import record

if TYPE_CHECKING:
    from ..runtime.core.i18n import _Catalog

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
DOMAIN = "elicit_gen"
SOURCE_LOCALE = "en"

#: The gettext keywords of the message calls: runtime code (Python and the page's script) and the
#: emitters' compile-time wording. ``_N`` only marks a message for the catalogue.
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "_t": None,
    "_tn": (1, 2),
    "_N": None,
    "gettext": None,
    "ngettext": (1, 2),
}


class UnknownLocale(ValueError):
    """A locale elicit-gen has no catalogue for; the message lists the ones it has."""


def po_path(folder: str) -> Path:
    """The .po file of a catalogue folder (``zh_CN``)."""
    return LOCALES_DIR / folder / "LC_MESSAGES" / f"{DOMAIN}.po"


def tag(folder: str) -> str:
    """The BCP 47 tag of a catalogue folder: ``zh_CN`` -> ``zh-CN``."""
    return folder.replace("_", "-")


@cache
def available() -> tuple[str, ...]:
    """The locales with a catalogue, as BCP 47 tags (``en``, ``zh-CN``), sorted."""
    found = {tag(p.parent.parent.name) for p in LOCALES_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    return tuple(sorted(found | {SOURCE_LOCALE}))


def normalise(locale: str) -> str:
    """The tag of a catalogue for ``locale`` as a user writes it (``zh-CN``, ``zh_CN``,
    ``zh-cn``): UnknownLocale when there is none."""
    wanted = locale.strip().replace("_", "-").lower()
    for known in available():
        if known.lower() == wanted:
            return known
    raise UnknownLocale(
        f"no catalogue for locale {locale!r}: elicit-gen has {', '.join(available())}"
    )


@record
class Translation:
    """One language's catalogue: what an emitter words hints with and embeds in a form.

    ``messages`` maps each English msgid to its translation (a plural message's singular to
    its forms); empty for English. ``plural_forms`` is the gettext plural expression and
    ``categories`` maps each CLDR plural category of the language to the index of its form (the
    HTML page picks one with the browser's ``Intl.PluralRules``)."""

    locale: str
    plural_forms: str
    messages: Mapping[str, str | tuple[str, ...]] = MappingProxyType({})

    @property
    def categories(self) -> Mapping[str, int]:
        # only the HTML page needs them, and finding them reads CLDR data: on first use
        return _categories(self.locale, self.plural_forms)

    @cached_property
    def _catalog(self) -> _Catalog:
        # the generated modules' own lookup (runtime/core/i18n.py): one rule for a missing message
        # and for picking a plural form, at compile time and in the form
        from ..runtime.core.i18n import _Catalog

        return _Catalog(self.locale, self.plural_forms, dict(self.messages))

    def gettext(self, message: str, /, **fields: object) -> str:
        text = self._catalog.text(message)
        return text.format(**fields) if fields else text

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: object) -> str:
        return self._catalog.plural(singular, plural, n).format(n=n, **fields)

    def subset(self, msgids: Iterable[str]) -> dict[str, str | tuple[str, ...]]:
        """The translations of ``msgids`` (those the catalogue has), in msgid order."""
        return {m: self.messages[m] for m in sorted(set(msgids)) if m in self.messages}


@cache
def _plural(expression: str) -> Callable[[int], int]:
    """The form index function of a gettext plural expression (the standard library's)."""
    import gettext

    return gettext.c2py(expression)


ENGLISH = Translation(SOURCE_LOCALE, "(n != 1)")


@cache
def _categories(locale: str, plural_forms: str) -> dict[str, int]:
    """CLDR category -> gettext form index, found by evaluating both on whole numbers (English,
    the source language, is known without reading CLDR data)."""
    if (locale, plural_forms) == (SOURCE_LOCALE, "(n != 1)"):
        return {"one": 0, "other": 1}
    from babel import Locale

    rule = Locale.parse(locale.replace("-", "_")).plural_form
    pick = _plural(plural_forms)
    result: dict[str, int] = {}
    for n in range(1000):
        result.setdefault(rule(n), pick(n))
    return dict(sorted(result.items()))


@cache
def translation(locale: str) -> Translation:
    """The catalogue of ``locale`` (any spelling :func:`normalise` takes), read once."""
    name = normalise(locale)
    if name == SOURCE_LOCALE:
        return ENGLISH
    from babel.messages.pofile import read_po

    with po_path(name.replace("-", "_")).open("rb") as handle:
        catalog = read_po(handle, locale=name.replace("-", "_"), domain=DOMAIN)
    messages: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, (tuple, list)):
            forms = tuple(message.string) if isinstance(message.string, (tuple, list)) else ()
            if forms and all(forms):
                messages[str(message.id[0])] = forms
        elif isinstance(message.string, str) and message.string:
            messages[str(message.id)] = message.string
    plural_forms = catalog.plural_expr
    return Translation(name, plural_forms, messages)


# --- which messages a piece of code shows ---

_JS_STRING = r'"(?:[^"\\\n]|\\.)*"'
_JS_CALL = rf"\b_tn?\(\s*({_JS_STRING})"  # compiled when a page's msgids are read


@cache
def python_msgids(source: str) -> frozenset[str]:
    """The msgids of the ``_t``/``_tn``/``_N`` calls (first argument) in Python ``source``."""
    import ast

    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("_t", "_tn", "_N")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    return frozenset(found)


@cache
def script_msgids(source: str) -> frozenset[str]:
    """The msgids of the ``_t``/``_tn`` calls (first argument, a double-quoted string) in the
    page's JavaScript ``source``."""
    import json

    return frozenset(json.loads(m[1]) for m in re.finditer(_JS_CALL, source))
