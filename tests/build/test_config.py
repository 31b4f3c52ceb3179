"""Which pyproject.toml configures a run (elicit_gen/build/config.py): the nearest one with a
[tool.elicit-gen] table, however TOML writes its name; one that only names the package (a project
called, or depending on, elicit-gen) is not even parsed."""

from __future__ import annotations

from pathlib import Path

import pytest

from elicit_gen.build.config import find_pyproject, load_config


@pytest.mark.parametrize(
    "table",
    [
        "[tool.elicit-gen]\nstrict = true\n",
        '[tool."elicit-gen"]\nstrict = true\n',
        "[ tool . 'elicit-gen' ]\nstrict = true\n",
        "tool.elicit-gen.strict = true\n",
    ],
)
def test_every_way_toml_writes_the_table_is_found(table: str, tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(table + '\n[project]\nname = "x"\n')
    inner = tmp_path / "a" / "b"
    inner.mkdir(parents=True)
    assert find_pyproject(inner) == tmp_path / "pyproject.toml"
    assert load_config(inner).strict is True


@pytest.mark.parametrize(
    "text",
    [
        '[project]\nname = "elicit-gen"\n',
        '[project]\nname = "app"\ndependencies = ["elicit-gen"]\n',
        '[project]\nname = "app"\n\n[tool.elicit-generator]\nx = 1\n',
    ],
)
def test_a_project_that_only_names_the_package_is_not_parsed(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pyproject.toml").write_text(text)
    assert find_pyproject(tmp_path) is None

    def refuse(path: Path) -> dict[str, object]:
        raise AssertionError(f"{path} parsed")

    monkeypatch.setattr("elicit_gen.build.config._read_toml", refuse)
    assert load_config(tmp_path).strict is False
