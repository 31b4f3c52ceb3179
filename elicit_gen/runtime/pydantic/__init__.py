"""Runtime of the pydantic target."""
