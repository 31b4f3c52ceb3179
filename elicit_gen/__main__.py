"""``python -m elicit_gen``: the same as the ``elicit-gen`` command."""

from .cli.entry import main

main()
