"""The html target in Chinese (issue 18): a zh-CN page and the zh-CN URL consent page say nothing
in English but the schema's own text (the English chrome check, tests/support/chrome.py), in
every state a user sees (as loaded, with errors shown, with the discard question open, after
the answer went); plural messages take the language's form in the browser (Intl.PluralRules);
CJK labels, descriptions and options wrap instead of overflowing, at 320 and 1280 px."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.i18n import translation
from elicit_gen.records import replace
from elicit_gen.runtime.core.formcore import validate_content
from elicit_gen.targets.html import language_data

from ...support.cases import forms
from ...support.chrome import english_chrome
from ...support.html import RECORDER, TIME_ZONE, FormPage, formcore_language, write_page

pytestmark = pytest.mark.browser

#: What the page writes that a user reads or hears: the visible text and the text of the
#: attributes assistive technology reads (and the window title).
SHOWN_TEXT = """() => {
  const parts = [document.title, document.body.innerText];
  for (const element of document.querySelectorAll("*")) {
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const value = element.getAttribute(name);
      if (value) parts.push(value);
    }
  }
  for (const option of document.querySelectorAll("option")) parts.push(option.textContent);
  return parts.join("\\n");
}"""

#: A zh-CN form with the controls the travel case has not: a date-time (its time-zone hint), an
#: address, an optional select (its empty choice) and a multi-select with an exact count.
MORE_KINDS = {
    "message": "请填写会议信息",
    "requestedSchema": {
        "type": "object",
        "properties": {
            "start": {"type": "string", "title": "开始时间", "format": "date-time"},
            "site": {"type": "string", "title": "会议网址", "format": "uri"},
            "room": {"type": "string", "title": "会议室", "enum": ["一号", "二号"]},
            "topics": {
                "type": "array",
                "title": "议题",
                "items": {"type": "string", "enum": ["预算", "人事", "计划"]},
                "minItems": 2,
                "maxItems": 2,
            },
            "code": {"type": "string", "title": "代码", "minLength": 1, "maxLength": 1},
        },
        "required": ["start", "site", "topics"],
    },
}


def zh(schema: dict[str, Any], name: str) -> ir.Form:
    result = elicit_gen.compile(schema, [], name=name)
    assert result.ok, [d.to_text() for d in result.diagnostics]
    return replace(result.forms[0], locale="zh-CN")


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    context = browser.new_context(locale="zh-CN", timezone_id=TIME_ZONE)
    context.add_init_script(RECORDER)
    yield context
    context.close()


def open_form(context: Any, form: ir.Form, directory: Path) -> FormPage:
    page = context.new_page()
    url = write_page(form, directory).as_uri()
    page.goto(url)
    return FormPage(page, form, url)


def shown(page: Any) -> str:
    return str(page.evaluate(SHOWN_TEXT))


def assert_chinese(page: Any, when: str) -> str:
    text = shown(page)
    assert english_chrome(text) == [], (when, english_chrome(text), text)
    assert page.evaluate("window.__egLog.errors") == [], when
    return text


def field(form: ir.Form, name: str) -> ir.Field:
    return next(f for f in form.fields if f.name == name)


def test_travel_form_in_chinese_has_no_english_chrome(context: Any, tmp_path: Path) -> None:
    form = forms("travel_booking_zh")[0]
    assert form.locale == "zh-CN"
    tab = open_form(context, form, tmp_path)
    page = tab.page
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    first = assert_chinese(page, "as loaded")
    assert "提交" in first and "必填" in first
    # Wrong answers everywhere: too short, no address, too many, out of range, none chosen.
    tab.fill(field(form, "fullName"), "王")
    tab.fill(field(form, "email"), "wang.example.com")
    tab.fill(field(form, "departureDate"), "")
    tab.fill(field(form, "travellers"), 12)
    tab.fill(field(form, "budget"), 10)
    tab.submit()
    errors = page.evaluate(
        "[...document.querySelectorAll('.error')].map((e) => e.textContent).filter(Boolean)"
    )
    assert len(errors) >= 5, errors
    after = assert_chinese(page, "errors shown")
    assert "有 1 个字符" in after, after
    status = page.text_content("#eg-status") or ""
    assert status and "个" in status, status
    extras = field(form, "extras")
    tab.fill(extras, [o.value for o in extras.options])  # four, at most three
    tab.submit()
    assert_chinese(page, "too many chosen")
    page.keyboard.press("Escape")
    assert page.evaluate("document.getElementById('eg-confirm').open")
    assert_chinese(page, "discard question")
    page.click("#eg-discard")
    assert tab.delivered() == {"action": "cancel"}
    assert "取消" in assert_chinese(page, "cancelled")


def test_more_kinds_in_chinese(context: Any, tmp_path: Path) -> None:
    form = zh(MORE_KINDS, "more.json")
    tab = open_form(context, form, tmp_path)
    page = tab.page
    text = assert_chinese(page, "as loaded")
    assert "UTC+0" in text and "不回答" in text, text
    page.fill('[id="f-site"]', "example.com/page")
    page.fill('[id="f-code"]', "ab")
    page.check('[id="f-topics_0"]')
    page.fill('[id="f-start"]', "2026-03-29T02:30")  # the hour Berlin's clocks skip
    tab.submit()
    assert_chinese(page, "errors shown")
    page.click("#eg-decline")
    assert "拒绝" in assert_chinese(page, "declined")


#: Answers formcore refuses, one message each: every error the page words as formcore does.
PROBES = {
    "travel": [
        {"fullName": "王"},
        {"fullName": "王" * 41},
        {"fullName": ""},
        {"email": "wang@"},
        {"departureDate": "2026-02-30"},
        {"departureDate": "2026-13-01"},
        {"departureDate": "0000-01-01"},
        {"departureDate": "2026/07/01"},
        {"travellers": 0},
        {"travellers": 1.5},
        {"travellers": "2"},
        {"budget": 900},
        {"budget": 10},
        {"extras": []},
        {"extras": ["breakfast", "transfer", "insurance", "late-checkout"]},
        {"extras": ["spa"]},
        {"extras": "breakfast"},
        {"seatPreference": "front"},
        {"confirmBooking": "yes"},
        {"notes": None},
        {"notes": 5},
    ],
    "more": [
        {"start": "2026-01-01T25:00:00Z"},
        {"start": "2026-01-01T10:00:60Z"},
        {"start": "2026-01-01T10:00:00+24:00"},
        {"start": "2026-02-29T10:00:00Z"},
        {"start": "tomorrow"},
        {"site": "a b"},
        {"topics": ["预算"]},
        {"topics": ["预算", "人事", "计划"]},
        {"code": ""},
        {"code": "ab"},
    ],
}


@pytest.mark.parametrize("which", sorted(PROBES))
def test_errors_are_formcores_in_chinese(context: Any, tmp_path: Path, which: str) -> None:
    form = forms("travel_booking_zh")[0] if which == "travel" else zh(MORE_KINDS, "more.json")
    page = open_form(context, form, tmp_path).page
    for content in PROBES[which]:
        got = page.evaluate("(c) => window.elicitation.validate(c)", content)
        with formcore_language("zh-CN"):
            expected = validate_content(form.schema, content)
        got = {k: v for k, v in got.items() if k in content}
        expected = {k: v for k, v in expected.items() if k in content}
        assert got == expected and expected, content
        assert english_chrome(" ".join(got.values())) == [], got


def consent_page(context: Any, directory: Path) -> Any:
    (generated,) = elicit_gen.compile_url_consent("html", locale="zh-CN")
    path = directory / generated.name
    path.write_text(generated.text, encoding="utf-8")
    page = context.new_page()
    page.goto(path.as_uri())
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    return page


def show(page: Any, url: str, revision: str | None = None) -> None:
    request = {
        "url": url,
        "message": "请登录以完成授权。",
        "server": "示例旅行",
        "elicitationId": "1",
    }
    if revision is not None:
        request["revision"] = revision
    page.evaluate("(r) => { window.elicitation.showUrl(r); }", request)


@pytest.mark.parametrize(
    "url",
    [
        "https://例子.测试:8443/登录",  # warnings: an international name, an unusual port
        "http://localhost:3000/callback",  # a page on this computer
        "https://203.0.113.7/",  # an IP address
        "javascript:alert(1)",  # refused
        "http://example.com/",  # refused: plain http
        "",  # no address at all
    ],
)
def test_url_consent_page_in_chinese_has_no_english_chrome(
    context: Any, tmp_path: Path, url: str
) -> None:
    page = consent_page(context, tmp_path)
    assert_chinese(page, "waiting")
    show(page, url)
    text = assert_chinese(page, "shown")
    assert "示例旅行" in text
    page.click("#eg-decline")
    assert "拒绝" in assert_chinese(page, "declined")


#: A URL for every refusal and warning the consent page can give.
CONSENT_URLS = [
    "https://аpple.com/",  # a Cyrillic "а" among Latin letters
    "https://例子.测试:8443/登录",
    "http://localhost:3000/callback",
    "https://203.0.113.7/",
    "javascript:alert(1)",
    "http://example.com/",
    "",
    "https://user@example.com/",
    "https://exa mple.com/",
    "https://example.com:99999/",
    "https://faß.de/",
    "https://[::1/",
    "example.com/page",
    "https:example.com",
    "https://example.com/" + "a" * 9000,
]


def test_consent_sentences_are_urlchecks_in_chinese(context: Any, tmp_path: Path) -> None:
    """The page's port words every refusal and warning as urlcheck.py does in zh-CN."""
    from elicit_gen.runtime.core import urlcheck

    page = consent_page(context, tmp_path)
    verdicts = page.evaluate(
        "(urls) => urls.map((u) => window.elicitation.checkUrl(u))", CONSENT_URLS
    )
    with formcore_language("zh-CN"):
        expected = [urlcheck.check_url(url) for url in CONSENT_URLS]
    for url, got, want in zip(CONSENT_URLS, verdicts, expected, strict=True):
        assert (got["refusal"], got["warnings"]) == (want.refusal, list(want.warnings)), url[:80]
        said = " ".join([got["refusal"] or "", *got["warnings"]])
        assert said and english_chrome(said) == [], said
    assert any("西里尔" in " ".join(v["warnings"]) for v in verdicts), verdicts[0]


