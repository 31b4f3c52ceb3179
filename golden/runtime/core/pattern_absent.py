class PatternError(ValueError):
    """A pattern this module cannot check: every one (it holds no pattern engine)."""

    def __init__(self, reason: str, at: int = -1) -> None:
        super().__init__(reason)
        self.reason = reason
        self.at = at


class CompiledPattern:
    """Never made here: :func:`compile_pattern` refuses every pattern."""

    source = ""

    def search(self, text: str) -> bool:
        """No text matches a pattern this module cannot check."""
        return False


def compile_pattern(source: str) -> CompiledPattern:
    """Refuses ``source``: the module was generated for a form with no ``pattern``."""
    raise PatternError("this module has no pattern engine: its form has no `pattern`")
