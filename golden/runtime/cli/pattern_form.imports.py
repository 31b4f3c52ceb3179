import _thread
import bisect as _bisect
import datetime as _dt
import io
import json
import math as _math
import os
import re as _re
import signal
import sys
import unicodedata as _unicodedata
from collections.abc import Callable as _Callable
from collections.abc import Mapping as _Mapping
from collections.abc import Sequence
from collections.abc import Sequence as _Sequence
from typing import Any as _Any
from typing import TextIO
