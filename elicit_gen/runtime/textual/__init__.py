"""Runtime of the textual target."""
