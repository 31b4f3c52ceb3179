"""The ``cli`` target under a real pseudo-terminal: examples/contact.json compiled, run as
``python contact_cli.py`` with stdin and stderr on a pty (stdout a pipe), answering each prompt
as it appears, as a person at a terminal would; Ctrl-C and Ctrl-D typed on the terminal."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import elicit_gen

from ...support.cli import UNSAFE, PtySession

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


@pytest.fixture(scope="module")
def contact(tmp_path_factory: pytest.TempPathFactory) -> Path:
    result = elicit_gen.compile(
        ROOT / "examples" / "contact.json", ["cli"], name="examples/contact.json"
    )
    assert result.ok
    (generated,) = result.files
    path = tmp_path_factory.mktemp("pty") / generated.name
    path.write_text(generated.text, encoding="utf-8")
    return path


@pytest.fixture
def session(contact: Path) -> Iterator[PtySession]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm", "LANG": "C.UTF-8"}
    s = PtySession(contact, "--server", "Acme Weather", env=env)
    yield s
    s.kill()


def test_answering_prompts_on_a_terminal(session: PtySession) -> None:
    intro = session.answer("")  # start
    assert "Acme Weather asks:\n  Please provide your contact information" in intro
    assert "3 questions. Press Enter to answer them, or type d to decline, c to cancel." in intro

    shown = session.answer("Ada Lovelace")
    assert "(1/3) name (required)\n    Your full name\n" in shown

    shown = session.answer("ada-at-example")
    assert "(2/3) email (required)" in shown
    shown = session.answer("ada@example.com")
    assert "ada-at-example\n  Not accepted: Not an email address." in shown  # echoed by the tty

    shown = session.answer("17")
    assert (
        "(3/3) age (optional)\n    Your age\n    A number, at least 18.\n    Press Enter to skip."
        in shown
    )
    shown = session.answer("")  # skip the optional age after all
    assert "Not accepted: Must be at least 18." in shown

    shown = session.answer("1")  # review: change the name
    review = "  1. name (required):  Ada Lovelace\n  2. email (required): ada@example.com\n"
    assert review + "  3. age:              (no answer)\n" in shown  # answers in one column
    shown = session.answer("Augusta Ada King")
    assert "Press Enter to keep: Ada Lovelace" in shown

    shown = session.answer("s")
    assert "  1. name (required):  Augusta Ada King" in shown

    out, code = session.finish()
    assert code == 0
    assert json.loads(out) == {
        "action": "accept",
        "content": {"name": "Augusta Ada King", "email": "ada@example.com"},
    }
    assert "Traceback" not in session.screen
    assert not UNSAFE.search(session.screen.replace("\r", ""))
    # On a terminal the tty echoes what was typed; the module must not echo it a second time.
    assert session.screen.count("> Ada Lovelace\n") == 1


def test_ctrl_c_on_the_terminal_cancels(session: PtySession) -> None:
    session.answer("")
    session.expect("(1/3) name (required)")
    session.expect("  > ")
    session.send("Ada\x03")  # Ctrl-C halfway through typing an answer
    out, code = session.finish()
    assert code == 0
    assert json.loads(out) == {"action": "cancel"}
    assert "Cancelled." in session.screen
    assert "Traceback" not in session.screen


def test_ctrl_d_on_the_terminal_cancels(session: PtySession) -> None:
    session.answer("")
    session.answer("Ada")
    session.expect("  > ")
    session.send("\x04")  # Ctrl-D at the start of a line: end of input
    out, code = session.finish()
    assert code == 0
    assert json.loads(out) == {"action": "cancel"}
    assert "Cancelled." in session.screen
    assert "Traceback" not in session.screen


def test_decline_from_the_review_on_the_terminal(session: PtySession) -> None:
    for line in ["", "Ada", "ada@example.com", "42"]:
        session.answer(line)
    shown = session.answer("d")
    assert "3. age:              42" in shown
    out, code = session.finish()
    assert code == 0
    assert json.loads(out) == {"action": "decline"}


def test_docs_show_the_recorded_session(tmp_path: Path) -> None:
    """docs/targets/cli.md quotes docs/screenshots/cli-contact.txt verbatim, and recording the
    session again (scripts/screenshots_cli.py) gives the same text."""
    recording = (ROOT / "docs" / "screenshots" / "cli-contact.txt").read_text(encoding="utf-8")
    assert recording in (ROOT / "docs" / "targets" / "cli.md").read_text(encoding="utf-8")
    script = ROOT / "scripts" / "screenshots_cli.py"
    proc = subprocess.run(
        [sys.executable, str(script), "--out", str(tmp_path)], capture_output=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "cli-contact.txt").read_text(encoding="utf-8") == recording


#: Starts ``python <argv...>`` with SIGINT ignored, as ``nohup cmd &`` in a script leaves it: the
#: ignored disposition survives ``exec``, and Python then installs no KeyboardInterrupt handler.
IGNORING_SIGINT = """\
import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)
os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
"""


@pytest.fixture
def launcher(tmp_path: Path) -> Path:
    path = tmp_path / "ignore_sigint.py"
    path.write_text(IGNORING_SIGINT, encoding="utf-8")
    return path


def test_the_launcher_really_leaves_sigint_ignored(launcher: Path, tmp_path: Path) -> None:
    """The control for the test below: a script started this way sees SIGINT ignored."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import signal\nprint(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)\n",
        encoding="utf-8",
    )
    proc = subprocess.run(
        [sys.executable, str(launcher), str(probe)], capture_output=True, text=True, timeout=60
    )
    assert proc.stdout == "True\n", proc.stderr


