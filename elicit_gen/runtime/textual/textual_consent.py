# --- elicit-gen textual URL consent runtime ---------------------------------
# The URL-mode consent screen of the ``textual`` target: who asks, the message, the destination's
# domain and full address, the warnings, then Open / Decline / Cancel. Nothing opens before the user
# presses Open, and Open is never focused first. Without a browser (SSH, a container) the user may
# open the address elsewhere; in a 2026-07-28 session the screen waits after Open for the user's
# "I've finished" (no server will say when the step is done). Copied verbatim into the generated
# url_consent_textual.py after the safe-text helpers (runtime/core/safetext.py), the URL check
# (runtime/core/urlcheck.py) and the screen it derives from (textual_screen.py: no key typed before
# it was drawn acts on it); the imports above the marker are merged with the module's own, the ones
# from this package only name what those parts define.
from __future__ import annotations

import json
import webbrowser
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from ..core.consent_args import DEFAULT_SERVER as DEFAULT_SERVER  # the module's API
from ..core.consent_args import _place, bounded_request, consent_arguments
from ..core.consent_flow import ConsentFlow
from ..core.i18n import _t
from ..core.safetext import safe_block, safe_text
from ..core.urlcheck import check_url
from .textual_screen import _FreshKeysModal

# --- end of runtime imports ---

# --- the consent screen ----------------------------------------------------

#: Who asks when the host does not say, in the module's language.


def _literal(text: str, style: str = "") -> Text:
    """Server text shown literally: never parsed as markup, with every control, bidi or
    invisible character as a visible escape; long words fold instead of being cut."""
    return Text(safe_block(text), style=style, overflow="fold")


def _warning(warning: str) -> Text:
    """A warning line in bold: the language's "Warning: {warning}" around the check's
    sentence, which is shown literally."""
    before, _, after = _t("Warning: {warning}").partition("{warning}")
    line = Text(before, style="bold")
    line.append_text(_literal(warning))
    line.append(after)
    return line


def _open_in_browser(url: str) -> object:
    """The default opener: the platform's web browser. Raises OSError when no browser
    could be started (the user did not get the page)."""
    if not webbrowser.open(url):
        raise OSError(_t("no web browser could be started"))
    return True


class _Destination(VerticalScroll):
    """Where the link goes: focused first (so that Enter presses no button), and
    scrollable with the arrow keys when it does not fit."""


class _Head(VerticalScroll):
    """Who asks and the message, at most 40% of the screen's height (a long message
    cannot push the destination out of view): takes the focus (for the arrow keys) only
    when it overflows."""

    def allow_focus(self) -> bool:
        return self.max_scroll_y > 0


_CONSENT_CSS = """
UrlConsentScreen {
    align: center middle;
}
UrlConsentScreen #dialog {
    width: 100;
    max-width: 100%;
    height: auto;
    max-height: 100%;
    border: round $primary;
    background: $surface;
    padding: 0 1;
}
UrlConsentScreen #head {
    dock: top;
    height: auto;
    max-height: 40vh;
    margin-bottom: 1;
}
UrlConsentScreen #server {
    color: $primary;
    text-style: bold;
}
UrlConsentScreen #destination {
    height: auto;
    max-height: 100%;
}
UrlConsentScreen .label {
    color: $text-muted;
}
UrlConsentScreen #domain {
    width: auto;
    text-style: bold;
    background: $primary-muted;
    padding: 0 1;
}
UrlConsentScreen #url {
    margin-bottom: 1;
}
UrlConsentScreen .warning {
    color: $warning;
}
UrlConsentScreen #refusal {
    color: $error;
    text-style: bold;
}
UrlConsentScreen #foot {
    dock: bottom;
    height: auto;
}
UrlConsentScreen #actions {
    height: auto;
    align-horizontal: right;
}
UrlConsentScreen #actions Button {
    min-width: 8;
    margin-left: 1;
}
UrlConsentScreen #consent-keys {
    color: $text-muted;
}
UrlConsentScreen #status {
    display: none;
    text-style: bold;
    margin-bottom: 1;
}
"""


