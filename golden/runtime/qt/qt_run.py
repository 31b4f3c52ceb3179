def _run_modal(
    dialog_class: type[_FormDialog],
    message: str | None,
    server: str | None,
    initial: Mapping[str, object] | None,
) -> dict[str, Any]:
    """Shows a ``dialog_class`` as a modal dialog and returns the ElicitResult dict.
    Creates the QApplication when there is none; Ctrl-C in the terminal cancels."""
    _app = _application()  # held while the dialog runs
    dialog = dialog_class(message, server=server, initial=initial)

    def interrupted(_signum: int, _frame: FrameType | None) -> None:
        dialog.cancel()

    previous: Any = None
    try:
        previous = signal.signal(signal.SIGINT, interrupted)
    except ValueError:  # not the main thread: no Ctrl-C handling
        previous = None
    ticker = QTimer(dialog)
    ticker.timeout.connect(_nothing)  # lets Python see Ctrl-C while Qt waits
    ticker.start(200)
    try:
        dialog.exec()
    finally:
        ticker.stop()
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    result = dialog.elicit_result() or {"action": "cancel"}
    dialog.deleteLater()
    return result


def _run_main(
    elicit: Callable[..., dict[str, Any]],
    argv: list[str] | None,
) -> int:
    """The command line of a generated module: shows the form, prints the result."""
    parser = argparse.ArgumentParser(
        description="Show this elicitation form and print the ElicitResult as JSON.",
    )
    parser.add_argument("--server", help="the name of the server that asks")
    parser.add_argument(
        "--message",
        help="the message to show instead of the compiled one",
    )
    args = parser.parse_args(argv)
    result = elicit(args.message, server=args.server)
    print(json.dumps(result))  # ASCII JSON: safe on any terminal encoding
    return 0
