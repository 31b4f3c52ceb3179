"""``python -m elicit_gen``: the same as the ``elicit-gen`` command."""

from .cli import main

main(prog_name="elicit-gen")
