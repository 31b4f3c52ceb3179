"""The ``cli`` target in Chinese (issue 18): the golden travel_booking_zh form compiled with
locale zh-CN and the URL consent prompt compiled for zh-CN, run for real (a subprocess with piped
stdin, a pseudo-terminal), show no English chrome (tests/support/chrome.py), accept the answers
a Chinese user types (是/否, 提交, 拒绝, 取消, 清除, 修改, 无, full-width digits and commas) as
well as the Latin letters, and align the review list by terminal columns (a CJK character takes
two) when Chinese and Latin labels mix."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.i18n import python_msgids, translation
from elicit_gen.records import replace
from elicit_gen.targets import cli as cli_target
from elicit_gen.targets.common.runtime import runtime_file

from ...support.cases import emit, forms, write_and_import
from ...support.chrome import english_chrome
from ...support.cli import UNSAFE, PtySession, Script

ROOT = Path(__file__).resolve().parents[3]
TIMEOUT = 60  # seconds, for every subprocess

(ZH_FORM,) = forms("travel_booking_zh")
ZH = translation("zh-CN")


def _env(**extra: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "TERM": "xterm",
        "LANG": "C.UTF-8",
        **extra,
    }


@pytest.fixture(scope="module")
def zh_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    generated = emit(ZH_FORM, "cli")
    path = tmp_path_factory.mktemp("zh") / generated.name
    path.write_text(generated.text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def zh_module(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return write_and_import(ZH_FORM, "cli", tmp_path_factory.mktemp("zh_import"))


def _run_script(path: Path, lines: list[str], *args: str, **env: str) -> tuple[Any, str]:
    """``python path args`` with ``lines`` piped to stdin: (the JSON result, stderr)."""
    proc = subprocess.run(
        [sys.executable, str(path), *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=TIMEOUT,
        env=_env(**env),
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return json.loads(proc.stdout), proc.stderr


# --- every message the cli shows has its Chinese --------------------------------------------


def _cli_msgids() -> set[str]:
    """The messages of the prompt runtimes and the cli emitter's compile-time wording."""
    ids: set[str] = set()
    for name in ("prompt_questions.py", "prompt.py", "prompt_consent.py"):
        ids |= python_msgids(runtime_file(name).read_text(encoding="utf-8"))
    source = Path(cli_target.__file__).read_text(encoding="utf-8")
    ids |= set(re.findall(r'gettext\(\s*"((?:[^"\\]|\\.)*)"', source))
    return ids


def test_every_cli_message_has_a_chinese_translation() -> None:
    missing = sorted(m for m in _cli_msgids() if m not in ZH.messages)
    assert missing == []


def test_the_zh_module_carries_only_chinese_strings() -> None:
    text = emit(ZH_FORM, "cli").text
    assert '_CATALOG = _Catalog(\n    "zh-CN",' in text
    english = emit(replace(ZH_FORM, locale="en"), "cli").text
    assert "_CATALOG = _Catalog(\n" not in english  # English needs no catalogue


def test_compile_time_hints_are_chinese() -> None:
    specs = [cli_target.field_spec(field, ZH) for field in ZH_FORM.fields]
    hints = [spec["hint"] for spec in specs if "hint" in spec]
    assert len(hints) == 7
    for hint in hints:
        assert english_chrome(hint) == [], hint
    by_name = {spec["name"]: spec for spec in specs}
    extras = "请输入所选各项的编号，用逗号分隔，例如 1,3；选择 1 到 3 项。"
    assert by_name["extras"]["hint"] == extras
    assert by_name["fullName"]["hint"] == "文本，2 到 40 个字符。"


# --- the golden Chinese form, run as a script -----------------------------------------------

#: Every question answered (one wrong answer first, full-width digits and commas, an option by
#: its label, 是 for yes); at the review 修改 1 goes back to the first question, 清除 7 removes
#: an optional answer, and 提交 submits.
ZH_ANSWERS = [
    "张",  # too short: refused
    "张三",
    "zhang@example.com",
    "",  # keep the default departure date
    "１０",  # ten travellers (full-width digits): more than 9, refused
    "3",
    "120.5",
    "２",  # seat: 靠过道 (aisle), typed with a full-width digit
    "城景房",  # a room by its label
    "1，3",  # extras with a full-width comma
    "需要婴儿床",
    "是",
    "修改 1",  # the review: back to question 1
    "张三丰",
    "清除 7",  # the review: remove the optional room
    "提交",
]
ZH_CONTENT = {
    "fullName": "张三丰",
    "email": "zhang@example.com",
    "departureDate": "2026-07-01",
    "travellers": 3,
    "budget": 120.5,
    "seatPreference": "aisle",
    "extras": ["breakfast", "insurance"],
    "notes": "需要婴儿床",
    "confirmBooking": True,
}


