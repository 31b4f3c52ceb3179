# --- showing text safely ----------------------------------------------------
# Characters a terminal or a text widget acts on instead of showing, or that
# hide or reorder the text around them: C0 and C1 controls (ESC starts escape
# sequences, CR returns to the line start), DEL, line and paragraph separators,
# bidi marks, embeddings, overrides and isolates, zero-width and other invisible
# format characters, the BOM and lone surrogates. Text from the schema, the
# server or the user is shown with these as visible escapes (\x1b, \u202e, ...),
# so that no text can clear the screen, move the cursor, fake a prompt or read
# as something it is not.
_UNSAFE_RE = _re.compile(
    r"[\x00-\x08\x0a-\x1f\x7f-\x9f\xad\u061c\u115f\u1160\u180e"
    r"\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064"
    r"\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\ud800-\udfff"
    r"\U000e0000-\U000e007f]"
)


def _escape(match: _re.Match[str]) -> str:
    char = match.group()
    shown = repr(char)[1:-1]  # \x1b, \r, \u202e, ...
    if shown != char:
        return shown
    return f"\\u{ord(char):04x}"  # a blank letter repr keeps


def safe_text(text: str) -> str:
    """One line shown literally: unsafe characters escaped, tabs as spaces."""
    return _UNSAFE_RE.sub(_escape, text.replace("\t", " "))


#: The most characters a screen shows of a one-line text the server names
#: itself or a request with (its name, an elicitation id): a longer one is cut,
#: with an ellipsis, before any widget or terminal line is built from it.
MAX_NAME_LENGTH = 120


def clip(text: str, limit: int = MAX_NAME_LENGTH) -> str:
    """``text`` cut to at most ``limit`` characters, "…" marking a cut."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def safe_lines(text: str) -> list[str]:
    """Multi-line text (the message, descriptions) as lines shown literally."""
    return [safe_text(line) for line in text.replace("\r\n", "\n").split("\n")]


def safe_block(text: str) -> str:
    """Multi-line text as one string shown literally (its line breaks kept)."""
    return "\n".join(safe_lines(text))


# --- how wide text is on a terminal -----------------------------------------
# A terminal gives East Asian wide and fullwidth characters (Chinese, Japanese,
# Korean, fullwidth punctuation, most emoji) two columns, combining marks and
# zero-width joiners none: aligning by len() would push every column after a
# CJK label out of line.


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal (East Asian wide: 2, marks: 0)."""
    width = 0
    for char in text:
        if _unicodedata.combining(char) or char in "\u200c\u200d":
            continue
        width += 2 if _unicodedata.east_asian_width(char) in "WF" else 1
    return width


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (never cut)."""
    return text + " " * max(0, width - display_width(text))
