"""Layout decisions every form target shares, made once from the IR.

:func:`is_long_text` says whether a string field gets a multi-line editor (a Qt
``QPlainTextEdit``, an HTML ``<textarea>``, a Textual ``TextArea``) instead of a one-line input.
The value and its validation are the same either way; only the editor differs. The rule, in
order:

1. Only a plain string field can be long text: a field with a ``format`` (email, uri, date,
   date-time), a number, a boolean or a select never is.
2. ``maxLength`` above :data:`LONG_TEXT_LENGTH` (200) characters: long text.
3. ``maxLength`` of at most :data:`SHORT_TEXT_LENGTH` (80) characters: one line, whatever the
   words say.
4. Otherwise (no ``maxLength``, or 81 to 200): long text when its title or description mentions
   Markdown or several lines ("multi-line", "multiline", "several lines", "multiple lines",
   "one per line", "paragraph"), or when the last word of its property name names prose
   (:data:`LONG_TEXT_NAMES`: ``description``, ``body``, ``comments``, ``bug_description``,
   ``issueBody`` ...).
"""

from __future__ import annotations

import re

from ...compiler.ir import Field, StringField

#: A ``maxLength`` above this is long text.
LONG_TEXT_LENGTH = 200
#: A ``maxLength`` of at most this is one line, whatever the field's words say.
SHORT_TEXT_LENGTH = 80

#: The last word of a property name that names prose ("issue_body", "bugDescription").
LONG_TEXT_NAMES = frozenset(
    {
        "description",
        "details",
        "body",
        "comment",
        "comments",
        "notes",
        "feedback",
        "bio",
        "message",
    },
)

#: Words in a title or description that ask for more than one line.
_MULTI_LINE = (
    r"\b(?:markdown|multi-?line|several\s+lines|multiple\s+lines|one\s+per\s+line"
    r"|paragraphs?)\b"
)

#: The words of a property name: snake_case, kebab-case, camelCase, spaces.
_WORD = r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+"

# (both compiled on first use, by re's own cache: a form compiled at run time may not ask)


def _last_word(name: str) -> str:
    words = re.findall(_WORD, name)
    return words[-1].lower() if words else ""


def is_long_text(field: Field) -> bool:
    """Whether ``field`` gets a multi-line editor (the rule is in the module docstring)."""
    if not isinstance(field, StringField) or field.format is not None:
        return False
    if field.max_length is not None:
        if field.max_length > LONG_TEXT_LENGTH:
            return True
        if field.max_length <= SHORT_TEXT_LENGTH:
            return False
    words = " ".join(text for text in (field.title, field.description) if text)
    if re.search(_MULTI_LINE, words, re.IGNORECASE):
        return True
    return _last_word(field.name) in LONG_TEXT_NAMES
