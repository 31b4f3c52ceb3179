"""examples/mcp_client.py and examples/mcp_server.py, run for real: the client starts the server
over stdio (a separate process), and answers through the generated CLI form on piped stdin or the
generated Textual screen (pilot)."""

from __future__ import annotations

import asyncio
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("mcp")

from .support.cases import ROOT

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
    done = client(forms, "\ny\n1\n2\ny\ns\n")
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
        forms, "\nAda\nada(at)example.com\nada@example.com\n\ns\n", "--tool", "update_contact"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == 'Stored {"name":"Ada","email":"ada@example.com"}\n'
    done = client(forms, "c\n", "--tool", "update_contact", "--mode", "2026-07-28")
    assert done.stdout == "Contact not updated: the user chose cancel.\n"


def test_decline_over_stdio_2026(forms: Path) -> None:
    done = client(forms, "d\n", "--mode", "2026-07-28")
    assert done.stdout == "Booking not made: the user chose decline.\n"


def _load_client() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_mcp_example_client", CLIENT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_textual_client_app(forms: Path) -> None:
    example = _load_client()
    example.build_forms(forms)
    app = example.client_app("update_contact", "2026-07-28", forms)

    async def main() -> Any:
        async with app.run_test(size=(100, 40)) as pilot:
            for _ in range(1000):
                if type(app.screen).__name__ == "ContactScreen":
                    break
                await pilot.pause(0.02)
            else:
                raise AssertionError("the contact form was never shown")
            await pilot.pause()
            await pilot.press(*"Grace", "tab", *"grace@example.org", "tab", *"85", "ctrl+s")
            for _ in range(1000):
                if app.return_value is not None:
                    break
                await pilot.pause(0.02)
        return app.return_value

    reply = asyncio.run(main())
    assert reply == 'Stored {"name":"Grace","email":"grace@example.org","age":85}'