def test_url_consent_page_in_chinese_after_opening(context: Any, tmp_path: Path) -> None:
    context.route(lambda url: not url.startswith("file:"), lambda route: route.abort())
    page = consent_page(context, tmp_path)
    show(page, "https://auth.example.com/device")
    page.evaluate("window.addEventListener('click', (e) => e.preventDefault())")
    page.click("#eg-open")
    text = assert_chinese(page, "opened")
    assert "示例旅行" in text
    assert page.evaluate("window.elicitation.complete()")
    assert_chinese(page, "completed")


def test_url_consent_page_in_chinese_after_opening_in_2026(context: Any, tmp_path: Path) -> None:
    context.route(lambda url: not url.startswith("file:"), lambda route: route.abort())
    page = consent_page(context, tmp_path)
    show(page, "https://auth.example.com/device", revision="2026-07-28")
    page.evaluate("window.addEventListener('click', (e) => e.preventDefault())")
    page.click("#eg-open")
    page.wait_for_selector("#eg-finished", state="visible", timeout=5000)
    text = assert_chinese(page, "waiting for finished")
    assert "请在新标签页中继续，完成后回到这里选择「我已完成」。" in text and "我已完成" in text
    page.click("#eg-finished")
    text = assert_chinese(page, "finished")
    assert "示例旅行 现在会检查此步骤是否已完成。" in text


