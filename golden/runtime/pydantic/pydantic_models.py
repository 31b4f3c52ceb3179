# What a value of each format looks like, in the validation errors a model raises. Those are for
# the program that checks an answer (as pydantic's own are), not a form's user: English, whatever
# language the forms are compiled in.
_FORMAT_WORDS: dict[str, str] = {
    "email": "an email address, such as name@example.com",
    "uri": "an absolute URI, such as https://example.com/page",
    "date": "a date as YYYY-MM-DD, such as 2025-06-18",
    "date-time": "a date and time with a UTC offset, such as 2025-06-18T14:30:00+02:00",
    "time": "a time with a UTC offset, such as 14:30:00+02:00 or 12:30:00Z",
    "uuid": "a UUID, such as 123e4567-e89b-12d3-a456-426614174000",
    "ipv4": "an IPv4 address, such as 192.0.2.1",
    "ipv6": "an IPv6 address, such as 2001:db8::1",
    "hostname": "a host name, such as mail.example.com",
    "duration": "an ISO 8601 duration, such as PT1H30M (1 hour 30 minutes) or P3D (3 days)",
}

# An optional field without a default is None when it was left out; null itself is never valid.
_Absent = _SkipJsonSchema[None]


def _reject_null(value: object) -> object:
    if value is None:
        raise ValueError("null is not allowed: leave the field out instead")
    return value


def _no_default(schema: dict[str, Any]) -> None:
    """Keeps the absent-value placeholder (None) out of the JSON schema."""
    schema.pop("default", None)


_NOT_NULL = _pydantic.BeforeValidator(_reject_null)


def _as_requested(
    untitled: list[str],
    titled: bool,
    description: str | None,
) -> _Callable[[dict[str, Any]], None]:
    """The ``json_schema_extra`` of a content model. pydantic titles every field and the model;
    the JSON schema of the content model titles only what the requested schema titles (clients
    show the property name for the others): ``untitled`` lists the property names (and Python
    names) of the fields without a title, ``titled`` says whether the form has one."""

    def shape(schema: dict[str, Any]) -> None:
        if not titled:
            schema.pop("title", None)
        if description is not None:
            schema["description"] = description
        for name, prop in schema.get("properties", {}).items():
            if name in untitled:
                prop.pop("title", None)

    return shape


def _content_on_accept(result: Any) -> Any:
    """The check of a result model: ``content`` is present exactly when the action is accept."""
    if (result.action == "accept") != ("content" in result.model_fields_set):
        raise ValueError("content must be present exactly when the action is accept")
    return result


def _number(
    minimum: float | None,
    maximum: float | None,
    above: float | None = None,
    below: float | None = None,
    step: float | None = None,
) -> Any:
    """A number field: an int stays an int (5 dumps as 5, not 5.0, and 2**64 is not rounded to a
    float); a float goes through pydantic's float validation. Both are then compared with the
    bounds exactly (pydantic would round a bound of 2**53 + 1 to the float 2**53)."""

    def check(value: Any, handler: _pydantic.ValidatorFunctionWrapHandler) -> Any:
        if type(value) is not int:
            value = handler(value)
        if minimum is not None and value < minimum:
            raise ValueError(f"must be greater than or equal to {minimum}")
        if maximum is not None and value > maximum:
            raise ValueError(f"must be less than or equal to {maximum}")
        if above is not None and not value > above:
            raise ValueError(f"must be greater than {above}")
        if below is not None and not value < below:
            raise ValueError(f"must be less than {below}")
        if step is not None and not _multiple_for_all(value, step):
            # pydantic's own multiple_of has a tolerance: 5e-324 passes for 0.01
            raise ValueError(f"must be a multiple of {step}")
        return value

    return _pydantic.WrapValidator(check)


def _multiple_for_all(value: float, step: float) -> bool:
    """Whether ``value`` is a multiple of ``step`` as jsonschema decides it (the quotient in
    doubles is whole; exact fractions when it overflows), where pydantic's own ``multiple_of``
    has a tolerance (5e-324 passes for 0.01)."""
    # a whole step: the exact remainder (2**70 is no multiple of 3)
    if not isinstance(step, float):
        return value % step == 0
    try:
        quotient = value / step
        return int(quotient) == quotient
    except OverflowError:  # a huge value and a small step: the exact remainder decides
        return _Fraction(value) % _Fraction(step) == 0


def _as_is(value: Any) -> Any:
    """Dumps a number as it is (an int stays an int); applied to the whole field."""
    return value


_NUMBER_OUT = _pydantic.PlainSerializer(_as_is)


def _format(fmt: str) -> Any:
    """A text field's ``format`` (``email``, ``uri``, ``uuid``, ``time``, ...), checked as the
    forms check it: formats.py's check, copied above."""
    check = FORMAT_CHECKS[fmt]

    def validate(value: str) -> str:
        if not check(value):
            raise ValueError("must be " + _FORMAT_WORDS[fmt])
        return value

    return _pydantic.AfterValidator(validate)


_EMAIL = _format("email")
_URI = _format("uri")


def _utf16_max(max_length: int) -> Any:
    """``maxLength`` as zod 3 counts it too, in UTF-16 units (an emoji counts twice), which
    the forms check; pydantic's ``max_length`` counts code points."""

    def check(value: str) -> str:
        if utf16_length(value) > max_length:
            raise ValueError(f"must be at most {max_length} UTF-16 units (emoji: 2)")
        return value

    return _pydantic.AfterValidator(check)