class UrlConsentScreen(_FreshKeysModal):
    """Asks whether to open ``url`` (a URL-mode elicitation); dismissed with the
    ElicitResult.

    Shows who asks (``server``), the ``message``, the destination's domain, the full
    URL and any warning (a look-alike name: the warnings first, the name in its xn--
    form). Open is never the primary button. The full URL shown is the one Open opens:
    ``opener`` (default :func:`webbrowser.open`) is called once with the check's
    ``href`` (serialised from the parts the check judged, never the URL as sent).

    What follows depends on the session's protocol ``revision``. For 2025-11-25 (the
    default, ``None``) the app is told "Continue in your browser..." (a notification)
    and the result is ``{"action": "accept"}`` (the user agreed to open it, not that
    the step in the browser is done). For 2026-07-28, which has no completion
    notification, the screen stays: "I've finished" gives ``{"action": "accept"}``
    (the client then retries the original request), Cancel cancels.

    An opener that fails (no browser on this machine: SSH, a container) is reported on
    the screen, which stays: the user may copy the address (Copy address: the terminal's
    clipboard), open it elsewhere and press "I've opened it" (2025-11-25: accept) or
    "I've finished" (2026-07-28), or cancel. A URL :func:`check_url` refuses has no Open
    button. No key typed before the screen was drawn acts on it
    (:class:`_FreshKeysModal`). Decline (only before Open) gives ``{"action":
    "decline"}``; Cancel, Escape and Ctrl+C give ``{"action": "cancel"}``. What it shows,
    in what order, and every transition are the one consent flow's (:class:`ConsentFlow`,
    ``flow``; ``state`` is its state); the screen only draws it.
    """

    DEFAULT_CSS = _CONSENT_CSS

    # The descriptions a host app's footer shows, in the module's language.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", _t("Cancel")),
        Binding("ctrl+c", "cancel", _t("Cancel"), show=False, priority=True),
    ]

    # The destination takes the focus first: Enter right after the screen opens presses
    # nothing, and Open is only reached on purpose (Tab, or the mouse).
    AUTO_FOCUS = "#destination"

    def __init__(
        self,
        message: str,
        url: str,
        *,
        server: str | None = None,
        elicitation_id: str | None = None,
        revision: str | None = None,
        opener: Callable[[str], object] | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        # Bounded before anything is built from them: a megabyte would freeze it.
        bounded = bounded_request(message, server, elicitation_id)
        message, self.server, elicitation_id = bounded
        self.message = message
        self.url = url
        self.elicitation_id = elicitation_id
        self.flow = ConsentFlow(url, revision)
        self.check = self.flow.check
        # None: the module's default opener, looked up when Open is pressed.
        self.opener = opener
        #: 2026-07-28: the user, not a notification, says when the step is done
        self.by_user = self.flow.by_user
        self._answered = False

    @property
    def state(self) -> str:
        """The consent flow's state (``consent_flow.py``: "shown", "opened", ...)."""
        return self.flow.state

    def compose(self) -> ComposeResult:
        flow = self.flow
        with Vertical(id="dialog"):
            with _Head(id="head"):
                who = _t("{server} asks you to open a web page", server=self.server)
                yield Static(_literal(who), id="server")
                if self.message.strip():
                    yield Static(_literal(self.message), id="message")
            with _Destination(id="destination"):
                if flow.warnings_first:
                    # A name that imitates another: the warnings first, then what the
                    # name really is (its xn-- form), the look-alike letters only after.
                    for warning in flow.warnings:
                        yield Static(_warning(warning), classes="warning")
                if flow.headline:
                    yield Static(_t("Web site:"), classes="label", markup=False)
                    yield Static(_literal(flow.headline), id="domain")
                if flow.readable:
                    written = flow.readable
                    readable = _t("Written in the link as: {domain}", domain=written)
                    yield Static(_literal(readable), classes="label", id="readable")
                yield Static(_t("Full URL:"), classes="label", markup=False)
                yield Static(_literal(flow.address or _t("(none)")), id="url")
                if self.elicitation_id:
                    request = _t("Request: {id}", id=self.elicitation_id)
                    yield Static(_literal(request), classes="label", id="request")
                if not flow.warnings_first:
                    for warning in flow.warnings:
                        yield Static(_warning(warning), classes="warning")
                if flow.refusal is not None:
                    reason = flow.refusal
                    refusal = _t("Cannot open this link: {reason}", reason=reason)
                    yield Static(_literal(refusal), id="refusal")
            with Vertical(id="foot"):
                yield Static("", id="status")
                with Horizontal(id="actions"):
                    if "open" in flow.actions():
                        opens = _t("Open in browser")
                        yield Button(opens, variant=self._variant("open"), id="open")
                    yield Button(_t("Decline"), variant="error", id="decline")
                    yield Button(_t("Cancel"), id="cancel")
                keys = _t("Tab: next   Enter: press   Esc: cancel")
                yield Static(keys, id="consent-keys", markup=False)

    def _variant(self, action: str) -> Literal["default", "primary"]:
        """The button's look: primary only for the flow's emphasised action (never
        Open: a borrowed or look-alike name must not be the obvious next key)."""
        return "primary" if self.flow.emphasised == action else "default"

    # --- actions ---------------------------------------------------------------

    def _answer(self) -> None:
        """Dismissed with the flow's ElicitResult, once."""
        result = self.flow.result()
        if result is not None and not self._answered:
            self._answered = True
            self.dismiss(result)

    @on(Button.Pressed, "#open")
    def _open_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_open()

    @on(Button.Pressed, "#decline")
    def _decline_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_decline()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_cancel()

    @on(Button.Pressed, "#finished, #opened")
    def _done_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_done()

    @on(Button.Pressed, "#copy")
    def _copy_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        href = self.flow.copy()
        if href is not None:
            # The terminal's clipboard (OSC 52): reaches the user's computer over SSH too.
            self.app.copy_to_clipboard(href)
            self.app.notify(_t("The address is on the clipboard."), markup=False)

    def action_open(self) -> None:
        """Opens the URL (only when it may be opened, and only once); then accepts
        (2025-11-25), or waits for "I've finished" (2026-07-28)."""
        if "open" not in self.flow.actions():
            return
        opener = self.opener if self.opener is not None else _open_in_browser
        if not self.flow.open(opener):  # what the check judged and the screen shows
            self._no_browser(self.flow.problem)
            return
        if not self.by_user:
            self._accept()
            return
        waiting = _t(
            "Continue in your browser, then come back and press I've finished.",
        )
        self._wait_for_user(waiting, copy=False)

    def _no_browser(self, problem: str) -> None:
        """The opener failed: the user opens the address shown above elsewhere."""
        failed = _t("Could not open the browser: {problem}", problem=problem)
        then = _t(
            "Open the full URL above in a browser yourself, on this or another device.",
        )
        self._wait_for_user(failed + "\n" + then, copy=True)

    def _wait_for_user(self, status: str, *, copy: bool) -> None:
        """After Open: the question stays; ``status`` says what to do, and only "I've
        finished" (or "I've opened it"), Copy address (``copy``) and Cancel are left."""
        shown = self.query_one("#status", Static)
        shown.update(_literal(status))
        shown.display = True
        for button in self.query("#open, #decline"):
            button.remove()
        actions = self.query_one("#actions", Horizontal)
        variant = self._variant("done")
        if self.by_user:
            done = Button(_t("I've finished"), variant=variant, id="finished")
        else:
            done = Button(_t("I've opened it"), variant=variant, id="opened")
        row = [done, Button(_t("Copy address"), id="copy")] if copy else [done]
        actions.mount_all(row, before="#cancel")
        # Focus on the address, not a button: Enter alone answers nothing.
        self.query_one("#destination").focus()

    def _accept(self) -> None:
        who = safe_text(self.server)
        # 2025-11-25: the server's notification will say when the step is done.
        text = _t(
            "Continue in your browser. {server} will say when this step is complete.",
            server=who,
        )
        if self.by_user:
            text = _t("{server} will now check that the step is done.", server=who)
        self.app.notify(text, markup=False)
        self._answer()

    def action_done(self) -> None:
        """Accepts, on "I've finished" (2026-07-28) or "I've opened it" (no browser,
        2025-11-25): only after Open."""
        if self.flow.done():
            self._accept()

    def action_decline(self) -> None:
        """Declines: only before Open (once the page is open, Cancel is left)."""
        if self.flow.decline():
            self._answer()

    def action_cancel(self) -> None:
        if self.flow.cancel():
            self._answer()


def notify_complete(app: App[Any], url: str) -> None:
    """Tells the user, as a notification on ``app``, that the step opened in the browser
    is done: "Completed in your browser: <domain>". Call it when the server reports
    completion (``notifications/elicitation/complete``)."""
    text = _t("Completed in your browser: {place}", place=_place(check_url(url)))
    app.notify(text, markup=False)


class UrlConsentApp(App[dict[str, Any]]):
    """Runs :class:`UrlConsentScreen` on its own; ``run()`` returns the ElicitResult
    (None when the app was quit another way, which :func:`elicit_url` reports as
    cancel)."""

    TITLE = _t("MCP elicitation")
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        message: str,
        url: str,
        *,
        server: str | None = None,
        elicitation_id: str | None = None,
        revision: str | None = None,
        opener: Callable[[str], object] | None = None,
    ) -> None:
        super().__init__()
        self._request = (message, url)
        self._server = server
        self._elicitation_id = elicitation_id
        self._revision = revision
        self._opener = opener

    def on_mount(self) -> None:
        message, url = self._request
        screen = UrlConsentScreen(
            message,
            url,
            server=self._server,
            elicitation_id=self._elicitation_id,
            revision=self._revision,
            opener=self._opener,
        )
        self.push_screen(screen, callback=self._done)

    def _done(self, result: dict[str, Any] | None) -> None:
        self.exit(result)


