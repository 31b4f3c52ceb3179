# --- the consent dialog's widgets -------------------------------------------------------

#: The full URL box grows to this many lines, then scrolls (never cut short).
_URL_LINES = 6

_WARNING_STYLE = "QLabel { color: #8a5300; }"
_ERROR_STYLE = "QLabel { color: #b3261e; }"

_RTL_CLASSES = frozenset(
    {"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"},
)


def _consent_isolate(text: str) -> str:
    """``text`` in a bidi isolate (FSI ... PDI) when it holds right-to-left letters,
    so that a server name cannot reorder the sentence around it."""
    if any(_unicodedata.bidirectional(char) in _RTL_CLASSES for char in text):
        return "\u2068" + text + "\u2069"
    return text


def _consent_label(text: str, *, object_name: str = "") -> QLabel:
    """A word-wrapped, selectable label that shows ``text`` literally (never as
    rich text: the format is ``Qt.PlainText``, not guessed)."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if object_name:
        label.setObjectName(object_name)
    return label


#: A message past these bounds (characters, lines, characters of one word) is shown in a
#: scrolled, read-only view of _MESSAGE_VIEW_LINES lines, which lays out only what is in sight:
#: a label lays all of it out at each sizing (5,000 short lines: 1.4 s to show, 0.8 s per
#: resize) and cannot wrap a word (one of 10,000 characters: a dialog 117,000 pixels wide).
_MESSAGE_LABEL_BOUNDS = (600, 8, 48)
_MESSAGE_VIEW_LINES = 8


def _message_widget(text: str) -> QWidget:
    """The message (``text``, as shown: escaped): a label, or, when long, a scrolled view."""
    characters, lines, word = _MESSAGE_LABEL_BOUNDS
    longest = max((len(part) for part in text.split()), default=0)
    if len(text) <= characters and text.count("\n") < lines and longest <= word:
        return _consent_label(text, object_name="message")
    view = QPlainTextEdit()
    view.setObjectName("message")
    view.setReadOnly(True)
    view.setTabChangesFocus(True)
    view.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    view.setPlainText(text)
    view.setAccessibleName(_t("Message"))
    view.setFrameShape(QFrame.Shape.StyledPanel)
    view.setFixedHeight(view.fontMetrics().lineSpacing() * _MESSAGE_VIEW_LINES + 12)
    return view


def _scaled(label: QLabel, factor: float, *, bold: bool = False) -> None:
    font = QFont(label.font())
    font.setBold(bold)
    if font.pointSizeF() > 0:
        font.setPointSizeF(max(font.pointSizeF() * factor, 7.0))
    label.setFont(font)


def _open_in_browser(url: str) -> object:
    """The default opener: the desktop's web browser, handed ``url`` (the check's
    ``href``: already serialised, ASCII, with no user info and no backslash in
    it). Raises OSError when none could be started (the user did not get the
    page), or when what Qt would hand on goes to another host or port."""
    qurl = QUrl.fromEncoded(url.encode("utf-8"), QUrl.ParsingMode.TolerantMode)
    meant = check_url(url)
    # What Qt hands the desktop, judged by the same check, must go where the dialog said.
    handed = check_url(bytes(qurl.toEncoded().data()).decode("ascii", "replace"))
    same = (handed.ascii_host, handed.port) == (meant.ascii_host, meant.port)
    if not qurl.isValid() or not handed.openable or not same:
        problem = _t("the desktop would be given another address than the one shown")
        raise OSError(problem)
    if not QDesktopServices.openUrl(qurl):
        raise OSError(_t("no web browser could be started"))
    return True


def _do_nothing() -> None:
    """Lets Python run signal handlers while Qt waits."""
