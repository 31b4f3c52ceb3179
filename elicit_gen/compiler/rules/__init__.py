"""The rule registry: one module per rule, each with a stable code (never renumbered)."""

from __future__ import annotations

from . import (
    bounds_order,
    confusable_options,
    default_valid,
    empty_form,
    enum_names_deprecated,
    enum_names_length,
    field_kind,
    field_label,
    hidden_text,
    integer_range,
    keyword_type,
    keyword_typo,
    length_range,
    negative_bound,
    not_portable,
    number_multi_select,
    option_title,
    option_values,
    required_list,
    root_object,
    root_properties,
    secret_field,
    select_count,
    spec_revision,
    string_format,
    string_pattern,
    unsafe_integer,
    url_absolute,
    url_https,
    url_lookalike,
    url_refused,
    url_secrets,
)
from .base import Context, Finding, Rule

RULES: tuple[Rule, ...] = tuple(
    sorted(
        (
            m.RULE
            for m in (
                root_object,
                root_properties,
                required_list,
                field_kind,
                string_format,
                string_pattern,
                keyword_type,
                bounds_order,
                negative_bound,
                select_count,
                integer_range,
                length_range,
                default_valid,
                option_values,
                enum_names_length,
                option_title,
                not_portable,
                keyword_typo,
                secret_field,
                spec_revision,
                enum_names_deprecated,
                empty_form,
                field_label,
                unsafe_integer,
                confusable_options,
                number_multi_select,
                hidden_text,
                url_absolute,
                url_https,
                url_secrets,
                url_lookalike,
                url_refused,
            )
        ),
        key=lambda r: r.code,
    )
)

RULES_BY_CODE: dict[str, Rule] = {rule.code: rule for rule in RULES}

__all__ = ["RULES", "RULES_BY_CODE", "Context", "Finding", "Rule"]
