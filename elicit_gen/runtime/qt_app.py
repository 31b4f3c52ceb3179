# --- elicit-gen Qt application runtime (PySide6 and the standard library) ------
# The QApplication a generated Qt dialog (the form's, the URL consent's) runs in
# when its module is a program of its own. Copied verbatim into both, before
# their own runtime; the imports above the marker are merged with the module's.
from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication, QWidget

from .i18n import _CATALOG

# --- end of runtime imports ---


def _qt_locale() -> QLocale:
    """The module's language as Qt's locale."""
    return QLocale(_CATALOG.locale.replace("-", "_"))


def _localise(widget: QWidget) -> None:
    """``widget`` in the module's language: what Qt words itself (the calendar
    popup, message boxes, menus) and the layout direction of its script."""
    locale = _qt_locale()
    widget.setLocale(locale)
    widget.setLayoutDirection(locale.textDirection())


def _application() -> QCoreApplication:
    """The running QApplication, or a new one. A new one also speaks the form's
    language in Qt's own words (a text box's context menu: Copy, Paste; the
    calendar's tooltips), from the translations PySide6 ships; an application
    that was already running (a host's) keeps the translators it chose."""
    running = QApplication.instance()
    if running is not None:
        return running
    app = QApplication(sys.argv[:1])
    if _CATALOG.locale != "en":
        translator = QTranslator(app)  # the application keeps it alive
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if translator.load(_qt_locale(), "qtbase", "_", folder):
            app.installTranslator(translator)
    return app
