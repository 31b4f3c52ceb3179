"""The real-servers harness's shared parts (issue 25): the form a ``FormRouter`` compiles for a
schema, answers generated from the schema the server sent, the verdicts of the checks every
server may run, and the counts the tests print.

* :func:`form_for` asks a real ``FormRouter(compile_unknown="cli")`` for the form it would show
  (its runner records the module and cancels): the same path as a client's request, whatever the
  router does with the schema first.
* :func:`probes` generates valid and invalid answers from the schema as sent: the user's answer,
  then each field given the edge values of its kind (bounds and bounds +- epsilon, multiples and
  near misses, each option and non-options, lengths around the limits in code points and UTF-16
  units, every format's edge cases, strings near a pattern, wrong types), missing and extra keys,
  and seeded random combinations of those.
* :func:`generic_verdicts` runs what any server may validate with: the client SDK's own
  ``ElicitResult`` (what can go on the wire), Python jsonschema with its format checker and Ajv +
  ajv-formats as the TypeScript SDK configures it. Each test file adds its server's own check.
* :class:`Tally` keeps per-schema counts; :func:`summary` writes the table the tests print.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import typing
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from types import ModuleType, SimpleNamespace
from typing import Any

import anyio
import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp import types

from elicit_gen.mcp import FormRouter

from .real_servers import Logged
from .validators import PYDANTIC_TYPES, ajv_verdicts

#: Edge values of the formats no form of the subset knows, as zod and FastMCP send them.
EXTRA_FORMATS: dict[str, list[str]] = {
    "uuid": [
        "123e4567-e89b-12d3-a456-426614174000",
        "00000000-0000-0000-0000-000000000000",
        "123E4567-E89B-12D3-A456-426614174000",
        "123e4567e89b12d3a456426614174000",
        "{123e4567-e89b-12d3-a456-426614174000}",
        "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
        "123e4567-e89b-02d3-a456-426614174000",
        "123e4567-e89b-12d3-a456-42661417400",
        "not-a-uuid",
    ],
    "time": [
        "08:30:00",
        "08:30",
        "08:30:00Z",
        "08:30:00+01:00",
        "08:30:00.123",
        "23:59:60",
        "24:00:00",
        "8:30:00",
        "08:30:00 ",
    ],
    "ipv4": [
        "192.0.2.1",
        "0.0.0.0",
        "255.255.255.255",
        "256.1.1.1",
        "192.0.2",
        "192.0.2.01",
        "::1",
        " 192.0.2.1",
    ],
}

#: Digits that Python's ``\d`` (and pydantic-core's regex) match but ECMA-262's ``\d`` does not.
_OTHER_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
#: A character whose UTF-16 length (zod's ``.length``) is 2, its code-point length 1.
_ASTRAL = "\U0001f600"


@dataclasses.dataclass(frozen=True)
class Probe:
    """An answer to check: the content and the kind of the field it varies ("object" for whole
    answers: missing and extra keys, random combinations)."""

    content: dict[str, Any]
    kind: str


# --- the form the router shows -------------------------------------------------------------------


@dataclasses.dataclass
class Shown:
    """What the router did with a request: the module it showed, or why none."""

    module: ModuleType | None
    reason: str


def form_for(schema: Mapping[str, Any], message: str = "Please answer") -> Shown:
    """The module a ``FormRouter(compile_unknown="cli")`` shows for ``schema`` (the request read
    by the client SDK from the wire, as a server sends it), or the reason it showed none."""
    got: list[ModuleType] = []

    async def runner(module: ModuleType, message: str, server: str | None) -> Mapping[str, Any]:
        got.append(module)
        return {"action": "cancel"}

    router = FormRouter(compile_unknown="cli", runner=runner, server="probe")
    params = types.ElicitRequestFormParams.model_validate(
        {"mode": "form", "message": message, "requestedSchema": json.loads(json.dumps(schema))}
    )
    context = SimpleNamespace(session=object())

    async def ask() -> Any:
        with anyio.fail_after(60):
            return await router(context, params)

    with Logged() as logged:
        answer = anyio.run(ask)
    if got:
        return Shown(got[0], "")
    why = "; ".join(logged.messages) or repr(answer)
    return Shown(None, why)


def accepts(module: ModuleType, content: Mapping[str, Any]) -> bool:
    """The form's verdict: its ``validate()`` finds no problem."""
    problems = module.validate(content)
    assert isinstance(problems, dict), f"validate() returned {problems!r}"
    return not problems


