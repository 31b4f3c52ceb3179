"""The html target's URL-mode consent page (url_consent.html), driven in headless Chromium.

Its JavaScript port of ``elicit_gen/runtime/core/urlcheck.py`` gives Python's verdict, sentences
included, on every case of tests/support/url_cases.json and on a few hundred generated URLs; its
tables are Python's own (urlcheck_data.js, checked here against stringprep and unicodedata).
Every page opened here is watched: a console error, an uncaught error, a dialog or a CSP
violation fails the test that opened it, and every request but the page itself is answered by a
route (nothing reaches the network) and recorded.
"""

from __future__ import annotations

import json
import re
import stringprep
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from elicit_gen.api import compile_url_consent
from elicit_gen.runtime.core import consent_args, publicsuffix, urlcheck, urlparts
from elicit_gen.runtime.core.safetext import safe_block, safe_text
from elicit_gen.targets.common.text import base36
from elicit_gen.targets.html import ASSETS

from ...support.golden import golden_text
from ...support.html import AXE, RECORDER, ROOT
from ...support.run import CliRun
from ...support.url_corpus import generated_urls

CASES: list[dict[str, Any]] = json.loads(
    (ROOT / "tests" / "support" / "url_cases.json").read_text(encoding="utf-8")
)["cases"]
GOLDEN = ROOT / "golden" / "expected" / "url_consent" / "url_consent.html"
REFUSED = [
    "javascript:alert(1)",
    "data:text/html,x",
    "file:///etc/passwd",
    "http://example.com/",
    "https://user:pw@example.com/",
]
#: A destination already in the form a browser keeps (so the popup's URL is exactly it).
DESTINATION = "https://login.example.com/oauth/authorize?state=s3cr3t&client=elicit"
HOSTILE_MESSAGE = "\x1b[31mRed\x1b[0m <b>bold</b> [bold]x[/bold]\n\u202eevil\u202c\r\nend\U000e0041"
HOSTILE_SERVER = "<i>srv</i>\x1b]0;title\x07\u202e"


# --- the JavaScript port's tables, made from Python's own --------------------------------------

DATA_JS = ASSETS / "urlcheck_data.js"


def _ranges(member: Callable[[str], bool]) -> str:
    """A set of code points as the code points where membership changes, base-36 deltas."""
    found: list[int] = []
    inside = False
    for code in range(0x110000):
        if member(chr(code)) != inside:
            found.append(code)
            inside = not inside
    return ",".join(base36(b - a) for a, b in zip([0, *found], found, strict=False))


def _prohibited(char: str) -> bool:
    """RFC 3454 tables C.1.2 to C.9, as encodings.idna.nameprep checks them (an ``or`` chain,
    not ``any()`` over a generator: this runs for each of the 1.1 million code points)."""
    return (
        stringprep.in_table_c12(char)
        or stringprep.in_table_c22(char)
        or stringprep.in_table_c3(char)
        or stringprep.in_table_c4(char)
        or stringprep.in_table_c5(char)
        or stringprep.in_table_c6(char)
        or stringprep.in_table_c7(char)
        or stringprep.in_table_c8(char)
        or stringprep.in_table_c9(char)
    )


def _mapping() -> str:
    """Table B.2 (map_table_b2) where it differs from lower-casing the character. B.2 leaves a
    character alone when B.3 (its case folding) and NFKC both do, so only the others are asked."""
    nfkc = unicodedata.ucd_3_2_0.normalize
    entries = []
    for code in range(0x110000):
        char = chr(code)
        unfolded = code not in stringprep.b3_exceptions and char.lower() == char
        if unfolded and nfkc("NFKC", char) == char:
            continue  # B.2 gives the character itself, which is its lower case
        if stringprep.in_table_b1(char):
            continue
        mapped = stringprep.map_table_b2(char)
        if mapped != char.lower():
            entries.append(base36(code) + ":" + ".".join(base36(ord(c)) for c in mapped))
    return ",".join(entries)


def _script_runs() -> tuple[list[str], str]:
    """The script word ``urlcheck._scripts`` finds for each code point: the words, and runs
    (base-36 length from the previous start, base-36 index of the word; "" = none)."""
    words = [""]
    runs: list[str] = []
    previous: str | None = None
    start = 0
    for code in range(0x110000):
        found = urlparts._scripts(chr(code))
        word = found[0] if found else ""
        if word != previous:
            if word not in words:
                words.append(word)
            runs.append(base36(code - start) + "." + base36(words.index(word)))
            start, previous = code, word
    return words, ",".join(runs)


