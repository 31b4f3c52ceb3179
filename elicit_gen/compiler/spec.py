"""The spec revisions that have elicitation, and which feature each one introduced."""

from __future__ import annotations

from enum import Enum


class Revision(str, Enum):
    R2025_06_18 = "2025-06-18"
    R2025_11_25 = "2025-11-25"
    R2026_07_28 = "2026-07-28"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Revision:
        return cls(text)


REVISIONS: tuple[Revision, ...] = tuple(Revision)
#: The revisions as they are written (``--spec``, ``spec =``): ``2025-06-18``, ...
REVISION_NAMES: tuple[str, ...] = tuple(r.value for r in REVISIONS)
NEWEST = Revision.R2026_07_28


class Feature(str, Enum):
    """Things some revisions allow and older ones do not. The value is how messages name it."""

    STRING_DEFAULT = "`default` on a string field"
    NUMBER_DEFAULT = "`default` on a number field"
    ENUM_DEFAULT = "`default` on a single-select field"
    TITLED_SINGLE_SELECT = "titled single-select (`oneOf` of `const`/`title`)"
    MULTI_SELECT = "multi-select (`type: array` of enum items)"
    SCHEMA_KEYWORD = "`$schema` in requestedSchema"
    MODE = "`mode` in elicitation params"
    URL_MODE = "URL-mode elicitation"
    INPUT_REQUIRED = "`input_required` results with `inputRequests`"
    TASK_INPUT = "tasks (the tasks extension) with `inputRequests`"


INTRODUCED: dict[Feature, Revision] = {
    Feature.STRING_DEFAULT: Revision.R2025_11_25,
    Feature.NUMBER_DEFAULT: Revision.R2025_11_25,
    Feature.ENUM_DEFAULT: Revision.R2025_11_25,
    Feature.TITLED_SINGLE_SELECT: Revision.R2025_11_25,
    Feature.MULTI_SELECT: Revision.R2025_11_25,
    Feature.SCHEMA_KEYWORD: Revision.R2025_11_25,
    Feature.MODE: Revision.R2025_11_25,
    Feature.URL_MODE: Revision.R2025_11_25,
    Feature.INPUT_REQUIRED: Revision.R2026_07_28,
    Feature.TASK_INPUT: Revision.R2026_07_28,
}

#: ``enumNames`` is deprecated from this revision on (titled ``oneOf`` replaces it).
ENUM_NAMES_DEPRECATED = Revision.R2025_11_25


def allows(revision: Revision, feature: Feature) -> bool:
    return REVISIONS.index(revision) >= REVISIONS.index(INTRODUCED[feature])
