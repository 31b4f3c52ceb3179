"""Runtime every target shares: validation, safe text, words, the URL check."""
