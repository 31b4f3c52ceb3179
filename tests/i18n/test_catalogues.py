"""The catalogues and how a language is chosen (issue 18): the .po files are in step with the
code and complete, translations cannot break a message, ``--locale`` / ``locale`` keys / the
library and run-time APIs pick a language, a generated module carries only its own language, and
a contributor adds a language with one file."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import elicit_gen
from elicit_gen import i18n
from elicit_gen.live import load_form
from elicit_gen.runtime.core import i18n as runtime_i18n
from elicit_gen.targets import targets_with

from ..support.cases import CASES_DIR
from ..support.run import CliRun

ROOT = Path(__file__).resolve().parents[2]
GOOD = '{"type": "object", "properties": {"age": {"type": "integer", "minimum": 18}}}'
_FIELD = re.compile(r"\{([a-z_0-9]*)\}")


def _read(folder: str):  # type: ignore[no-untyped-def]
    from babel.messages.pofile import read_po

    path = i18n.LOCALES_DIR / folder / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=folder)


# --- the catalogues -------------------------------------------------------------------------------


def test_catalogues_are_in_step_with_the_code_and_complete() -> None:
    """What scripts/i18n.py --check says: extracting the messages again changes no .pot or .po,
    and every language translates every message."""
    result = subprocess.run(
        [sys.executable, "scripts/i18n.py", "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_english_is_the_source_language() -> None:
    catalog = _read("en")
    assert catalog.plural_expr == i18n.ENGLISH.plural_forms
    for message in catalog:
        if message.id:
            assert message.string == message.id
    assert i18n.translation("en") is i18n.ENGLISH


#: The catalogue folders shipped besides the source language's, read from the directory itself
#: (not from i18n.available()): a language added there is checked without editing this file.
TRANSLATED = sorted(
    p.name
    for p in (ROOT / "elicit_gen" / "i18n" / "locales").iterdir()
    if (p / "LC_MESSAGES" / "elicit_gen.po").is_file() and p.name != "en"
)


def test_the_locales_shipped() -> None:
    assert "zh_CN" in TRANSLATED
    assert i18n.available() == tuple(sorted(["en", *(f.replace("_", "-") for f in TRANSLATED)]))


@pytest.mark.parametrize("folder", TRANSLATED)
def test_translations_use_only_the_fields_their_message_has(folder: str) -> None:
    """A translation naming a field its message does not pass would raise KeyError in a form."""
    for message in _read(folder):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        allowed = {f for text in ids for f in _FIELD.findall(text)}
        if isinstance(message.id, (tuple, list)):
            allowed.add("n")
        for text in strings:
            assert text, f"untranslated: {ids[0]!r}"
            assert set(_FIELD.findall(text)) <= allowed, (ids[0], text)


def test_plural_categories_map_to_gettext_forms() -> None:
    assert i18n.ENGLISH.categories == {"one": 0, "other": 1}
    zh = i18n.translation("zh-CN")
    assert zh.categories == {"other": 0}
    assert zh.plural_forms == "0"
    assert i18n.ENGLISH.ngettext("{n} option", "{n} options", 1) == "1 option"
    assert i18n.ENGLISH.ngettext("{n} option", "{n} options", 2) == "2 options"


@pytest.mark.parametrize("spelling", ["zh-CN", "zh_CN", "zh-cn", " ZH-cn "])
def test_locale_spellings(spelling: str) -> None:
    assert i18n.normalise(spelling) == "zh-CN"


def test_unknown_locale_lists_the_known_ones() -> None:
    with pytest.raises(i18n.UnknownLocale, match="elicit-gen has en, zh-CN"):
        i18n.normalise("fr")


# --- the runtime part -----------------------------------------------------------------------------


def test_runtime_catalogue_falls_back_to_english() -> None:
    catalog = runtime_i18n._Catalog("zh-CN", "0", {"Submit": "提交", "{n} item": ("{n} 项",)})
    assert catalog.text("Submit") == "提交"
    assert catalog.text("Cancel") == "Cancel"
    assert catalog.plural("{n} item", "{n} items", 5) == "{n} 项"
    assert catalog.plural("{n} thing", "{n} things", 1) == "{n} thing"
    assert catalog.plural("{n} thing", "{n} things", 2) == "{n} things"


def test_schema_text_in_fields_is_not_formatted_again() -> None:
    assert runtime_i18n._t("Must be at least {minimum}.", minimum="{0}{__class__}") == (
        "Must be at least {0}{__class__}."
    )


# --- choosing a language --------------------------------------------------------------------------


def test_compile_in_chinese_embeds_only_what_the_module_shows() -> None:
    (zh,) = elicit_gen.compile(GOOD, "cli", locale="zh-CN").files
    (en,) = elicit_gen.compile(GOOD, "cli").files
    assert '_CATALOG = _Catalog(\n    "zh-CN",\n    "0",\n' in zh.text
    assert "_CATALOG = _Catalog(\n" not in en.text
    block = zh.text[zh.text.index("_CATALOG = _Catalog(") :]
    block = block[: block.index("\n)\n")]
    keys = re.findall(r'^        "((?:[^"\\]|\\.)*)": ', block, flags=re.M)
    assert keys, block
    shown = i18n.python_msgids(zh.text)
    assert set(keys) <= shown  # nothing the module never shows
    assert "Must be at least {minimum}." in keys


def test_a_compiled_chinese_form_validates_in_chinese() -> None:
    module = load_form(GOOD, "cli", locale="zh-CN")
    english = load_form(GOOD, "cli")
    assert module is not english
    assert module.validate({"age": 3}) == {"age": "不能小于 18。"}
    assert english.validate({"age": 3}) == {"age": "Must be at least 18."}
    assert load_form(GOOD, "cli", locale="zh_CN") is module


def test_cli_locale_option(tmp_path: Path, run_cli: CliRun) -> None:
    (tmp_path / "s.json").write_text(GOOD)
    result = run_cli("s.json", "--target", "cli", "--locale", "zh-CN", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"zh-CN",' in result.stdout
    bad = run_cli("s.json", "--target", "cli", "--locale", "fr", cwd=tmp_path)
    assert bad.returncode == 2
    assert "no catalogue for locale 'fr': elicit-gen has en, zh-CN" in bad.stderr
    lint = run_cli("--lint", "s.json", "--locale", "zh-CN", cwd=tmp_path)
    assert lint.returncode == 2
    assert "--locale" in lint.stderr


def test_locale_in_pyproject_and_per_job(tmp_path: Path, run_cli: CliRun) -> None:
    (tmp_path / "s.json").write_text(GOOD)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.elicit-gen]\nlocale = "zh-CN"\n\n'
        '[[tool.elicit-gen.jobs]]\nname = "zh"\ninputs = ["s.json"]\ntargets = ["cli"]\n'
        'output = "zh/"\n\n'
        '[[tool.elicit-gen.jobs]]\nname = "en"\ninputs = ["s.json"]\ntargets = ["cli"]\n'
        'output = "en/"\nlocale = "en"\n'
    )
    result = run_cli(cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"zh-CN",' in (tmp_path / "zh" / "s_cli.py").read_text(encoding="utf-8")
    assert "_CATALOG = _Catalog(\n" not in (tmp_path / "en" / "s_cli.py").read_text()
    assert run_cli("--check", cwd=tmp_path).returncode == 0
    # the command line's --locale overrides both
    assert run_cli("--check", "--locale", "en", cwd=tmp_path).returncode == 1


def test_unknown_locale_in_pyproject_names_the_file_and_key(
    tmp_path: Path, run_cli: CliRun
) -> None:
    (tmp_path / "s.json").write_text(GOOD)
    (tmp_path / "pyproject.toml").write_text(
        '[[tool.elicit-gen.jobs]]\ninputs = ["s.json"]\ntargets = ["cli"]\noutput = "o/"\n'
        'locale = "xx"\n'
    )
    result = run_cli(cwd=tmp_path)
    assert result.returncode == 2
    assert "pyproject.toml: [[tool.elicit-gen.jobs]] #1 locale: no catalogue for locale 'xx'" in (
        result.stderr
    )
    assert not (tmp_path / "o").exists()


def test_url_consent_in_chinese() -> None:
    (page,) = elicit_gen.compile_url_consent("cli", locale="zh-CN")
    assert '"zh-CN",' in page.text
    assert "服务器没有发送网址。" in page.text


def test_a_language_is_one_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A contributor adds a language by adding i18n/locales/<ll>/LC_MESSAGES/elicit_gen.po: no code
    lists the languages."""
    import shutil

    from babel.messages.pofile import write_po

    locales = tmp_path / "locales"
    shutil.copytree(i18n.LOCALES_DIR, locales)
    catalog = _read("en")
    catalog.locale = "fr"  # type: ignore[assignment]
    for message in catalog:
        if message.id == "Must be at least {minimum}.":
            message.string = "Doit valoir au moins {minimum}."
    (locales / "fr" / "LC_MESSAGES").mkdir(parents=True)
    with (locales / "fr" / "LC_MESSAGES" / "elicit_gen.po").open("wb") as handle:
        write_po(handle, catalog)
    monkeypatch.setattr(i18n, "LOCALES_DIR", locales)
    i18n.available.cache_clear()
    i18n.translation.cache_clear()
    try:
        assert i18n.available() == ("en", "fr", "zh-CN")
        module = load_form(GOOD, "cli", locale="fr")
        assert module.validate({"age": 3}) == {"age": "Doit valoir au moins 18."}
    finally:
        i18n.available.cache_clear()
        i18n.translation.cache_clear()