def _js_string(text: str) -> str:
    assert re.fullmatch(r"[ -~]*", text) and '"' not in text and "\\" not in text
    return f'"{text}"'


def urlcheck_data_js() -> str:
    """The text runtime/html/urlcheck_data.js must have (``python -m
    tests.targets.html.test_url_consent`` writes it): nameprep's tables as Python's stringprep holds
    them (Unicode 3.2, and what it left unassigned: NFKC leaves those alone), the script of
    each code point as this Python's unicodedata names it (and which it leaves unassigned, and
    the marks), the Public Suffix List's rules (publicsuffix.py), urlcheck's look-alike
    letters, and the tables urlcheck.py has from node (scripts/urlcheck_tables.py): the full
    stops UTS #46 reads and the code points where IDNA 2003 and UTS #46 differ."""
    words, runs = _script_runs()
    fields = {
        "unicode": unicodedata.unidata_version,
        "suffixes": publicsuffix.PUBLIC_SUFFIX_RULES,
        "mapNothing": ",".join(base36(c) for c in sorted(stringprep.b1_set)),
        "mapping": _mapping(),
        "unassigned": _ranges(lambda char: unicodedata.ucd_3_2_0.category(char) == "Cn"),
        "prohibited": _ranges(_prohibited),
        "randAL": _ranges(stringprep.in_table_d1),
        "leftToRight": _ranges(stringprep.in_table_d2),
        "scriptWords": "|".join(words),
        "scriptRuns": runs,
        # urlcheck.py's own tables (the generated ones from node's URL, and its look-alikes)
        "unknown": _ranges(lambda char: unicodedata.category(char) == "Cn"),
        "idnaDifferent": _ranges(lambda char: ord(char) in urlparts._IDNA_DIFFERENT),
        "marks": _ranges(lambda char: unicodedata.category(char).startswith("M")),
        "dots": ",".join(base36(ord(c)) for c in urlparts._DOTS),
        "latinAlike": "|".join(
            script + ":" + ".".join(base36(ord(c)) for c in sorted(letters))
            for script, letters in urlparts._LATIN_ALIKE.items()
        ),
    }
    lines = [
        "// elicit-gen URL check data. GENERATED from Python's own tables by",
        "// tests/test_url_consent_html.py (run `python -m tests.test_url_consent_html` to",
        "// rewrite it; a test fails while it differs): nameprep's RFC 3454 tables as Python's",
        "// stringprep holds them, the script word urlcheck.py's _scripts gives each code point",
        "// (unicodedata "
        + unicodedata.unidata_version
        + "), the Public Suffix List (publicsuffix.py), look-alike letters and the tables it has",
        "// from node's URL (scripts/urlcheck_tables.py: UTS #46 full stops, IDNA differences).",
        "// Sets of code points are the code points where membership changes, as base-36 deltas.",
        "const URLCHECK_DATA = {",
    ]
    lines += [f"  {key}: {_js_string(value)}," for key, value in fields.items()]
    lines.append("};")
    return "\n".join(lines) + "\n"


def test_data_js_is_what_python_gives() -> None:
    pinned = re.search(r'unicode: "([^"]+)"', DATA_JS.read_text(encoding="utf-8"))
    assert pinned is not None
    if pinned.group(1) != unicodedata.unidata_version:
        # The script words come from unicodedata, which each Python release updates.
        pytest.skip(f"urlcheck_data.js is made with unicodedata {pinned.group(1)}")
    assert DATA_JS.read_text(encoding="utf-8") == urlcheck_data_js(), (
        "urlcheck_data.js is stale: run `python -m tests.targets.html.test_url_consent`"
    )


# --- Python's verdicts, as the page's checkUrl returns them -----------------------------------


def python_verdict(url: str) -> dict[str, Any]:
    check = urlcheck.check_url(url)
    verdict = check._asdict()
    verdict["asciiHost"] = verdict.pop("ascii_host")
    verdict["asciiDomain"] = verdict.pop("ascii_domain")
    verdict["warnings"] = list(check.warnings)
    verdict["openable"] = check.openable
    return verdict


