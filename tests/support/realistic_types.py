"""Realistic types that real MCP servers elicit with, and one answer a user would give to each.

* :data:`PYTHON_SDK`: pydantic models as a Python ``mcp`` SDK server passes them to
  ``ctx.elicit(message, schema=Model)``; the SDK renders the schema
  (``render_elicitation_schema``) and checks the answer with ``Model.model_validate``.
* :data:`SDK_REFUSED`: realistic fields the SDK refuses to send at all (its
  ``PrimitiveSchemaDefinition`` gate), each with the FastMCP case that sends the same type.
* :data:`FASTMCP`: FastMCP's documented ``ctx.elicit(message, response_type=...)`` types; FastMCP
  renders the schema (``parse_elicit_response_type``) and parses the answer
  (``handle_elicit_accept``).
* :data:`FASTMCP_REFUSED`: response types FastMCP refuses to send.

The TypeScript servers' zod objects live in ``zod_server.mjs`` beside this file.

This module deliberately has no ``from __future__ import annotations``: pydantic, the SDK and
FastMCP read these annotations at run time."""

import dataclasses
import datetime as dt
import enum
import uuid
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Optional

from pydantic import (
    AnyUrl,
    BaseModel,
    ConfigDict,
    EmailStr,
    Field,
    HttpUrl,
    IPvAnyAddress,
    NonNegativeFloat,
    PositiveFloat,
    PositiveInt,
    StrictBool,
    StrictInt,
    conint,
    conlist,
    constr,
)
from typing_extensions import TypedDict


@dataclasses.dataclass(frozen=True)
class Case:
    """One schema a real server sends: its name, what it is made from (a model or a FastMCP
    response type), the answer a user gives, and the realistic types it exercises."""

    name: str
    source: Any
    answer: Mapping[str, Any]
    covers: str


@dataclasses.dataclass(frozen=True)
class Refused:
    """A realistic type a framework refuses to send, why (a fragment of its error), and the case
    of another framework that sends the same type (or ``""``)."""

    name: str
    source: Any
    error: str
    sent_by: str


# --- the Python SDK: ctx.elicit(message, schema=Model) -------------------------------------------


class ContactCard(BaseModel):
    """How can we reach you?"""

    name: str = Field(title="Full name", description="As written on your ID")
    email: EmailStr
    phone: Optional[str] = None  # noqa: UP045 - the spelling servers use
    company: str | None = Field(default=None, max_length=100)


class Newsletter(BaseModel):
    email: EmailStr = Field(description="Where we send the letter")
    frequency: Literal["daily", "weekly", "monthly"] = "weekly"
    topics: list[Literal["python", "rust", "go"]] = Field(default_factory=list)


class HotelBooking(BaseModel):
    check_in: dt.date
    nights: int = Field(ge=1, le=30)
    guests: PositiveInt = 2
    room: Literal["single", "double", "suite"] = "double"
    breakfast: bool = True


class MeetingSlot(BaseModel):
    """A datetime default without an offset: pydantic writes it naive."""

    start: dt.datetime = dt.datetime(2025, 1, 6, 9, 0)
    duration_minutes: int = Field(default=30, multiple_of=15, gt=0, le=480)


class Reminder(BaseModel):
    remind_at: dt.datetime = dt.datetime(2025, 1, 6, 9, 0, tzinfo=dt.timezone.utc)
    note: str = Field(default="", max_length=200)


class Donation(BaseModel):
    amount: float = Field(gt=0, lt=10_000)
    currency: Literal["EUR", "USD", "GBP"] = "EUR"
    recurring: bool = False


class Portfolio(BaseModel):
    homepage: HttpUrl
    repository: AnyUrl | None = None


class UsernameChoice(BaseModel):
    username: str = Field(pattern=r"^[a-z][a-z0-9_]{2,15}$", description="Lower case, 3-16")
    display_name: str = Field(min_length=1, max_length=40)


class StrictConfirm(BaseModel):
    model_config = ConfigDict(extra="forbid")

    confirm: bool
    reason: str = ""


class IssueTriage(BaseModel):
    labels: set[Literal["bug", "feature", "docs", "question"]] = Field(default_factory=set)
    severity: Literal[1, 2, 3, 4] = 3


