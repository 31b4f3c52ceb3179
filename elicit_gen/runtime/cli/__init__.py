"""Runtime of the cli target (a terminal prompt)."""
