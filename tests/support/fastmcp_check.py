"""FastMCP's own check of an accepted answer, as ``Context.elicit`` runs it (the oracle the
FastMCP harness and the format tests share)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from fastmcp.server.elicitation import (
    ElicitConfig,
    handle_elicit_accept,
)
from mcp import types
from pydantic import ValidationError

from .differential import wire_verdict


def fastmcp_verdict(config: ElicitConfig, content: Mapping[str, Any]) -> bool:
    """FastMCP's check of an accepted answer: the ``ElicitResult`` read from the wire, then
    ``handle_elicit_accept`` (a pydantic ``TypeAdapter`` of the response type)."""
    if not wire_verdict(content):
        return False
    result = types.ElicitResult.model_validate_json(
        json.dumps({"action": "accept", "content": content})
    )
    try:
        handle_elicit_accept(config, result.content)
    except (ValidationError, ValueError):
        return False
    return True
