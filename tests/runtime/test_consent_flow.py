"""The one URL consent flow (runtime/core/consent_flow.py) that the cli, Qt and Textual
consent screens draw: every state, every transition from it (taken or refused), the
ElicitResult each ends with, and what the screen is told to show."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from elicit_gen.runtime.core.consent_args import _place, shown_address
from elicit_gen.runtime.core.consent_flow import (
    ACCEPTED,
    CANCELLED,
    COMPLETED,
    COPIED,
    DECLINED,
    FAILED,
    OPENED,
    OPENING,
    REFUSED,
    SHOWN,
    ConsentFlow,
)
from elicit_gen.runtime.core.urlcheck import check_url

URL = "https://Login.Example.com:443/a/../b?x=1#f"  # its href is not the URL as sent
REFUSED_URL = "javascript:alert(1)"
LOOKALIKE = "https://xn--gthub-n2e.com/login"
NEW = "2026-07-28"

STATES = (SHOWN, REFUSED, OPENING, OPENED, FAILED, COPIED, ACCEPTED, COMPLETED, DECLINED, CANCELLED)


class Opener:
    """An opener that records its calls and raises ``error`` when given one."""

    def __init__(self, error: BaseException | None = None) -> None:
        self.calls: list[str] = []
        self.error = error

    def __call__(self, url: str) -> object:
        self.calls.append(url)
        if self.error is not None:
            raise self.error
        return True


#: How to reach each state (with the session's revision): the transitions from a new flow.
PATHS: dict[str, tuple[str | None, Callable[[ConsentFlow], object]]] = {
    SHOWN: (None, lambda flow: None),
    REFUSED: (None, lambda flow: None),
    OPENING: (None, lambda flow: flow.begin_open()),
    OPENED: (NEW, lambda flow: flow.open(Opener())),
    FAILED: (None, lambda flow: flow.open(Opener(OSError("no browser")))),
    COPIED: (None, lambda flow: (flow.open(Opener(OSError("x"))), flow.copy())),
    ACCEPTED: (None, lambda flow: flow.open(Opener())),
    COMPLETED: (None, lambda flow: (flow.open(Opener()), flow.complete())),
    DECLINED: (None, lambda flow: flow.decline()),
    CANCELLED: (None, lambda flow: flow.cancel()),
}


def reach(state: str, revision: str | None = None) -> ConsentFlow:
    default, path = PATHS[state]
    flow = ConsentFlow(REFUSED_URL if state == REFUSED else URL, revision or default)
    path(flow)
    assert flow.state == state
    return flow


#: Every transition a screen may take, and the state it leads to from each state where it
#: is offered (every other state refuses it and stays).
TAKEN: dict[str, dict[str, str]] = {
    "begin_open": {SHOWN: OPENING},
    "opener_succeeded": {OPENING: ACCEPTED},
    "opener_failed": {OPENING: FAILED},
    "copy": {FAILED: COPIED, COPIED: COPIED},
    "done": {OPENED: ACCEPTED, FAILED: ACCEPTED, COPIED: ACCEPTED},
    "decline": {SHOWN: DECLINED, REFUSED: DECLINED},
    "cancel": {
        SHOWN: CANCELLED,
        REFUSED: CANCELLED,
        OPENED: CANCELLED,
        FAILED: CANCELLED,
        COPIED: CANCELLED,
    },
    "complete": {ACCEPTED: COMPLETED},
}


def take(flow: ConsentFlow, transition: str) -> bool:
    if transition == "opener_failed":
        return flow.opener_failed("boom")
    if transition == "copy":
        return flow.copy() is not None
    taken = getattr(flow, transition)()
    assert isinstance(taken, bool)
    return taken


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("transition", sorted(TAKEN))
def test_every_transition_from_every_state(state: str, transition: str) -> None:
    """A transition offered in a state leads where the table says; any other changes
    nothing and says so (a late click, a key queued behind the opener)."""
    flow = reach(state)
    before = flow.result()
    target = TAKEN[transition].get(state)
    assert take(flow, transition) is (target is not None)
    assert flow.state == (target if target is not None else state)
    if target is None:
        assert flow.result() == before


@pytest.mark.parametrize("state", STATES)
def test_the_actions_offered_are_the_transitions_that_are_taken(state: str) -> None:
    """actions() (what a screen draws as keys or buttons) is exactly what each state takes."""
    by_action = {"open": "begin_open", "done": "done", "copy": "copy"}
    by_action |= {"decline": "decline", "cancel": "cancel"}
    offered = reach(state).actions()
    for action, transition in by_action.items():
        assert (action in offered) is (state in TAKEN[transition]), action
    assert list(offered) == sorted(offered, key=["open", "done", "copy", "decline", "cancel"].index)


@pytest.mark.parametrize(
    ("state", "result"),
    [
        (SHOWN, None),
        (REFUSED, None),
        (OPENING, None),
        (OPENED, None),
        (FAILED, None),
        (COPIED, None),
        (ACCEPTED, {"action": "accept"}),
        (COMPLETED, {"action": "accept"}),
        (DECLINED, {"action": "decline"}),
        (CANCELLED, {"action": "cancel"}),
    ],
)
def test_the_elicit_result_of_each_state(state: str, result: dict[str, str] | None) -> None:
    flow = reach(state)
    assert flow.result() == result and flow.answered is (result is not None)
    if result is not None:
        got = flow.result()
        assert got is not None
        got["action"] = "changed"  # a new dict each call: nobody changes the flow's
        assert flow.result() == result


# --- the Open action and what it hands the browser -------------------------------------------


@pytest.mark.parametrize(
    ("revision", "after"), [(None, ACCEPTED), ("2025-11-25", ACCEPTED), (NEW, OPENED)]
)
def test_open_hands_the_opener_the_checks_href_once(revision: str | None, after: str) -> None:
    flow = ConsentFlow(URL, revision)
    opener = Opener()
    assert flow.open(opener) is True
    href = check_url(URL).href
    assert opener.calls == [href] and href != URL and flow.href == href
    assert flow.state == after
    assert flow.open(opener) is False and opener.calls == [href]  # opens once


def test_a_failing_opener_keeps_its_problem_raw_and_offers_the_address() -> None:
    flow = ConsentFlow(URL)
    opener = Opener(OSError("no display \x1b[2J"))
    assert flow.open(opener) is False
    assert flow.state == FAILED and flow.problem == "no display \x1b[2J"  # a screen escapes it
    assert flow.actions() == ("done", "copy", "cancel") and flow.emphasised == "done"
    assert flow.copy() == check_url(URL).href and flow.state == COPIED
    assert flow.done() is True and flow.result() == {"action": "accept"}
    assert opener.calls == [check_url(URL).href]


def test_an_opener_that_is_interrupted_leaves_the_flow_opening() -> None:
    """Only an Exception is the opener failing; Ctrl-C (KeyboardInterrupt) goes to the
    screen, which cancels as it does for any Ctrl-C."""
    flow = ConsentFlow(URL)
    with pytest.raises(KeyboardInterrupt):
        flow.open(Opener(KeyboardInterrupt()))
    assert flow.state == OPENING and flow.result() is None and flow.actions() == ()


def test_a_refused_url_never_opens() -> None:
    flow = ConsentFlow(REFUSED_URL)
    opener = Opener()
    assert flow.state == REFUSED and flow.refusal == check_url(REFUSED_URL).refusal
    assert flow.refusal is not None
    assert flow.open(opener) is False and opener.calls == [] and flow.state == REFUSED
    assert flow.begin_open() is False and flow.actions() == ("decline", "cancel")


def test_complete_only_where_the_server_says_when_the_step_is_done() -> None:
    """2026-07-28 has no completion notification: a stray one changes nothing."""
    flow = ConsentFlow(URL, NEW)
    flow.open(Opener())
    flow.done()
    assert flow.state == ACCEPTED and flow.complete() is False and flow.state == ACCEPTED
    flow = ConsentFlow(URL)
    flow.open(Opener())
    assert flow.complete() is True and flow.state == COMPLETED
    assert flow.complete() is False and flow.result() == {"action": "accept"}


# --- what the screen shows ------------------------------------------------------------------


@pytest.mark.parametrize("url", [URL, REFUSED_URL, LOOKALIKE, "https://m\u00fcnchen.de/", ""])
def test_what_is_shown_is_the_checks(url: str) -> None:
    check = check_url(url)
    flow = ConsentFlow(url)
    assert flow.check == check
    assert flow.headline == (check.headline if check.domain else "")
    assert flow.warnings == tuple(check.warnings)
    assert flow.warnings_first is check.lookalike
    assert flow.readable == (check.domain if check.lookalike else "")
    assert flow.address == shown_address(check)
    assert flow.refusal == check.refusal
    assert flow.href == check.href
    assert flow.place == _place(check)


def test_a_look_alike_puts_its_warnings_first_and_its_xn_form_in_the_headline() -> None:
    flow = ConsentFlow(LOOKALIKE)
    assert flow.warnings_first and flow.warnings
    assert flow.headline == "xn--gthub-n2e.com" and flow.readable != flow.headline


@pytest.mark.parametrize("url", [URL, LOOKALIKE, "https://m\u00fcnchen.de/", REFUSED_URL])
def test_no_action_is_the_default_and_open_is_never_emphasised(url: str) -> None:
    flow = ConsentFlow(url)
    assert flow.emphasised is None
    if flow.state == SHOWN:
        flow.open(Opener())  # 2025-11-25: accepted, nothing left to emphasise
        assert flow.emphasised is None
    flow = ConsentFlow(url, NEW)
    if flow.open(Opener()):
        assert flow.emphasised == "done"