def case_view(verdict: dict[str, Any]) -> dict[str, Any]:
    """A verdict as url_cases.json writes it (a refusal without the fields it does not use)."""
    if verdict["refusal"] is not None:
        return {"url": verdict["url"], "openable": False, "refusal": verdict["refusal"]}
    keys = ("url", "openable", "host", "asciiHost", "domain", "port", "loopback", "warnings")
    view = {key: verdict[key] for key in keys}
    view["ascii_host"] = view.pop("asciiHost")
    return view


def test_generated_urls_are_a_varied_mix() -> None:
    verdicts = [python_verdict(u) for u in generated_urls(600)]
    openable = [v for v in verdicts if v["openable"]]
    assert len(openable) > 60
    assert len({v["refusal"] for v in verdicts}) >= 9  # every kind of refusal
    warnings = {w.split(":")[0].split(" ")[1] for v in openable for w in v["warnings"]}
    assert {"international", "name", "destination", "plain", "uses"} <= warnings


@pytest.mark.parametrize("host", ["0x-1", "0x+1", "0x1_0", "0x0x10", "0-7", "example.08", "a.1"])
def test_numbers_browsers_do_not_read_as_ipv4_are_not_ip_addresses(host: str) -> None:
    """int() takes signs, underscores and a second prefix; browsers do not: such a host is no
    IPv4 address, and a host whose last label is all digits is invalid to a browser."""
    check = urlcheck.check_url(f"https://{host}/")
    assert check.refusal == "The host name is not valid." or "IP address" not in " ".join(
        check.warnings
    ), check


# --- the page in Chromium ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    (generated,) = compile_url_consent("html")
    path = tmp_path_factory.mktemp("url-consent") / generated.name
    path.write_text(generated.text, encoding="utf-8")
    return path


class Tab:
    """One context with one consent page, every request answered by a route and recorded; the
    consent page's console errors, uncaught errors and dialogs are problems."""

    def __init__(self, browser: Any, page_file: Path, **options: Any) -> None:
        self.context = browser.new_context(locale="en-US", **options)
        self.context.add_init_script(RECORDER)
        self.requests: list[str] = []
        self.problems: list[str] = []
        self.context.route(lambda url: not url.startswith("file:"), self._answer)
        self.page = self.context.new_page()
        self._watch(self.page)
        self.page.goto(page_file.as_uri())

    def _answer(self, route: Any) -> None:
        self.requests.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<title>ok</title>ok")

    def _watch(self, page: Any) -> None:
        page.on("console", lambda m: m.type == "error" and self.problems.append(m.text))
        page.on("pageerror", lambda e: self.problems.append(str(e)))
        page.on("dialog", lambda d: (self.problems.append(f"dialog {d.message}"), d.dismiss()))

    def show(
        self,
        url: str,
        *,
        message: str = "Sign in to continue.",
        server: str = "Acme",
        revision: str | None = None,
    ) -> None:
        request = {"url": url, "message": message, "server": server, "elicitationId": "e-1"}
        if revision is not None:
            request["revision"] = revision
        self.page.evaluate("(r) => { window.elicitation.showUrl(r); }", request)

    def text(self, selector: str) -> str:
        return str(self.page.text_content(selector) or "")

    def events(self) -> list[dict[str, Any]]:
        return [json.loads(e) for e in self.page.evaluate("window.__egLog.events")]

    def result(self) -> dict[str, Any] | None:
        text = self.page.evaluate("""async () => {
                 const pending = new Promise((r) => setTimeout(() => r(null), 30));
                 const value = await Promise.race([window.elicitation.result, pending]);
                 return value === null ? null : JSON.stringify(value);
               }""")
        return None if text is None else dict(json.loads(text))

    def delivered(self) -> dict[str, Any]:
        events = self.events()
        assert len(events) == 1, events
        assert self.result() == events[0]
        return events[0]

    def close(self) -> None:
        violations = self.page.evaluate("window.__egLog.violations")
        errors = self.page.evaluate("window.__egLog.errors")
        self.context.close()
        assert violations == [] and errors == [] and self.problems == [], (
            violations,
            errors,
            self.problems,
        )


@pytest.fixture
def tab(browser: Any, page_file: Path) -> Iterator[Tab]:
    tab = Tab(browser, page_file)
    yield tab
    tab.close()


