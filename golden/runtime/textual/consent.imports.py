import argparse
import encodings.idna as _idna
import ipaddress as _ipaddress
import json
import re as _re
import stringprep as _stringprep
import unicodedata as _unicodedata
import webbrowser
from collections.abc import Callable, Sequence
from collections.abc import Callable as _Callable
from typing import Any, ClassVar, Literal
from typing import NamedTuple as _NamedTuple

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static
