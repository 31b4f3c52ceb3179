"""The ``qt`` target: a PySide6 module with a ``QDialog`` subclass and the Python form API.

The generated module imports only PySide6 and the standard library. Its static code is a verbatim
copy of the validation runtime (:mod:`elicit_gen.runtime.core.formcore`, after its ``pattern``
engine :mod:`elicit_gen.runtime.core.pattern`, the format checks and their wording:
:mod:`elicit_gen.runtime.core.formats`, :mod:`elicit_gen.runtime.core.wording`), the safe-text
helpers (:mod:`elicit_gen.runtime.core.safetext`) and the Qt form runtime, whose parts
(:data:`QT_FORM_PARTS`, in :mod:`elicit_gen.runtime.qt`) are the editors (``qt_editors.py``,
``qt_pickers.py``), the dialog (``qt_form.py``, with its keys in ``qt_keys.py``) and the runners
(``qt_run.py``); what depends on the form is data: the module constants and one spec dict per
field (``FIELDS``), printed by :mod:`.common.pyprint` in black's layout, and a thin
``<ClassName>Dialog`` subclass that hands them to the runtime's dialog. The runtime picks each
field's editor by the spec's ``"kind"``.

Every schema string reaches the module through the printer (``repr``-safe); the dialog shows all
of them as plain text (labels are ``Qt.PlainText``, mnemonic ampersands are doubled, the
window-title placeholder is escaped at run time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..compiler.ir import Field, Form
from ..i18n import ENGLISH, Translation, translation
from . import URL_CONSENT_STEM
from .common.base import FORM_CLASS, Emitter, GeneratedFile, Module, Runtime
from .common.header import header_text
from .common.hints import default_server, shown_message
from .common.runtime import (
    CONSENT_PARTS,
    FORM_PARTS,
    api_text,
    bundle_name,
    runtime_bodies,
    runtime_imports,
    runtime_part,
    runtime_sections,
    runtime_shared,
    uses_pattern,
    with_pattern,
)
from .common.view import Control, FieldView, view_of

#: The module's API (validate, the dialog class, elicit, main), after the form's data: a runtime
#: part whose imports are the module's own (merged with the runtime's).
API_PART = "qt_api.py"

#: The module's docstring (``class_name``, ``stem``: the form's).
_DOC = """\
An MCP elicitation form as a PySide6 dialog.

Module API: ``REQUESTED_SCHEMA``, ``MESSAGE``, ``validate(content)``, ``elicit(message,
server=..., initial=...)`` and ``{class_name}Dialog``, a ``QDialog`` a host application
can ``exec()`` or embed. ``python {stem}_qt.py [--server NAME] [--message TEXT]`` shows
the dialog and prints the ElicitResult as JSON on stdout.
"""


def _text(view: FieldView, tr: Translation) -> dict[str, Any]:
    return {
        "hint": view.hint,
        "format": view.format,
        "placeholder": view.example,
    }


def _date(view: FieldView, tr: Translation) -> dict[str, Any]:
    return {
        "with_time": view.control == "date_time",
        "nullable": view.default is None or not view.required,
    }


def _number(view: FieldView, tr: Translation) -> dict[str, Any]:
    return {
        "hint": view.hint,
        "integer": view.integer,
        "minimum": view.lowest,
        "maximum": view.highest,
    }


def _boolean(view: FieldView, tr: Translation) -> dict[str, Any]:
    return {"nullable": view.default is None and not view.required}


def _single(view: FieldView, tr: Translation) -> dict[str, Any]:
    return {
        "values": list(view.values),
        "labels": list(view.labels),
        "blank": tr.gettext("Choose one…") if view.required else tr.gettext("(no answer)"),
    }


def _multi(view: FieldView, tr: Translation) -> dict[str, Any]:
    return {
        "hint": view.hint,
        "values": list(view.values),
        "labels": list(view.labels),
    }


#: Each control (targets/common/view.py): the runtime's editor for it (the spec's "kind", which
#: the runtime's _EDITORS maps to an editor class: a date-time is a "date" editor with time) and
#: what it adds to the spec.
_CONTROLS: dict[Control, tuple[str, Callable[[FieldView, Translation], dict[str, Any]]]] = {
    "text": ("text", _text),
    "long_text": ("long_text", _text),
    "date": ("date", _date),
    "date_time": ("date", _date),
    "number": ("number", _number),
    "boolean": ("boolean", _boolean),
    "single": ("single", _single),
    "multi": ("multi", _multi),
}


#: The keys a spec always has; any other is left out when it is empty (the runtime reads it
#: with that default).
_ALWAYS = frozenset({"kind", "name", "ident", "label", "required"})


def _empty(value: object) -> bool:
    return value is None or value is False or (isinstance(value, str) and not value)


def field_spec(field: Field, tr: Translation = ENGLISH) -> dict[str, Any]:
    """The data the runtime's dialog builds ``field``'s editor from, read from its view
    (``targets/common/view.py``): its kind, names and label, whether it is required, its
    description and default, and whatever else its control has (None, "" and False left out,
    except a default of "" or False, which is a value). The words elicit-gen adds (hints,
    the blank choice) are in ``tr``'s language."""
    view = view_of(field, tr)
    kind, extra = _CONTROLS[view.control]
    spec = {
        "kind": kind,
        "name": view.name,
        "ident": str(field.ident),
        "label": view.label,
        "required": view.required,
        "description": view.description,
        "default": view.default,
        **extra(view, tr),
    }
    return {
        key: value
        for key, value in spec.items()
        if key in _ALWAYS or not _empty(value) or (key == "default" and value is not None)
    }