def test_checkurl_gives_pythons_verdict_on_every_case(tab: Tab) -> None:
    urls = [case["url"] for case in CASES]
    verdicts = tab.page.evaluate("(urls) => urls.map((u) => window.elicitation.checkUrl(u))", urls)
    for case, verdict in zip(CASES, verdicts, strict=True):
        assert verdict == python_verdict(case["url"]), case["url"]
        assert case_view(verdict) == case  # and what the table pins


def test_checkurl_gives_pythons_verdict_on_generated_urls(tab: Tab) -> None:
    urls = generated_urls(600)
    verdicts = tab.page.evaluate("(urls) => urls.map((u) => window.elicitation.checkUrl(u))", urls)
    for url, verdict in zip(urls, verdicts, strict=True):
        assert verdict == python_verdict(url), url


def test_checkurl_odd_inputs(tab: Tab) -> None:
    odd = [
        "https://" + "a" * 9000,
        "https://0x-1.example/",
        "https://[::ffff:127.0.0.1]/",
        "https://[fe80::1%25eth0]:8443/",
        "https://xn--n3h.com/",
        "https://a\u2603.com/",
        "https://xn--abc-.com/",
        "https://\u0627\u0628.com/",
        "https://a\u0627.com/",
        "https://1\uff0e2\uff0e3\uff0e4/",
    ]
    verdicts = tab.page.evaluate("(urls) => urls.map((u) => window.elicitation.checkUrl(u))", odd)
    assert verdicts == [python_verdict(u) for u in odd]
    non_strings = tab.page.evaluate("[null, 42, {}].map((u) => window.elicitation.checkUrl(u))")
    assert all(v["refusal"] == "The server sent no URL." for v in non_strings)


def test_safe_text_is_pythons(tab: Tab) -> None:
    texts = [HOSTILE_MESSAGE, HOSTILE_SERVER, "\t\xad\u3164\uffa0\u2066x\ud800", "\x85\x9f\x7f"]
    shown = tab.page.evaluate(
        "(ts) => ts.map((t) => [window.elicitation.safeText(t), window.elicitation.safeBlock(t)])",
        texts,
    )
    assert shown == [[safe_text(t), safe_block(t)] for t in texts]


def test_host_and_url_shown_before_anything_opens(tab: Tab) -> None:
    assert tab.page.is_hidden("#eg-open")  # no request yet: nothing to open
    tab.show(DESTINATION)
    assert tab.text("#eg-asks") == "Acme asks you to open a web page"
    assert tab.text("#eg-dest-label") == "The page is on"
    assert tab.text("#eg-message") == "Sign in to continue."
    assert tab.page.is_visible("#eg-domain") and tab.text("#eg-domain") == "example.com"
    assert tab.page.is_visible("#eg-url") and tab.text("#eg-url") == DESTINATION
    assert tab.page.is_visible("#eg-open")
    assert tab.page.get_attribute("#eg-open", "href") == DESTINATION
    assert tab.page.get_attribute("#eg-open", "target") == "_blank"
    assert tab.page.get_attribute("#eg-open", "rel") == "noopener noreferrer"
    assert tab.page.evaluate("window.elicitation.elicitationId") == "e-1"
    assert tab.events() == [] and tab.result() is None
    assert len(tab.context.pages) == 1 and tab.requests == []


def test_open_click_opens_exactly_the_url_and_accepts(tab: Tab) -> None:
    tab.show(DESTINATION)
    assert len(tab.context.pages) == 1
    with tab.page.expect_popup(timeout=10_000) as popup_info:
        tab.page.click("#eg-open")
    popup = popup_info.value
    popup.wait_for_load_state(timeout=10_000)
    assert popup.url == DESTINATION
    assert tab.requests == [DESTINATION]
    assert len(tab.context.pages) == 2
    assert popup.evaluate("window.opener") is None  # noopener
    assert tab.delivered() == {"action": "accept"}  # no content: "agreed to open it"
    waiting = "Continue in your browser. Acme will say when this step is complete."
    tab.page.wait_for_function(
        "(t) => document.getElementById('eg-done').textContent === t", arg=waiting, timeout=5000
    )
    tab.page.wait_for_selector("#eg-actions", state="hidden", timeout=5000)
    assert tab.page.get_attribute("#eg-open", "href") is None
    assert tab.page.evaluate("window.elicitation.complete()") is True
    assert tab.text("#eg-done") == "Completed in your browser."
    assert tab.page.evaluate("window.elicitation.complete()") is False
    assert len(tab.events()) == 1 and len(tab.context.pages) == 2 and len(tab.requests) == 1


