#: The most characters of the message a consent screen shows: the bound the
#: run-time forms put on theirs (elicit_gen.live's Limits.max_text). A longer
#: message is cut, with an ellipsis, before anything shows it.
MAX_MESSAGE_LENGTH = 10_000


#: Who asks, when the server gives no name.
DEFAULT_SERVER = _t("An MCP server")


#: The protocol revisions whose server tells the client when a URL-mode step is done
#: (``notifications/elicitation/complete``, 2025-11-25; the ones before have no URL
#: mode). 2026-07-28 removed that notification: the client "is not directly informed
#: of the outcome".
NOTIFIED_REVISIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")


def finished_by_user(revision: str | None) -> bool:
    """Whether the user, not the server, says when the step in the browser is done.

    In a session of ``revision`` 2026-07-28 (or any newer one) no notification will
    come: the screen stays after Open until the user says "I've finished" (``accept``:
    the client then retries the original request) or cancels. ``None`` (not said) and
    the revisions of :data:`NOTIFIED_REVISIONS` answer ``accept`` at Open and wait for
    the server's notification."""
    return revision is not None and revision not in NOTIFIED_REVISIONS


def _who(server: str | None) -> str:
    if server is not None and server.strip():
        return server
    return DEFAULT_SERVER


def bounded_request(
    message: str,
    server: str | None,
    elicitation_id: str | None,
) -> tuple[str, str, str | None]:
    """The message, who asks (the server's name, or DEFAULT_SERVER) and the
    elicitation id, cut to what a screen can show at once (a megabyte of any of
    them would freeze it)."""
    return (
        clip(message, MAX_MESSAGE_LENGTH),
        clip(_who(server)),
        None if elicitation_id is None else clip(elicitation_id),
    )


def _place(check: UrlCheck) -> str:
    """The destination in one phrase: its domain (a look-alike's in its xn--
    form), or the address itself (cut short: it is one phrase)."""
    if check.domain:
        return safe_text(check.headline)
    return safe_text(clip(shown_address(check)))


def shown_address(check: UrlCheck) -> str:
    """The full address a screen shows under the domain: for a URL that may be
    opened, the one its Open action opens (``check.href``, never the URL as
    sent); for a refused one, the URL as sent (cut to the longest URL a screen
    shows: a refused one may be longer)."""
    if check.openable:
        return check.href
    return clip(check.url, MAX_URL_LENGTH + 1)


def consent_arguments(description: str) -> argparse.ArgumentParser:
    """The consent command line's parser: who asks, why, the id, the URL.

    Its help and errors (argparse's own words) stay English whatever the
    module's language: the command line is the integrator's, not the user's;
    what the consent prompt says to its user is localised."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--server",
        help="name of the server that asks (shown to the user)",
    )
    parser.add_argument(
        "--message",
        default="",
        help="why the server asks (shown to the user)",
    )
    parser.add_argument(
        "--id",
        dest="elicitation_id",
        help="the elicitation's id (shown to the user)",
    )
    parser.add_argument(
        "--revision",
        help=(
            "the session's MCP protocol revision (default 2025-11-25: accept at"
            " Open, the server says when the step is done); from 2026-07-28, which"
            " has no completion notification, the user says when they have finished"
        ),
    )
    parser.add_argument("url", help="the URL the server asks to open")
    return parser
