"""examples/mcp_client.py and examples/mcp_server.py, run for real: the client starts the server
over stdio (a separate process), and answers through the generated CLI form on piped stdin or the
generated Textual screen (pilot); with ``--compile-unknown``, through the same forms compiled at
run time, no generated file on the client's side."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("mcp")

from ..support.cases import ROOT

CLIENT = ROOT / "examples" / "mcp_client.py"


def client(forms: Path, stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(CLIENT), "--forms", str(forms), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture(scope="module")
def forms(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mcp_example_forms")


def test_book_trip_over_stdio(forms: Path) -> None:
    done = client(forms, "y\n1\n2\ny\ns\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Booked: seat window, room city view with travel insurance.\n"
    assert "travel-agent asks:" in done.stderr
    assert sorted(p.name for p in forms.glob("*.py")) == [
        "contact_cli.py",
        "contact_models.py",
        "contact_textual.py",
        "travel_booking_cli.py",
        "travel_booking_models.py",
        "travel_booking_textual.py",
    ]


def test_update_contact_with_input_required_over_stdio(forms: Path) -> None:
    done = client(
        forms, "Ada\nada(at)example.com\nada@example.com\n\ns\n", "--tool", "update_contact"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == 'Stored {"name":"Ada","email":"ada@example.com"}\n'
    done = client(
        forms, "Ada\nada@example.com\n\nc\n", "--tool", "update_contact", "--mode", "2026-07-28"
    )
    assert done.stdout == "Contact not updated: the user chose cancel.\n"


def test_decline_over_stdio_2026(forms: Path) -> None:
    done = client(forms, "y\n\n\n\nd\n", "--mode", "2026-07-28")
    assert done.stdout == "Booking not made: the user chose decline.\n"
    # No handshake: the server is named by the input_required result's _meta (router.watch).
    assert "travel-agent asks:" in done.stderr


def _load_client() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_mcp_example_client", CLIENT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _answer_contact(app: Any, shows_form: Callable[[Any], bool]) -> Any:
    """Runs the Textual client app under a pilot: waits for the contact form (``shows_form``
    of the app's screen), fills it in and submits it; returns the app's return value."""

    from ..support.textual import ready

    async def main() -> Any:
        async with app.run_test(size=(100, 40)) as pilot:
            await ready(pilot, shows_form)
            await pilot.press(*"Grace", "tab", *"grace@example.org", "tab", *"85", "ctrl+s")
            for _ in range(1000):
                if app.return_value is not None:
                    break
                await pilot.pause(0.02)
        return app.return_value

    return asyncio.run(asyncio.wait_for(main(), timeout=120))


def test_textual_client_app(forms: Path) -> None:
    example = _load_client()
    example.build_forms(forms)
    app = example.client_app("update_contact", "2026-07-28", forms)
    reply = _answer_contact(app, lambda screen: type(screen).__name__ == "ContactScreen")
    assert reply == 'Stored {"name":"Grace","email":"grace@example.org","age":85}'


# --- --compile-unknown: no generated files on the client's side -------------------------------


def client_compiling(stdin: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The example with ``--compile-unknown`` and no ``--forms``; its temporary files (the
    server's models) go under ``cwd``/tmp."""
    (cwd / "tmp").mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, str(CLIENT), "--compile-unknown", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
        env={**os.environ, "TMPDIR": str(cwd / "tmp")},
    )


def test_book_trip_compiled_at_run_time_over_stdio(tmp_path: Path) -> None:
    done = client_compiling("y\n1\n2\ny\ns\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Booked: seat window, room city view with travel insurance.\n"
    assert "travel-agent asks:" in done.stderr
    assert "Review your answers:" in done.stderr
    # Nothing was generated for the client, and the server's models were cleaned up.
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["tmp"]


def test_update_contact_compiled_at_run_time_over_stdio(tmp_path: Path) -> None:
    stdin = "Ada\nada(at)example.com\nada@example.com\n\ns\n"
    done = client_compiling(stdin, "--tool", "update_contact", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == 'Stored {"name":"Ada","email":"ada@example.com"}\n'
    # The form compiled at run time validates like the generated one.
    assert "Not accepted: Not an email address." in done.stderr
    done = client_compiling(
        "Ada\nada@example.com\n\nd\n",
        "--tool",
        "update_contact",
        "--mode",
        "2026-07-28",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Contact not updated: the user chose decline.\n"


def test_textual_client_app_compiled_at_run_time(tmp_path: Path) -> None:
    example = _load_client()
    server_models = tmp_path / "server"
    app = example.client_app("update_contact", "2026-07-28", server_models, compile_unknown=True)
    reply = _answer_contact(
        app, lambda screen: type(screen).__module__.startswith("elicit_gen.live.")
    )
    assert reply == 'Stored {"name":"Grace","email":"grace@example.org","age":85}'
    # The client registered no generated file: the only ones are the server's own build.
    assert not list(tmp_path.glob("*.py"))


def test_qt_client_compiled_at_run_time(tmp_path: Path, qtbot: Any) -> None:
    """``--ui qt --compile-unknown``: the session in a worker thread, the dialog (compiled at
    run time) in the GUI thread, answered with real key input while ``run_qt`` runs Qt's loop."""
    pytest.importorskip("pytestqt")
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication, QDialog

    import elicit_gen

    from ..support.qt import fill

    example = _load_client()
    result = elicit_gen.compile(ROOT / "examples" / "contact.json", [], name="contact.json")
    (form,) = result.forms
    content = {"name": "Grace", "email": "grace@example.org", "age": 85}
    shown: list[str] = []
    failures: list[BaseException] = []
    stopped = False

    def answer() -> None:
        if stopped:
            return
        dialogs = [
            widget
            for widget in QApplication.topLevelWidgets()
            if isinstance(widget, QDialog)
            and widget.isVisible()
            and type(widget).__module__.startswith("elicit_gen.live.")
        ]
        if not dialogs:
            QTimer.singleShot(20, answer)
            return
        (dialog,) = dialogs
        shown.append(dialog.server)
        try:
            fill(qtbot, dialog, form, content)
            qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
        except BaseException as error:  # reported below, not lost in Qt's event loop
            failures.append(error)
            dialog.cancel()

    watchdog = QTimer()
    watchdog.setSingleShot(True)
    watchdog.timeout.connect(QApplication.quit)
    watchdog.start(120_000)  # a dialog never shown or never answered ends the run
    QTimer.singleShot(0, answer)
    try:
        reply = example.run_qt(
            "update_contact", "legacy", tmp_path / "server", compile_unknown=True
        )
    finally:
        stopped = True
        watchdog.stop()
    assert not failures, failures
    assert shown == ["travel-agent"]
    assert reply == 'Stored {"name":"Grace","email":"grace@example.org","age":85}'


def test_qt_client_compiles_at_run_time_only(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(CLIENT), "--ui", "qt", "--forms", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "--ui qt runs with --compile-unknown only" in done.stderr
    assert not list(tmp_path.iterdir())  # refused before building anything