# --- 2026-07-28: no completion notification, the user says when the step is done ------------

NEW = "2026-07-28"
WAITING = "Continue in the new tab, then come back and choose I've finished."


def open_in_a_popup(tab: Tab) -> Any:
    with tab.page.expect_popup(timeout=10_000) as popup_info:
        tab.page.click("#eg-open")
    popup = popup_info.value
    popup.wait_for_load_state(timeout=10_000)
    return popup


def test_2026_open_click_waits_for_finished(tab: Tab) -> None:
    tab.show(DESTINATION, revision=NEW)
    assert tab.page.evaluate("window.elicitation.request.revision") == NEW
    assert tab.page.is_hidden("#eg-finished")
    popup = open_in_a_popup(tab)
    assert popup.url == DESTINATION and tab.requests == [DESTINATION]
    tab.page.wait_for_selector("#eg-finished", state="visible", timeout=5000)
    assert tab.events() == [] and tab.result() is None  # opened, still asking
    assert tab.text("#eg-status") == WAITING
    assert tab.page.is_hidden("#eg-open") and tab.page.is_hidden("#eg-decline")
    assert tab.page.get_attribute("#eg-open", "href") is None
    assert tab.page.is_visible("#eg-cancel")
    assert tab.page.evaluate("document.activeElement.id") == "eg-asks"
    tab.page.keyboard.press("Enter")  # the focus is on the question: nothing happens
    assert tab.page.evaluate("window.elicitation.complete()") is False  # none comes
    assert tab.events() == [] and "will say" not in tab.page.inner_text("body")
    tab.page.click("#eg-finished")
    assert tab.delivered() == {"action": "accept"}
    assert tab.text("#eg-done") == "Acme will now check that the step is done."
    tab.page.wait_for_selector("#eg-actions", state="hidden", timeout=5000)
    assert len(tab.context.pages) == 2 and len(tab.requests) == 1


@pytest.mark.parametrize("how", ["escape", "cancel"])
def test_2026_cancel_after_open(tab: Tab, how: str) -> None:
    tab.show(DESTINATION, revision=NEW)
    open_in_a_popup(tab)
    tab.page.wait_for_selector("#eg-finished", state="visible", timeout=5000)
    tab.page.bring_to_front()
    if how == "escape":
        tab.page.keyboard.press("Escape")
    else:
        tab.page.click("#eg-cancel")
    assert tab.delivered() == {"action": "cancel"}
    assert tab.text("#eg-done") == "You cancelled this request."


def test_2026_script_cannot_say_finished(tab: Tab) -> None:
    tab.show(DESTINATION, revision=NEW)
    fake = "document.getElementById('eg-finished').dispatchEvent(new MouseEvent('click'))"
    tab.page.evaluate(fake)  # before Open
    open_in_a_popup(tab)
    tab.page.wait_for_selector("#eg-finished", state="visible", timeout=5000)
    tab.page.evaluate(fake)  # after Open: still not the user's click
    tab.page.evaluate("document.getElementById('eg-finished').click()")
    assert tab.events() == []


@pytest.mark.parametrize("revision", ["2025-11-25", "2025-06-18"])
def test_2025_revisions_accept_at_the_click(tab: Tab, revision: str) -> None:
    tab.show(DESTINATION, revision=revision)
    open_in_a_popup(tab)
    assert tab.delivered() == {"action": "accept"}
    assert tab.text("#eg-done") == (
        "Continue in your browser. Acme will say when this step is complete."
    )
    assert tab.page.is_hidden("#eg-finished")


