import _thread
import argparse
import bisect as _bisect
import datetime as _dt
import functools
import json
import math as _math
import os
import re as _re
import unicodedata as _unicodedata
from collections.abc import Callable, Mapping
from collections.abc import Callable as _Callable
from collections.abc import Mapping as _Mapping
from collections.abc import Sequence as _Sequence
from typing import Any, ClassVar, TypedDict, cast
from typing import Any as _Any

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.driver import Driver
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.validation import ValidationResult, Validator
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Select,
    SelectionList,
    Static,
    TextArea,
)
from textual.widgets.selection_list import Selection