# --- plurals ----------------------------------------------------------------------------------

PLURAL = {
    "type": "object",
    "properties": {"code": {"type": "string", "title": "Code", "minLength": 3, "maxLength": 5}},
}


@pytest.mark.parametrize(
    ("locale", "one", "two"),
    [
        ("en", "Has 1 character, but at least 3 are needed.", "Has 2 characters"),
        ("zh-CN", "有 1 个字符", "有 2 个字符"),
    ],
)
def test_plural_forms_in_the_browser(
    context: Any, tmp_path: Path, locale: str, one: str, two: str
) -> None:
    result = elicit_gen.compile(PLURAL, [], name="plural.json")
    form = replace(result.forms[0], locale=locale)
    tab = open_form(context, form, tmp_path)
    page = tab.page
    assert page.evaluate("document.documentElement.lang") == locale
    page.fill('[id="f-code"]', "a")
    tab.submit()
    assert one in tab.error_text(form.fields[0])
    assert (page.text_content("#eg-status") or "") != ""
    page.fill('[id="f-code"]', "ab")
    assert two in tab.error_text(form.fields[0])
    if locale == "en":
        assert tab.error_text(form.fields[0]) == "Has 2 characters, but at least 3 are needed."
        assert page.text_content("#eg-status") == "Please correct the highlighted field."
    else:
        assert english_chrome(tab.error_text(form.fields[0])) == []


def test_english_page_carries_no_messages_and_chinese_only_its_own() -> None:
    english = forms("travel_booking")[0]
    chinese = forms("travel_booking_zh")[0]
    for form, messages in ((english, False), (chinese, True)):
        text = elicit_gen.compile_forms([form], ["html"])[0].text
        start = text.index('id="eg-data">') + len('id="eg-data">')
        data = json.loads(text[start : text.index("</script>", start)])
        assert data["locale"] == form.locale
        assert bool(data["messages"]) is messages
        assert "other" in data["plural"]
    # Only the script's messages travel: none of the compile-time hints or the templates'.
    data = language_data(translation("zh-CN"), '_t("Submit")')
    assert data["messages"] == {"Submit": "提交"}
    assert data["plural"] == {"other": 0}


