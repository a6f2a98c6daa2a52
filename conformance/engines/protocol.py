"""The engine protocol, version 1: JSON lines over stdin/stdout (docs/protocol.md).

One JSON object per line each way, request and response: the runner writes a request with an
``id``, the engine answers with exactly one response line carrying the same ``id``. Every
message has a JSON Schema in ``spec/schema/protocol/`` (``request-TYPE.schema.json``,
``response-TYPE.schema.json``); this module builds messages, checks them against those
schemas, and holds the few rules both sides share:

* which responses answer which request (``REPLIES``);
* seat-keyed objects: JSON object keys are strings, so the result's ``high``, ``low`` and
  ``returned`` are keyed ``"1"``, ``"2"`` ... on the wire and read back as numbers
  (``observation_from_wire``);
* what an engine's hello declares and when a scenario is not applicable to it
  (``unsupported_reason``).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

import jsonschema

from stud8.spec.limits import MAX_MESSAGE_BYTES, MAX_NESTING, PYTHON_INT_DIGITS, JsonRefused, decode_json, quoted

PROTOCOL_VERSION = 1

REQUEST_TYPES: tuple[str, ...] = ("hello", "evaluate", "start", "act", "observe", "stop")
RESPONSE_TYPES: tuple[str, ...] = ("hello", "evaluation", "ok", "refused", "observation", "bye", "error")

REPLIES: dict[str, tuple[str, ...]] = {
    "hello": ("hello", "error"),
    "evaluate": ("evaluation", "refused", "error"),
    "start": ("ok", "refused", "error"),
    "act": ("ok", "refused", "error"),
    "observe": ("observation", "error"),
    "stop": ("bye", "error"),
}
"""For each request type, the response types that may answer it."""

MAX_LINE_BYTES = MAX_MESSAGE_BYTES
"""The longest line either side has to accept (1 MiB, ``stud8.spec.limits``); a longer one is a flood."""


class ProtocolError(Exception):
    """A message that is not valid protocol: not JSON, not an object, or the wrong shape."""


def schema_file(direction: str, message_type: str) -> str:
    """``request-start.schema.json`` and the like."""
    return f"{direction}-{message_type}.schema.json"


@functools.cache
def load_protocol_schema(direction: str, message_type: str) -> dict[str, Any]:
    """The packaged schema of one message (``direction`` is ``request`` or ``response``)."""
    text = (resources.files("stud8.spec").joinpath("schema").joinpath("protocol")
            .joinpath(schema_file(direction, message_type)).read_text(encoding="utf-8"))
    return json.loads(text)  # type: ignore[no-any-return]


@functools.cache
def _validator(direction: str, message_type: str) -> jsonschema.protocols.Validator:
    schema = load_protocol_schema(direction, message_type)
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)  # type: ignore[no-any-return]


# --- a fast check of the same schemas --------------------------------------------------
#
# jsonschema walks a schema generically and costs about half a millisecond per observation,
# more than the engine itself takes to play a step. The protocol schemas use a handful of
# keywords, so they are compiled once into plain Python predicates; jsonschema is asked only
# when a message fails, to name what is wrong (and its verdict is the one that counts).

_ANNOTATIONS = frozenset({"$schema", "$id", "title", "description"})

_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer()),
}


def _json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON Schema means it: true is not 1, 1 is 1.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b or (
        isinstance(a, (int, float)) and isinstance(b, (int, float)) and a == b)


def _any_of(tests: list[Callable[[Any], bool]]) -> Callable[[Any], bool]:
    return lambda value: any(test(value) for test in tests)


class _Unsupported(Exception):
    """A schema keyword the fast check does not know: that schema is left to jsonschema."""


def compile_check(schema: Any) -> Callable[[Any], bool]:
    """A predicate equivalent to validating against ``schema`` (the keywords the protocol uses).

    Raises ``_Unsupported`` for any other keyword, so nothing is ever silently left unchecked.
    """
    if schema is True:
        return lambda value: True
    if schema is False:
        return lambda value: False
    unknown = set(schema) - _ANNOTATIONS - {
        "type", "const", "enum", "required", "properties", "additionalProperties", "items",
        "minItems", "maxItems", "pattern", "oneOf", "propertyNames", "minimum", "minLength"}
    if unknown:
        raise _Unsupported(", ".join(sorted(unknown)))
    checks: list[Callable[[Any], bool]] = []
    if "type" in schema:
        type_names = [schema["type"]] if isinstance(schema["type"], str) else list(schema["type"])
        tests = [_TYPES[name] for name in type_names]
        checks.append(tests[0] if len(tests) == 1 else _any_of(tests))
    if "const" in schema:
        const = schema["const"]
        checks.append(lambda v: _json_equal(v, const))
    if "enum" in schema:
        enum = list(schema["enum"])
        checks.append(lambda v: any(_json_equal(v, item) for item in enum))
    if "minimum" in schema:
        minimum = schema["minimum"]
        checks.append(lambda v: not _TYPES["number"](v) or v >= minimum)
    if "minLength" in schema:
        min_length = schema["minLength"]
        checks.append(lambda v: not isinstance(v, str) or len(v) >= min_length)
    if "pattern" in schema:
        search = re.compile(schema["pattern"]).search
        checks.append(lambda v: not isinstance(v, str) or search(v) is not None)
    if "required" in schema:
        required = tuple(schema["required"])
        checks.append(lambda v: not isinstance(v, dict) or all(key in v for key in required))
    if "properties" in schema or "additionalProperties" in schema or "propertyNames" in schema:
        properties = {key: compile_check(sub) for key, sub in schema.get("properties", {}).items()}
        extra = compile_check(schema.get("additionalProperties", True))
        names = compile_check(schema.get("propertyNames", True))

        def check_object(v: Any) -> bool:
            if not isinstance(v, dict):
                return True
            for key, item in v.items():
                if not names(key):
                    return False
                test = properties.get(key, extra)
                if not test(item):
                    return False
            return True

        checks.append(check_object)
    if "items" in schema or "minItems" in schema or "maxItems" in schema:
        item_check = compile_check(schema.get("items", True))
        low, high = schema.get("minItems", 0), schema.get("maxItems")

        def check_array(v: Any) -> bool:
            if not isinstance(v, list):
                return True
            if len(v) < low or (high is not None and len(v) > high):
                return False
            return all(item_check(item) for item in v)

        checks.append(check_array)
    if "oneOf" in schema:
        options = [compile_check(sub) for sub in schema["oneOf"]]
        checks.append(lambda v: sum(1 for option in options if option(v)) == 1)
    if not checks:
        return lambda value: True
    if len(checks) == 1:
        return checks[0]
    return lambda value: all(check(value) for check in checks)


@functools.cache
def _fast_check(direction: str, message_type: str) -> Callable[[Any], bool] | None:
    try:
        return compile_check(load_protocol_schema(direction, message_type))
    except _Unsupported:
        return None


def _where(error: jsonschema.ValidationError) -> str:
    parts: list[str] = []
    for step in error.absolute_path:
        if isinstance(step, int):
            parts.append(f"[{step}]")
        else:
            parts.append(("." if parts else "") + str(step))
    return "".join(parts) or "(the message)"


def _shorten(value: Any, limit: int = 120) -> str:
    try:
        text = value if isinstance(value, str) else json.dumps(value, default=repr)
    except (ValueError, RecursionError):  # a number too long to print, a value too deep
        return quoted(value, limit)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def schema_problem(direction: str, message: Mapping[str, Any]) -> str | None:
    """Why ``message`` does not match the schema of its type, or None when it does.

    The type must be one of the direction's types; the message names the field concerned.
    """
    types = REQUEST_TYPES if direction == "request" else RESPONSE_TYPES
    message_type = message.get("type")
    if not isinstance(message_type, str) or message_type not in types:
        return f"unknown {direction} type {_shorten(message_type)} (one of: {', '.join(types)})"
    fast = _fast_check(direction, message_type)
    if fast is not None and fast(message):
        return None
    validator = _validator(direction, message_type)
    errors = list(validator.iter_errors(message))
    if not errors:
        return None
    error = jsonschema.exceptions.best_match(errors)
    # A oneOf names only "not valid under any of the given schemas"; the deepest cause is clearer.
    while error.context:
        error = jsonschema.exceptions.best_match(error.context)
    return f"{_where(error)}: {_shorten(error.message, 300)}"


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as one line of UTF-8 JSON, newline included."""
    return (json.dumps(message, ensure_ascii=True, allow_nan=False) + "\n").encode("ascii")


