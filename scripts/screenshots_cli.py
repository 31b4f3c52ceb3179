"""Regenerates docs/screenshots/cli-contact.txt: a transcript of the cli target's prompt for
examples/contact.json, run under a real pseudo-terminal and answered prompt by prompt (one
invalid answer, one edit in the review), exactly as the terminal showed it.

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    import elicit_gen
    from tests.cli_support import PtySession

    result = elicit_gen.compile(
        ROOT / "examples" / "contact.json", ["cli"], name="examples/contact.json"
    )
    assert result.ok, [d.to_text() for d in result.diagnostics]
    (generated,) = result.files
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / generated.name
        path.write_text(generated.text, encoding="utf-8")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm", "LANG": "C.UTF-8"}
        session = PtySession(path, "--server", SERVER, env=env)
        try:
            for line in ANSWERS:
                session.answer(line)
            out, code = session.finish()
        finally:
            session.kill()
    if code != 0:
        print(session.screen, file=sys.stderr)
        return 1
    command = f"$ python {generated.name} --server {shlex.quote(SERVER)}\n"
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / "cli-contact.txt"
    target.write_text(command + session.screen + out, encoding="utf-8")
    print(f"wrote {target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
