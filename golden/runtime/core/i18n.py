class _Catalog:
    """One language's strings: ``messages`` maps an English message (gettext's msgid) to its
    translation, or a plural message's singular to its forms; ``plural_forms`` is the
    language's gettext plural expression (``(n != 1)``, ``0``): it picks a form for a count.
    A message the catalogue lacks is shown in English."""

    def __init__(
        self,
        locale: str,
        plural_forms: str,
        messages: dict[str, str | tuple[str, ...]],
    ) -> None:
        self.locale = locale
        self._plural_forms = plural_forms
        self._plural: _Callable[[int], int] | None = None
        self._messages = messages

    def text(self, message: str) -> str:
        found = self._messages.get(message)
        return found if isinstance(found, str) and found else message

    def plural(self, singular: str, plural: str, n: int) -> str:
        forms = self._messages.get(singular)
        if isinstance(forms, tuple):
            if self._plural is None:
                # only a translated plural picks a form: English never imports gettext
                import gettext as _gettext

                self._plural = _gettext.c2py(self._plural_forms)
            index = self._plural(n)
            if 0 <= index < len(forms) and forms[index]:
                return forms[index]
        return singular if n == 1 else plural


#: The module's language: English unless the emitter replaces it right after this part.
_CATALOG = _Catalog("en", "(n != 1)", {})


def _t(message: str, /, **fields: object) -> str:
    """``message`` in the module's language, its ``{name}`` fields filled in."""
    text = _CATALOG.text(message)
    return text.format(**fields) if fields else text


def _tn(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """The form of a message for the count ``n`` (``{n}`` is filled in, with ``fields``)."""
    return _CATALOG.plural(singular, plural, n).format(n=n, **fields)


def _N(message: str) -> str:
    """Marks ``message`` for the catalogue where it is not yet shown (a table of words):
    returns it as is; :func:`_t` translates it where it is shown."""
    return message