class ProductReview(BaseModel):
    stars: conint(ge=1, le=5)  # type: ignore[valid-type]
    title: constr(min_length=3, max_length=80)  # type: ignore[valid-type]
    body: Optional[constr(max_length=2000)] = None  # type: ignore[valid-type]  # noqa: UP045
    would_recommend: bool


class LegacySettings(BaseModel):
    model_config = ConfigDict(json_schema_extra={"$comment": "settings v2"})

    theme: str = Field("light", examples=["light", "dark"])
    font_size: int = Field(14, ge=8, le=32, deprecated=True)
    language: Literal["en", "fr", "de"] = Field("en", json_schema_extra={"$comment": "ISO 639"})


class SurveyScores(BaseModel):
    age: Optional[int] = Field(default=None, ge=0, le=150)  # noqa: UP045
    satisfaction: float = Field(0.5, ge=0, le=1, multiple_of=0.25)


class ShippingAddress(BaseModel):
    street: str = Field(min_length=1)
    zip_code: str = Field(pattern=r"^\d{5}(-\d{4})?$")
    country: Literal["US", "CA", "MX"] = "US"


class EventRsvp(BaseModel):
    attending: bool
    guests: conint(ge=0, le=4) = 0  # type: ignore[valid-type]
    dietary: list[Literal["vegetarian", "vegan", "gluten-free"]] = Field(
        default_factory=list, max_length=3
    )
    event_date: dt.date = dt.date(2025, 6, 18)


class Birthday(BaseModel):
    birthday: dt.date
    notify: bool = True


class Budget(BaseModel):
    budget: PositiveFloat
    tolerance: NonNegativeFloat = 0.0


class Temperature(BaseModel):
    celsius: float = Field(ge=-273.15, le=1000)
    unit_shown: Literal["C", "F"] = "C"


class SignUpAliases(BaseModel):
    """camelCase on the wire, as many APIs have it."""

    first_name: str = Field(alias="firstName", title="First name")
    last_name: str = Field(alias="lastName", title="Last name")
    accept_terms: Literal[True] = Field(alias="acceptTerms")


class QuantitySteps(BaseModel):
    packs: int = Field(multiple_of=6, ge=6, le=96)
    weight_kg: float = Field(multiple_of=0.5, gt=0, le=50)


class OptionalContact(BaseModel):
    backup_email: Optional[EmailStr] = None  # noqa: UP045
    website: Optional[HttpUrl] = None  # noqa: UP045
    nickname: str | None = Field(default=None, min_length=2)


class StrictCounts(BaseModel):
    count: StrictInt = 1
    enabled: StrictBool = False


class TagPicker(BaseModel):
    tags: conlist(Literal["alpha", "beta", "gamma"], min_length=1, max_length=2)  # type: ignore[valid-type]


class SkuOrder(BaseModel):
    sku: constr(pattern=r"^[A-Z]{3}-\d{4}$")  # type: ignore[valid-type]
    quantity: PositiveInt


class TimeOff(BaseModel):
    first_day: dt.date
    last_day: dt.date
    reason: Literal["vacation", "sick", "personal"]
    half_day: bool = False


class ShoeSize(BaseModel):
    size: Literal[36, 38, 40, 42]
    rating: Literal[1, 2, 3, 4, 5] = 5


class AnnotatedLimits(BaseModel):
    retries: Annotated[int, Field(ge=0, le=10)] = 3
    label: Annotated[str, Field(min_length=1, max_length=20, title="Label")] = "default"
    ratio: Annotated[float, Field(gt=0, lt=1)] = 0.5