# --- generated answers ---------------------------------------------------------------------------


def kind_of(prop: Mapping[str, Any]) -> str:
    """A name for the field kind of a property as a server sent it."""
    kind = prop.get("type")
    if kind == "array":
        return "multi-select"
    if "enum" in prop or "oneOf" in prop or "anyOf" in prop:
        return f"{kind} select" if kind in ("integer", "number") else "single-select"
    if "const" in prop:
        return f"{kind} const"
    if kind == "string":
        if "format" in prop:
            return f"format {prop['format']}"
        return "pattern" if "pattern" in prop else "string"
    return str(kind)


def _options(prop: Mapping[str, Any]) -> list[Any]:
    source = prop.get("items", prop) if prop.get("type") == "array" else prop
    if not isinstance(source, Mapping):
        return []
    if isinstance(source.get("enum"), list):
        return list(source["enum"])
    for key in ("oneOf", "anyOf"):
        if isinstance(source.get(key), list):
            return [o["const"] for o in source[key] if isinstance(o, Mapping) and "const" in o]
    return []


_WRONG_TYPES: list[Any] = [None, True, 0, 1.5, "1", ["a"], {"a": 1}]


def _lengths(prop: Mapping[str, Any]) -> list[str]:
    found: list[str] = []
    for key in ("minLength", "maxLength"):
        n = prop.get(key)
        if isinstance(n, int) and n < 5000:
            for m in (n - 1, n, n + 1):
                if m >= 0:
                    found += ["x" * m, _ASTRAL * m, "é" * m]
    return found


def pattern_samples(pattern: str, count: int = 12) -> list[str]:
    """Strings near ``pattern``: ones hypothesis builds to match it (as Python reads it), and
    each changed the ways ECMA-262 and Python disagree on (other digits, a newline before the
    end) or made to miss (a character more, one less, upper case)."""
    try:
        strategy = st.from_regex(pattern)
        found: list[str] = []

        @settings(
            max_examples=count,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
            deadline=None,
        )
        @given(strategy)
        def collect(text: str) -> None:
            found.append(text)

        collect()
    except Exception:  # a pattern hypothesis cannot read (lookarounds, ECMA-only syntax)
        found = []
    near: list[str] = []
    for text in dict.fromkeys(found):
        near += [text, text.translate(_OTHER_DIGITS), text + "\n", text + "x", text[:-1]]
        near += [text.upper(), text.lower(), " " + text]
    return list(dict.fromkeys(near))


def _string_values(prop: Mapping[str, Any], edges: Mapping[str, Sequence[str]]) -> list[Any]:
    values: list[Any] = ["", "a", "Ada Lovelace", " ", "  padded  ", "é", "日本語", _ASTRAL]
    values += ["line\nbreak", "tab\tstop", "\u200b", "a" * 300]
    values += _lengths(prop)
    fmt = prop.get("format")
    if isinstance(fmt, str):
        values += list(edges.get(fmt, EXTRA_FORMATS.get(fmt, [])))
    pattern = prop.get("pattern")
    if isinstance(pattern, str):
        values += pattern_samples(pattern)
    return values


def _near(bound: float) -> list[float]:
    scale = max(1.0, abs(bound))
    return [
        bound,
        bound - 1,
        bound + 1,
        bound - 0.5,
        bound + 0.5,
        bound - 1e-9 * scale,
        bound + 1e-9 * scale,
        math.nextafter(bound, -math.inf),
        math.nextafter(bound, math.inf),
    ]


