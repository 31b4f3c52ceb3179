import argparse
import encodings.idna as _idna
import io
import ipaddress as _ipaddress
import json
import os
import re as _re
import signal
import stringprep as _stringprep
import sys
import unicodedata as _unicodedata
import webbrowser
from collections.abc import Callable, Sequence
from collections.abc import Callable as _Callable
from typing import Any, TextIO
from typing import NamedTuple as _NamedTuple
