"""What the URL-consent tests of every target share: the request texts, a recorder standing in
for the browser, the generated module (text, file, import)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import elicit_gen

URL = "https://login.example.com/authorize?client_id=abc&state=a%20b&x=%E2%9C%93#frag"
#: URLs no consent screen may open (the issue's list).
REFUSED = [
    "javascript:alert(1)",
    "data:text/html,x",
    "file:///etc/passwd",
    "http://example.com/",
    "https://user:pw@example.com/",
]
HOSTILE_MESSAGE = "Sign in\x1b[2J\x1b[31m now\r\u202egnp.exe <b>bold</b> [bold]x[/bold]\x07"
HOSTILE_SERVER = "Acme\x1b]0;pwned\x07 \u202eevil [red]x[/red] <i>y</i>"


class Recorder:
    """An opener that only remembers what it was asked to open."""

    def __init__(self, fail: BaseException | None = None) -> None:
        self.calls: list[str] = []
        self.fail = fail

    def __call__(self, url: str) -> object:
        self.calls.append(url)
        if self.fail is not None:
            raise self.fail
        return True


def generated_text(target: str) -> str:
    """The consent module elicit-gen writes for ``target``."""
    (file,) = elicit_gen.compile_url_consent(target)
    assert file.name == f"url_consent_{target}.py"
    return file.text


def write_generated(target: str, directory: Path) -> Path:
    path = directory / f"url_consent_{target}.py"
    path.write_text(generated_text(target), encoding="utf-8")
    return path


def import_generated(path: Path) -> ModuleType:
    """The generated module, imported from its file (as a client imports it)."""
    name = f"_gen_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
