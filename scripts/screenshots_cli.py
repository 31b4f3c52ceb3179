#!/usr/bin/env python3
"""Regenerates the cli target's terminal recordings in docs/screenshots: transcripts of the
prompt run under a real pseudo-terminal and answered prompt by prompt, exactly as the terminal
showed them.

- cli-contact.txt: examples/contact.json (one invalid answer, one edit in the review);
- cli-travel_booking_zh.txt: the golden case travel_booking_zh compiled with --locale zh-CN
  (Chinese prompts, a refused answer, full-width digits, 是, the review edited with 修改 1 and
  submitted with 提交; the answers aligned in one column under mixed-width labels).

    python scripts/screenshots_cli.py [--out DIR]
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER = "Acme CRM"
#: What the user types at each prompt, in order.
ANSWERS = ("", "Ada Lovelace", "ada(at)example.com", "ada@example.com", "36", "1", "Ada King", "")
ZH_SERVER = "旅行助手"
ZH_ANSWERS = (
    "",
    "张",
    "张三",
    "zhang@example.com",
    "",
    "３",
    "",
    "２",
    "城景房",
    "1，3",
    "",
    "是",
    "修改 1",
    "张三丰",
    "提交",
)


def _record(generated: object, server: str, answers: tuple[str, ...], out: Path) -> int:
    from tests.support.cli import PtySession

    name, text = generated.name, generated.text  # type: ignore[attr-defined]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_text(text, encoding="utf-8")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm", "LANG": "C.UTF-8"}
        session = PtySession(path, "--server", server, env=env)
        try:
            for line in answers:
                session.answer(line)
            stdout, code = session.finish()
        finally:
            session.kill()
    if code != 0:
        print(session.screen, file=sys.stderr)
        return 1
    command = f"$ python {name} --server {shlex.quote(server)}\n"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(command + session.screen + stdout, encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    import elicit_gen

    result = elicit_gen.compile(
        ROOT / "examples" / "contact.json", ["cli"], name="examples/contact.json"
    )
    assert result.ok, [d.to_text() for d in result.diagnostics]
    (generated,) = result.files
    if _record(generated, SERVER, ANSWERS, args.out / "cli-contact.txt"):
        return 1
    case = "golden/cases/travel_booking_zh.json"
    result = elicit_gen.compile(ROOT / case, ["cli"], name=case, locale="zh-CN")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    (generated,) = result.files
    return _record(generated, ZH_SERVER, ZH_ANSWERS, args.out / "cli-travel_booking_zh.txt")


if __name__ == "__main__":
    raise SystemExit(main())
