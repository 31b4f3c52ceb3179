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


#: The events that answer a dialog: keys (Space and Enter press buttons, Alt+letter
#: their mnemonics) and mouse buttons.
_INPUT_EVENTS = frozenset(
    {
        QEvent.Type.KeyPress,
        QEvent.Type.KeyRelease,
        QEvent.Type.ShortcutOverride,
        QEvent.Type.Shortcut,
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonRelease,
        QEvent.Type.MouseButtonDblClick,
    },
)


class _FreshInputDialog(QDialog):
    """A dialog that no key or click made before it was on the screen answers (a second
    Enter meant for the previous dialog, a double click's second click where this one's
    button now is, keys typed while the host was busy).

    The first time it is shown, what the window system queued until then is delivered
    and dropped (:meth:`setVisible`); only then does it take input. Rather than a settle
    delay, which would also drop a fast user's first real key. A subclass calls
    :meth:`_guard_children` once its widgets are built (they get the input first), and
    an ``eventFilter`` of its own starts with ``if self._stale(event): return True``.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # No key or click counts before the dialog was shown and what the window system
        # had queued by then was delivered (see setVisible)
        self._live = False
        self._settling = False

    def _guard_children(self) -> None:
        """Sees (in :meth:`eventFilter`) the input of every widget the dialog has now."""
        for widget in self.findChildren(QWidget):
            widget.installEventFilter(self)

    def _stale(self, event: QEvent) -> bool:
        """True for a key or click that arrived before the dialog was shown and settled."""
        return not self._live and event.type() in _INPUT_EVENTS

    def setVisible(self, visible: bool) -> None:
        """Shows (or hides) the dialog; the first time it is shown, what the window system
        queued until then is delivered and dropped, and only then the dialog takes input.
        Timers wait for the next round: what they do comes after the show."""
        super().setVisible(visible)
        if not visible or self._live or self._settling:
            return
        self._settling = True
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.X11ExcludeTimers)
        self._live = True

    def event(self, event: QEvent) -> bool:
        if self._stale(event):
            return True  # before the dialog was shown: nobody saw what this answers
        return super().event(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._stale(event):
            return True
        return super().eventFilter(watched, event)