def test_the_chinese_golden_case_is_chinese() -> None:
    text = (CASES_DIR / "travel_booking_zh.json").read_text(encoding="utf-8")
    assert "旅客姓名" in text


def test_the_default_message_and_server_are_the_irs_in_every_language() -> None:
    from elicit_gen.compiler import ir
    from elicit_gen.targets.common.hints import default_server, shown_message

    assert shown_message(None) == ir.DEFAULT_MESSAGE
    assert default_server() == ir.DEFAULT_SERVER
    zh = i18n.translation("zh-CN")
    assert shown_message(None, zh) == zh.messages[ir.DEFAULT_MESSAGE]
    assert default_server(zh) == zh.messages[ir.DEFAULT_SERVER] == "MCP 服务器"
    assert shown_message("请确认", zh) == "请确认"


@pytest.mark.parametrize("target", targets_with("ui"))
def test_a_chinese_form_without_a_message_shows_the_default_in_chinese(target: str) -> None:
    schema = '{"type": "object", "properties": {"a": {"type": "string", "title": "姓名"}}}'
    (generated,) = elicit_gen.compile(schema, target, locale="zh-CN").files
    zh = i18n.translation("zh-CN")
    assert zh.messages["The server is asking for the following information."] in generated.text
    assert "The server is asking for the following information." not in generated.text.replace(
        '"The server is asking for the following information.": ', ""
    )
