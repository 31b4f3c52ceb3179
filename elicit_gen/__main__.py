"""``python -m elicit_gen``: the same as the ``elicit-gen`` command."""

from .command import main

main()
