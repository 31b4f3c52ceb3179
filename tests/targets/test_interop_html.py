"""Interop differential: the HTML page never accepts what a mainstream server validator refuses.

For every kind and format, generated valid, boundary and invalid values go through the page's
own checks in headless Chromium, batched in one page per schema, by both ways a value enters:

- typed: the text is put into the control as a user types it, the field is read as on leaving
  it (the error shown, or none), and the value the page would send is checked once more with
  ``window.elicitation.validate`` (as Submit does);
- content: a JSON value goes through ``window.elicitation.validate`` (the check behind
  ``setValues`` and the last check before every ``accept``).

Each value the page accepts must be accepted by Ajv + ajv-formats (what the MCP TypeScript SDK
validates accepted content with), by jsonschema with its format checker and, for a format, by
every pydantic type that emits it (what Python SDK and FastMCP servers validate with). Known
disagreements between those two (leap second, year 0000: Ajv accepts, jsonschema refuses;
``a..b@example.com``, ``.a@x.org``, ``a.@x.org``: the reverse) are all among the values.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import elicit_gen
from elicit_gen.compiler import ir

from ..support.html import RECORDER, TIME_ZONE, write_page
from ..support.validators import ajv_verdicts, jsonschema_verdict, pydantic_verdict, zod_accepts

pytestmark = pytest.mark.browser

BIG = 2**63 - 1
SAFE = 2**53


def _emails() -> list[str]:
    locals_ = ["a", "a.b", "a..b", ".a", "a.", "a+b", "!#$%&'*+/=?^_`{|}~-", "a b", "é", "", "A_1"]
    domains = [
        "x.org", "example.com", "localhost", "-a.com", "a-.com", "a..com", "[1.2.3.4]", "x.o",
        "xn--d.com", "a_b.com", "123.com", "x.org.", "é.com", "a" * 63 + ".com", "a" * 64 + ".com",
    ]  # fmt: skip
    values = [f"{lo}@{do}" for lo, do in itertools.product(locals_, domains)]
    pydantic_refuses = [
        "ada@printer.local", "ada@foo.test", "ada@x.invalid", "ada@x.onion", "ada@a.arpa",
        "ada@LOCALHOST.com", "ada@x.a1", "ada@x.1a", "ada@ab--c.com", "ada@xn--bcher-kva.example",
        "a" * 248 + "@x.org", "a" * 249 + "@x.org",
    ]  # fmt: skip
    values += pydantic_refuses
    return [*values, "a@b@x.org", "@x.org", "a@", "a@x.org\n", " a@x.org", "a@x.org "]


def _uris() -> list[str]:
    schemes = ["http:", "https:", "x:", "a+b.c-d:", "1x:", ":", "é:", "file:", "ws:"]
    rests = [
        "//h", "//h:80/p", "//[::1]/", "//[v1.x]", "", "/", "/p", "p", "?q", "#f", "//u:p@h/",
        "//h/%zz", "//h/%41", "//h/a b", "//[::zz]/", "//h?x#y#z", "//h/<x>", "//é.fr/", "//",
        "///p", "p:q", "//h/p?q=1&r[]=2", "//[1:2:3:4:5:6:7:8]", "//[1:2:3:4:5:6:7:8:9]",
        "//[::ffff:1.2.3.4]", "//h\\p", "//h:65535/", "//h:65536/", "//256.1.1.1/", "//1.2.3/",
        "//example.123/", "//0x7f.1/", "//u@/", "//:80", "//xn--d.com/", "//%41.com/", "h/p",
        "///h", "//h:0080",
    ]  # fmt: skip
    values = [s + r for s, r in itertools.product(schemes, rests)]
    return [*values, "example.com/page", "//example.com", "http://h/\n", " http://h/"]


def _dates() -> list[str]:
    years = ["0000", "0001", "1999", "2023", "2024", "9999"]
    month_days = ["01-01", "00-10", "13-01", "02-29", "02-30", "04-31", "12-31", "12-32", "01-00"]
    values = [f"{y}-{md}" for y, md in itertools.product(years, month_days)]
    return [*values, "2024-1-01", "20240101", "2024-01-01T00:00:00Z", "2024-01-01\n", "+2024-01-01"]


def _date_times() -> list[str]:
    dates = ["2024-02-29", "2023-02-29", "0000-01-01", "0001-01-01", "9999-12-31"]
    times = ["00:00:00", "23:59:59", "23:59:60", "00:00:60", "24:00:00", "12:60:00", "12:30:00.5",
             "12:30"]  # fmt: skip
    offsets = ["Z", "z", "+00:00", "-23:59", "+24:00", "+01:60", "", "+0100"]
    values = [f"{d}T{t}{o}" for d, t, o in itertools.product(dates, times, offsets)]
    return [*values,
        "2016-12-31T23:59:60Z", "2024-01-01t00:00:00z", "2024-01-01 00:00:00Z",
        "2016-12-31T18:59:60-05:00", "2024-01-01T00:00:00Z\n",
    ]  # fmt: skip


def _number_texts(bounds: list[int | float], integer: bool) -> list[str]:
    """Typed texts around each bound and beyond 2^53, in the notations a user may type."""
    texts = ["0", "-0", "1", "-1", "0.5", "1e3", "1E-3", "2.5", "abc", "1,5", "+1", "Infinity"]
    rng = random.Random(7)
    for bound in [*bounds, SAFE, -SAFE, 2**63, BIG, 10**21]:
        for delta in (-2, -1, 0, 1, 2):
            value = bound + delta
            texts += [str(value), f"{value}.0"]
        if isinstance(bound, float):
            texts += [repr(bound + 1e-9), repr(bound - 1e-9)]
    texts += [str(rng.randrange(-(2**70), 2**70)) for _ in range(12)]
    texts += [f"{rng.uniform(-1e6, 1e6):.4f}" for _ in range(8)]
    if not integer:
        texts += ["1e300", "-1e-300", "9.3e18", "9.2e18", "1e21", "1e22"]
    return list(dict.fromkeys(texts))


def _string(**extra: Any) -> dict[str, Any]:
    return {"type": "string", **extra}


def _lengths() -> list[str]:
    emoji = "\U0001f600"
    values = ["", "a", "ab", "abcde", "abcdef", emoji * 2, emoji * 5, emoji * 6, "é" * 5, "\0\n"]
    return [*values, "a\u0301" * 3, " " * 5, "\t\t", "x" * 100]


#: (id, property schema, typed texts or None, content values)
CASES: list[tuple[str, dict[str, Any], list[str] | None, list[Any]]] = [
    ("text", _string(minLength=2, maxLength=5), _lengths(), [*_lengths(), 5, None, True, ["a"]]),
    ("email", _string(format="email"), _emails(), _emails()),
    ("uri", _string(format="uri"), _uris(), _uris()),
    ("date", _string(format="date"), _dates(), _dates()),
    ("date-time", _string(format="date-time"), None, _date_times()),
    (
        "integer",
        {"type": "integer", "minimum": -3, "maximum": 500},
        _number_texts([-3, 500], integer=True),
        [-4, -3, 0, 500, 501, 2.5, 3.0, "3", True, None, 1e300, -0.0],
    ),
    (
        "integer-big",
        {"type": "integer", "minimum": SAFE + 1, "maximum": BIG},
        _number_texts([SAFE + 1, BIG], integer=True),
        [float(SAFE), float(SAFE + 2), float(2**63), 9.2e18, 1e19],
    ),
    (
        "integer-big-negative",
        {"type": "integer", "minimum": -BIG - 1, "maximum": -SAFE - 1},
        _number_texts([-BIG - 1, -SAFE - 1], integer=True),
        [-float(SAFE), -float(SAFE + 2), -float(2**63), -9.2e18, -1e19],
    ),
    (
        "number",
        {"type": "number", "minimum": -0.5, "maximum": 1000000.5},
        _number_texts([-0.5, 1000000.5], integer=False),
        [-0.5, -0.50000001, 1000000.5, 1000000.6, 0.1, "1", None, False],
    ),
    (
        "number-big",
        {"type": "number", "minimum": -BIG, "maximum": BIG},
        _number_texts([-BIG, BIG], integer=False),
        [float(2**63), -float(2**63), 9.2e18, 9.3e18, float(SAFE)],
    ),
    ("boolean", {"type": "boolean"}, None, [True, False, 0, 1, "true", None, []]),
    (
        "enum",
        _string(enum=["a", "b", "A\u202e"]),
        None,
        ["a", "b", "A\u202e", "A", "", "c", 1, None, ["a"]],
    ),
    (
        "oneOf",
        _string(oneOf=[{"const": "k", "title": "Keep"}, {"const": "w", "title": "Keep"}]),
        None,
        ["k", "w", "Keep", "", None],
    ),
    (
        "multi",
        {
            "type": "array",
            "items": {"type": "string", "enum": ["x", "y", "z"]},
            "minItems": 1,
            "maxItems": 2,
        },
        None,
        [[], ["x"], ["x", "y"], ["x", "y", "z"], ["q"], ["x", 1], "x", None, [["x"]]],
    ),
    (
        "multi-titled",
        {"type": "array", "items": {"anyOf": [{"const": "p", "title": "P"}]}},
        None,
        [[], ["p"], ["p", "p"], ["P"], None],
    ),
]

TYPED = """([id, texts]) => {
  const control = document.getElementById(id);
  const error = document.getElementById(`${id}_err`);
  const isNumber = control.type === "number";
  return texts.map((text) => {
    control.value = text;
    control.dispatchEvent(new Event("input", { bubbles: true }));
    control.dispatchEvent(new FocusEvent("focusout", { bubbles: true, relatedTarget: null }));
    const held = control.value;
    if (held === "") return { empty: true };
    const value = isNumber ? Number(held) : held;
    const problem = window.elicitation.validate({ v: value }).v;
    const sent = isNumber ? JSON.stringify(value) : JSON.stringify(held);
    return { empty: false, accepted: error.textContent === "" && problem === undefined, sent };
  });
}"""

CONTENT = """(values) => values.map((v) => !("v" in window.elicitation.validate({ v })))"""


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(timezone_id=TIME_ZONE, locale="en-US")
    context.add_init_script(RECORDER)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.errors = errors
    yield tab
    context.close()


def _form(schema: dict[str, Any]) -> ir.Form:
    result = elicit_gen.compile(schema, [], name="interop.json")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    return result.forms[0]


@pytest.mark.parametrize(("name", "prop", "typed", "values"), CASES, ids=[c[0] for c in CASES])
def test_the_page_accepts_only_what_ajv_and_jsonschema_accept(
    page: Any,
    tmp_path: Path,
    name: str,
    prop: dict[str, Any],
    typed: list[str] | None,
    values: list[Any],
) -> None:
    schema = {"type": "object", "properties": {"v": prop}}
    form = _form(schema)
    page.goto(write_page(form, tmp_path).as_uri())
    accepted: list[tuple[str, Any]] = []  # (how, the value a server would read)
    if typed is not None:
        results = page.evaluate(TYPED, [form.fields[0].html_id, typed])
        for text, result in zip(typed, results, strict=True):
            if not result["empty"] and result["accepted"]:
                accepted.append((f"typed {text!r}", json.loads(result["sent"])))
    # Playwright carries numbers as doubles: a Python int beyond 2^53 is sent as its float.
    verdicts = page.evaluate(CONTENT, values)
    for value, ok in zip(values, verdicts, strict=True):
        if ok:
            accepted.append((f"content {value!r}", value))
    assert not page.errors, page.errors
    assert accepted, f"{name}: the page accepted nothing: the test would prove nothing"
    pairs = [(prop, value) for _, value in accepted]
    ajv = ajv_verdicts(pairs)
    fmt = prop.get("format")
    strings = prop.get("type") == "string"
    zod = zod_accepts(prop, [v for _, v in accepted]) if strings else [True] * len(accepted)
    wrong = [
        f"{how} -> {value!r}: ajv {a}, jsonschema {jsonschema_verdict(prop, value)}, "
        f"pydantic {pydantic_verdict(fmt, value) if fmt else None}, zod {z}"
        for (how, value), a, z in zip(accepted, ajv, zod, strict=True)
        if not (
            a
            and z
            and jsonschema_verdict(prop, value)
            and (fmt is None or pydantic_verdict(fmt, value))
        )
    ]
    assert not wrong, f"{name}: the page accepts what a server validator refuses:\n" + "\n".join(
        wrong
    )


#: Values every validator accepts, which the page must accept too (it is strict, not useless).
AGREED = {
    "email": ["a.b+c@example.org", "o'brien_x+y-z@x.org", "a@x-y.example", "A_1@123.com"],
    "uri": [
        "https://h:80/p?q#f",
        "x:p",
        "urn:isbn:0451450523",
        "http://[::1]/",
        "file:///p",
        "https://h:65535/",
        "http://1.2.3/",
        "x://256.1.1.1/",
        "x://",
        "http:h/p",
    ],
    "date": ["0001-01-01", "2024-02-29", "9999-12-31"],
    "date-time": [
        "2024-02-29T23:59:59Z",
        "0001-01-01T00:00:00.5+00:00",
        "2024-01-01T00:00:00-05:00",
    ],
    "time": ["23:59:59Z", "00:00:00.5+00:00", "09:00:00z", "12:30:00-23:59"],
    "uuid": ["123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000"],
    "ipv4": ["0.0.0.0", "255.255.255.255", "192.0.2.1"],
    "ipv6": ["::", "::ffff:192.0.2.1", "2001:DB8::1", "1:2:3:4:5:6:7:8"],
    "hostname": ["localhost", "a.b.c", "xn--bcher-kva.example", "example.com."],
    "duration": ["P0D", "PT1H30M", "P2W", "P999999999DT23H59M59S"],
}


@pytest.mark.parametrize("fmt", sorted(AGREED))
def test_the_page_accepts_what_every_validator_accepts(page: Any, tmp_path: Path, fmt: str) -> None:
    prop = {"type": "string", "format": fmt}
    values = AGREED[fmt]
    assert ajv_verdicts([(prop, v) for v in values]) == [True] * len(values)
    assert all(jsonschema_verdict(prop, v) for v in values)
    assert all(pydantic_verdict(fmt, v) for v in values)
    assert all(zod_accepts(prop, values))
    form = _form({"type": "object", "properties": {"v": prop}})
    page.goto(write_page(form, tmp_path).as_uri())
    assert page.evaluate(CONTENT, values) == [True] * len(values)


#: Local date-times a user may pick; the page adds the offset in force then (DST, LMT).
LOCAL_DATE_TIMES = [
    "2024-02-29T12:30",
    "2024-03-31T03:30",
    "2024-10-27T02:30",
    "2016-12-31T23:59:59",
    "0001-01-01T00:00",
    "1893-03-31T23:59",
    "9999-12-31T23:59:59",
]


def test_typed_date_times_are_accepted_by_every_validator(page: Any, tmp_path: Path) -> None:
    """The date-time the page builds from a local pick (offset included) passes both."""
    prop = {"type": "string", "format": "date-time"}
    form = _form({"type": "object", "properties": {"v": prop}})
    control = f'[id="{form.fields[0].html_id}"]'
    sent: list[str] = []
    for local in LOCAL_DATE_TIMES:
        page.goto(write_page(form, tmp_path).as_uri())
        page.fill(control, local)
        page.click("#eg-accept")
        events = [json.loads(e) for e in page.evaluate("window.__egLog.events")]
        if events:  # a time in a clock-change gap is refused, which is right
            sent.append(events[0]["content"]["v"])
    assert len(sent) >= len(LOCAL_DATE_TIMES) - 1, sent
    assert ajv_verdicts([(prop, v) for v in sent]) == [True] * len(sent), sent
    assert all(jsonschema_verdict(prop, v) for v in sent), sent
