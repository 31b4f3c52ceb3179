"""The HTML consent page names the site by the real Public Suffix List (issue 40, defect 1):
its checkUrl (urlcheck.js, over the same generated table as Python) gives Python's domain,
headline and warnings on hosts drawn from every kind of rule, and the page headlines the
registrable domain the list gives, never the public suffix above it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from elicit_gen.api import compile_url_consent
from elicit_gen.runtime.core import urlcheck

from ...support.public_suffix import ISSUE_HOSTS, expected_headline, sample_hosts


@pytest.fixture(scope="module")
def page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    (generated,) = compile_url_consent("html")
    path: Path = tmp_path_factory.mktemp("url-consent") / generated.name
    path.write_text(generated.text, encoding="utf-8")
    context = browser.new_context(locale="en-US")
    context.route(lambda url: not url.startswith("file:"), lambda route: route.abort())
    found = context.new_page()
    errors: list[str] = []
    found.on("pageerror", lambda error: errors.append(str(error)))
    found.goto(path.as_uri())
    yield found
    context.close()
    assert errors == []


def test_checkurl_names_the_lists_registrable_domain(page: Any) -> None:
    hosts = sample_hosts()
    urls = [f"https://{host.host}/path" for host in hosts]
    verdicts = page.evaluate(
        "(urls) => urls.map((u) => { const c = window.elicitation.checkUrl(u);"
        " return [c.domain, c.asciiDomain, c.lookalike, c.warnings, c.refusal]; })",
        urls,
    )
    for host, url, verdict in zip(hosts, urls, verdicts, strict=True):
        check = urlcheck.check_url(url)
        expected = [check.domain, check.ascii_domain, check.lookalike, list(check.warnings)]
        assert verdict == [*expected, check.refusal], url
        if check.openable:
            assert verdict[0] == expected_headline(host), url


@pytest.mark.parametrize(("host", "domain"), ISSUE_HOSTS.items())
def test_the_page_headlines_the_owners_domain(page: Any, host: str, domain: str) -> None:
    request = {"url": f"https://{host}/", "message": "Sign in.", "server": "Acme"}
    page.reload()  # a page shows one request
    page.evaluate("(r) => { window.elicitation.showUrl(r); }", request)
    assert page.text_content("#eg-domain") == domain