PYTHON_SDK: list[Case] = [
    Case(
        "contact_card",
        ContactCard,
        {"name": "Ada Lovelace", "email": "ada@example.com", "phone": "+44 20 7946 0000"},
        "Field(title, description), EmailStr, Optional[str], str | None with max_length",
    ),
    Case(
        "newsletter",
        Newsletter,
        {"email": "grace@example.org", "frequency": "monthly", "topics": ["python", "go"]},
        "Literal[str] default, list[Literal]",
    ),
    Case(
        "hotel_booking",
        HotelBooking,
        {"check_in": "2025-07-01", "nights": 3, "guests": 2, "room": "suite", "breakfast": False},
        "date, ge/le, PositiveInt, Literal, bool default",
    ),
    Case(
        "meeting_slot",
        MeetingSlot,
        {"start": "2025-01-07T10:30:00+01:00", "duration_minutes": 45},
        "naive datetime default, multiple_of, gt/le",
    ),
    Case(
        "reminder",
        Reminder,
        {"remind_at": "2025-03-01T08:00:00Z", "note": "water the plants"},
        "aware datetime default",
    ),
    Case(
        "donation",
        Donation,
        {"amount": 25.5, "currency": "USD", "recurring": True},
        "float gt/lt, Literal",
    ),
    Case(
        "portfolio",
        Portfolio,
        {"homepage": "https://ada.example.com/", "repository": "https://git.example.com/ada"},
        "HttpUrl, AnyUrl | None",
    ),
    Case(
        "username_choice",
        UsernameChoice,
        {"username": "ada_l", "display_name": "Ada"},
        "pattern, min_length/max_length",
    ),
    Case(
        "strict_confirm",
        StrictConfirm,
        {"confirm": True, "reason": "ship it"},
        'extra="forbid"',
    ),
    Case(
        "issue_triage",
        IssueTriage,
        {"labels": ["bug", "docs"], "severity": 2},
        "set[Literal], Literal[int]",
    ),
    Case(
        "product_review",
        ProductReview,
        {"stars": 4, "title": "Solid kettle", "body": "Boils fast.", "would_recommend": True},
        "conint, constr, Optional[constr]",
    ),
    Case(
        "legacy_settings",
        LegacySettings,
        {"theme": "dark", "font_size": 16, "language": "fr"},
        "examples, deprecated, $comment",
    ),
    Case(
        "survey_scores",
        SurveyScores,
        {"age": 36, "satisfaction": 0.75},
        "Optional[int] with ge/le, float multiple_of",
    ),
    Case(
        "shipping_address",
        ShippingAddress,
        {"street": "1 Main St", "zip_code": "12345-6789", "country": "CA"},
        "pattern with \\d, Literal",
    ),
    Case(
        "event_rsvp",
        EventRsvp,
        {"attending": True, "guests": 2, "dietary": ["vegan"], "event_date": "2025-06-20"},
        "conint, list[Literal] max_length, date default",
    ),
    Case("birthday", Birthday, {"birthday": "1990-02-28", "notify": False}, "date"),
    Case(
        "budget",
        Budget,
        {"budget": 1200.0, "tolerance": 0.05},
        "PositiveFloat, NonNegativeFloat",
    ),
    Case(
        "temperature",
        Temperature,
        {"celsius": -40.5, "unit_shown": "F"},
        "negative float bound",
    ),
    Case(
        "sign_up_aliases",
        SignUpAliases,
        {"firstName": "Grace", "lastName": "Hopper", "acceptTerms": True},
        "alias, Literal[True] (const)",
    ),
    Case(
        "quantity_steps",
        QuantitySteps,
        {"packs": 12, "weight_kg": 2.5},
        "int and float multiple_of",
    ),
    Case(
        "optional_contact",
        OptionalContact,
        {"backup_email": "ada@example.org", "website": "https://example.org/"},
        "Optional[EmailStr], Optional[HttpUrl], str | None with min_length",
    ),
    Case("strict_counts", StrictCounts, {"count": 3, "enabled": True}, "StrictInt, StrictBool"),
    Case("tag_picker", TagPicker, {"tags": ["beta"]}, "conlist[Literal] min/max length"),
    Case(
        "sku_order",
        SkuOrder,
        {"sku": "ABC-1234", "quantity": 5},
        "constr(pattern), PositiveInt",
    ),
    Case(
        "time_off",
        TimeOff,
        {"first_day": "2025-08-04", "last_day": "2025-08-08", "reason": "vacation"},
        "two dates, Literal",
    ),
    Case("shoe_size", ShoeSize, {"size": 38, "rating": 4}, "Literal[int] without default"),
    Case(
        "annotated_limits",
        AnnotatedLimits,
        {"retries": 5, "label": "nightly", "ratio": 0.25},
        "Annotated[..., Field(...)]",
    ),
]


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"
    BLUE = "blue"


class Size(enum.IntEnum):
    SMALL = 1
    MEDIUM = 2
    LARGE = 3


class EnumChoice(BaseModel):
    color: Color = Color.RED


