"""Getting started (issue 16 item 13): each UI target's toolkit is an extra of elicit-gen
(``elicit-gen[qt]``, ``elicit-gen[textual]``) pinned as the test-suite pins it, and a generated
Qt or Textual module run where its toolkit is missing prints one line naming what to install and
exits 2, instead of a traceback; imported, it raises ModuleNotFoundError with that line.

The toolkit is made unimportable for real: the generated file runs under ``python -I -S`` (no
site-packages, no PYTHONPATH, no user site), where only the standard library is importable. A
control run checks that the same interpreter does find the toolkit with site-packages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from ..support.cases import emit, forms

ROOT = Path(__file__).resolve().parents[2]

#: target -> (the module a generated file imports first, the distribution the test extra pins)
TOOLKITS = {
    "qt": ("PySide6", "PySide6-Essentials"),
    "textual": ("textual", "textual"),
}


def _pins() -> dict[str, list[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras: dict[str, list[str]] = project["optional-dependencies"]
    return extras


@pytest.mark.parametrize("target", sorted(TOOLKITS))
def test_each_toolkit_is_an_extra_pinned_as_the_tests_pin_it(target: str) -> None:
    extras = _pins()
    _, distribution = TOOLKITS[target]
    assert target in extras, f"pip install 'elicit-gen[{target}]' must install the toolkit"
    (pin,) = extras[target]
    assert pin.startswith(distribution + ">=")
    assert pin in extras["test"]  # the version the behaviour tests run


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    (form,) = forms("contact")
    directory = tmp_path_factory.mktemp("toolkit")
    paths = {}
    for target in TOOLKITS:
        file = emit(form, target)
        paths[target] = directory / file.name
        paths[target].write_text(file.text, encoding="utf-8")
    return paths


def _python(*args: str, cwd: Path, isolated: bool) -> subprocess.CompletedProcess[str]:
    flags = ["-I", "-S"] if isolated else ["-I"]
    return subprocess.run(
        [sys.executable, *flags, *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "QT_QPA_PLATFORM": "offscreen"},
    )


@pytest.mark.parametrize("target", sorted(TOOLKITS))
def test_the_toolkit_is_unimportable_without_site_packages(target: str, tmp_path: Path) -> None:
    """The control: ``-S`` really hides the toolkit, and only ``-S`` does."""
    module, _ = TOOLKITS[target]
    probe = f"import importlib.util; print(importlib.util.find_spec({module!r}) is not None)"
    assert _python("-c", probe, cwd=tmp_path, isolated=False).stdout == "True\n"
    assert _python("-c", probe, cwd=tmp_path, isolated=True).stdout == "False\n"


@pytest.mark.parametrize("target", sorted(TOOLKITS))
def test_a_module_without_its_toolkit_says_what_to_install(
    target: str, generated: dict[str, Path]
) -> None:
    module, distribution = TOOLKITS[target]
    path = generated[target]
    proc = _python(str(path), "--server", "Acme", cwd=path.parent, isolated=True)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    (line,) = lines
    assert line.startswith(f"This form needs {'PySide6' if target == 'qt' else 'Textual'}:")
    assert f"pip install {distribution}" in line
    assert f"pip install 'elicit-gen[{target}]'" in line
    # Imported by a host program it does not exit: it raises, with the same line.
    importer = (
        "import sys\nsys.path.insert(0, '.')\n"
        f"try:\n    import {path.stem}\n"
        "except ModuleNotFoundError as e:\n    print(e.name, '|', e)\n"
    )
    proc = _python("-c", importer, cwd=path.parent, isolated=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"{module} | {line}\n"