def test_ctrl_c_cancels_even_when_the_parent_ignored_sigint(contact: Path, launcher: Path) -> None:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm", "LANG": "C.UTF-8"}
    session = PtySession(launcher, str(contact), "--server", "Acme Weather", env=env)
    try:
        session.answer("")
        session.expect("(1/3) name (required)")
        session.expect("  > ")
        session.send("Ada\x03")  # Ctrl-C: SIGINT to the module, which restored its handler
        out, code = session.finish()
    finally:
        session.kill()
    assert code == 0
    assert json.loads(out) == {"action": "cancel"}
    assert "Cancelled." in session.screen
    assert "Traceback" not in session.screen


def test_piped_input_keeps_sigint_as_the_parent_left_it(contact: Path, launcher: Path) -> None:
    """Only a terminal session takes Ctrl-C back: with piped stdin (a script feeding answers
    in the background) an ignored SIGINT stays ignored and the answers still arrive."""
    proc = subprocess.Popen(
        [sys.executable, str(launcher), str(contact)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stdin is not None and proc.stderr is not None
        shown = b""
        while b"(1/3) name" not in shown:  # the module is up and waiting for the name
            chunk = proc.stderr.read1(4096)
            assert chunk, shown
            shown += chunk
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(b"Ada\nada@example.com\n\ns\n", timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
    assert proc.returncode == 0
    assert json.loads(out) == {
        "action": "accept",
        "content": {"name": "Ada", "email": "ada@example.com"},
    }


def test_elicit_as_a_library_leaves_the_sigint_handler_alone(contact: Path) -> None:
    """``elicit()`` never touches signal handling, even with a terminal on stdin; only the
    module run as a script does."""
    script = (
        "import importlib.util, io, os, signal, sys\n"
        "spec = importlib.util.spec_from_file_location('contact_cli', sys.argv[1])\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(module)\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        "master, slave = os.openpty()\n"
        # c typed once the prompt is shown (what was typed before it is thrown away)
        "class Err(io.StringIO):\n"
        "    def write(self, text):\n"
        "        if text == '  > ':\n"
        "            os.write(master, b'c\\n')\n"
        "        return super().write(text)\n"
        "tty = open(slave, 'r', encoding='utf-8')\n"
        "result = module.elicit(stdin=tty, stderr=Err())\n"
        "print(tty.isatty(), result, signal.getsignal(signal.SIGINT) is signal.SIG_IGN)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script, str(contact)], capture_output=True, text=True, timeout=60
    )
    assert proc.stdout == "True {'action': 'cancel'} True\n", proc.stderr


def _terminal_env() -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm", "LANG": "C.UTF-8"}


def test_a_terminal_still_asks_before_the_first_question(contact: Path) -> None:
    """Piped input starts at the first question; a person on a terminal is first asked whether
    to answer at all (so declining needs no answers), and d there declines."""
    session = PtySession(contact, env=_terminal_env())
    try:
        intro = session.answer("d")
        assert "3 questions. Press Enter to answer them" in intro
        out, code = session.finish()
    finally:
        session.kill()
    assert code == 0
    assert json.loads(out) == {"action": "decline"}
    assert "(1/3)" not in session.screen


def test_answers_on_a_terminal_ask_nothing(contact: Path) -> None:
    answers = '{"name": "Ada", "email": "ada@example.com", "age": 36}'
    session = PtySession(contact, "--answers", answers, env=_terminal_env())
    try:
        out, code = session.finish()
    finally:
        session.kill()
    assert code == 0, session.screen
    assert json.loads(out) == {"action": "accept", "content": json.loads(answers)}
    assert session.screen == ""  # no question, no prompt


def test_invalid_answers_on_a_terminal_say_why_and_exit_1(contact: Path) -> None:
    session = PtySession(contact, "--answers", '{"email": "x", "age": 7}', env=_terminal_env())
    try:
        out, code = session.finish()
    finally:
        session.kill()
    assert code == 1
    assert out == ""
    assert session.screen == (
        "The answers were not accepted:\n"
        "  name: This field is required.\n"
        "  email: Not an email address.\n"
        "  age: Must be at least 18.\n"
    )


def test_answers_typed_on_a_terminal_up_to_ctrl_d(contact: Path) -> None:
    """``--answers -`` on a terminal reads the JSON until end of input (Ctrl-D)."""
    session = PtySession(contact, "--answers", "-", env=_terminal_env())
    try:
        session.send('{"name": "Ada",\r"email": "ada@example.com"}\r')
        session.expect('"ada@example.com"}\n')  # the terminal echoes what is typed
        session.send("\x04")
        out, code = session.finish()
    finally:
        session.kill()
    assert code == 0, session.screen
    assert json.loads(out) == {
        "action": "accept",
        "content": {"name": "Ada", "email": "ada@example.com"},
    }


# --- prompts wrapped to the terminal's width ------------------------------------------------

#: A form with long texts in both languages: the message, a description, an option's label (a
#: list item: its continuation lines align after the number) and a title in the review list.
WRAPPED_FORMS = {
    "en": {
        "message": (
            "Please confirm the details of your trip to Barcelona before we hold the booking"
            " for twenty-four hours; nothing is charged until you pay at the hotel."
        ),
        "requestedSchema": {
            "type": "object",
            "properties": {
                "name": {
                    "type": "string",
                    "title": "Traveller's full name",
                    "description": (
                        "As written in the passport you will travel with, including every"
                        " middle name, so that the airline accepts the booking without a call."
                    ),
                },
                "cabin": {
                    "type": "string",
                    "title": "Cabin",
                    "oneOf": [
                        {
                            "const": "economy",
                            "title": (
                                "Economy: a standard seat, one cabin bag and one checked bag"
                                " of up to twenty-three kilograms"
                            ),
                        },
                        {"const": "business", "title": "Business"},
                    ],
                },
            },
            "required": ["name", "cabin"],
        },
    },
    "zh-CN": {
        "message": (
            "请确认您的巴塞罗那度假预订信息。提交后我们将为您保留二十四小时，"
            "入住酒店时付款之前不会收取任何费用，请在出发前检查护照的有效期。"
        ),
        "requestedSchema": {
            "type": "object",
            "properties": {
                "name": {
                    "type": "string",
                    "title": "旅客姓名",
                    "description": (
                        "与您出行时使用的护照上的姓名完全一致，包括中间名（中文或拼音），"
                        "否则航空公司可能无法为您办理登机手续。"
                    ),
                },
                "cabin": {
                    "type": "string",
                    "title": "舱位",
                    "oneOf": [
                        {
                            "const": "economy",
                            "title": (
                                "经济舱：标准座位，可携带一件手提行李"
                                "和一件不超过二十三公斤的托运行李，含免费选座"
                            ),
                        },
                        {"const": "business", "title": "商务舱"},
                    ],
                },
            },
            "required": ["name", "cabin"],
        },
    },
}

#: What no line may start with (kinsoku): closing punctuation, full-width and ideographic.
LINE_START_FORBIDDEN = "。，、：；！？）」』】》〉"


@pytest.fixture(scope="module")
def wrapped_forms(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("wrapped")
    paths = {}
    for locale, request in WRAPPED_FORMS.items():
        source = folder / f"trip_{locale.replace('-', '_')}.json"
        source.write_text(json.dumps(request, ensure_ascii=False), encoding="utf-8")
        result = elicit_gen.compile(source, ["cli"], locale=locale)
        assert result.ok, result.diagnostics
        (generated,) = result.files
        paths[locale] = folder / generated.name
        paths[locale].write_text(generated.text, encoding="utf-8")
    return paths


def _converse(module: Path, columns: int | None, env: dict[str, str] | None = None) -> str:
    """What the terminal shows of a whole conversation with the trip form: start, an answer,
    the first option, the review, cancel."""
    session = PtySession(module, env=env or _terminal_env(), columns=columns)
    try:
        for line in ["", "Ada", "1"]:
            session.answer(line)
        session.answer("c")  # at the review
        out, code = session.finish()
    finally:
        session.kill()
    assert code == 0, session.screen
    assert json.loads(out) == {"action": "cancel"}
    return session.screen


def _width(line: str) -> int:
    from elicit_gen.runtime.core.safetext import display_width

    return display_width(line)


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("columns", [80, 100])
def test_prompts_are_wrapped_to_the_terminal(
    wrapped_forms: dict[str, Path], locale: str, columns: int
) -> None:
    """On a terminal of 80 or 100 columns every line fits, no word is cut, no line starts with
    closing punctuation; only spaces and line breaks differ from the unwrapped text."""
    whole = _converse(wrapped_forms[locale], None)  # a terminal of unknown size: not wrapped
    assert max(_width(line) for line in whole.split("\n")) > columns  # the test's own control
    screen = _converse(wrapped_forms[locale], columns)
    lines = screen.split("\n")
    assert max(_width(line) for line in lines) <= columns, screen
    assert not [line for line in lines if line and line[0] in LINE_START_FORBIDDEN], screen
    assert re.sub(r"\s+", "", screen) == re.sub(r"\s+", "", whole)
    # No word cut: the same words, in the same order, as in the whole lines.
    assert re.findall(r"[\w'@.-]+", screen, re.ASCII) == re.findall(r"[\w'@.-]+", whole, re.ASCII)
    assert len(lines) > len(whole.split("\n"))


def test_wrapped_english_lines_keep_their_indentation(wrapped_forms: dict[str, Path]) -> None:
    screen = _converse(wrapped_forms["en"], 80)
    assert (
        "  Please confirm the details of your trip to Barcelona before we hold the\n"
        "  booking for twenty-four hours; nothing is charged until you pay at the hotel.\n"
    ) in screen
    assert (
        "    As written in the passport you will travel with, including every middle\n"
        "    name, so that the airline accepts the booking without a call.\n"
    ) in screen
    # an option's continuation lines align with its label, after the number; an answer's in
    # the review with the answers
    assert (
        "      1) Economy: a standard seat, one cabin bag and one checked bag of up to\n"
        "         twenty-three kilograms\n"
    ) in screen
    assert (
        "  2. Cabin (required):                 Economy: a standard seat, one cabin bag\n"
        "                                       and one checked bag of up to twenty-three\n"
    ) in screen
    # the review's commands break between commands: "c: cancel" was "cance" / "l" at 100
    screen = _converse(wrapped_forms["en"], 100)
    assert "x1-2: remove an optional answer | d: decline |\nc: cancel\n" in screen


def test_wrapped_chinese_never_leaves_punctuation_alone(wrapped_forms: dict[str, Path]) -> None:
    """At 80 columns the start line of a zh-CN form ended "...可取" and "。" was alone on the
    next line (drawn there by the terminal); now "消" goes down with it."""
    screen = _converse(wrapped_forms["zh-CN"], 80)
    assert "输入 c 或「取消」可取\n消。\n" in screen
    # continuation lines keep the description's indentation, an option's align after its number
    assert "否则航空公司\n    可能无法为您办理登机手续。\n" in screen
    assert "托运行李，\n         含免费选座\n" in screen
    assert "不超过二十三公\n                        斤的托运行李" in screen  # the review's answer


def test_the_size_follows_columns_and_a_pipe_is_not_wrapped(
    wrapped_forms: dict[str, Path],
) -> None:
    """$COLUMNS, when set, is the width (as shutil.get_terminal_size reads it); stderr that is
    no terminal (a file, a pipe) gets every line whole, whatever $COLUMNS says."""
    env = {**_terminal_env(), "COLUMNS": "60"}
    screen = _converse(wrapped_forms["en"], 100, env=env)
    assert max(_width(line) for line in screen.split("\n")) <= 60
    proc = subprocess.run(
        [sys.executable, str(wrapped_forms["en"])],
        input="Ada\n1\nc\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert json.loads(proc.stdout) == {"action": "cancel"}
    message = WRAPPED_FORMS["en"]["message"]
    assert f"  {message}\n" in proc.stderr
    assert "| d: decline | c: cancel\n" in proc.stderr