def decode(line: bytes | str) -> dict[str, Any]:
    """One line as a JSON object; ``ProtocolError`` if it is not one.

    Read within the limits of every JSON input (``stud8.spec.limits.decode_json``): nesting
    deeper than ``MAX_NESTING`` is refused (no message needs more than a few levels, and a line
    of 100,000 ``[`` would otherwise end the reader in ``RecursionError``), and so are NaN,
    Infinity and a fraction out of range. An integer is read up to Python's 4,300 digits: an
    amount past ``MAX_AMOUNT`` is the engine's to refuse, with its own message.
    """
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        value = decode_json(text, max_digits=PYTHON_INT_DIGITS)
    except UnicodeDecodeError as error:
        shown = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
        raise ProtocolError(f"not JSON ({_shorten(str(error))}): {_shorten(shown.strip())!r}") from None
    except JsonRefused as refused:
        if refused.code == "too-deep":
            raise ProtocolError(f"nesting deeper than {MAX_NESTING} levels") from None
        raise ProtocolError(f"not JSON ({_shorten(refused.message.removeprefix('not JSON: '))}): {_shorten(text.strip())!r}") from None
    if not isinstance(value, dict):
        raise ProtocolError(f"not a JSON object: {_shorten(value)}")
    return value


def request(message_id: int, message_type: str, **fields: Any) -> dict[str, Any]:
    """A request: ``{"id": message_id, "type": message_type, **fields}``."""
    return {"id": message_id, "type": message_type, **fields}


