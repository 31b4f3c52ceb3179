"""``<elicitation-url-consent>`` headlines the registrable domain the real Public Suffix List
gives (issue 40, defect 1), on hosts drawn from every kind of rule: the element's own check (the
shipped module's copy of urlcheck.js and its table) shows what Python's check_url says."""

from __future__ import annotations

from elicit_gen.runtime.core import urlcheck
from elicit_gen.runtime.core.safetext import safe_text

from ...support.public_suffix import ISSUE_HOSTS, expected_headline, sample_hosts
from .conftest import Host

#: Shows each URL in a new element and reads back its headline and warnings.
SHOW_EACH = """async (urls) => {
    const seen = [];
    for (const url of urls) {
        document.getElementById("subject")?.remove();
        const element = document.createElement("elicitation-url-consent");
        element.id = "subject";
        element.url = url;
        document.getElementById("host").append(element);
        await null; // the element draws in a microtask after it is connected
        const root = element.shadowRoot;
        seen.push([
            root.getElementById("eg-domain").textContent,
            [...root.querySelectorAll(".warning")].map((w) => w.textContent),
        ]);
    }
    return seen;
}"""


def test_every_sampled_host_is_headlined_as_the_list_says(host: Host) -> None:
    hosts = [*sample_hosts()]
    urls = [f"https://{found.host}/" for found in hosts]
    seen = host.page.evaluate(SHOW_EACH, urls)
    for found, url, (headline, warnings) in zip(hosts, urls, seen, strict=True):
        check = urlcheck.check_url(url)
        assert check.openable, url
        assert headline == safe_text(check.headline), url
        assert check.domain == expected_headline(found), url
        assert warnings == [f"Warning: {w}" for w in check.warnings], url
    host.clean()


def test_the_issues_hosts_are_headlined_by_their_owner(host: Host) -> None:
    urls = [f"https://{name}/" for name in ISSUE_HOSTS]
    seen = host.page.evaluate(SHOW_EACH, urls)
    assert [headline for headline, _ in seen] == list(ISSUE_HOSTS.values())
    assert all(warnings == [] for _, warnings in seen)
