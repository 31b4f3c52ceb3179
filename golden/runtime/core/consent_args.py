#: The most characters of the message a consent screen shows: the bound the
#: run-time forms put on theirs (elicit_gen.live's Limits.max_text). A longer
#: message is cut, with an ellipsis, before anything shows it.
MAX_MESSAGE_LENGTH = 10_000


#: Who asks, when the server gives no name.
DEFAULT_SERVER = _t("An MCP server")


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
    parser.add_argument("url", help="the URL the server asks to open")
    return parser
