#!/usr/bin/env python3
"""Keeps the message catalogues in step with the code (Babel): run it after changing any string
a form shows, then translate what it reports as missing.

    python scripts/i18n.py                  # extract -> elicit_gen/i18n/locales/elicit_gen.pot,
                                            # update every locale's .po, list what is untranslated
    python scripts/i18n.py --check          # exit 1 when the .pot or a .po is stale or incomplete
    python scripts/i18n.py --merge zh_CN x.json   # take translations from a JSON file
                                            # {msgid: msgstr, or [forms] for a plural message}
    python scripts/i18n.py --init fr        # start a language: i18n/locales/fr/LC_MESSAGES/*.po

English is the source language: its .po holds every msgid as its own translation, filled in here.
Files are written with fixed dates (no churn in diffs) and sorted by msgid.
"""

from __future__ import annotations

import argparse
import copy
import datetime
import fcntl
import io
import json
import sys
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from elicit_gen.i18n import DOMAIN, KEYWORDS, LOCALES_DIR, SOURCE_LOCALE, po_path  # noqa: E402

#: Where messages are: runtime code and emitters (Python), the page's scripts and templates, and
#: what the MCP router tells the user itself (a request it did not show).
METHOD_MAP = [
    ("elicit_gen/runtime/**.py", "python"),
    ("elicit_gen/targets/**.py", "python"),
    ("elicit_gen/mcp/**.py", "python"),
    ("elicit_gen/runtime/html/**.js", "javascript"),
    ("elicit_gen/runtime/web/**.js", "javascript"),
    ("elicit_gen/templates/**.j2", "jinja2"),
]
OPTIONS = {"elicit_gen/templates/**.j2": {"extensions": "jinja2.ext.do"}}
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
POT = LOCALES_DIR / f"{DOMAIN}.pot"


def extract() -> Catalog:
    template = Catalog(
        project="elicit-gen",
        domain=DOMAIN,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
        msgid_bugs_address="",
        copyright_holder="elicit-gen contributors",
    )
    found = extract_from_dir(
        str(ROOT), METHOD_MAP, OPTIONS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    )
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def _text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, sort_output=True, include_lineno=False, width=100)
    # the Babel version that wrote a file is no part of it (a newer Babel must not make it stale)
    lines = out.getvalue().splitlines(keepends=True)
    return b"".join(line for line in lines if not line.startswith(b'"Generated-By: '))


def _read(path: Path, folder: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=folder, domain=DOMAIN)


def updated(folder: str, template: Catalog) -> Catalog:
    path = po_path(folder)
    if path.exists():
        catalog = _read(path, folder)
    else:
        catalog = Catalog(locale=folder, domain=DOMAIN, project="elicit-gen", fuzzy=False)
    catalog.creation_date = FIXED_DATE
    catalog.revision_date = FIXED_DATE
    # A copy of the template: Catalog.update adds a new message itself, not a clone, and the
    # source locale's loop below fills in its string, which every locale after it then took as
    # its translation (a new msgid read as translated, in English, and --check passed).
    fresh = copy.deepcopy(template)
    catalog.update(fresh, no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete.clear()
    if folder == SOURCE_LOCALE:
        for message in catalog:
            if message.id:
                message.string = message.id
                message.flags.discard("fuzzy")
    return catalog


def missing(catalog: Catalog) -> list[str]:
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        if message.fuzzy or not all(strings):
            out.append(message.id[0] if isinstance(message.id, tuple) else message.id)
    return out


def locales() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALES_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def merge(catalog: Catalog, table: dict[str, str | list[str]]) -> list[str]:
    unknown = []
    for msgid, value in table.items():
        message = catalog.get(msgid)  # a plural message is found by its singular
        if message is None:
            unknown.append(msgid)
            continue
        message.string = tuple(value) if isinstance(message.id, tuple) else value
        message.flags.discard("fuzzy")
    return unknown


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--merge", nargs=2, metavar=("LOCALE", "JSON"))
    parser.add_argument("--init", metavar="LOCALE")
    args = parser.parse_args()
    LOCALES_DIR.mkdir(exist_ok=True)
    # one run at a time (two would each write the catalogues): a lock outside the tree
    with open(Path(tempfile.gettempdir()) / "elicit-gen-i18n.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        template = extract()
        folders = sorted(set(locales()) | {SOURCE_LOCALE} | ({args.init} if args.init else set()))
        problems: list[str] = []
        writes: dict[Path, bytes] = {POT: _text(template)}
        for folder in folders:
            catalog = updated(folder, template)
            if args.merge and args.merge[0] == folder:
                table = json.loads(Path(args.merge[1]).read_text(encoding="utf-8"))
                for msgid in merge(catalog, table):
                    print(f"{folder}: not in the code (skipped): {msgid!r}")
            writes[po_path(folder)] = _text(catalog)
            for msgid in missing(catalog):
                problems.append(f"{folder}: untranslated: {msgid!r}")
        stale = [p for p, text in writes.items() if not p.exists() or p.read_bytes() != text]
        if args.check:
            for path in stale:
                problems.append(f"stale: {path.relative_to(ROOT)} (run scripts/i18n.py)")
        else:
            for path in stale:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(writes[path])
                print(f"wrote {path.relative_to(ROOT)}")
        for line in problems:
            print(line)
        return 1 if problems and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