def test_the_zh_form_run_as_a_script_speaks_chinese_only(zh_path: Path) -> None:
    result, err = _run_script(zh_path, ZH_ANSWERS, "--server", "旅行助手")
    assert result == {"action": "accept", "content": ZH_CONTENT}
    assert english_chrome(err) == []
    assert not UNSAFE.search(err)
    # what it said, in Chinese: the intro, a refused answer and why, the review, a kept default
    assert "旅行助手 询问：" in err
    assert "表单：旅行预订" in err
    assert "共 10 个问题，从输入读取回答：每行一个，最后输入 s 提交。" in err
    assert "(1/10) 旅客姓名（必填）" in err
    assert "(5/10) 每晚预算（欧元）（可选）" in err
    assert "未接受：有 1 个字符，但至少需要 2 个。" in err
    assert "未接受：不能大于 9。" in err
    assert "按 Enter 保留：2026-07-01" in err
    assert "按 Enter 保留：张三" in err  # the edit from the review shows the answer it changes
    assert "请核对您的回答：" in err
    assert "含早餐、旅行保险" in err
    assert err.count("请核对您的回答：") == 3  # before the edit, before the removal, last
    assert "请回答「是」或「否」（也可输入 y 或 n）。" in err
    assert "Enter／s／提交：提交 | 1-10：修改回答" in err


def test_the_zh_form_declines_and_cancels_in_chinese(zh_path: Path) -> None:
    valid = ["张三", "zhang@example.com", "", "", "", "", "", "1", "", "否"]
    result, err = _run_script(zh_path, [*valid, "拒绝"])
    assert result == {"action": "decline"}
    assert english_chrome(err) == []
    assert "确认预订（必填）： 否" in err
    result, err = _run_script(zh_path, [*valid, "取消"])
    assert result == {"action": "cancel"}
    result, err = _run_script(zh_path, valid)  # the input ends before anything submits
    assert result == {"action": "cancel"}
    assert err.endswith("已取消。\n（输入在用 s 提交回答之前就结束了。）\n")
    assert english_chrome(err) == []


def test_the_zh_form_refuses_unknown_words_in_chinese(zh_path: Path) -> None:
    lines = ["张三", "zhang@example.com", "", "", "", "9", "", "", "1", "", "也许", "y"]
    result, err = _run_script(zh_path, [*lines, "x1", "好的", "s"])
    assert result["action"] == "accept"
    assert result["content"]["confirmBooking"] is True  # y still works in Chinese
    assert result["content"]["seatPreference"] == "window"  # Enter kept the default
    assert "未接受：'9' 不是可选项：请输入 1 到 3 之间的数字。" in err
    assert "未接受：请回答「是」或「否」（也可输入 y 或 n）。" in err
    assert "未接受：旅客姓名为必填项，不能清除，只能修改。" in err
    again = "输入 s 或「提交」可提交，输入问题编号可修改回答，或输入 d（拒绝）、c（取消）。"
    assert f"未接受：{again}" in err
    assert english_chrome(err) == []


def test_answers_json_problems_are_chinese(zh_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, str(zh_path), "--answers", '{"email": "x", "travellers": 12, "who": 1}'],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=TIMEOUT,
        env=_env(),
    )
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.startswith("回答未被接受：\n  fullName：此项为必填项。\n")
    assert "  who：不是此表单中的问题。\n" in proc.stderr
    assert english_chrome(proc.stderr) == []


# --- answers a Chinese user types, in-process -------------------------------------------------


def _elicit(module: ModuleType, lines: list[str], *, tty: bool = False) -> tuple[Any, str]:
    err = io.StringIO()
    stdin = _TtyScript(lines) if tty else Script(lines)
    return module.elicit(stdin=stdin, stderr=err), err.getvalue()


class _TtyScript(Script):
    def isatty(self) -> bool:
        return True


BASE = ["张三", "zhang@example.com", "", "", "", "", "", "1", ""]


@pytest.mark.parametrize(
    ("word", "expected"), [("是", True), ("对", True), ("Y", True), ("否", False), ("ｎ", False)]
)
def test_yes_and_no_in_chinese(zh_module: ModuleType, word: str, expected: bool) -> None:
    result, _ = _elicit(zh_module, [*BASE, word, "s"])
    assert result["content"]["confirmBooking"] is expected