def _multiples(step: float) -> list[float]:
    exact = Decimal(str(step))
    values: list[float] = []
    for k in (1, 2, 3, 7, 10, -1):
        values += [k * step, float(k * exact), float(k * exact + exact / 2)]
    values += [float(exact / 3), step * 1e6]
    return values


def _number_values(prop: Mapping[str, Any]) -> list[Any]:
    values: list[Any] = [0, 1, -1, 2, 10, 100, 0.5, -0.0, 1e-9, 7.25, 5.0, 10**6]
    values += [2**53, 2**53 + 1, 10**20, 1e308, -(2**63)]
    for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = prop.get(key)
        if isinstance(bound, (int, float)) and not isinstance(bound, bool):
            values += _near(float(bound))
            if isinstance(bound, int):
                values += [bound - 1, bound, bound + 1]
    step = prop.get("multipleOf")
    if isinstance(step, (int, float)) and not isinstance(step, bool) and step > 0:
        values += _multiples(float(step))
    for option in _options(prop):
        if isinstance(option, (int, float)) and not isinstance(option, bool):
            values += [option, float(option), str(option), option + 1, option + 0.5]
    return values


def _multi_values(prop: Mapping[str, Any]) -> list[Any]:
    options = _options(prop)
    values: list[Any] = [[], options, options[:2], options[::-1], [*options, *options]]
    values += [[o] for o in options]
    if options:
        values += [[options[0], options[0]], [options[0], "zzz"], [str(options[0]).upper()]]
        values += [options[0]]
    values += [["zzz"], [1], [None], None, "", {}]
    for key in ("minItems", "maxItems"):
        n = prop.get(key)
        if isinstance(n, int) and options:
            for m in (n - 1, n, n + 1):
                if m >= 0:
                    values.append([options[i % len(options)] for i in range(m)])
                    values.append(options[:m])
    return values


def field_values(prop: Mapping[str, Any], edges: Mapping[str, Sequence[str]]) -> list[Any]:
    """Candidate values of one property: its edge values, its default, wrong types."""
    kind = prop.get("type")
    values: list[Any]
    if kind == "array":
        values = _multi_values(prop)
    elif kind in ("integer", "number"):
        values = _number_values(prop)
    elif kind == "boolean":
        values = [True, False, "true", "false", 1, 0, "yes"]
    else:
        values = _string_values(prop, edges)
    if kind != "array":
        for option in _options(prop):
            values += [option, f" {option}", str(option).upper(), f"{option}x"]
        values.append("zzz")
    if "const" in prop:
        values += [prop["const"], not prop["const"] if isinstance(prop["const"], bool) else None]
    if "default" in prop:
        values.append(prop["default"])
    return _unique([*values, *_WRONG_TYPES])


def _key(value: Any) -> str:
    """Tells values apart as a validator does: by JSON text and by Python type (``5`` and
    ``5.0``, ``1`` and ``True`` are different answers)."""
    return json.dumps(value, sort_keys=True, default=repr) + repr(value)


def _unique(values: Iterable[Any]) -> list[Any]:
    return list({_key(value): value for value in values}.values())


def probes(
    schema: Mapping[str, Any],
    answer: Mapping[str, Any],
    edges: Mapping[str, Sequence[str]],
    *,
    seed: str,
    combinations: int = 40,
) -> list[Probe]:
    """Valid and invalid answers to ``schema``, around the user's ``answer``."""
    props: Mapping[str, Any] = schema.get("properties", {})
    required = [n for n in schema.get("required", []) if n in props]
    found = [Probe(dict(answer), "object")]
    candidates = {name: field_values(prop, edges) for name, prop in props.items()}
    for name, values in candidates.items():
        kind = kind_of(props[name])
        found += [Probe({**answer, name: v}, kind) for v in values]
        found.append(Probe({k: v for k, v in answer.items() if k != name}, kind))
    found.append(Probe({k: v for k, v in answer.items() if k in required}, "object"))
    found += [Probe({}, "object"), Probe({**answer, "unexpected": "x"}, "object")]
    rng = random.Random(seed)
    for _ in range(combinations):
        content: dict[str, Any] = {}
        for name, values in candidates.items():
            roll = rng.random()
            if roll < 0.15:
                continue
            content[name] = (
                answer.get(name) if roll < 0.4 and name in answer else rng.choice(values)
            )
            if content[name] is None and name not in answer:
                del content[name]
        found.append(Probe(content, "object"))
    return _distinct(found)


