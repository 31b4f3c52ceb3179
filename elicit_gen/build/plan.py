"""The output plan: every output path of every input and target, decided before
anything is written, so that two outputs mapping to one file (across inputs, forms, jobs, or
differing only in case) are an error rather than an overwrite.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Sequence

from ..compiler.naming import module_stem
from ..compiler.pipeline import FileResult
from ..targets import REGISTRY, URL_CONSENT_STEM, expand
from .inputs import BuildError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from .inputs import Input


def expand_targets(targets: Sequence[str]) -> list[str]:
    try:
        return expand(targets)
    except ValueError as exc:
        raise BuildError(str(exc)) from None


def _collision_key(path: Path) -> str:
    """One key for every spelling of one file: resolved, and case- and Unicode-folded (two
    names that differ only in case are one file on macOS and Windows)."""
    return unicodedata.normalize("NFC", os.path.realpath(path)).casefold()


#: Output claims of one run: collision key -> (shown owner, input name, form stem, target).
Claims = dict[str, tuple[str, str, str, str]]


#: The name the URL-mode consent screen's outputs are listed under (as an input's would be).
URL_CONSENT = "--url-consent"
#: The name a target's own files (written once per directory: the web module) are listed under.
TARGET_FILES = "--target-files"


def plan_outputs(
    results: list[tuple[Input, FileResult]],
    targets: list[str],
    output: str,
    *,
    claims: Claims | None = None,
    job: str | None = None,
    consent: Sequence[str] = (),
    files: Sequence[tuple[str, str]] = (),
) -> dict[tuple[str, str, str], Path]:
    """(input name, form stem, target) -> output path, for every output of every input.

    ``output`` names a directory when it ends with '/', is an existing directory, or when there
    is more than one output. ``files`` are (target, file name) of the targets that write the same
    files once per directory (the web module): those are always in a directory. Two outputs that
    would be one file (across inputs, across the forms of one ``input_required`` input, across
    the jobs sharing ``claims``, or differing only in case) are a BuildError before anything is
    written.
    """
    units: list[tuple[str, str, str]] = [
        (inp.name, stem, target)
        for inp, result in results
        for stem in ([f.stem for f in result.forms] or [module_stem(inp.stem)])
        for target in targets
    ]
    units += [(URL_CONSENT, URL_CONSENT_STEM, target) for target in consent]
    units += [(TARGET_FILES, name, target) for target, name in files]
    from pathlib import Path  # only compiling plans outputs

    out = Path(output)
    as_dir = output.endswith(("/", os.sep)) or os.path.isdir(out) or len(units) > 1 or bool(files)
    paths: dict[tuple[str, str, str], Path] = {}
    claimed: Claims = {} if claims is None else claims
    for name, stem, target in units:
        if name == TARGET_FILES:
            path = out / stem  # the file's own name
        else:
            path = out / f"{stem}{REGISTRY[target].suffix}" if as_dir else out
        shown = name if job is None else f"{name} ({job})"
        key = _collision_key(path)
        unit = (shown, name, stem, target)
        previous = claimed.get(key)
        if previous is not None:
            if previous[0] == shown:
                raise BuildError(
                    f"{name}: two of its forms would both write {path.as_posix()} (their "
                    "inputRequests keys differ only in case or punctuation); rename one of them"
                )
            raise BuildError(
                f"{previous[0]} and {shown} would both write {path.as_posix()}; rename one of them"
            )
        claimed[key] = unit
        paths[(name, stem, target)] = path
    return paths
