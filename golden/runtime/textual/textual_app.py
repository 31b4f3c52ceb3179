class FormApp(App[dict[str, Any]]):
    """Runs a form's screen (``SCREEN``) on its own; ``run()`` returns the ElicitResult
    (None when the app was quit another way, which ``run_form`` reports as cancel)."""

    SCREEN: ClassVar[type[FormModal]]
    TITLE = _t("MCP elicitation")
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        message: str | None = None,
        *,
        server: str | None = None,
        initial: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__()
        self._message = message
        self._server = server
        self._initial = initial

    def on_mount(self) -> None:
        screen = self.SCREEN(self._message, server=self._server, initial=self._initial)
        self.push_screen(screen, callback=self._done)

    def _done(self, result: dict[str, Any] | None) -> None:
        self.exit(result)

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this platform, sized from the terminal it draws on
        (``terminal_size``) rather than from stdout, which may be a file or a pipe."""
        base = super().get_driver_class()
        if not hasattr(base, "_get_terminal_size"):
            return base
        methods = {"_get_terminal_size": lambda driver: terminal_size()}
        return cast("type[Driver]", type(base.__name__, (base,), methods))


def run_form(app: FormApp) -> dict[str, Any]:
    """Runs ``app`` in the terminal until the user answers; returns the ElicitResult."""
    result = app.run()
    return result if result is not None else {"action": "cancel"}


def run_main(elicit: Callable[..., dict[str, Any]], argv: list[str] | None) -> int:
    """The command line: shows the form, prints the ElicitResult as JSON."""
    parser = argparse.ArgumentParser(
        description="Show the elicitation form in the terminal; print the ElicitResult as JSON.",
    )
    parser.add_argument(
        "--server",
        help="name of the server that asks (shown in the form)",
    )
    parser.add_argument("--message", help="message shown above the fields")
    args = parser.parse_args(argv)
    print(json.dumps(elicit(args.message, server=args.server)))
    return 0
