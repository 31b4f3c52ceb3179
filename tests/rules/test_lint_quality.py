"""What a new user meets first in the linter: misspelt keywords and types are errors that say
what was meant (EG161, EG110), the secret-field rule (EG170) looks at what a field can hold, one
field's finding can be ignored in pyproject.toml, and a one-file compile names what it wrote."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from elicit_gen import lint

from ..support.run import CliRun

ELICIT_GEN = [sys.executable, "-m", "elicit_gen"]


def codes(schema: dict[str, Any]) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in lint(json.dumps(schema)).diagnostics]


def form(**properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties}


@pytest.mark.parametrize(
    ("where", "typo", "meant"),
    [
        ("root", "requried", "required"),
        ("root", "proprties", "properties"),
        ("field", "maxLenght", "maxLength"),
        ("field", "titel", "title"),
        ("field", "descripton", "description"),
        ("field", "MinLength", "minLength"),
        ("field", "fromat", "format"),
    ],
)
def test_a_misspelt_keyword_is_an_error_that_says_what_was_meant(
    where: str, typo: str, meant: str
) -> None:
    value: Any = ["name"] if meant == "required" else 3 if "ength" in meant else "x"
    if meant == "properties":
        value = {"name": {"type": "string"}}
    schema = form(name={"type": "string"})
    if where == "root":
        schema[typo] = value
    else:
        schema["properties"]["name"][typo] = value
    found = codes(schema)
    assert [c for c, _ in found if c in ("EG160", "EG161")] == ["EG161"], found
    message = next(m for c, m in found if c == "EG161")
    assert f"did you mean `{meant}`?" in message


@pytest.mark.parametrize(
    ("field", "typo", "meant"),
    [
        ({"tpye": "string"}, "tpye", "type"),
        ({"typ": "string", "title": "A"}, "typ", "type"),
        ({"tpye": "string", "enun": ["a"]}, "enun", "enum"),
        ({"type": "object", "properties": {}, "tilte": "A"}, "tilte", "title"),
    ],
)
def test_a_typo_in_a_refused_field_says_what_was_meant(
    field: dict[str, Any], typo: str, meant: str
) -> None:
    found = codes(form(name=field))
    assert "EG110" in [c for c, _ in found], found
    typos = [m for c, m in found if c == "EG161"]
    assert any(f"`{typo}` is not a keyword; did you mean `{meant}`?" in m for m in typos), found


@pytest.mark.parametrize("key", ["foo", "x-widget", "kind", "widget", "$type", "typeName"])
def test_a_refused_field_suggests_nothing_for_unrelated_keys(key: str) -> None:
    found = codes(form(name={key: "string"}))
    assert [c for c, _ in found] == ["EG110"], found


def test_requried_no_longer_compiles_into_an_all_optional_form() -> None:
    import elicit_gen

    schema = form(name={"type": "string"})
    schema["requried"] = ["name"]
    result = elicit_gen.compile(schema, "pydantic")
    assert not result.ok and not result.files


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("pattern", "x"),
        ("examples", ["x"]),
        ("x-widget", "x"),
        ("nullable", "x"),
        ("placeholder", "x"),
    ],
)
def test_real_keywords_outside_the_subset_stay_warnings(key: str, value: object) -> None:
    found = codes(form(name={"type": "string", key: value}))
    assert [c for c, _ in found] == ["EG160"], found


@pytest.mark.parametrize(
    ("given", "meant"),
    [
        ("int", "integer"),
        ("bool", "boolean"),
        ("str", "string"),
        ("sting", "string"),
        ("float", "number"),
        ("nubmer", "number"),
    ],
)
def test_an_unknown_type_suggests_the_type_meant(given: str, meant: str) -> None:
    found = codes(form(x={"type": given}))
    assert found and found[0][0] == "EG110"
    assert f"did you mean `{meant}`?" in found[0][1]


def test_an_unrelated_type_gets_no_guess() -> None:
    (code, message), *_ = codes(form(x={"type": "geolocation"}))
    assert code == "EG110" and "did you mean" not in message


@pytest.mark.parametrize(
    "prop",
    [
        {"type": "boolean", "title": "Join the secret santa"},
        {"type": "string", "format": "email", "title": "Password reset email"},
        {"type": "string", "enum": ["token ring", "ethernet"], "title": "Network token"},
        {"type": "string", "format": "date", "title": "Password expiry date"},
        {"type": "array", "items": {"type": "string", "enum": ["a"]}, "title": "Secret menus"},
    ],
)
def test_fields_that_cannot_hold_a_secret_are_not_flagged(prop: dict[str, Any]) -> None:
    assert codes(form(secret_santa=prop)) == []


@pytest.mark.parametrize(
    ("name", "prop"),
    [
        ("pwd", {"type": "string"}),
        ("passphrase", {"type": "string"}),
        ("cvv", {"type": "integer", "title": "Card CVV"}),
        ("api_key", {"type": "string", "title": "API key"}),
        ("pin", {"type": "number", "title": "PIN"}),
    ],
)
def test_real_secrets_stay_errors(name: str, prop: dict[str, Any]) -> None:
    assert [c for c, _ in codes(form(**{name: prop}))] == ["EG170"]


SIGNUP = {
    "type": "object",
    "properties": {
        "pin_hint": {"type": "string", "title": "PIN"},
        "pwd": {"type": "string"},
    },
}


def project(tmp_path: Path, ignores: str) -> Path:
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "signup.json").write_text(json.dumps(SIGNUP, indent=1))
    (tmp_path / "pyproject.toml").write_text("[tool.elicit-gen.per-field-ignores]\n" + ignores)
    return tmp_path


def test_a_per_field_ignore_silences_one_field_only(tmp_path: Path, run_cli: CliRun) -> None:
    root = project(tmp_path, '"schemas/signup.json#/properties/pin_hint" = ["EG170"]\n')
    for cwd, path in ((root, "schemas/signup.json"), (root / "schemas", "signup.json")):
        proc = run_cli("--lint", "--format", "json", path, cwd=cwd)
        found = json.loads(proc.stdout)
        assert [(d["code"], d["pointer"]) for d in found] == [("EG170", "/properties/pwd")]
        assert proc.returncode == 1


def test_a_per_file_ignore_by_glob(tmp_path: Path, run_cli: CliRun) -> None:
    root = project(tmp_path, '"schemas/*.json" = ["EG170"]\n')
    proc = run_cli("--lint", "schemas/signup.json", cwd=root)
    assert proc.returncode == 0 and proc.stdout == "", proc.stdout


@pytest.mark.parametrize("codes", ['["eg170"]', '["EG181, eg170"]'])
def test_per_field_codes_are_read_as_the_command_line_reads_them(
    tmp_path: Path, codes: str, run_cli: CliRun
) -> None:
    """Lower case and comma-joined codes, as --ignore takes them (they passed the check and then
    stopped the run with an internal error)."""
    root = project(tmp_path, f'"schemas/signup.json#/properties/pin_hint" = {codes}\n')
    proc = run_cli("--lint", "--format", "json", "schemas/signup.json", cwd=root)
    found = json.loads(proc.stdout)
    assert [(d["code"], d["pointer"]) for d in found] == [("EG170", "/properties/pwd")]
    assert proc.returncode == 1 and "Traceback" not in proc.stderr


def test_another_file_is_not_covered(tmp_path: Path, run_cli: CliRun) -> None:
    root = project(tmp_path, '"other.json#/properties/pwd" = ["EG170"]\n')
    proc = run_cli("--lint", "--format", "json", "schemas/signup.json", cwd=root)
    assert len(json.loads(proc.stdout)) == 2


@pytest.mark.parametrize(
    ("ignores", "says"),
    [
        ('"x.json" = ["EG999"]\n', "unknown rule code 'EG999'"),
        ('"x.json" = ["EG001"]\n', "EG001 cannot be ignored"),
        ('"x.json#properties/a" = ["EG170"]\n', "optional"),
        ('"x.json" = "EG170"\n', "list of rule codes"),
    ],
)
def test_bad_per_field_ignores_are_config_errors(
    tmp_path: Path, ignores: str, says: str, run_cli: CliRun
) -> None:
    root = project(tmp_path, ignores)
    proc = run_cli("--lint", "schemas/signup.json", cwd=root)
    assert proc.returncode == 2
    assert says in proc.stderr and "Traceback" not in proc.stderr


def test_a_per_field_ignore_lets_that_form_compile(tmp_path: Path, run_cli: CliRun) -> None:
    root = project(tmp_path, '"schemas/signup.json#/properties" = ["EG170"]\n')
    proc = run_cli("schemas/signup.json", "-t", "pydantic", "-o", "out/", cwd=root)
    assert proc.returncode == 0, proc.stderr
    assert (root / "out" / "signup_models.py").exists()


def test_a_one_file_compile_names_what_it_wrote(tmp_path: Path, run_cli: CliRun) -> None:
    root = project(tmp_path, "")
    (root / "contact.json").write_text(json.dumps(form(name={"type": "string"})))
    proc = run_cli("contact.json", "-t", "cli", "-t", "html", "-o", "forms/", cwd=root)
    assert proc.returncode == 0
    assert proc.stderr.splitlines() == ["wrote forms/contact_cli.py", "wrote forms/contact.html"]
    again = run_cli("contact.json", "-t", "cli", "-o", "forms/", cwd=root)
    assert again.stderr.splitlines() == ["forms/contact_cli.py is up to date"]
    quiet = run_cli("contact.json", "-t", "html", "-o", "forms/x.html", "-q", cwd=root)
    assert quiet.stderr == ""