@pytest.mark.parametrize("revision", [*consent_args.NOTIFIED_REVISIONS, NEW, "2099-01-01", "x"])
def test_which_revisions_wait_is_pythons(tab: Tab, revision: str) -> None:
    """The page decides as consent_args.finished_by_user does (its NOTIFIED_REVISIONS are
    generated from Python's). A middle click opens the link too; the test keeps the tab from
    opening, as in test_middle_click_accepts_too."""
    tab.show(DESTINATION, revision=revision)
    tab.page.evaluate("window.addEventListener('auxclick', (e) => e.preventDefault(), true)")
    tab.page.click("#eg-open", button="middle")
    if consent_args.finished_by_user(revision):
        tab.page.wait_for_selector("#eg-finished", state="visible", timeout=5000)
        assert tab.events() == []
    else:
        assert tab.delivered() == {"action": "accept"}
        assert tab.page.is_hidden("#eg-finished")


@pytest.mark.parametrize("url", REFUSED)
def test_refused_url_has_no_open_action(tab: Tab, url: str) -> None:
    tab.show(url)
    assert tab.page.query_selector("#eg-open") is None
    assert tab.page.query_selector("a[href]") is None
    expected = urlcheck.check_url(url).refusal
    assert expected and tab.text("#eg-refusal") == "This link cannot be opened. " + expected
    assert tab.page.is_visible("#eg-refusal") and tab.text("#eg-url") == url
    domain = urlcheck.check_url(url).domain  # http://example.com/ has one, the others none
    assert tab.text("#eg-dest-label") == ("The page is on" if domain else "The address")
    assert tab.page.is_visible("#eg-domain") == bool(domain) and tab.text("#eg-domain") == domain
    assert tab.page.evaluate("window.elicitation.complete()") is False
    button = "#eg-decline" if url != REFUSED[-1] else "#eg-cancel"
    tab.page.click(button)
    assert tab.delivered() == {"action": "decline" if button == "#eg-decline" else "cancel"}
    assert len(tab.context.pages) == 1 and tab.requests == []


@pytest.mark.parametrize("url", ["https://xn--80ak6aa92e.com/", "https://аpple.com/"])
def test_look_alikes_are_warned_about(tab: Tab, url: str) -> None:
    tab.show(url)
    warnings = tab.page.eval_on_selector_all(
        "#eg-warnings li", "(l) => l.map((e) => e.textContent)"
    )
    expected = list(urlcheck.check_url(url).warnings)
    assert expected and warnings == ["Warning: " + w for w in expected]
    assert any("xn--" in w for w in warnings)  # the ASCII form is shown too
    check = urlcheck.check_url(url)  # mixing scripts: headlined as what it is (test_look_alike_...)
    assert tab.text("#eg-domain") == (check.ascii_domain if check.lookalike else check.domain)
    assert tab.page.is_visible("#eg-open")


LOOK_ALIKE = "https://login.g\u0456thub.com/settings"  # a Cyrillic і in "github"

#: The page's layout, read in the browser: what is above what, and how Open is styled.
_LAYOUT = """() => {
  const box = (id) => document.getElementById(id).getBoundingClientRect();
  const style = (id) => getComputedStyle(document.getElementById(id));
  const open = document.getElementById("eg-open");
  return {
    warningsBottom: box("eg-warnings").bottom, domainTop: box("eg-domain").top,
    readableTop: box("eg-domain-readable").top, urlTop: box("eg-url").top,
    warningsFirst: Boolean(document.getElementById("eg-warnings").compareDocumentPosition(
      document.getElementById("eg-dest")) & Node.DOCUMENT_POSITION_FOLLOWING),
    primary: open.classList.contains("primary"),
    openLook: [style("eg-open").backgroundColor, style("eg-open").color],
    declineLook: [style("eg-decline").backgroundColor, style("eg-decline").color],
    focused: document.activeElement === open,
  };
}"""


def test_look_alike_is_headlined_as_what_it_is_after_the_warnings(tab: Tab) -> None:
    """Issue 24, defect 9: the headline of "login.gіthub.com" is its xn-- form, the warnings
    come above it, and Open is not the primary-styled button."""
    check = urlcheck.check_url(LOOK_ALIKE)
    assert check.lookalike and check.ascii_domain == "xn--gthub-n2e.com"
    tab.show(LOOK_ALIKE)
    assert tab.text("#eg-domain") == "xn--gthub-n2e.com"
    assert tab.page.is_visible("#eg-domain-readable")
    assert tab.text("#eg-domain-readable") == "Written in the link as: g\u0456thub.com"
    assert tab.text("#eg-url") == check.href
    layout = tab.page.evaluate(_LAYOUT)
    assert layout["warningsFirst"] and layout["warningsBottom"] <= layout["domainTop"]
    assert layout["domainTop"] < layout["readableTop"] < layout["urlTop"]
    assert not layout["primary"] and layout["openLook"] == layout["declineLook"]
    assert not layout["focused"]
    tab.page.keyboard.press("Enter")
    assert tab.events() == [] and tab.requests == []
    with tab.page.expect_popup(timeout=10_000) as popup_info:
        tab.page.click("#eg-open")
    popup_info.value.wait_for_load_state(timeout=10_000)
    assert tab.requests == [check.href] and tab.delivered() == {"action": "accept"}