def _distinct(found: Iterable[Probe]) -> list[Probe]:
    """Each content once (the first probe that made it names its kind)."""
    first: dict[str, Probe] = {}
    for probe in found:
        first.setdefault(_key(probe.content), probe)
    return list(first.values())


# --- what a schema cannot say --------------------------------------------------------------------
#: pydantic URL types that allow only some schemes (HttpUrl: http and https). Their schema is
#: ``format: uri`` like AnyUrl's: no form can tell, so an answer with another scheme for such a
#: field is set aside (counted, not compared), as tests/support/validators.py holds them.
_SCHEMED = {kind: schemes for kind, schemes, _ in PYDANTIC_TYPES["uri"] if schemes is not None}


def _schemes(annotation: Any) -> frozenset[str] | None:
    if annotation in _SCHEMED:
        return _SCHEMED[annotation]
    for arg in typing.get_args(annotation):
        found = _schemes(arg)
        if found is not None:
            return found
    return None


def scheme_limited(source: Any) -> dict[str, frozenset[str]]:
    """The fields of a model, dataclass or TypedDict (by their name on the wire) whose URL type
    allows only some schemes, and those schemes."""
    names: dict[str, Any] = {}
    if isinstance(source, type) and hasattr(source, "model_fields"):
        for name, info in source.model_fields.items():
            names[info.alias or name] = info.annotation
    elif isinstance(source, type):
        try:
            names = typing.get_type_hints(source, include_extras=True)
        except (TypeError, NameError):
            names = {}
    return {name: s for name, kind in names.items() if (s := _schemes(kind)) is not None}


def set_aside(limited: Mapping[str, frozenset[str]], content: Mapping[str, Any]) -> bool:
    """Whether ``content`` gives a scheme-limited field a string of another scheme."""
    for name, schemes in limited.items():
        value = content.get(name)
        if isinstance(value, str):
            head, colon, _ = value.partition(":")
            if not colon or head.strip().lower() not in schemes:
                return True
    return False


# --- the checks every server may run -------------------------------------------------------------


def json_safe(content: Any) -> bool:
    """Whether the content can be sent as JSON at all (no NaN or infinity)."""
    try:
        json.dumps(content, allow_nan=False)
    except ValueError:
        return False
    return True


def wire_verdict(content: Mapping[str, Any]) -> bool:
    """Whether the client SDK can send it: JSON, and an ``ElicitResult`` content."""
    if not json_safe(content):
        return False
    text = json.dumps({"action": "accept", "content": content})
    try:
        types.ElicitResult.model_validate_json(text)
    except ValueError:
        return False
    return True


def jsonschema_verdict(schema: Mapping[str, Any], content: Any) -> bool:
    """Python jsonschema, the draft the schema names (2020-12 without one), formats checked."""
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    return bool(validator.is_valid(content))


def generic_verdicts(
    schema: Mapping[str, Any], contents: Sequence[Mapping[str, Any]]
) -> list[dict[str, bool]]:
    """The wire, jsonschema and Ajv (as the TypeScript SDK runs it) for each content."""
    sendable = [json_safe(c) for c in contents]
    ajv = ajv_verdicts(
        [(dict(schema), c if ok else None) for c, ok in zip(contents, sendable, strict=True)]
    )
    return [
        {
            "wire": wire_verdict(c),
            "jsonschema": ok and jsonschema_verdict(schema, c),
            "ajv": ok and a,
        }
        for c, ok, a in zip(contents, sendable, ajv, strict=True)
    ]