# --- seat keys --------------------------------------------------------------------------


def _int_keys(mapping: Mapping[Any, Any] | None) -> dict[int, Any] | None:
    return None if mapping is None else {int(key): value for key, value in mapping.items()}


def observation_from_wire(observation: dict[str, Any]) -> dict[str, Any]:
    """An observation as read from JSON, with the result's seat keys as numbers again."""
    result = observation.get("result")
    if result:
        result["returned"] = _int_keys(result.get("returned"))
        for pot in result.get("pots", ()):
            pot["high"] = _int_keys(pot.get("high"))
            pot["low"] = _int_keys(pot.get("low"))
    return observation


# --- what an engine declares ------------------------------------------------------------


def _allowed(value: Any, declared: Any) -> bool:
    if declared == "*":
        return True
    # True == 1 in Python: compare types too, so that [1] does not admit true.
    return any(type(item) is type(value) and item == value for item in declared)


def unsupported_reason(declaration: Mapping[str, Any], profile: str | None, options: Mapping[str, Any]) -> str | None:
    """Why an engine that declared ``declaration`` (its hello) cannot play a scenario.

    A profile the scenario names must be among the declared ``profiles``. Every option value
    the scenario plays (the rule book's defaults, then the profile's, then the scenario's own)
    must be declared: ``"*"`` admits every value, a list the values in it, and an option left
    out admits only its default value. Settings the rule book does not allow are not a reason:
    the engine is expected to refuse the start with ``bad-config``, which the scenario may want.
    """
    from stud8.reference.errors import Stud8Error
    from stud8.spec.rulebook import default_rulebook

    book = default_rulebook()
    try:
        values = book.resolve_options(profile, options)
    except Stud8Error:
        return None
    profiles = declaration.get("profiles") or []
    reasons: list[str] = []
    if profile is not None and profile not in profiles:
        reasons.append(f"profile {profile} (the engine plays: {', '.join(profiles) or 'none declared'})")
    declared_options = declaration.get("options") or {}
    for name, value in values.items():
        if name in declared_options:
            if not _allowed(value, declared_options[name]):
                reasons.append(f"{name}={json.dumps(value)} (declared: {json.dumps(declared_options[name])})")
        elif not _allowed(value, [book.options[name].default]):
            reasons.append(f"{name}={json.dumps(value)} (option not declared: default only)")
    if not reasons:
        return None
    name = declaration.get("name", "the engine")
    return f"{name} does not play " + "; ".join(reasons)


def playable_options(declaration: Mapping[str, Any]) -> dict[str, Any]:
    """The option values an engine that declared ``declaration`` plays, as close to the rule
    book's defaults as it allows: for each option, its default when declared (or left out),
    else the first value the engine lists. Only the options that differ from their defaults are
    returned (``{}`` for an engine that plays the defaults): what ``stud8 fuzz`` plays when it is
    given no ``--profile`` or ``--option`` and the engine cannot play the defaults."""
    from stud8.spec.rulebook import default_rulebook

    book = default_rulebook()
    declared = declaration.get("options") or {}
    chosen: dict[str, Any] = {}
    for name, option in book.options.items():
        values = declared.get(name)
        if values is None or _allowed(option.default, values) or not isinstance(values, list) or not values:
            continue
        chosen[name] = values[0]
    return chosen
