"""The runtime modules copied into generated Python, and the layout of what joins them.

The qt, textual and cli targets copy modules of :mod:`elicit_gen.runtime` verbatim into each
generated module (which stays self-contained: standard library and toolkit only). A runtime
module is its import section, the ``# --- end of runtime imports ---`` marker, then its body;
:func:`runtime_part` reads the two, :func:`merge_imports` makes one import block of several
import sections (:func:`runtime_imports` and :func:`runtime_bodies` join a module's parts,
:func:`runtime_shared` names them as the :class:`~.base.Shared` sections of a
:class:`~.base.Module`), and :func:`class_statement` writes a class line. All three write the
covered style (see DESIGN.md): what black and ``ruff format`` leave unchanged at any line
length from 88.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from ...i18n import SOURCE_LOCALE, python_msgids, translation
from ...records import NamedTuple
from .base import FORM_CLASS, Shared
from .style import DEFAULT_LINE_LENGTH as LINE_LENGTH

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...compiler.ir import Form

RUNTIME = Path(__file__).resolve().parents[2] / "runtime"

#: The line after a runtime module's import section.
IMPORTS_END = "# --- end of runtime imports ---\n"


class RuntimePart(NamedTuple):
    """A runtime module split at its imports marker: ``imports`` is the text before it
    (comments, ``__future__`` and relative imports included: :func:`merge_imports` drops them),
    ``body`` the text after it, without leading and trailing blank lines, ending in a newline."""

    imports: str
    body: str


@cache
def runtime_file(name: str) -> Path:
    """``elicit_gen/runtime/<bundle>/<name>``: a runtime part is named by its file name, which
    is unique across the bundles (core, qt, textual, cli, pydantic)."""
    found = sorted(RUNTIME.glob(f"*/{name}"))
    if len(found) != 1:
        raise LookupError(f"runtime part {name!r}: {len(found)} files in {RUNTIME}/*/")
    return found[0]


@cache
def runtime_part(name: str) -> RuntimePart:
    """``elicit_gen/runtime/<bundle>/<name>`` split at its imports marker."""
    text = runtime_file(name).read_text(encoding="utf-8")
    head, body = text.split(IMPORTS_END)
    return RuntimePart(head, body.strip("\n") + "\n")


_MemberKey = tuple[int, str, str, bool, str]


def _member_key(name: str, asname: str | None) -> _MemberKey:
    """isort's (ruff's ``I`` rules) order of imported names, order-by-type and
    case-insensitive: CONSTANTS, then Classes, then the rest; a name before its aliases."""
    if name.isupper() and len(name) > 1:
        kind = 0
    elif name[:1].isupper():
        kind = 1
    else:
        kind = 2
    return (kind, name.lower(), name, asname is not None, asname or "")


def _statement(head: str, names: list[str]) -> str:
    """``<head> import a, b`` on one line, or exploded one name a line when it is too long."""
    line = f"{head} import {', '.join(names)}"
    if len(line) <= LINE_LENGTH:
        return line
    return f"{head} import (\n" + "".join(f"    {name},\n" for name in names) + ")"


def _alias(name: str, asname: str | None) -> str:
    return name if asname is None else f"{name} as {asname}"


def _third_party(module: str) -> bool:
    return module.partition(".")[0] not in sys.stdlib_module_names


def merge_imports(*sections: str) -> str:
    """One import block for several import sections, as isort (ruff's ``I`` rules) writes it:
    the standard library, a blank line, the third-party modules; in each section plain imports
    and then from-imports, by module (case-insensitive); the plain names of one module merged
    into one statement, each ``as`` import a statement of its own (ordered by their first name);
    a statement longer than :data:`LINE_LENGTH` exploded. ``__future__`` and relative imports (a
    runtime module's imports of its siblings, copied alongside it) are left out. Imports under
    ``if TYPE_CHECKING:`` (a part that the linter imports guards what only its annotations use,
    so that a lint never imports :mod:`typing`) are imported plainly. Ends with a newline."""
    import ast  # only when a module's text is written

    def _type_checking(node: ast.If) -> bool:
        return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"

    plain: set[tuple[str, str | None]] = set()
    named: dict[str, set[str]] = {}
    aliased: set[tuple[str, str, str]] = set()
    for section in sections:
        body: list[ast.stmt] = []
        for node in ast.parse(section).body:
            body += node.body if isinstance(node, ast.If) and _type_checking(node) else [node]
        for node in body:
            if isinstance(node, ast.Import):
                plain.update((alias.name, alias.asname) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level or node.module is None or node.module == "__future__":
                    continue
                for alias in node.names:
                    if alias.asname is None:
                        named.setdefault(node.module, set()).add(alias.name)
                    else:
                        aliased.add((node.module, alias.name, alias.asname))
    # each statement: (third party?, (from-import?, module key, first name's key), text)
    statements: list[tuple[bool, tuple[bool, str, str, _MemberKey], str]] = []
    for module, asname in plain:
        key = (False, module.lower(), module, (0, "", "", asname is not None, asname or ""))
        statements.append((_third_party(module), key, f"import {_alias(module, asname)}"))
    for module, names in named.items():
        ordered = sorted(names, key=lambda name: _member_key(name, None))
        key = (True, module.lower(), module, _member_key(ordered[0], None))
        statements.append((_third_party(module), key, _statement(f"from {module}", ordered)))
    for module, name, asname in aliased:
        key = (True, module.lower(), module, _member_key(name, asname))
        line = _statement(f"from {module}", [_alias(name, asname)])
        statements.append((_third_party(module), key, line))
    sections_out = [
        "\n".join(text for _, _, text in sorted(s for s in statements if s[0] is third))
        for third in (False, True)
    ]
    return "\n\n".join(section for section in sections_out if section) + "\n"


@cache
def runtime_imports(parts: tuple[str, ...], own: str = "") -> str:
    """The import block of a module that copies the runtime ``parts`` and imports ``own``."""
    return merge_imports(own, *(runtime_part(name).imports for name in parts))


#: The parts of the ``pattern`` engine (``runtime/core/pattern.py`` and the parts it is split
#: into), in the order they are copied: each imports the names of the ones before it.
PATTERN_PARTS = (
    "pattern_base.py",
    "pattern_parse.py",
    "pattern_automaton.py",
    "pattern_search.py",
    "pattern.py",
)

#: The validation runtime of the Python forms, in order: the pattern engine, the format checks,
#: their wording, then ``formcore.py`` (validation), which calls them all.
FORM_PARTS = (*PATTERN_PARTS, "formats.py", "wording.py", "formcore.py")

#: What a module whose form has no ``pattern`` copies instead of :data:`PATTERN_PARTS`: the
#: names the others call, and no engine (about 60 KB less).
PATTERN_ABSENT = "pattern_absent.py"


def uses_pattern(form: Form) -> bool:
    """Whether a module of ``form`` needs the pattern engine: a property of the schema it holds
    has a ``pattern`` (formcore reads it there)."""
    properties = form.schema.get("properties")
    if not isinstance(properties, dict):
        return False
    return any(isinstance(prop, dict) and "pattern" in prop for prop in properties.values())


def with_pattern(parts: tuple[str, ...], pattern: bool) -> tuple[str, ...]:
    """``parts``, or, for a form with no ``pattern``, ``parts`` with :data:`PATTERN_PARTS`
    replaced by :data:`PATTERN_ABSENT` where they stood."""
    if pattern:
        return parts
    out: list[str] = []
    for name in parts:
        if name not in PATTERN_PARTS:
            out.append(name)
        elif PATTERN_ABSENT not in out:
            out.append(PATTERN_ABSENT)
    return tuple(out)


def bundle_name(pattern: bool) -> str:
    """The name of a form module's own shared sections (its import block and catalogue, which
    differ with the engine): ``pattern_form`` or ``form``, as the HTML page's."""
    return "pattern_form" if pattern else "form"


#: What every URL consent module starts with, in order: the catalogue (``_t``), the safe-text
#: helpers, the URL check (``urlcheck.py`` after the parts of URLs it reads and the Public
#: Suffix List's table, ``publicsuffix.py``), the consent script's command line and the one
#: consent flow (``consent_flow.py``); each target adds the screen that draws it.
CONSENT_PARTS = (
    "i18n.py",
    "safetext.py",
    "urlparts.py",
    "publicsuffix.py",
    "urlcheck.py",
    "consent_args.py",
    "consent_flow.py",
)

#: The runtime part that defines ``_t``/``_tn``: first in every UI module's parts.
STRINGS_PART = "i18n.py"


@cache
def runtime_sections(parts: tuple[str, ...], locale: str = "en") -> tuple[tuple[str, str], ...]:
    """(name, text) of each runtime part, in order: its body, and after the body of
    :data:`STRINGS_PART` the module's catalogue in ``locale`` (:func:`catalogue_statement`)."""
    sections = []
    for name in parts:
        body = runtime_part(name).body
        if name == STRINGS_PART and locale != SOURCE_LOCALE:
            body += "\n\n" + catalogue_statement(parts, locale)
        sections.append((name, body))
    return tuple(sections)


@cache
def runtime_bodies(parts: tuple[str, ...], locale: str = "en") -> str:
    """The bodies of the runtime ``parts`` (with the catalogue, see :func:`runtime_sections`),
    in order, two blank lines apart (ends in a newline)."""
    return "\n\n".join(text for _, text in runtime_sections(parts, locale))


def runtime_shared(
    bundle: str, parts: tuple[str, ...], locale: str = "en", own: str = ""
) -> tuple[Shared, ...]:
    """The shared sections of a module that copies the runtime ``parts`` (in ``locale``) and
    imports ``own``, in the order the module holds them: the import block
    (``<bundle>.imports.py``), then each part's body by its file name, with the catalogue after
    :data:`STRINGS_PART` (``<locale>/<bundle>.catalogue.py``). ``bundle`` names the kind of
    module (``form``, ``consent``), whose imports and catalogue are its own."""
    sections = [Shared(f"{bundle}.imports.py", runtime_imports(parts, own))]
    for name in parts:
        sections.append(Shared(name, runtime_part(name).body))
        if name == STRINGS_PART and locale != SOURCE_LOCALE:
            catalogue = catalogue_statement(parts, locale)
            sections.append(Shared(f"{locale}/{bundle}.catalogue.py", catalogue))
    return tuple(sections)


def catalogue_statement(parts: tuple[str, ...], locale: str) -> str:
    """``_CATALOG = _Catalog(...)``: the translations in ``locale`` of every message the
    runtime ``parts`` show (their ``_t``/``_tn``/``_N`` calls), with its plural expression."""
    tr = translation(locale)
    shown: set[str] = set()
    for name in parts:
        shown |= python_msgids(runtime_part(name).body)
    entries = tr.subset(shown)
    from .pyprint import literal, string  # the printer: only when a module's text is written

    args = f"{string(tr.locale)},\n    {string(tr.plural_forms)},\n    {literal(entries, 4)},"
    return f"_CATALOG = _Catalog(\n    {args}\n)\n"


def api_text(name: str, class_name: str) -> str:
    """The body of the module-API part ``name`` (``prompt_api.py``, ``qt_api.py``, ...) for a
    form whose classes are named ``class_name``: :data:`~.base.FORM_CLASS` replaced, each class
    line written by :func:`class_statement`."""
    import re

    def line(match: re.Match[str]) -> str:
        return class_statement(class_name + match[1], match[2])

    body = runtime_part(name).body
    body = re.sub(rf"^class {FORM_CLASS}(\w*)\((\w+)\):$", line, body, flags=re.MULTILINE)
    return body.replace(FORM_CLASS, class_name)


def class_statement(name: str, base: str) -> str:
    """``class <name>(<base>):``, exploded (as black would, with a magic trailing comma) when
    it is longer than :data:`LINE_LENGTH`."""
    line = f"class {name}({base}):"
    if len(line) <= LINE_LENGTH:
        return line
    return f"class {name}(\n    {base},\n):"
