class _FreshKeysModal(ModalScreen[dict[str, Any]]):
    """A modal screen that drops every key read from the terminal before its first refresh.

    Every key event is stamped with the time the driver read it; one that reaches the
    screen only after it was drawn (queued while the host was busy, a second Enter meant
    for the previous screen) still was typed before, and is dropped in :meth:`on_key`,
    before any binding or button sees it: it presses, submits and toggles nothing. A
    priority binding (Ctrl+C) is not held back. Textual calls each class's own handlers,
    so a subclass's ``on_mount`` does not replace this one's.
    """

    # When the screen was first drawn on the terminal (the clock of events' ``time``);
    # None until then. A key read before it never acts here (see on_key).
    _shown_at: float | None = None

    def on_mount(self) -> None:
        self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        self._shown_at = events.Event().time  # now, on the clock that stamps every key

    def on_key(self, event: events.Key) -> None:
        """Every key typed in the screen passes here (from the focused control, before
        any binding acts on it): one read before the screen was drawn is dropped."""
        if self._shown_at is None or event.time < self._shown_at:
            event.stop()
            event.prevent_default()
