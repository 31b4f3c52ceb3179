"""Server side: :func:`elicit_exact` sends a generated module's ``REQUESTED_SCHEMA``
verbatim over ``elicitation/create`` and validates the answer with the generated pydantic model;
:func:`elicit_request` and :func:`check_answer` do the same for a 2026-07-28
``InputRequiredResult`` flow.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from mcp import types
from mcp.server.elicitation import (
    AcceptedElicitation,
    CancelledElicitation,
    DeclinedElicitation,
    ElicitationResult,
)
from pydantic import BaseModel, ValidationError

ModelT = TypeVar("ModelT", bound=BaseModel)


# --- server side ---------------------------------------------------------------------------------


def elicit_request(message: str, requested_schema: Mapping[str, Any]) -> types.ElicitRequest:
    """The ``elicitation/create`` request for one entry of an ``InputRequiredResult``'s
    ``inputRequests``, carrying ``requested_schema`` exactly as given."""
    return types.ElicitRequest(
        params=types.ElicitRequestFormParams(
            message=message, requested_schema=dict(requested_schema)
        )
    )


def check_answer(
    answer: types.ElicitResult | types.InputResponse | None, model: type[ModelT]
) -> ElicitationResult[ModelT] | None:
    """Validates one client answer with a generated content model: the SDK's outcome types
    (``AcceptedElicitation`` with ``data``, ``DeclinedElicitation``, ``CancelledElicitation``), or
    ``None`` when there is no answer yet (ask again). Raises ``ValueError`` when an accepted
    answer's content does not validate, or the answer is not an elicitation result."""
    if answer is None:
        return None
    if not isinstance(answer, types.ElicitResult):
        raise ValueError("the answer is not an elicitation result")
    if answer.action == "accept":
        if answer.content is None:
            raise ValueError("an accepted elicitation without content")
        try:
            data = model.model_validate(answer.content)
        except ValidationError as error:
            raise ValueError("accepted content does not match the requested schema") from error
        return AcceptedElicitation(data=data)
    if answer.action == "decline":
        return DeclinedElicitation()
    return CancelledElicitation()


async def elicit_exact(
    ctx: Any, message: str, requested_schema: Mapping[str, Any], model: type[ModelT]
) -> ElicitationResult[ModelT]:
    """``ctx.elicit`` with the schema sent verbatim (for instance a generated module's
    ``REQUESTED_SCHEMA``) instead of the one the SDK renders from ``model``; the accepted content
    is validated with ``model``. ``ctx`` is the tool's ``mcp.server.mcpserver.Context``. Only on
    sessions with a back channel (2025-11-25 and older); on 2026-07-28 return an
    ``InputRequiredResult`` built with :func:`elicit_request` instead."""
    answer = await ctx.session.elicit_form(
        message=message,
        requested_schema=dict(requested_schema),
        related_request_id=ctx.request_id,
    )
    outcome = check_answer(answer, model)
    assert outcome is not None
    return outcome
