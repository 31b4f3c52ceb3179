import _thread
import argparse
import bisect as _bisect
import datetime as _dt
import functools
import html
import json
import math as _math
import re as _re
import signal
import sys
import unicodedata
import unicodedata as _unicodedata
from collections.abc import Callable, Mapping
from collections.abc import Callable as _Callable
from collections.abc import Mapping as _Mapping
from collections.abc import Sequence as _Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any, ClassVar
from typing import Any as _Any

from PySide6.QtCore import (
    QCoreApplication,
    QDate,
    QDateTime,
    QEvent,
    QEventLoop,
    QLibraryInfo,
    QLocale,
    QObject,
    Qt,
    QTime,
    QTimer,
    QTimeZone,
    QTranslator,
    Signal,
)
from PySide6.QtGui import (
    QFocusEvent,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPalette,
    QTextOption,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)