def _to_date(value: object) -> object:
    """Reads a ``YYYY-MM-DD`` string as a date (which dumps back to the same text)."""
    if isinstance(value, str):
        if is_date(value):
            return _dt.date.fromisoformat(value)
        raise ValueError("must be " + _FORMAT_WORDS["date"])
    if not isinstance(value, _dt.datetime):
        return value  # a date is a date; anything else fails the strict date check
    raise ValueError("must be a date without a time")


_Date = Annotated[_dt.date, _pydantic.BeforeValidator(_to_date)]


def _date_default(text: str) -> _dt.date:
    """The default of a date field, from its schema text."""
    return _dt.date.fromisoformat(text)


class _DateTimeText(_dt.datetime):
    """An offset-aware datetime that remembers the RFC 3339 text it was read from, so that the
    model dumps exactly that text again (``Z``, the offset and every fraction digit
    kept)."""

    text: str = ""

    def __copy__(self) -> "_DateTimeText":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "_DateTimeText":
        return self


def _parse_date_time(text: str) -> "_DateTimeText":
    """RFC 3339 ``date-time`` with a mandatory offset, as formats.py's ``is_date_time`` checks it
    (no leap second, no year 0000: jsonschema refuses both)."""
    match = _DATE_TIME_RE.fullmatch(text)
    if match is None or not is_date_time(text):
        raise ValueError("must be " + _FORMAT_WORDS["date-time"])
    year, month, day, hour, minute, second = (int(match[i]) for i in range(1, 7))
    micro = int((match[7][1:] + "00000")[:6]) if match[7] else 0
    offset = _dt.timedelta(0)
    if match[8] is not None:
        offset = _dt.timedelta(hours=int(match[9]), minutes=int(match[10]))
        if match[8] == "-":
            offset = -offset
    zone = _dt.timezone(offset)
    value = _DateTimeText(year, month, day, hour, minute, second, micro, tzinfo=zone)
    value.text = text
    return value


def _to_date_time(value: object) -> object:
    if isinstance(value, str):
        return _parse_date_time(value)
    if isinstance(value, _dt.datetime) and value.utcoffset() is None:
        raise ValueError("must have a UTC offset (an aware datetime)")
    return value


def _date_time_text(value: _dt.datetime) -> str:
    if isinstance(value, _DateTimeText) and value.text:
        return value.text
    return value.isoformat()


_DateTime = Annotated[
    _dt.datetime,
    _pydantic.BeforeValidator(_to_date_time),
    _pydantic.PlainSerializer(_date_time_text, when_used="json"),
]


def _date_time_default(text: str) -> Any:
    """The default of an optional date-time field: read from its schema text on each use (a
    fresh value), shown as that text in the JSON schema."""
    return Field(
        default_factory=lambda: _parse_date_time(text),
        json_schema_extra={"default": text},
    )


def _distinct(value: object) -> object:
    """``uniqueItems: true``: no option is chosen twice."""
    if isinstance(value, list) and len(set(value)) != len(value):
        raise ValueError("must not choose an option more than once")
    return value


_UNIQUE = _pydantic.AfterValidator(_distinct)


def _no_boolean(value: object) -> object:
    """A select of numbers: true and false are no numbers to JSON Schema, though pydantic's
    ``Literal[1]`` takes True (Python counts it as 1); for a list, no item is one."""
    items = value if isinstance(value, list) else [value]
    if any(isinstance(item, bool) for item in items):
        raise ValueError("must be a number of the options, not true or false")
    return value


_NUMBER_CHOICE = _pydantic.BeforeValidator(_no_boolean)


def _number_option(options: list[float]) -> Any:
    """A select of numbers one of whose options is a float (``Literal`` takes no float: PEP
    586): the value is one of ``options`` by JSON equality (1.0 is the option 1) and is read as
    that option. An int is compared exactly; anything else goes through the strict float check
    first (no bool, no string)."""

    def check(value: Any, handler: _pydantic.ValidatorFunctionWrapHandler) -> Any:
        if type(value) is not int:
            value = handler(value)
        for option in options:
            if value == option:
                return option
        raise ValueError("must be one of " + ", ".join(map(repr, options)))

    return _pydantic.WrapValidator(check)


def _const(fixed: float | bool) -> Any:
    """``const``: the one value a number or boolean field may have."""

    def check(value: Any) -> Any:
        if isinstance(fixed, bool):
            if value is not fixed:
                raise ValueError(f"must be {'true' if fixed else 'false'}")
        elif value != fixed:
            raise ValueError(f"must be {fixed}")
        return value

    return _pydantic.AfterValidator(check)


def _text_length(min_length: int | None, max_length: int | None) -> Any:
    """minLength / maxLength of a date or date-time field, checked on its text."""

    def check(value: object) -> object:
        if isinstance(value, str):
            if min_length is not None and len(value) < min_length:
                raise ValueError(f"must be at least {min_length} characters")
            if max_length is not None and len(value) > max_length:
                raise ValueError(f"must be at most {max_length} characters")
        return value

    return _pydantic.BeforeValidator(check)


def _pattern(pattern: str) -> Any:
    """``pattern`` on the text of a string field, as the forms check it: what every engine a
    server may run accepts (runtime/pattern.py), not pydantic's own ``pattern=`` (Rust's regex
    crate alone). The field's JSON schema keeps ``pattern`` (``json_schema_extra``)."""
    compiled = compile_pattern(pattern)

    def check(value: object) -> object:
        if isinstance(value, str) and not compiled.search(value):
            raise ValueError(f"must match the pattern {pattern!r}")
        return value

    return _pydantic.BeforeValidator(check)