class FreeTags(BaseModel):
    tags: list[str]


class OpensAt(BaseModel):
    opens_at: dt.time


class DeviceId(BaseModel):
    device: uuid.UUID


class Address(BaseModel):
    ip: IPvAnyAddress


class Range(BaseModel):
    low: int


class Nested(BaseModel):
    range: Range


class IntOrText(BaseModel):
    value: int | str


SDK_REFUSED: list[Refused] = [
    Refused("enum", EnumChoice, "'$ref': '#/$defs/Color'", "enum_model"),
    Refused("list_of_str", FreeTags, "'items': {'type': 'string'}", ""),
    Refused("time", OpensAt, "'format': 'time'", "time_and_uuid"),
    Refused("uuid", DeviceId, "'format': 'uuid'", "time_and_uuid"),
    Refused("ip_address", Address, "'format': 'ipvanyaddress'", ""),
    Refused("nested_model", Nested, "'$ref': '#/$defs/Range'", ""),
    Refused("int_or_str", IntOrText, "anyOf", ""),
]


# --- FastMCP: ctx.elicit(message, response_type=...) ---------------------------------------------


@dataclasses.dataclass
class Person:
    name: str
    age: Annotated[int, Field(ge=0, le=130)]
    favourite: Color = Color.GREEN


class Movie(TypedDict):
    title: str
    year: int
    rating: Literal["G", "PG", "R"]


class Task(BaseModel):
    title: str = Field(min_length=1, max_length=80)
    due: dt.date
    assignee: EmailStr
    link: HttpUrl = HttpUrl("https://example.com/")
    colors: list[Color] = Field(default_factory=list)


class Reservation(BaseModel):
    party: Size
    when: dt.datetime = dt.datetime(2025, 1, 6, 19, 30)
    window_seat: bool = False


class Voucher(BaseModel):
    model_config = ConfigDict(extra="forbid")

    amount: int = Field(gt=0, multiple_of=5)
    code: str = Field(pattern=r"^[A-Z]{3}$")


class EnumModel(BaseModel):
    color: Color
    size: Size = Size.MEDIUM


class OpeningHours(BaseModel):
    opens_at: dt.time = dt.time(9, 0)
    device: uuid.UUID = uuid.UUID(int=0)


@dataclasses.dataclass
class OptionalNick:
    name: str
    nick: str | None = None


FASTMCP: list[Case] = [
    Case("str", str, {"value": "Ada"}, "scalar str"),
    Case("int", int, {"value": 42}, "scalar int"),
    Case("float", float, {"value": 2.5}, "scalar float"),
    Case("bool", bool, {"value": True}, "scalar bool"),
    Case("literal", Literal["low", "medium", "high"], {"value": "high"}, "Literal[str]"),
    Case("literal_int", Literal[1, 2, 3], {"value": 2}, "Literal[int]"),
    Case("enum", Color, {"value": "blue"}, "Enum"),
    Case("int_enum", Size, {"value": 3}, "IntEnum"),
    Case("list_literal", list[Literal["a", "b", "c"]], {"value": ["a", "c"]}, "list[Literal]"),
    Case("list_enum", list[Color], {"value": ["red", "blue"]}, "list[Enum] (title in items)"),
    Case(
        "dataclass",
        Person,
        {"name": "Ada", "age": 36, "favourite": "blue"},
        "dataclass with Annotated bounds and an Enum default",
    ),
    Case(
        "typed_dict",
        Movie,
        {"title": "Metropolis", "year": 1927, "rating": "PG"},
        "TypedDict",
    ),
    Case(
        "model",
        Task,
        {
            "title": "Write the report",
            "due": "2025-09-30",
            "assignee": "ada@example.com",
            "link": "https://example.com/report",
            "colors": ["green"],
        },
        "BaseModel: date, EmailStr, HttpUrl default, list[Enum]",
    ),
    Case(
        "reservation",
        Reservation,
        {"party": 2, "when": "2025-01-06T20:00:00+01:00", "window_seat": True},
        "IntEnum field, naive datetime default",
    ),
    Case(
        "voucher",
        Voucher,
        {"amount": 25, "code": "XMS"},
        'extra="forbid", gt + multiple_of, pattern',
    ),
    Case(
        "enum_model",
        EnumModel,
        {"color": "red", "size": 1},
        "Enum and IntEnum fields (inlined by FastMCP)",
    ),
    Case(
        "time_and_uuid",
        OpeningHours,
        {"opens_at": "08:30:00+01:00", "device": "123e4567-e89b-12d3-a456-426614174000"},
        "time and UUID with defaults",
    ),
    Case("choices", ["yes", "no"], {"value": "no"}, 'list syntax ["yes", "no"]'),
    Case("multi_choices", [["x", "y", "z"]], {"value": ["y"]}, 'multi-select [["x", ...]]'),
    Case(
        "titled_choice",
        {"low": {"title": "Low priority"}, "high": {"title": "High priority"}},
        {"value": "low"},
        "titled single-select dict",
    ),
    Case(
        "titled_multi",
        [{"a": {"title": "Apples"}, "b": {"title": "Bananas"}}],
        {"value": ["a", "b"]},
        "titled multi-select [dict]",
    ),
]

