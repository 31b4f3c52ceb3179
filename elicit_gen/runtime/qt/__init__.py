"""Runtime of the qt target (PySide6)."""