def test_a_name_that_is_no_look_alike_keeps_its_readable_headline(tab: Tab) -> None:
    url = "https://m\u00fcnchen.de/"
    assert not urlcheck.check_url(url).lookalike
    tab.show(url)
    assert tab.text("#eg-domain") == "m\u00fcnchen.de"
    assert tab.page.is_hidden("#eg-domain-readable")
    layout = tab.page.evaluate(_LAYOUT)
    # Open is never the emphasised action, as in every consent screen (consent_flow.py); it
    # was for any name that is no look-alike, a public suffix headlined as the site included.
    assert not layout["warningsFirst"] and not layout["primary"]
    assert layout["openLook"] == layout["declineLook"]


#: A megabyte: what a hostile server may send as its name, the id or the message.
MEGABYTE = 1_000_000


def test_a_megabyte_of_server_text_is_clipped_before_the_page_shows_it(tab: Tab) -> None:
    """Issue 24, defect 5: a megabyte of server name and of message is clipped (the message to
    the forms' 10,000 characters) before the page shows it; the page stays responsive."""
    huge = "W" * (MEGABYTE - 1) + "\U0001f600"  # the last character: two UTF-16 code units
    took = tab.page.evaluate(
        """(r) => { const t = performance.now(); window.elicitation.showUrl(r);
                    document.body.getBoundingClientRect(); return performance.now() - t; }""",
        {"url": DESTINATION, "message": huge, "server": huge, "elicitationId": huge},
    )
    assert took < 5000, f"{took:.0f} ms"
    server = tab.text("#eg-asks-server")
    assert server == "W" * 119 + "\u2026" == tab.text("#eg-server")
    assert tab.text("#eg-message") == "W" * 9999 + "\u2026"
    assert tab.page.evaluate("window.elicitation.setServer('\U0001f600'.repeat(130))") is None
    assert tab.text("#eg-server") == "\U0001f600" * 119 + "\u2026"  # code points, as Python


def test_a_megabyte_url_is_refused_and_shown_cut(tab: Tab) -> None:
    url = "https://example.com/" + "a" * MEGABYTE
    tab.show(url)
    assert tab.page.query_selector("#eg-open") is None
    assert tab.text("#eg-url") == url[: urlcheck.MAX_URL_LENGTH] + "\u2026"


def test_enter_right_after_showing_does_not_open_and_escape_cancels(tab: Tab) -> None:
    tab.show(DESTINATION)
    assert tab.page.evaluate("document.activeElement.id") == "eg-asks"
    tab.page.keyboard.press("Enter")
    tab.page.keyboard.press("Space")
    tab.page.evaluate("() => new Promise((r) => setTimeout(r, 50))")  # let any popup start
    assert tab.events() == [] and len(tab.context.pages) == 1 and tab.requests == []
    tab.page.keyboard.press("Escape")
    assert tab.delivered() == {"action": "cancel"}
    assert tab.text("#eg-done") == "You cancelled this request."
    assert len(tab.context.pages) == 1 and tab.requests == []


def test_script_cannot_fake_the_click(tab: Tab) -> None:
    tab.show(DESTINATION)
    tab.page.evaluate("document.getElementById('eg-open').dispatchEvent(new MouseEvent('click'))")
    assert tab.events() == []


def test_hostile_text_is_shown_escaped(tab: Tab) -> None:
    tab.show("https://example.com/", message=HOSTILE_MESSAGE, server=HOSTILE_SERVER)
    assert tab.text("#eg-message") == safe_block(HOSTILE_MESSAGE)
    assert tab.text("#eg-server") == safe_text(HOSTILE_SERVER)
    assert tab.text("#eg-asks") == safe_text(HOSTILE_SERVER) + " asks you to open a web page"
    assert tab.page.query_selector("#eg-message b, #eg-asks i, #eg-server i") is None
    assert "\x1b" not in tab.text("body") and "\u202e" not in tab.text("body")