# --- the counts ----------------------------------------------------------------------------------


@dataclasses.dataclass
class Tally:
    """One schema's differential: answers checked, accepted by the form, accepted by the form
    and refused by a check (by check), refused by the form though every check accepts (by the
    kind of the field varied)."""

    family: str
    name: str
    checked: int = 0
    accepted: int = 0
    refused_by: Counter[str] = dataclasses.field(default_factory=Counter)
    over_refused: Counter[str] = dataclasses.field(default_factory=Counter)
    examples: list[str] = dataclasses.field(default_factory=list)
    over_examples: list[str] = dataclasses.field(default_factory=list)
    no_form: str = ""
    set_aside: int = 0


def differential(
    family: str,
    name: str,
    module: ModuleType,
    found: Sequence[Probe],
    verdicts: Sequence[Mapping[str, bool]],
) -> Tally:
    """Compares the form's ``validate()`` with every check's verdict on each probe."""
    tally = Tally(family, name)
    for probe, checks in zip(found, verdicts, strict=True):
        tally.checked += 1
        form = accepts(module, probe.content)
        refused = sorted(check for check, ok in checks.items() if not ok)
        if form:
            tally.accepted += 1
            for check in refused:
                tally.refused_by[check] += 1
            if refused and len(tally.examples) < 12:
                tally.examples.append(f"{compact(probe.content)} refused by {', '.join(refused)}")
        elif not refused:
            tally.over_refused[probe.kind] += 1
            if len(tally.over_examples) < 6:
                problems = module.validate(probe.content)
                tally.over_examples.append(f"{compact(probe.content)}: {problems}")
    return tally


def compact(content: Mapping[str, Any]) -> str:
    """An answer as JSON, a long string shown by its start and its lengths (code points and
    UTF-16 units, which validators count differently)."""

    def short(value: Any) -> Any:
        if isinstance(value, str) and len(value) > 24:
            units = len(value.encode("utf-16-le")) // 2
            return f"{value[:6]}... ({len(value)} code points, {units} UTF-16 units)"
        return value

    return json.dumps({k: short(v) for k, v in content.items()}, ensure_ascii=False)


@dataclasses.dataclass
class Registry:
    """What the harness saw, for the summary: each schema shown or not (and why), and each
    schema's differential."""

    shown: dict[tuple[str, str], str] = dataclasses.field(default_factory=dict)
    tallies: dict[tuple[str, str], Tally] = dataclasses.field(default_factory=dict)

    def record_shown(self, family: str, name: str, problem: str) -> None:
        self.shown[(family, name)] = problem

    def record(self, tally: Tally) -> None:
        self.tallies[(tally.family, tally.name)] = tally


REGISTRY = Registry()