# --- CJK text wraps ---------------------------------------------------------------------------

LONG = "这是一段很长的中文说明文字，用来检查页面在窄屏和宽屏上是否能够正确换行而不会溢出容器。" * 3
WRAPPING = {
    "message": LONG,
    "requestedSchema": {
        "type": "object",
        "title": "超长标题" * 20,
        "description": LONG,
        "properties": {
            "a": {"type": "string", "title": "非常长的字段标签" * 12, "description": LONG},
            "b": {
                "type": "string",
                "title": "单选",
                "oneOf": [{"const": "x", "title": "选项" * 40}, {"const": "y", "title": "短"}],
            },
            "c": {
                "type": "array",
                "title": "多选" * 30,
                "items": {
                    "anyOf": [{"const": f"{i}", "title": "很长的选项" * 15} for i in range(8)]
                },
                "minItems": 1,
                "maxItems": 7,
            },
            "d": {"type": "boolean", "title": "同意" * 50, "description": LONG},
            "e": {
                "type": "string",
                "title": "网址",
                "format": "uri",
                "minLength": 10,
                "maxLength": 400,
            },
        },
        "required": ["a", "c", "e"],
    },
}

#: Elements wider than they may be: the page scrolls sideways, or a label's text overflows it.
OVERFLOW = """() => {
  const root = document.documentElement;
  const wide = [];
  if (root.scrollWidth > root.clientWidth) wide.push(`page ${root.scrollWidth}`);
  const selector = "label, legend, .label-text, .desc, .hint, .error, .title, .message, .lede, " +
    "option, .choice, .status, .btn, .confirm-title, .confirm-text, h1, p";
  for (const element of document.querySelectorAll(selector)) {
    if (element.closest(".vh")) continue; // visually hidden: one pixel wide on purpose
    if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1) {
      wide.push(`${element.tagName}.${element.className} ${element.scrollWidth}`);
    }
    const box = element.getBoundingClientRect();
    const outside = box.width > 0 && box.right > root.clientWidth + 1;
    if (outside) wide.push(`${element.tagName}.${element.className} right ${box.right}`);
  }
  return wide;
}"""


@pytest.mark.parametrize("width", [320, 1280])
def test_cjk_text_wraps_without_overflow(browser: Any, tmp_path: Path, width: int) -> None:
    form = zh(WRAPPING, "wrapping.json")
    context = browser.new_context(
        locale="zh-CN", timezone_id=TIME_ZONE, viewport={"width": width, "height": 800}
    )
    try:
        page = context.new_page()
        page.goto(write_page(form, tmp_path).as_uri())
        assert page.evaluate(OVERFLOW) == []
        page.fill('[id="f-e"]', "https://例子.测试/" + "很长的路径" * 20 + "x" * 200 + "/页")
        page.click("#eg-accept")  # errors shown, the status line too
        assert page.text_content("#eg-status")
        assert page.evaluate(OVERFLOW) == []
        page.fill('[id="f-a"]', "改了")
        page.keyboard.press("Escape")
        assert page.evaluate("document.getElementById('eg-confirm').open")
        assert page.evaluate(OVERFLOW) == []
        # Glyphs of the labels are laid out on several lines, not cut off.
        lines = page.evaluate(
            "(() => { const e = document.querySelector('#f-a').labels[0];"
            " return Math.round(e.getBoundingClientRect().height /"
            " parseFloat(getComputedStyle(e).lineHeight)); })()"
        )
        assert lines >= 2
    finally:
        context.close()


# --- accessibility ----------------------------------------------------------------------------


def test_chinese_consent_page_passes_axe(browser: Any, tmp_path: Path) -> None:
    """axe-core on the zh-CN URL consent page (lang="zh-CN"), waiting and with a request shown;
    the zh-CN forms are in tests/targets/html/test_axe.py (every golden case)."""
    from ...support.html import AXE, violations

    if not AXE.exists():
        pytest.skip("axe-core is not installed: run `npm ci` at the repository root")
    context = browser.new_context(bypass_csp=True, locale="zh-CN")
    try:
        page = consent_page(context, tmp_path)
        source = AXE.read_text(encoding="utf-8")
        assert violations(page, source) == []
        show(page, "https://例子.测试:8443/登录")
        assert violations(page, source) == []
    finally:
        context.close()
