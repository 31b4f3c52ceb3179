"""``<elicitation-form>`` gives exactly the Python forms' verdicts on answers: for every golden
case and for random schemas (tests/support/random_schemas.py), the element shows the schema
(``problems`` is ``[]``, as ``load_form(schema, "cli")`` makes a form of it) and its
``validate()`` flags the same fields, in the same words, as the Python module's ``validate()``
for each generated answer (tests/support/differential.py's probes: the user's answer, edge
values of every kind and format, wrong types, missing and extra keys, random combinations)."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

import elicit_gen
from elicit_gen.live import load_form
from elicit_gen.live.limits import FormError
from elicit_gen.targets.html import page_data
from elicit_gen.targets.html_fields import field_view

from ...support.cases import CASES, forms, requests, valid_content
from ...support.differential import json_safe, probes
from ...support.format_edges import EDGE
from ...support.hostile import hostile_requests
from ...support.random_schemas import schema as random_schema
from .conftest import Host

#: Random schemas tried (ELICIT_GEN_WEB_EXAMPLES overrides).
EXAMPLES = int(os.environ.get("ELICIT_GEN_WEB_EXAMPLES", "40"))

VALIDATE = """async ([schema, contents]) => {
    const element = document.createElement("elicitation-form");
    element.requestedSchema = schema;
    const problems = element.problems;
    const verdicts = problems.length ? [] : contents.map((c) => element.validate(c));
    // each answer as the element holds it: a JavaScript value (5.0 is 5, -0.0 is 0 in JSON)
    return { problems, verdicts, held: contents.map((c) => JSON.stringify(c)) };
}"""


def compare(
    host: Host, schema: dict[str, Any], seed: str, answer: dict[str, Any] | None = None
) -> int:
    """Checks the element against the Python module on ``schema``; the answers compared."""
    module = load_form(schema, "cli")
    if answer is None:
        answer = {}
    contents = [p.content for p in probes(schema, answer, EDGE, seed=seed) if json_safe(p.content)]
    # what a web host's JSON gives the element is what the Python form reads
    contents = json.loads(json.dumps(contents))
    got = host.page.evaluate(VALIDATE, [schema, contents])
    assert got["problems"] == [], (schema, got["problems"])
    for held, verdict in zip(got["held"], got["verdicts"], strict=True):
        content = json.loads(held)
        assert verdict == module.validate(content), (schema, content)
    return len(contents)


@pytest.mark.parametrize("case", CASES)
def test_every_golden_case_validates_as_python(case: str, host: Host) -> None:
    total = 0
    for form, (schema, _) in zip(forms(case), requests(case), strict=True):
        total += compare(host, schema, f"golden/{case}/{form.stem}", valid_content(form))
    assert total > 0
    host.clean()


def test_random_schemas_validate_as_python(host: Host) -> None:
    seen: list[int] = []

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(random_schema())
    def run(schema: dict[str, Any]) -> None:
        schema = json.loads(json.dumps(schema))
        seen.append(compare(host, schema, f"random/{len(seen)}"))

    run()
    assert len(seen) == EXAMPLES and sum(seen) > EXAMPLES
    host.clean()


def test_hostile_requests_validate_and_render_as_python(host: Host) -> None:
    """The fuzz corpus (tests/support/hostile.py): what the element's form reads of each field
    is the page's (Python's page_data) and its verdicts on answers are the Python module's."""
    shown: list[int] = []

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(hostile_requests())
    def run(request: dict[str, Any]) -> None:
        schema = json.loads(json.dumps(request["requestedSchema"]))
        result = elicit_gen.compile(schema, [], name="fuzz.json")
        if not result.ok:  # refused (test_verdict.py), or a default load_form would drop
            return
        try:
            load_form(schema, "cli")
        except FormError:  # past load_form's limits (test_verdict.py)
            return
        (form,) = result.forms
        expected = json.loads(json.dumps(page_data(form, [field_view(f) for f in form.fields])))
        got = host.page.evaluate(
            """async (schema) => (await import("./elicitation-form.js"))._pageData(schema, "en")""",
            schema,
        )
        assert got["schema"] == expected["schema"] and got["fields"] == expected["fields"], schema
        shown.append(compare(host, schema, f"hostile/{len(shown)}"))

    run()
    assert len(shown) > EXAMPLES // 4
    host.clean()
