import argparse
import encodings.idna as _idna
import functools
import ipaddress as _ipaddress
import json
import re as _re
import signal
import stringprep as _stringprep
import sys
import unicodedata as _unicodedata
from collections.abc import Callable, Sequence
from collections.abc import Callable as _Callable
from types import FrameType
from typing import Any
from typing import NamedTuple as _NamedTuple

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QEventLoop,
    QLibraryInfo,
    QLocale,
    QObject,
    Qt,
    QTimer,
    QTranslator,
    QUrl,
    Signal,
)
from PySide6.QtGui import QDesktopServices, QFont, QFontDatabase, QPalette, QTextOption
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