def summary(registry: Registry = REGISTRY, families: Iterable[str] | None = None) -> str:
    """The table the tests print: per family and in all, schemas shown of those sent, schemas
    whose form was compared ("diffed"), answers checked, accepted by the form but refused by a
    check (must be 0), over-refusals (also by field kind), answers set aside; then every failing
    schema with its reason."""
    chosen = set(families) if families is not None else None
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0, 0])
    over: dict[str, Counter[str]] = defaultdict(Counter)
    refusers: dict[str, Counter[str]] = defaultdict(Counter)
    problems: list[str] = []
    for (family, name), problem in sorted(registry.shown.items()):
        if chosen is not None and family not in chosen:
            continue
        for key in (family, "all"):
            rows[key][0] += 1
            rows[key][1] += not problem
        if problem:
            problems.append(f"  not shown  {family}/{name}: {problem}")
    for (family, name), tally in sorted(registry.tallies.items()):
        if chosen is not None and family not in chosen:
            continue
        bad = sum(tally.refused_by.values())
        for key in (family, "all"):
            rows[key][2] += not tally.no_form
            rows[key][3] += tally.checked
            rows[key][4] += bad
            rows[key][5] += sum(tally.over_refused.values())
            rows[key][6] += tally.set_aside
            over[key].update(tally.over_refused)
            refusers[key].update(tally.refused_by)
        if tally.no_form and registry.shown.get((family, name)) is None:
            problems.append(f"  no form    {family}/{name}: {tally.no_form}")
        if bad:
            by = ", ".join(f"{k} {v}" for k, v in sorted(tally.refused_by.items()))
            problems.append(f"  refused    {family}/{name}: {bad} accepted answers ({by})")
            problems += [f"               {example}" for example in tally.examples[:4]]
    head = (
        f"{'family':<12} {'shown':>9} {'diffed':>6} {'answers':>8} {'acc-but-refused':>15} "
        f"{'over-refused':>12} {'set aside':>9}"
    )
    lines = ["", "== real servers: forms shown, and the form's validate() vs the servers ==", head]
    for key in [*sorted(k for k in rows if k != "all"), "all"]:
        if key not in rows:
            continue
        total, shown, diffed, checked, bad, over_count, aside = rows[key]
        lines.append(
            f"{key:<12} {f'{shown}/{total}':>9} {diffed:>6} {checked:>8} {bad:>15} "
            f"{over_count:>12} {aside:>9}"
        )
    for key in sorted(over):
        if over[key] and key != "all":
            kinds = ", ".join(f"{k} {v}" for k, v in sorted(over[key].items()))
            lines.append(f"  over-refusals in {key} by field kind: {kinds}")
    for key in sorted(refusers):
        if refusers[key] and key != "all":
            checks = ", ".join(f"{k} {v}" for k, v in sorted(refusers[key].items()))
            lines.append(f"  accepted-but-refused in {key} by check: {checks}")
    lines.append(
        "  (over-refused: refused by the form though every check of that schema accepts; the "
        "forms also hold formats to pydantic's parsers, which other families' servers run)"
    )
    if any(row[6] for row in rows.values()):
        lines.append(
            "  set aside: answers giving an HttpUrl-like field another scheme (its schema is "
            "AnyUrl's, no form can tell)"
        )
    if problems:
        lines += ["failing:", *problems]
    return "\n".join(lines)


CheckFn = Callable[[Sequence[Mapping[str, Any]]], list[dict[str, bool]]]


Own = Callable[[Sequence[Mapping[str, Any]]], list[dict[str, bool]]]


def compare(
    family: str,
    name: str,
    schema: Mapping[str, Any],
    answer: Mapping[str, Any],
    own: Own,
    *,
    message: str,
    edges: Mapping[str, Sequence[str]],
    limited: Mapping[str, frozenset[str]] | None = None,
) -> Tally:
    """The differential of one schema: the form the router shows for it, the generated answers,
    every check's verdict (``own``: the server's own checks, by name, for a batch of contents),
    recorded in :data:`REGISTRY`."""
    shown = form_for(schema, message)
    if shown.module is None:
        tally = Tally(family, name, no_form=shown.reason)
        REGISTRY.record(tally)
        return tally
    found = probes(schema, answer, edges, seed=f"{family}/{name}")
    kept = [p for p in found if not (limited and set_aside(limited, p.content))]
    contents = [p.content for p in kept]
    verdicts = generic_verdicts(schema, contents)
    for verdict, extra in zip(verdicts, own(contents), strict=True):
        verdict.update(extra)
    tally = differential(family, name, shown.module, kept, verdicts)
    tally.set_aside = len(found) - len(kept)
    REGISTRY.record(tally)
    return tally


def assert_faithful(tally: Tally, covers: str) -> None:
    """The harness's assertion: a form was shown, the generated answers fall on both sides of
    its line, and no answer it accepts is refused by any check."""
    what = f"{tally.family}/{tally.name} ({covers})"
    assert not tally.no_form, f"{what}: no form to compare: {tally.no_form}"
    assert 0 < tally.accepted < tally.checked, f"{what}: {tally.accepted} of {tally.checked}"
    assert not tally.refused_by, (
        f"{what}: the form accepts answers a server refuses:\n" + "\n".join(tally.examples)
    )
