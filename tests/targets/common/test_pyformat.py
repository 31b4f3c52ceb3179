"""The format stage (elicit_gen/targets/common/pyformat.py, elicit_gen.targets.emit) and the
formatter settings it reads (elicit_gen.targets.common.style.Style, find_style)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from elicit_gen.targets import GeneratedFile, emit
from elicit_gen.targets.common.pyformat import (
    LONG_LINES_NOQA,
    FormatterError,
    black_format,
    find_ruff,
    marked_for_linters,
    needs_formatting,
    ruff_format,
)
from elicit_gen.targets.common.style import ConfigError, Style, find_style, style_from_data

ROOT = Path(__file__).resolve().parents[3]
EVERY_KIND = ROOT / "examples" / "every_kind.json"

UGLY = "x = {'a': 1,\n  'b': [1,2,3,]}\ndef f(a,b): return 'it'\n"


def test_black_format_uses_the_projects_mode() -> None:
    assert black_format(UGLY) == (
        'x = {\n    "a": 1,\n    "b": [\n        1,\n        2,\n        3,\n    ],\n}\n\n\n'
        'def f(a, b):\n    return "it"\n'
    )
    preserve = Style(quote_style="preserve", magic_trailing_comma=False, line_length=120)
    assert black_format(UGLY, preserve) == (
        "x = {'a': 1, 'b': [1, 2, 3]}\n\n\ndef f(a, b):\n    return 'it'\n"
    )
    with pytest.raises(FormatterError, match="py2"):
        black_format(UGLY, Style(target_versions=("py2",)))


def test_ruff_format_reads_the_projects_configuration(tmp_path: Path) -> None:
    if find_ruff() is None:
        pytest.skip("ruff is not installed")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.ruff]\nline-length = 120\n[tool.ruff.format]\nquote-style = "single"\n'
    )
    style = find_style(tmp_path / "out")
    assert (style.formatter, style.line_length, style.quote_style) == ("ruff", 120, "single")
    assert not style.covered
    assert ruff_format(UGLY, style) == (
        "x = {\n    'a': 1,\n    'b': [\n        1,\n        2,\n        3,\n    ],\n}\n\n\n"
        "def f(a, b):\n    return 'it'\n"
    )


def test_without_ruff_a_ruff_project_gets_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import elicit_gen.targets.common.pyformat as pyformat

    monkeypatch.setattr(pyformat, "find_ruff", lambda: None)
    with pytest.raises(FormatterError, match="ruff is not installed"):
        ruff_format(UGLY, Style(formatter="ruff", path=Path("/p/pyproject.toml")))


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        ("", Style()),
        ("[project]\nname = 'x'\n", Style()),
        ("[tool.black]\nline-length = 100\n", Style(line_length=100)),
        (
            "[tool.black]\nskip-string-normalization = true\nskip-magic-trailing-comma = true\n"
            "target-version = ['py311']\n",
            Style(quote_style="preserve", magic_trailing_comma=False, target_versions=("py311",)),
        ),
        ("[tool.ruff]\nline-length = 120\n", Style(formatter="ruff", line_length=120)),
        ("[tool.ruff]\nline-length = 120\n[tool.black]\n", Style()),  # ruff lints, black formats
        (
            "[tool.black]\n[tool.ruff]\nline-length = 79\n[tool.ruff.format]\n"
            "skip-magic-trailing-comma = true\nquote-style = 'preserve'\n",
            Style("ruff", 79, "preserve", magic_trailing_comma=False),
        ),
        ("[tool.ruff.format]\nindent-style = 'tab'\n", Style("ruff", indent="\t")),
        ("[tool.ruff]\nindent-width = 2\n", Style("ruff", indent="  ")),
        (
            "[tool.black]\nline-length = 79\n[tool.elicit-gen]\nline-length = 100\n",
            Style(line_length=100),
        ),
        ("[tool.ruff]\n[tool.elicit-gen]\nformatter = 'black'\n", Style()),
        ("[tool.elicit-gen]\nformatter = 'none'\n", Style(formatter="none")),
    ],
)
def test_style_from_pyproject(toml: str, expected: Style) -> None:
    tomllib = pytest.importorskip("tomllib")
    assert style_from_data(tomllib.loads(toml), None) == expected


@pytest.mark.parametrize(
    "toml",
    [
        "[tool.elicit-gen]\nformatter = 'yapf'\n",
        "[tool.elicit-gen]\nline-length = 0\n",
        "[tool.elicit-gen]\nline-length = true\n",
        "[tool.black]\nline-length = '88'\n",
        "[tool.ruff]\nline-length = 1.5\n",
        "[tool.black]\ntarget-version = 3\n",
    ],
)
def test_bad_settings_name_the_file_and_key(toml: str, tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(toml)
    with pytest.raises(ConfigError, match=r"pyproject\.toml"):
        find_style(tmp_path)


@pytest.mark.parametrize(
    ("style", "covered"),
    [
        (Style(), True),
        (Style(line_length=120), True),
        (Style(line_length=87), False),
        (Style(magic_trailing_comma=False), False),
        (Style(quote_style="preserve"), True),
        (Style("ruff", quote_style="single"), False),
        (Style("ruff", indent="  "), False),
        (Style("none", line_length=40), True),
    ],
)
def test_covered(style: Style, covered: bool) -> None:
    assert style.covered is covered
    assert needs_formatting(True, style) is not covered
    assert needs_formatting(False, style)


def test_the_nearest_pyproject_above_the_output_governs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.black]\nline-length = 100\n")
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "pyproject.toml").write_text("[tool.ruff]\nline-length = 120\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert find_style(sub / "gen" / "forms").formatter == "ruff"
    assert find_style(tmp_path / "gen").line_length == 100
    assert find_style(None).line_length == 100  # from the current directory upward
    assert find_style(Path("relative/out")).line_length == 100


def test_a_ruff_toml_counts_as_tool_ruff(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "ruff.toml").write_text("line-length = 79\n[format]\nquote-style = 'single'\n")
    style = find_style(tmp_path / "out")
    assert (style.formatter, style.line_length, style.quote_style) == ("ruff", 79, "single")
    (tmp_path / "pyproject.toml").write_text("[tool.black]\n")  # black formats, ruff lints
    (tmp_path / "ruff.toml").write_text("line-length = 79\n")
    assert find_style(tmp_path / "out") == Style(path=tmp_path / "pyproject.toml")
    (tmp_path / "pyproject.toml").unlink()
    assert find_style(tmp_path).path == tmp_path / "ruff.toml"


class _Emitter:
    name = "fake"
    suffix = "_fake.py"

    def __init__(self, black_stable: bool) -> None:
        self.black_stable = black_stable

    def emit(self, form: Any) -> GeneratedFile:
        return GeneratedFile("f_fake.py", UGLY)


def test_emit_formats_only_what_is_not_covered() -> None:
    stable, unstable = _Emitter(True), _Emitter(False)
    form: Any = None
    assert emit(stable, form).text == UGLY  # trusted: no formatter runs
    assert emit(unstable, form).text == black_format(UGLY)
    # at 79 columns linters are told to skip the long lines no formatter splits (E501)
    marked = LONG_LINES_NOQA + "\n"
    assert emit(stable, form, Style(line_length=79)).text == marked + black_format(UGLY)
    assert emit(stable, form, Style("none", line_length=79)).text == marked + UGLY


def test_long_lines_are_marked_only_below_88_columns() -> None:
    source = '# Generated by elicit-gen. Do not edit.\n"""Doc."""\n'
    assert marked_for_linters(source, Style()) == source
    assert marked_for_linters(source, Style("ruff", line_length=88)) == source
    assert marked_for_linters(source, Style(line_length=120)) == source
    assert marked_for_linters(source, Style("ruff", line_length=87)) == (
        '# Generated by elicit-gen. Do not edit.\n# ruff: noqa: E501\n"""Doc."""\n'
    )


def test_a_covered_compile_does_not_import_black() -> None:
    code = (
        "import sys\nfrom elicit_gen import compile\nfrom elicit_gen.targets import get_target\n"
        f"r = compile({str(EVERY_KIND)!r}, 'all')\nassert r.ok and len(r.files) == 5\n"
        "stable = all(getattr(get_target(t), 'black_stable', False)"
        " for t in ('qt', 'textual', 'cli', 'pydantic'))\n"
        "print(stable, 'black' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    stable, imported = result.stdout.split()
    assert imported == ("False" if stable == "True" else "True")
