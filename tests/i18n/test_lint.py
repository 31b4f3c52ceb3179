"""Lint messages stay English, but a schema written in Chinese gets EG170 secret-field right: the
common Chinese names of secrets are found, and Chinese text that only looks like a secret, or
says not to give one, is not flagged (issue 18)."""

from __future__ import annotations

import json

import pytest

from elicit_gen import lint
from elicit_gen.compiler.rules._shared import secret_kind

from ..support.cases import CASES_DIR


def _codes(title: str, *, description: str | None = None, kind: str = "string") -> list[str]:
    prop: dict[str, object] = {"type": kind, "title": title}
    if description is not None:
        prop["description"] = description
    schema = {"type": "object", "properties": {"answer": prop}}
    return [d.code for d in lint(json.dumps(schema, ensure_ascii=False)).diagnostics]


@pytest.mark.parametrize(
    ("title", "what"),
    [
        ("登录密码", "a password"),
        ("支付密码", "a password"),
        ("请输入口令", "a password"),
        ("API 密钥", "a secret key"),
        ("SSH 私钥", "a private key"),
        ("访问令牌", "an access token"),
        ("银行卡号", "a card number"),
        ("信用卡信息", "payment card details"),
        ("安全码（CVV）", "a card security code"),
    ],
)
def test_chinese_names_of_secrets_are_found(title: str, what: str) -> None:
    assert secret_kind(title) == what
    assert "EG170" in _codes(title)
    assert "EG170" in _codes("答案", description=f"请填写您的{title}")


@pytest.mark.parametrize(
    "text",
    [
        "旅客姓名",
        "座位偏好",
        "密码学课程名称",  # cryptography
        "最大令牌数",  # a token count
        "令牌上限",
        "无需密码，直接提交",  # says no password is needed
        "我们绝不会索要您的口令",
        "拼音 pin yin",
        "pinYin",
    ],
)
def test_chinese_text_that_only_looks_like_a_secret_is_not_flagged(text: str) -> None:
    assert secret_kind(text) is None
    assert "EG170" not in _codes(text)


def test_english_words_in_chinese_text_still_count() -> None:
    assert "EG170" in _codes("请输入 password")
    assert "EG170" in _codes("PIN 码", kind="number")


def test_the_chinese_travel_form_has_no_diagnostics_and_messages_stay_english() -> None:
    result = lint(CASES_DIR / "travel_booking_zh.json")
    assert result.diagnostics == []
    schema = {"type": "object", "properties": {"p": {"type": "string", "title": "密码"}}}
    flagged = lint(json.dumps(schema, ensure_ascii=False))
    (diagnostic,) = [d for d in flagged.diagnostics if d.code == "EG170"]
    assert diagnostic.message.isascii()  # for developers: English
    assert "asks for a password (by its title)" in diagnostic.message