def test_one_request_per_page(tab: Tab) -> None:
    tab.show(DESTINATION)
    error = tab.page.evaluate(
        "() => { try { window.elicitation.showUrl({url: 'https://evil.example/'}); }"
        " catch (e) { return e.message; } return null; }"
    )
    assert error == "elicitation: this page already shows a request"
    assert tab.page.get_attribute("#eg-open", "href") == DESTINATION


def test_middle_click_accepts_too(tab: Tab) -> None:
    # A middle click opens the link in a new tab, so it is consent too. The test keeps the tab
    # from opening (a background tab's first request can escape the context's route).
    tab.show(DESTINATION)
    tab.page.evaluate("window.addEventListener('auxclick', (e) => e.preventDefault(), true)")
    tab.page.click("#eg-open", button="middle")
    assert tab.delivered() == {"action": "accept"}
    assert len(tab.context.pages) == 1 and tab.requests == []


def test_scripts_never_build_markup_or_code() -> None:
    for name in ("i18n.js", "urlcheck_data.js", "urlcheck.js", "url_consent.js"):
        script = (ASSETS / name).read_text(encoding="utf-8")
        for forbidden in (
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "eval(",
            "Function(",
            'setTimeout("',
            "srcdoc",
            "createContextualFragment",
            "window.open",
            "location.href",
            "location.assign",
            "location.replace",
            "fetch(",
        ):
            assert forbidden not in script, (name, forbidden)
    css = (ASSETS / "url_consent.css").read_text(encoding="utf-8")
    assert "url(" not in css and "@import" not in css


def test_page_has_no_request_data_and_one_block_script(page_file: Path) -> None:
    text = page_file.read_text(encoding="utf-8")
    # one script, and one data block with only the page's words (none in English)
    assert text.count("<script>") == 1 and "const URLCHECK_DATA" in text
    assert text.count('<script type="application/json" id="eg-data">') == 1
    start = text.index('id="eg-data">') + len('id="eg-data">')
    data = json.loads(text[start : text.index("</script>", start)])
    assert data == {"locale": "en", "messages": {}, "plural": {"one": 0, "other": 1}}
    assert "default-src 'none'" in text and "href=" not in text


# --- accessibility ----------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("url", ["https://аpple.com/", "file:///etc/passwd", DESTINATION])
def test_no_axe_violations(browser: Any, page_file: Path, scheme: str, url: str) -> None:
    if not AXE.exists():
        pytest.skip("axe-core is not installed: run `npm ci` at the repository root")
    tab = Tab(browser, page_file, bypass_csp=True, color_scheme=scheme)
    try:
        tab.page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        run = "async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
        found = tab.page.evaluate(run)
        assert found == [], found
        tab.show(url, message="Please sign in.\nThen come back.", server="Acme Tools")
        assert tab.page.evaluate(run) == []
        tab.page.keyboard.press("Escape")
        assert tab.page.evaluate(run) == []
    finally:
        tab.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_axe_violations_while_waiting_for_finished(
    browser: Any, page_file: Path, scheme: str
) -> None:
    if not AXE.exists():
        pytest.skip("axe-core is not installed: run `npm ci` at the repository root")
    tab = Tab(browser, page_file, bypass_csp=True, color_scheme=scheme)
    try:
        tab.page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        run = "async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
        tab.show(DESTINATION, server="Acme Tools", revision=NEW)
        open_in_a_popup(tab)
        tab.page.wait_for_selector("#eg-finished", state="visible", timeout=5000)
        assert tab.page.evaluate(run) == []
    finally:
        tab.close()


# --- the command line against the golden (tests/targets/test_golden.py checks the golden) --------


def test_cli_writes_the_page(tmp_path: Path, run_cli: CliRun) -> None:
    out = tmp_path / "out"
    done = run_cli("--url-consent", "--target", "html", "-o", f"{out}/")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["url_consent.html"]
    assert (out / "url_consent.html").read_text(encoding="utf-8") == golden_text(GOLDEN)


if __name__ == "__main__":
    DATA_JS.write_text(urlcheck_data_js(), encoding="utf-8")
    print(f"wrote {DATA_JS}")
