"""The command line: click parses it into :class:`.options.Options`, :func:`.command.execute`
does the rest; :mod:`.entry` runs ``--lint`` without click.
"""

from __future__ import annotations

import sys

import click

from ..compiler.pipeline import codes_summary
from ..compiler.spec import NEWEST, REVISION_NAMES
from ..targets import TARGETS
from .command import execute
from .options import EXIT_OK, Options
from .report import FORMATS


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("schemas", nargs=-1, metavar="[SCHEMA]...")
@click.option(
    "-t",
    "--target",
    "targets",
    multiple=True,
    type=click.Choice([*TARGETS, "all"]),
    help="Output to generate (repeatable); all: every target that writes a form per schema "
    "(all but web, one module for any schema).",
)
@click.option("-o", "--output", type=str, help="Output file, or directory (DIR/) for several.")
@click.option("--lint", "lint_only", is_flag=True, help="Only report diagnostics.")
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 1 if an output is stale (0, saying so, with no jobs).",
)
@click.option(
    "--url-consent",
    is_flag=True,
    help="Also write the URL-mode consent screen of each UI target (url_consent_*).",
)
@click.option(
    "--locale",
    metavar="LOCALE",
    help="Language of the words the forms add (buttons, hints, errors): en (default), zh-CN, "
    "or any catalogue in elicit_gen/i18n/locales.",
)
@click.option("--strict", is_flag=True, default=None, help="Warnings make the run fail.")
@click.option(
    "--spec",
    type=click.Choice(REVISION_NAMES),
    help=f"Spec revision to check against (default {NEWEST}).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="Diagnostics format.",
)
@click.option("--select", multiple=True, metavar="CODE", help="Report only these codes.")
@click.option("--ignore", multiple=True, metavar="CODE", help="Do not report these codes.")
@click.option("-v", "--verbose", is_flag=True, help="Say which input shape each file is.")
@click.option("-q", "--quiet", is_flag=True, help="No progress or summary lines.")
@click.option("--list-rules", is_flag=True, help="List every diagnostic code and exit.")
@click.version_option(package_name="elicit-gen", prog_name="elicit-gen")
def main(schemas: tuple[str, ...], list_rules: bool, **options: object) -> None:
    """Compile MCP elicitation requestedSchemas into forms, or lint them.

    \b
    elicit-gen contact.json --target html > contact.html
    elicit-gen schemas/*.json --target all -o forms/
    elicit-gen --url-consent --target qt -o forms/   # the URL-mode consent screen
    elicit-gen --lint schemas/*.json
    elicit-gen            # run every [[tool.elicit-gen.jobs]] of pyproject.toml
    elicit-gen --check    # verify that every job's outputs are current
    """
    if list_rules:
        for rule_code, name, severity, summary, enabled in codes_summary():
            note = "" if enabled else " (off by default)"
            click.echo(f"{rule_code}  {name:<22} {severity:<7} {summary}{note}")
        sys.exit(EXIT_OK)
    opts = Options(**options)  # type: ignore[arg-type]
    sys.exit(execute(schemas, opts))


if __name__ == "__main__":  # pragma: no cover
    main()