def elicit_url(
    message: str,
    url: str,
    *,
    server: str | None = None,
    elicitation_id: str | None = None,
    revision: str | None = None,
    opener: Callable[[str], object] | None = None,
) -> dict[str, Any]:
    """Asks in the terminal whether to open ``url`` (a URL-mode elicitation) and returns
    the ElicitResult: ``{"action": "accept"}`` right after Open (the opener, default
    :func:`webbrowser.open`, was called with the URL the screen shows: the check's
    ``href``) for 2025-11-25 (``revision`` ``None``, the default), after "I've finished"
    for 2026-07-28; otherwise decline or cancel (see :class:`UrlConsentScreen`)."""
    app = UrlConsentApp(
        message,
        url,
        server=server,
        elicitation_id=elicitation_id,
        revision=revision,
        opener=opener,
    )
    result = app.run()
    return result if result is not None else {"action": "cancel"}


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: asks whether to open URL, prints the ElicitResult as JSON."""
    parser = consent_arguments(
        "Asks in the terminal whether to open the URL of an MCP URL-mode"
        " elicitation in the browser, and prints the ElicitResult as JSON."
        " Nothing opens unless you press Open. Esc cancels."
    )
    args = parser.parse_args(argv)
    result = elicit_url(
        args.message,
        args.url,
        server=args.server,
        elicitation_id=args.elicitation_id,
        revision=args.revision,
    )
    print(json.dumps(result))
    return 0