@pytest.mark.parametrize("word", ["无", "none", "NONE"])
def test_none_in_chinese_on_an_optional_multi_select(tmp_path: Path, word: str) -> None:
    schema = {
        "type": "object",
        "properties": {
            "tags": {
                "type": "array",
                "title": "标签",
                "items": {"type": "string", "enum": ["甲", "乙"]},
                "default": ["甲"],
            }
        },
    }
    module = _compile_zh(schema, tmp_path)
    result, err = _elicit(module, [word, "s"])
    assert result == {"action": "accept", "content": {"tags": []}}
    assert "输入 none 或「无」表示不选。" in err
    assert "标签：" in err and "（无）" in err


@pytest.mark.parametrize(
    ("start", "action"),
    [("拒绝", "decline"), ("取消", "cancel"), ("退出", "cancel"), ("d", "decline")],
)
def test_the_terminal_start_question_in_chinese(
    zh_module: ModuleType, start: str, action: str
) -> None:
    result, err = _elicit(zh_module, [start], tty=True)
    assert result == {"action": action}
    intro = "共 10 个问题。按 Enter 开始回答；输入 d 或「拒绝」可拒绝，输入 c 或「取消」可取消。"
    assert intro in err
    assert english_chrome(err) == []


def test_full_width_review_commands(zh_module: ModuleType) -> None:
    """An input method's full-width letters and digits work as commands: ｘ７, ｓ."""
    result, _ = _elicit(zh_module, [*BASE, "是", "ｘ６", "ｓ"])
    assert result["action"] == "accept"
    assert "seatPreference" not in result["content"]


def test_english_module_still_takes_only_the_english_words(tmp_path: Path) -> None:
    """The English module is as before: its words are the Latin ones (full-width digits and
    commas now read too); 是 is no answer there."""
    module = write_and_import(replace(ZH_FORM, locale="en"), "cli", tmp_path)
    result, err = _elicit(module, [*BASE[:7], "１，３", "", "是", "yes", "s"])
    assert result["content"]["extras"] == ["breakfast", "insurance"]
    assert result["content"]["confirmBooking"] is True
    assert "Not accepted: Answer y (yes) or n (no)." in err


# --- the review list under a real pseudo-terminal: columns, not characters -------------------

#: Labels that mix Chinese (two columns a character) and Latin (one), required and optional.
MIXED_SCHEMA = {
    "type": "object",
    "title": "登机信息",
    "properties": {
        "name": {"type": "string", "title": "姓名"},
        "email": {"type": "string", "title": "Email", "format": "email"},
        "flight": {"type": "string", "title": "航班号 Flight No."},
        "seat": {
            "type": "string",
            "title": "Seat 座位",
            "oneOf": [{"const": "w", "title": "靠窗 window"}, {"const": "a", "title": "aisle"}],
        },
        "age": {"type": "integer", "title": "年龄 (age)", "minimum": 0},
        "vip": {"type": "boolean", "title": "VIP"},
    },
    "required": ["name", "email", "vip"],
}
MIXED_ANSWERS = ["李雷", "li@example.com", "CA123", "1", "30", "y"]
MIXED_SHOWN = ["李雷", "li@example.com", "CA123", "靠窗 window", "30", "是"]


def _compile_zh(schema: dict[str, Any], directory: Path) -> ModuleType:
    return write_and_import(_zh_form(schema, directory), "cli", directory)


def _zh_form(schema: dict[str, Any], directory: Path) -> ir.Form:
    source = directory / "mixed.json"
    source.write_text(
        json.dumps({"message": "请填写：", "requestedSchema": schema}, ensure_ascii=False), "utf-8"
    )
    result = elicit_gen.compile(source, [], name="mixed.json")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    (form,) = result.forms
    return replace(form, locale="zh-CN")


def _columns(text: str) -> int:
    """Terminal columns of ``text``, measured here independently of the runtime's helper."""
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


def _review_rows(screen: str) -> list[str]:
    """The rows of the last review list on ``screen``."""
    block = screen.rsplit("请核对您的回答：\n", 1)[1]
    rows = []
    for line in block.splitlines():
        if not re.match(r" +[0-9]+\. ", line):
            break
        rows.append(line)
    return rows


def _value_columns(rows: list[str], measure: Any) -> list[int]:
    """Where each row's value starts (``measure`` of the text before it)."""
    starts = []
    for row, shown in zip(rows, MIXED_SHOWN, strict=True):
        assert row.endswith(" " + shown), row
        starts.append(measure(row[: len(row) - len(shown)]))
    return starts


