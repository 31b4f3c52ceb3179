# --- elicit-gen URL consent command line (standard library only) -----------
# The command line every URL consent module shares:
# python url_consent_<target>.py [--server NAME] [--message TEXT] [--id ID] URL
# Copied verbatim into each generated consent module (the imports above the
# marker are merged with the module's own).
from __future__ import annotations

import argparse

# --- end of runtime imports ---


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
