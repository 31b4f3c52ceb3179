"""Formats beyond the subset (issue 25): what real servers send (pydantic's ``time``, ``UUID``,
``IPv4Address``, ``IPv6Address``, ``timedelta``; zod's ``.uuid()``, ``.ip()``, ``.duration()``,
``z.hostname()``) compiles, every target checks it, and the linter warns that other clients may
drop it (EG160, as for ``exclusiveMinimum``); any other format stays EG111 with its reason.
Defaults in those formats are checked (EG140), a naive ``time`` default included, and
:func:`formcore.local_time` gives the local-time reading of one."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator

import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.compiler.kinds import ENFORCED_FORMATS, SUBSET_FORMATS
from elicit_gen.runtime.core import formcore
from elicit_gen.targets.common import hints as _hints


def _lint(props: dict[str, object]) -> list[elicit_gen.Diagnostic]:
    text = json.dumps({"type": "object", "properties": props}, indent=1)
    return list(elicit_gen.lint(text, name="f.json").diagnostics)


def test_one_list_of_formats_everywhere() -> None:
    """The linter's list, the IR's, formcore's checks and hints, the pydantic words and the
    placeholders name the same formats."""
    from elicit_gen.runtime.pydantic import pydantic_models

    every = set(SUBSET_FORMATS) | set(ENFORCED_FORMATS)
    assert every == {f.value for f in ir.StringFormat}
    assert every == set(formcore.FORMAT_CHECKS) == set(formcore.FORMAT_HINTS)
    assert every == set(pydantic_models._FORMAT_WORDS)
    assert set(_hints.FORMAT_PLACEHOLDERS) == every - {"date", "date-time"}
    for fmt, example in _hints.FORMAT_PLACEHOLDERS.items():
        assert formcore.FORMAT_CHECKS[fmt](example), (fmt, example)


@pytest.mark.parametrize("fmt", ENFORCED_FORMATS)
def test_a_format_beyond_the_subset_compiles_with_a_portability_warning(fmt: str) -> None:
    found = _lint({"f": {"type": "string", "format": fmt}})
    assert [(d.code, d.severity, d.pointer) for d in found] == [
        ("EG160", "warning", "/properties/f/format")
    ]
    assert (found[0].line, found[0].column) == (6, 14)  # the value, as EG111 points
    assert found[0].message == (
        f"field 'f': format {fmt!r} is not one of the subset's (email, uri, date, date-time); "
        "elicit-gen's forms enforce it, but other clients may drop it, or refuse the request "
        "(schema.json allows only those)"
    )
    result = elicit_gen.compile(
        {"type": "object", "properties": {"f": {"type": "string", "format": fmt}}}, []
    )
    assert result.ok
    (field,) = result.forms[0].fields
    assert isinstance(field, ir.StringField) and field.format is ir.StringFormat(fmt)
    assert result.forms[0].schema["properties"]["f"]["format"] == fmt  # the router shows it


@pytest.mark.parametrize("fmt", SUBSET_FORMATS)
def test_the_subsets_formats_say_nothing(fmt: str) -> None:
    assert _lint({"f": {"type": "string", "format": fmt}}) == []


@pytest.mark.parametrize(
    ("fmt", "reason", "hint"),
    [
        ("uri-reference", "a relative reference is no address a server can open", "uri"),
        ("iri", "servers check non-ASCII addresses in ways no form can redo", "uri"),
        ("uuid4", "pydantic's UUID4: only pydantic checks the version", "uuid"),
        ("ipvanyaddress", "pydantic's IPvAnyAddress: ask for `ipv4` or `ipv6`", "ipv4"),
        ("password", "form mode must not ask for passwords: use a URL-mode elicitation", None),
        ("iso-time", None, "time"),
        ("phone", None, None),
    ],
)
def test_other_formats_stay_errors_with_their_reason(
    fmt: str, reason: str | None, hint: str | None
) -> None:
    found = [d for d in _lint({"f": {"type": "string", "format": fmt}}) if d.code == "EG111"]
    assert len(found) == 1 and found[0].severity == "error"
    message = found[0].message
    assert message.startswith(f"field 'f': format {fmt!r} is not one a form can check")
    assert message.endswith(
        "use one of email, uri, date, date-time, time, uuid, ipv4, ipv6, hostname, duration"
    )
    assert (f"({reason})" in message) if reason else "(" not in message
    assert found[0].hint == (f'did you mean "{hint}"?' if hint else None)


@pytest.mark.parametrize(
    ("prop", "words"),
    [
        (
            {"type": "string", "format": "time", "default": "09:00:00"},
            "add the UTC offset of its time zone, as in 09:00:00+01:00, or 09:00:00Z for UTC",
        ),
        (
            {"type": "string", "format": "uuid", "default": "123e4567e89b12d3a456426614174000"},
            "write the UUID as 36 characters, 32 hexadecimal digits with hyphens in groups of "
            "8-4-4-4-12, without braces or urn:uuid:",
        ),
        (
            {"type": "string", "format": "ipv4", "default": "10.0.0.01"},
            "a number of an IPv4 address cannot start with 0: some servers read it as octal",
        ),
        (
            {"type": "string", "format": "duration", "default": "P1W2D"},
            "not an ISO 8601 duration: P, then whole numbers of Y (years), M (months), D (days), "
            "then T and H (hours), M (minutes), S (seconds); or P and W (weeks) alone",
        ),
        (
            {"type": "string", "maxLength": 3, "default": "\U0001f600\U0001f600"},
            "has 2 characters, but some servers count emoji and other rare characters twice: 4 "
            "by their count, and at most 3 are allowed",
        ),
    ],
)
def test_defaults_in_those_formats_are_checked(prop: dict[str, object], words: str) -> None:
    found = [d for d in _lint({"f": prop}) if d.code == "EG140"]
    assert len(found) == 1
    assert found[0].message == (
        f"field 'f': `default` {json.dumps(prop['default'])} does not satisfy the field: {words}"
    )


def test_an_integral_float_default_of_an_integer_field_is_the_int_the_form_sends() -> None:
    """JSON Schema counts 30.0 an integer; the form has it as 30 (lowering), which it sends, so
    the default is no error though validate() refuses the float 30.0 itself."""
    assert _lint({"n": {"type": "integer", "default": 30.0}}) == []
    result = elicit_gen.compile(
        {"type": "object", "properties": {"n": {"type": "integer", "default": 30.0}}}, []
    )
    (field,) = result.forms[0].fields
    assert field.default == 30 and type(field.default) is int
    assert formcore.check_value({"type": "integer"}, 30.0) == (
        "Must be a whole number, written without a decimal point or exponent."
    )
    assert [d.code for d in _lint({"n": {"type": "integer", "default": 30.5}})] == ["EG140"]


@pytest.fixture
def kolkata() -> Iterator[None]:
    """This process in a zone of one offset all year (UTC+05:30, no daylight saving)."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "Asia/Kolkata"
    time.tzset()
    try:
        yield
    finally:
        if before is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = before
        time.tzset()