def _review_under_a_pty(path: Path) -> list[str]:
    session = PtySession(path, "--server", "航空公司", env=_env())
    try:
        session.answer("")  # start
        for line in MIXED_ANSWERS:
            session.answer(line)
        session.expect("请核对您的回答：")
        session.answer("提交")
        out, code = session.finish(timeout=TIMEOUT)
    finally:
        session.kill()
    assert code == 0, session.screen
    assert json.loads(out) == {
        "action": "accept",
        "content": {
            "name": "李雷",
            "email": "li@example.com",
            "flight": "CA123",
            "seat": "w",
            "age": 30,
            "vip": True,
        },
    }
    assert english_chrome(session.screen) == []
    return _review_rows(session.screen)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_review_aligns_chinese_and_latin_labels_on_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "mixed_cli.py"
    path.write_text(emit(_zh_form(MIXED_SCHEMA, tmp_path), "cli").text, encoding="utf-8")
    rows = _review_under_a_pty(path)
    assert len(rows) == 6
    assert rows[0].startswith("  1. 姓名（必填）：")
    assert rows[2].startswith("  3. 航班号 Flight No.：")
    columns = _value_columns(rows, _columns)
    assert len(set(columns)) == 1, rows
    # The labels really are of mixed widths: counted in characters, the values would not line up.
    assert len(set(_value_columns(rows, len))) > 1


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_alignment_check_fails_for_padding_by_characters(tmp_path: Path) -> None:
    """The control: the same module with ``display_width`` counting characters (what padding by
    ``len()`` does) misaligns the review, and the check above sees it."""
    text = emit(_zh_form(MIXED_SCHEMA, tmp_path), "cli").text
    marker = "def display_width(text: str) -> int:\n"
    assert text.count(marker) == 1
    path = tmp_path / "mixed_by_len_cli.py"
    path.write_text(text.replace(marker, marker + "    return len(text)\n"), encoding="utf-8")
    rows = _review_under_a_pty(path)
    assert len(set(_value_columns(rows, _columns))) > 1, rows


def test_option_numbers_align_past_nine(tmp_path: Path) -> None:
    schema = {
        "type": "object",
        "properties": {
            "city": {"type": "string", "title": "城市", "enum": [f"城市{i}" for i in range(1, 12)]}
        },
    }
    module = _compile_zh(schema, tmp_path)
    result, err = _elicit(module, ["１１", "s"])
    assert result == {"action": "accept", "content": {"city": "城市11"}}
    assert "       1) 城市1\n" in err
    assert "      11) 城市11\n" in err


# --- the URL consent prompt in Chinese ------------------------------------------------------

URL = "https://login.example.com/authorize?client_id=abc&scope=calendar.read&state=" + "x" * 70


@pytest.fixture(scope="module")
def consent_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    (generated,) = elicit_gen.compile_url_consent("cli", locale="zh-CN")
    path = tmp_path_factory.mktemp("consent_zh") / generated.name
    path.write_text(generated.text, encoding="utf-8")
    return path


@pytest.fixture
def browser(tmp_path: Path) -> tuple[Path, Path]:
    """A BROWSER that records what it was asked to open, and its record."""
    record = tmp_path / "opened.txt"
    script = tmp_path / "browser"
    script.write_text(
        f"#!{sys.executable}\nimport sys\n"
        f"open({str(record)!r}, 'a', encoding='utf-8').write(sys.argv[1] + '\\n')\n",
        encoding="utf-8",
    )
    script.chmod(0o755)
    return script, record


def test_the_zh_consent_prompt_opens_on_dakai(
    consent_path: Path, browser: tuple[Path, Path]
) -> None:
    script, record = browser
    message = "请登录以授权访问您的日历。"
    args = ["--server", "日历助手", "--message", message, "--id", "req-42", URL]
    result, err = _run_script(consent_path, ["", "好", "打开"], *args, BROWSER=str(script))
    assert result == {"action": "accept"}
    assert record.read_text(encoding="utf-8") == URL + "\n"
    assert english_chrome(err) == []
    assert err.startswith("日历助手 请您打开一个网页\n  请登录以授权访问您的日历。\n\n")
    assert "  网站：            example.com\n                    ===========\n" in err
    assert "  请求 ID：         req-42\n" in err
    assert "在浏览器中打开 example.com 吗？o／打开，d／拒绝，c／取消：" in err
    assert "  输入 o 或「打开」可在浏览器中打开" in err  # Enter and 好 asked again
    assert "正在浏览器中打开 example.com……" in err
    assert "请在浏览器中继续。" in err


