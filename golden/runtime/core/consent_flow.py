#: The question is on the screen; the URL may be opened (Open, Decline, Cancel).
SHOWN = "shown"
#: The question is on the screen; the check refused the URL (only Decline, Cancel).
REFUSED = "refused"
#: Open was chosen and the opener is running: nothing else is taken meanwhile.
OPENING = "opening"
#: 2026-07-28: the browser has the page; the user says when they have finished.
OPENED = "opened"
#: The opener failed: the address is shown to open elsewhere ("done"), copy or cancel.
FAILED = "failed"
#: As FAILED, once the user put the address on the clipboard.
COPIED = "copied"
#: Ended with accept (2025-11-25: the server will say when the step is complete).
ACCEPTED = "accepted"
#: After ACCEPTED (2025-11-25): the server said the step is complete.
COMPLETED = "completed"
#: Ended with decline.
DECLINED = "declined"
#: Ended with cancel.
CANCELLED = "cancelled"

#: What the user may do in each state, in the order a screen offers it. "done" is
#: "I've finished" (2026-07-28) or "I've opened it" (no browser, 2025-11-25).
_ACTIONS = {
    SHOWN: ("open", "decline", "cancel"),
    REFUSED: ("decline", "cancel"),
    OPENING: (),
    OPENED: ("done", "cancel"),
    FAILED: ("done", "copy", "cancel"),
    COPIED: ("done", "copy", "cancel"),
    ACCEPTED: (),
    COMPLETED: (),
    DECLINED: (),
    CANCELLED: (),
}

#: The ElicitResult's action each ending state gives.
_ENDINGS = {
    ACCEPTED: "accept",
    COMPLETED: "accept",
    DECLINED: "decline",
    CANCELLED: "cancel",
}


class ConsentFlow:
    """One URL-mode consent request, from the question to its ElicitResult.

    ``state`` is one of the names above; :meth:`actions` is what the user may do in it.
    Every transition returns whether it happened: one that is not offered in the
    current state changes nothing (a late click, a key queued behind the opener).
    Nothing is the default action: Enter alone answers nothing in any state, and Open
    is never the emphasised action (:attr:`emphasised`)."""

    def __init__(self, url: str, revision: str | None = None) -> None:
        self.check: UrlCheck = check_url(url)
        #: 2026-07-28: the user, not a notification, says when the step is done
        self.by_user = finished_by_user(revision)
        self.state = SHOWN if self.check.openable else REFUSED
        #: Why the opener failed (the exception's text, raw: a screen escapes it).
        self.problem = ""

    # --- what the screen shows, in order ------------------------------------------

    @property
    def warnings_first(self) -> bool:
        """The warnings come before the headline: the name imitates another (a
        look-alike), so what it really is (its xn-- form) follows the warnings."""
        return self.check.lookalike

    @property
    def warnings(self) -> tuple[str, ...]:
        """The check's warnings, in its order (raw: a screen escapes them)."""
        return tuple(self.check.warnings)

    @property
    def headline(self) -> str:
        """The name shown in large type under "Web site:" (raw), or "" for none."""
        return self.check.headline if self.check.domain else ""

    @property
    def readable(self) -> str:
        """A look-alike's name as the link writes it, shown after the headline ("" for
        none)."""
        return self.check.domain if self.check.lookalike else ""

    @property
    def address(self) -> str:
        """The full address shown under the headline (raw): what Open opens."""
        return shown_address(self.check)

    @property
    def place(self) -> str:
        """The destination in one phrase, escaped (for a sentence: "Open <place>?")."""
        return _place(self.check)

    @property
    def refusal(self) -> str | None:
        """Why the URL cannot be opened (raw), or None when it can."""
        return self.check.refusal

    @property
    def href(self) -> str:
        """What Open hands the browser and Copy the clipboard: the URL serialised from
        the parts the check judged, never the URL as sent."""
        return self.check.href

    # --- what the user may do ------------------------------------------------------

    def actions(self) -> tuple[str, ...]:
        """The transitions the user may take now, in the order a screen offers them."""
        return _ACTIONS[self.state]

    @property
    def emphasised(self) -> str | None:
        """The action a screen may draw as the primary one: never Open (a look-alike
        or a borrowed name must not be one keypress from the browser), "done" once the
        page is open or was to be opened elsewhere."""
        return "done" if "done" in self.actions() else None

    @property
    def answered(self) -> bool:
        """Whether the flow has its ElicitResult."""
        return self.state in _ENDINGS

    def result(self) -> dict[str, str] | None:
        """The ElicitResult once there is one (a new dict each call), else None."""
        action = _ENDINGS.get(self.state)
        return None if action is None else {"action": action}

    # --- the transitions -------------------------------------------------------------

    def begin_open(self) -> bool:
        """Open chosen: SHOWN -> OPENING. The screen then calls the opener with
        :attr:`href` and reports :meth:`opener_succeeded` or :meth:`opener_failed`."""
        if self.state != SHOWN:
            return False
        self.state = OPENING
        return True

    def opener_succeeded(self) -> bool:
        """OPENING -> OPENED (2026-07-28: the user says when they have finished), or
        ACCEPTED (the user agreed to open it; the server will say when it is done)."""
        if self.state != OPENING:
            return False
        self.state = OPENED if self.by_user else ACCEPTED
        return True

    def opener_failed(self, problem: str) -> bool:
        """OPENING -> FAILED: the address is shown to be opened elsewhere."""
        if self.state != OPENING:
            return False
        self.problem = problem
        self.state = FAILED
        return True

    def open(self, opener: Callable[[str], object]) -> bool:
        """The Open action whole: calls ``opener`` once with :attr:`href` and goes to
        OPENED, ACCEPTED or FAILED; True when the opener was called and succeeded."""
        if not self.begin_open():
            return False
        try:
            opener(self.check.href)  # what the check judged and the screen shows
        except Exception as exc:  # noqa: BLE001, RUF100 (the host's opener)
            self.opener_failed(str(exc))
            return False
        return self.opener_succeeded()

    def copy(self) -> str | None:
        """Copy address (FAILED or COPIED -> COPIED): the text to put on the clipboard
        (:attr:`href`), or None when copying is not offered."""
        if "copy" not in self.actions():
            return None
        self.state = COPIED
        return self.check.href

    def done(self) -> bool:
        """The user's "I've finished" or "I've opened it": OPENED, FAILED or COPIED ->
        ACCEPTED."""
        if "done" not in self.actions():
            return False
        self.state = ACCEPTED
        return True

    def decline(self) -> bool:
        """SHOWN or REFUSED -> DECLINED; not once Open was chosen (it was opened)."""
        if "decline" not in self.actions():
            return False
        self.state = DECLINED
        return True

    def cancel(self) -> bool:
        """Cancel, Escape, closing the screen, end of input: any asking state ->
        CANCELLED. Not while the opener runs, nor after the answer."""
        if "cancel" not in self.actions():
            return False
        self.state = CANCELLED
        return True

    def complete(self) -> bool:
        """The server's completion notification (2025-11-25): ACCEPTED -> COMPLETED;
        nothing in any other state, nor in a session where the user says it."""
        if self.state != ACCEPTED or self.by_user:
            return False
        self.state = COMPLETED
        return True