def window_title(form: Form) -> str:
    """The schema's title, or a neutral one in the form's language when it has none."""
    if form.title is not None and form.title.strip():
        return form.title
    return translation(form.locale).gettext("Information requested")


#: The runtime parts of the Qt form, in the order they are copied (each defines what the later
#: ones use): its values and text helpers, the editors, the pickers and the table of every kind's
#: editor, the dialog's keys (a mixin of the dialog), the dialog, the modal runner and command line.
QT_FORM_PARTS = (
    "qt_text.py",
    "qt_editors.py",
    "qt_pickers.py",
    "qt_keys.py",
    "qt_form.py",
    "qt_run.py",
)

#: The runtime modules copied into the module, in order: validation, safe text, the Qt form.
_PARTS = (
    "i18n.py",
    *FORM_PARTS,
    "safetext.py",
    "qt_app.py",
    *QT_FORM_PARTS,
)

#: The runtime parts of the URL-mode consent module (no form: no formcore), in this order.
_CONSENT_PARTS = (*CONSENT_PARTS, "qt_app.py", "qt_consent_view.py", "qt_consent.py")

#: The consent module's header line: it comes from no schema, and is the same on every run.
_CONSENT_HEADER = "Generated by elicit-gen: the URL consent dialog of the qt target. Do not edit."


class QtTarget(Emitter):
    black_stable = True

    def emit(self, form: Form) -> GeneratedFile:
        return self.emit_module(form).file()

    def emit_module(self, form: Form) -> Module:
        from .common.render import render

        data = form_data(form)
        pattern = uses_pattern(form)
        parts = with_pattern(_PARTS, pattern)
        text = render(
            "qt/module.py.j2",
            form=form,
            header=header_text(form),
            doc=self.module_doc(form),
            fields=data["fields"],
            texts=data["texts"],
            imports=runtime_imports(parts, _own_imports()),
            runtime_parts=runtime_sections(parts, form.locale),
            api=api_text(API_PART, form.class_name),
        )
        shared = runtime_shared(bundle_name(pattern), parts, form.locale, _own_imports())
        return Module.cut(form.stem + self.suffix, text, shared)

    def module_doc(self, form: Form) -> str:
        return _DOC.format(class_name=form.class_name, stem=form.stem)

    def assemble(self, form: Form, namespace: dict[str, Any]) -> None:
        """Sets in ``namespace`` (the runtime's, copied) what the module's form part defines
        (``templates/qt/module.py.j2``, above the API), from the same data."""
        import PySide6  # the module's check that its toolkit is there leaves it imported

        data = form_data(form)
        texts = data["texts"]
        namespace.update(
            PySide6=PySide6,
            REQUESTED_SCHEMA=form.schema,
            _FORM_TEXT=texts,
            MESSAGE=texts["message"],
            DEFAULT_SERVER=texts["default_server"],
            TITLE=texts["title"],
            WINDOW_TITLE=texts["window_title"],
            DESCRIPTION=texts["description"],
            FIELDS=data["fields"],
        )

    def emit_url_consent(self, locale: str = "en") -> GeneratedFile:
        return self.emit_url_consent_module(locale).file()

    def emit_url_consent_module(self, locale: str = "en") -> Module:
        """``url_consent_qt.py``: the safe-text helpers, the URL check, the consent flow and the
        consent dialog (``runtime/qt/qt_consent_view.py``, ``qt_consent.py``) copied verbatim,
        under ``templates/qt/url_consent.py.j2`` (header, docstring, the script entry point).
        It holds no per-request data."""
        from .common.render import render

        filename = URL_CONSENT_STEM + self.suffix
        text = render(
            "qt/url_consent.py.j2",
            header=_CONSENT_HEADER,
            filename=filename,
            imports=runtime_imports(_CONSENT_PARTS),
            runtime=runtime_bodies(_CONSENT_PARTS, locale),
        )
        return Module.cut(filename, text, runtime_shared("consent", _CONSENT_PARTS, locale))

    def runtime(self, locale: str = "en", pattern: bool = True) -> Runtime:
        parts = with_pattern(_PARTS, pattern)
        pieces = tuple(text for _, text in runtime_sections(parts, locale))
        return Runtime(
            runtime_imports(parts, _own_imports()), pieces, api_text(API_PART, FORM_CLASS)
        )

    def runtime_parts(self, pattern: bool = True) -> tuple[str, ...]:
        return (*with_pattern(_PARTS, pattern), API_PART)


def _own_imports() -> str:
    return runtime_part(API_PART).imports


def form_data(form: Form) -> dict[str, Any]:
    """What the module's form part is made of, besides the schema: the field specs and the
    texts, in the form's language."""
    tr = translation(form.locale)
    return {
        "fields": [field_spec(f, tr) for f in form.fields],
        "texts": {
            "message": shown_message(form.message, tr),
            "default_server": default_server(tr),
            "title": form.title,
            "window_title": window_title(form),
            "description": form.description,
        },
    }


EMITTER = QtTarget