@pytest.mark.parametrize(
    ("word", "action"), [("拒绝", "decline"), ("取消", "cancel"), ("ｄ", "decline")]
)
def test_the_zh_consent_prompt_declines_and_cancels(
    consent_path: Path, browser: tuple[Path, Path], word: str, action: str
) -> None:
    script, record = browser
    result, err = _run_script(consent_path, [word], URL, BROWSER=str(script))
    assert result == {"action": action}
    assert not record.exists()
    server = translation("zh-CN").gettext("An MCP server")  # the catalogue's wording
    assert err.startswith(f"{server} 请您打开一个网页\n")
    assert english_chrome(err) == []


def test_the_zh_consent_prompt_refuses_in_chinese(consent_path: Path) -> None:
    result, err = _run_script(consent_path, ["打开", "c"], "http://example.com/")
    assert result == {"action": "cancel"}
    assert "此链接无法打开。d／拒绝，c／取消：" in err
    assert "  此链接无法打开：输入 d 或「拒绝」可拒绝" in err  # 打开 is no answer here
    assert english_chrome(err) == []


def test_the_zh_consent_in_process_and_its_notice(consent_path: Path) -> None:
    from ...support.consent import Recorder, import_generated

    module = import_generated(consent_path)
    opener = Recorder()
    err = io.StringIO()
    result = module.elicit_url("", URL, stdin=Script(["打开"]), stderr=err, opener=opener)
    assert result == {"action": "accept"} and opener.calls == [URL]
    module.complete_notice(URL, server="日历助手", stderr=err)
    assert err.getvalue().endswith("日历助手：已在浏览器中完成（example.com）。\n")
    failing = Recorder(fail=OSError("没有浏览器"))
    err = io.StringIO()
    result = module.elicit_url("", URL, stdin=Script(["o"]), stderr=err, opener=failing)
    assert result == {"action": "cancel"}  # no browser, then the end of input
    assert "无法打开浏览器：没有浏览器\n请自行在浏览器中打开此地址" in err.getvalue()
    assert err.getvalue().endswith("已在浏览器中打开了吗？o／已打开，c／取消： \n已取消。\n")
    assert english_chrome(err.getvalue()) == []
    err = io.StringIO()  # no browser: the user opened it elsewhere, in Chinese words
    result = module.elicit_url("", URL, stdin=Script(["o", "已打开"]), stderr=err, opener=failing)
    assert result == {"action": "accept"} and english_chrome(err.getvalue()) == []


@pytest.mark.parametrize("failing", [False, True])
def test_the_zh_consent_2026_flow(consent_path: Path, failing: bool) -> None:
    """After Open in a 2026-07-28 session (and with no browser): every word Chinese, and the
    Chinese word for "finished" answers."""
    from ...support.consent import Recorder, import_generated

    module = import_generated(consent_path)
    opener = Recorder(fail=OSError("没有浏览器") if failing else None)
    err = io.StringIO()
    lines = ["打开", "", "完成"]
    result = module.elicit_url(
        "",
        URL,
        server="日历助手",
        revision="2026-07-28",
        stdin=Script(lines),
        stderr=err,
        opener=opener,
    )
    text = err.getvalue()
    assert result == {"action": "accept"} and opener.calls == [URL]
    assert "已在浏览器中完成了吗？f／已完成，c／取消：" in text
    assert "在浏览器中完成后输入 f 或「完成」" in text  # Enter alone: asked again
    assert text.endswith("日历助手 现在会检查此步骤是否已完成。\n")
    assert english_chrome(text) == []


def test_an_exact_option_value_wins_over_full_width_digits(tmp_path: Path) -> None:
    """Full-width digits name an option by number only when no option has them as its value
    (an answer read before issue 18 is read the same way)."""
    schema = {
        "type": "object",
        "properties": {"grade": {"type": "string", "title": "等级", "enum": ["甲", "２", "丙"]}},
    }
    module = _compile_zh(schema, tmp_path)
    assert _elicit(module, ["２", "s"])[0] == {"action": "accept", "content": {"grade": "２"}}
    assert _elicit(module, ["３", "s"])[0] == {"action": "accept", "content": {"grade": "丙"}}
    assert _elicit(module, ["2", "s"])[0] == {"action": "accept", "content": {"grade": "２"}}