@pytest.mark.usefixtures("kolkata")
def test_a_naive_time_reads_as_local_time() -> None:
    """The reading a run-time router gives a server's ``time`` default without an offset
    (FastMCP's ``"09:00:00"``), as it reads a naive date-time default as local time."""
    assert formcore.local_time("09:00:00") == "09:00:00+05:30"
    assert formcore.local_time("09:00") == "09:00:00+05:30"
    assert formcore.local_time("09:00:00.25") == "09:00:00.25+05:30"
    for not_naive in ("09:00:00Z", "09:00:00+01:00", "25:00:00", "9:00", "", None, 9):
        assert formcore.local_time(not_naive) is None, not_naive
    assert formcore.is_time(formcore.local_time("23:59:59") or "")


@pytest.mark.usefixtures("kolkata")
@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("14:30", "14:30:00+05:30"),
        ("14:30:15", "14:30:15+05:30"),
        ("14:30z", "14:30:00Z"),
        ("14:30 +01:00", "14:30:00+01:00"),
        ("14:30:00Z", "14:30:00Z"),
        ("14:30:00z", "14:30:00z"),  # already a time every validator accepts
        ("2pm", "2pm"),
        ("25:00", "25:00"),
    ],
)
def test_a_typed_time_is_completed(typed: str, read: str) -> None:
    assert formcore.complete_time(typed) == read


def test_a_typed_date_time_gets_capitals() -> None:
    assert formcore.complete_date_time("2024-01-01t10:00z") == "2024-01-01T10:00:00Z"
    assert formcore.complete_date_time("2024-01-01 10:00:00z") == "2024-01-01T10:00:00Z"


@pytest.mark.usefixtures("kolkata")
def test_fastmcps_naive_time_default_read_as_local_time_gives_a_faithful_form() -> None:
    """FastMCP's ``time(9, 0)`` default arrives as ``"09:00:00"`` (EG140: no offset). Read as
    local time (``formcore.local_time``, what a run-time client does with it), the form is shown
    by a real ``FormRouter`` and no answer it accepts is refused by FastMCP, jsonschema or Ajv."""
    from fastmcp.server.elicitation import handle_elicit_accept, parse_elicit_response_type

    from ..support.differential import differential, form_for, generic_verdicts, probes
    from ..support.fastmcp_check import fastmcp_verdict
    from ..support.format_edges import EDGE
    from ..support.realistic_types import FASTMCP

    case = next(c for c in FASTMCP if c.name == "time_and_uuid")
    config = parse_elicit_response_type(case.source)
    schema = json.loads(json.dumps(config.schema))
    sent = schema["properties"]["opens_at"]["default"]
    assert sent == "09:00:00" and [d.code for d in _lint(schema["properties"])].count("EG140") == 1
    schema["properties"]["opens_at"]["default"] = formcore.local_time(sent)
    assert schema["properties"]["opens_at"]["default"] == "09:00:00+05:30"
    shown = form_for(schema)
    assert shown.module is not None, shown.reason
    found = probes(schema, case.answer, EDGE, seed="time_and_uuid")
    contents = [p.content for p in found]
    verdicts = generic_verdicts(schema, contents)
    for verdict, content in zip(verdicts, contents, strict=True):
        verdict["fastmcp"] = fastmcp_verdict(config, content)
    tally = differential("fastmcp", "time_and_uuid", shown.module, found, verdicts)
    assert 0 < tally.accepted < tally.checked
    assert not tally.refused_by, tally.examples
    # the default as the form has it is an answer FastMCP takes: 09:00 in this zone
    accepted = handle_elicit_accept(config, {"opens_at": "09:00:00+05:30"})
    assert accepted.data.opens_at.utcoffset() is not None
