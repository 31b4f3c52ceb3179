"""How the cli prompts wrap a line to the terminal's width (runtime/cli/terminal.py's _wrap):
by terminal columns, at spaces or next to a wide character, never inside a word, never leaving
closing punctuation at the start of a line (kinsoku), continuation lines indented."""

from __future__ import annotations

import io
import os
import pty
import sys

import pytest

from elicit_gen.runtime.cli.terminal import _columns, _wrap
from elicit_gen.runtime.core.safetext import display_width, safe_text


def lines(text: str, columns: int, hang: int | None = None) -> list[str]:
    wrapped = _wrap(text, columns, hang)
    assert wrapped.replace("\n", "").replace(" ", "") == text.replace(" ", "")
    return wrapped.split("\n")


def test_a_line_that_fits_or_no_width_is_left_alone() -> None:
    text = "  1. name (required):  Ada   "  # inner and trailing spaces too
    assert _wrap(text, len(text)) == text
    assert _wrap(text * 5, None) == text * 5


def test_english_breaks_at_spaces_keeping_the_indentation() -> None:
    text = "    As written in the passport you will travel with, including every middle name"
    assert lines(text, 40) == [
        "    As written in the passport you will",
        "    travel with, including every middle",
        "    name",
    ]


def test_a_word_longer_than_the_line_stays_whole_on_its_own() -> None:
    url = "https://example.com/" + "a" * 60
    assert lines(f"See {url} for more", 30) == ["See", url, "for more"]


def test_escapes_of_unsafe_characters_are_words_never_cut_nor_undone() -> None:
    shown = safe_text("clear \x1b[2J the screen \u202e reversed " * 2)
    wrapped = _wrap(shown, 16)
    assert "\x1b" not in wrapped and "\u202e" not in wrapped
    assert "\\x1b[2J" in wrapped.split() and "\\u202e" in wrapped.split()


def test_commands_break_between_commands() -> None:
    text = (
        "Enter or s: submit | 1-3: change an answer | x1-3: remove an optional answer"
        " | d: decline | c: cancel"
    )
    assert lines(text, 100) == [
        "Enter or s: submit | 1-3: change an answer | x1-3: remove an optional answer"
        " | d: decline |",
        "c: cancel",
    ]
    assert lines(text, 60) == [
        "Enter or s: submit | 1-3: change an answer |",
        "x1-3: remove an optional answer | d: decline | c: cancel",
    ]
    assert not [line for line in lines(text, 20) if line.startswith("|")]


def test_chinese_breaks_between_characters_by_display_width() -> None:
    text = "共 3 个问题。按 Enter 开始回答；输入 d 或「拒绝」可拒绝，输入 c 或「取消」可取消。"
    assert display_width(text) == 82
    assert lines(text, 80) == [
        "共 3 个问题。按 Enter 开始回答；输入 d 或「拒绝」可拒绝，输入 c 或「取消」可取",
        "消。",  # not "。" alone: "消" goes down with it
    ]
    for columns in range(8, 82):
        for line in lines(text, columns):
            assert display_width(line) <= columns
            assert line[0] not in "。，；」）"  # kinsoku: no closing punctuation first
            assert line[-1] not in "「（"  # nor an opening bracket last


@pytest.mark.parametrize(
    ("text", "columns", "expected"),
    [
        ("中文中文中文（注释）", 14, ["中文中文中文", "（注释）"]),  # "（" goes down
        ("中文中文中文中文abc。", 18, ["中文中文中文中文", "abc。"]),  # a word with its "。"
        ("中文中文中文中文ｶﾞｶﾞ。", 18, ["中文中文中文中文", "ｶﾞｶﾞ。"]),
        ("中文中文中文中e\u0301。", 16, ["中文中文中文中", "e\u0301。"]),  # with its mark
    ],
)
def test_kinsoku_and_clusters(text: str, columns: int, expected: list[str]) -> None:
    assert lines(text, columns) == expected


def test_a_list_item_hangs_after_its_number_unless_that_leaves_too_little() -> None:
    item = "      1) Economy: a standard seat, one cabin bag and one checked bag"
    assert lines(item, 40) == [
        "      1) Economy: a standard seat, one",
        "         cabin bag and one checked bag",
    ]
    assert lines("  - a dash item that wraps onto a second line", 30) == [
        "  - a dash item that wraps",
        "    onto a second line",
    ]
    row = "  2. Cabin (required):   Economy: a standard seat, one cabin bag"
    assert lines(row, 50, hang=25) == [
        "  2. Cabin (required):   Economy: a standard seat,",
        "                         one cabin bag",
    ]
    assert lines(row, 40, hang=25) == [  # 25 columns of 40 to the answers: back to the indent
        "  2. Cabin (required):   Economy: a",
        "  standard seat, one cabin bag",
    ]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_only_a_terminal_has_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "70")
    assert _columns(io.StringIO()) is None  # a file or a pipe: never wrapped
    assert _columns(None) is None
    master, slave = pty.openpty()
    try:
        with open(slave, "w", encoding="utf-8", closefd=False) as tty:
            assert _columns(tty) == 70
            monkeypatch.delenv("COLUMNS")
            assert _columns(tty) is None  # a pseudo-terminal given no size
            import fcntl
            import struct
            import termios

            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 90, 0, 0))
            assert _columns(tty) == 90
            monkeypatch.setenv("COLUMNS", "not a number")
            assert _columns(tty) == 90
    finally:
        os.close(master)
        os.close(slave)