FASTMCP_REFUSED: list[Refused] = [
    Refused("optional_none", OptionalNick, "union type 'null'", "contact_card"),
    Refused("set_literal", set[Literal["a", "b"]], "must be an object schema", "issue_triage"),
]


# --- TypeScript servers: zod objects (tests/support/zod_server.mjs) ------------------------------
#: How a zod object becomes a requestedSchema: zod 3 with zod-to-json-schema, zod 4's
#: ``z.toJSONSchema``, and the MCP TypeScript SDK's own converter for zod 4 (draft-07, io input).
ZOD_CONVERTERS = ("zod3", "zod4", "sdk")

#: Each zod object of zod_server.mjs (``source`` is its name there) and the user's answer.
ZOD_OBJECTS: list[Case] = [
    Case(
        "signup",
        "signup",
        {"name": "Ada Lovelace", "email": "ada@example.com", "age": 36, "newsletter": True},
        "email, min/max, int, optional, default",
    ),
    Case(
        "website",
        "website",
        {"homepage": "https://ada.example.com/", "description": "Notes on the engine"},
        "url, optional max",
    ),
    Case(
        "order",
        "order",
        {"quantity": 3, "unitPrice": 19.99, "giftWrap": True},
        "int positive, number positive max",
    ),
    Case(
        "ticket",
        "ticket",
        {"title": "Printer on fire", "priority": "high"},
        "enum with default, min/max length",
    ),
    Case("theme", "theme", {"color": "green", "level": 2}, "nativeEnum (string and numeric)"),
    Case("toppings", "toppings", {"toppings": ["cheese", "olives"]}, "array of enum min/max"),
    Case(
        "meeting",
        "meeting",
        {"start": "2025-03-04T10:00:00+01:00", "day": "2025-03-04", "durationMinutes": 45},
        "datetime with offset, date, multipleOf with default",
    ),
    Case("coupon", "coupon", {"code": "ABC-1234", "percent": 15}, "regex, int min/max"),
    Case(
        "profile",
        "profile",
        {"nickname": "countess", "bio": "Poet of science", "rating": 4.5},
        "optional, defaults, number min/max",
    ),
    Case("terms", "terms", {"accept": True, "note": "ok"}, "literal(true)"),
    Case(
        "device",
        "device",
        {
            "id": "123e4567-e89b-12d3-a456-426614174000",
            "address": "192.0.2.1",
            "opensAt": "08:30:00",
        },
        "uuid, ipv4, time (zod 4)",
    ),
]

#: ``@modelcontextprotocol/server-everything``'s ``trigger-elicitation-request`` tool: its
#: literal requestedSchema (every kind of the spec), and an answer to it.
EVERYTHING_ANSWER: dict[str, Any] = {
    "name": "Ada Lovelace",
    "check": True,
    "firstLine": "Call me Ishmael.",
    "email": "ada@example.com",
    "homepage": "https://ada.example.com/",
    "birthdate": "1815-12-10",
    "integer": 7,
    "number": 2.5,
    "untitledSingleSelectEnum": "Ross",
    "untitledMultipleSelectEnum": ["Piano", "Drums"],
    "titledSingleSelectEnum": "hero-3",
    "titledMultipleSelectEnum": ["fish-2"],
    "legacyTitledEnum": "pet-4",
}
