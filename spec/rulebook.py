"""The rule book (``rules.yaml``) as typed, read-only values.

The engine reads its numbers and choices from here (streets, limits, options and their
defaults, profiles), so a rule changes in one place. Loading validates the file against
``schema/rules.schema.json`` and a few semantic checks; a broken rule book raises
``RuleBookError`` carrying every problem with its line.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from stud8.spec.errors import ConfigError, Stud8Error
from stud8.spec.limits import MAX_ERRORS_PER_FILE, quoted, shorten
from stud8.spec.schemaflat import inline_local_refs
from stud8.spec.yamlio import Problem, YamlProblem, load_yaml_file, position_of

RULES_FILE = "rules.yaml"


class RuleBookError(Stud8Error):
    """The rule book is missing, unparsable or invalid; ``problems`` lists every finding."""

    code = "bad-rulebook"

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class Street:
    """One street of the deal (rule ``deal.*``): the cards each player gets, burn, bet size."""

    name: str
    cards: tuple[str, ...]  # "up" / "down", in dealing order
    burn: bool
    bet: str  # "small_bet" or "big_bet"


@dataclass(frozen=True)
class OptionSpec:
    """A house rule: its type, allowed values and default."""

    name: str
    title: str
    type: str  # "integer", "boolean" or "enum"
    default: Any
    values: tuple[str, ...] = ()
    minimum: int | None = None
    rules: tuple[str, ...] = ()

    def check(self, value: Any) -> str | None:
        """Return why ``value`` is not allowed for this option, or None when it is."""
        if self.type == "boolean":
            return None if isinstance(value, bool) else "must be true or false"
        if self.type == "integer":
            if isinstance(value, bool) or not isinstance(value, int):
                return "must be a whole number"
            if self.minimum is not None and value < self.minimum:
                return f"must be at least {self.minimum}"
            return None
        if value not in self.values:
            return "must be one of " + ", ".join(self.values)
        return None


@dataclass(frozen=True)
class RuleBook:
    """The parsed rule book. ``data`` keeps the whole document for the docs generator."""

    data: Mapping[str, Any]
    streets: tuple[Street, ...]
    options: Mapping[str, OptionSpec]
    profiles: Mapping[str, Mapping[str, Any]]
    default_profile: str
    rule_ids: tuple[str, ...]
    error_codes: Mapping[str, str]
    min_players: int
    max_players: int
    low_qualifier: int
    path: str = field(default=RULES_FILE)

    def resolve_options(self, profile: str | None = None, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every option's value: defaults, then the profile's values, then ``overrides``.

        Raises ``ConfigError`` for an unknown profile, an unknown option or a value the
        option does not allow.
        """
        name = profile or self.default_profile
        if name not in self.profiles:
            raise ConfigError(f"unknown profile {quoted(name)} (profiles: {', '.join(self.profiles)})", "bad-config")
        values = {option.name: option.default for option in self.options.values()}
        values.update(self.profiles[name])
        for key, value in (overrides or {}).items():
            option = self.options.get(key)
            if option is None:
                raise ConfigError(f"unknown option {quoted(key)} (options: {', '.join(self.options)})", "bad-config")
            why = option.check(value)
            if why:
                raise ConfigError(f"option {shorten(str(key), 40)}={quoted(value)} {why}", "bad-config")
            values[key] = value
        return values


def _schema(name: str) -> dict[str, Any]:
    return json.loads(resources.files("stud8.spec").joinpath("schema").joinpath(name).read_text(encoding="utf-8"))


@functools.cache
def load_schema(name: str) -> dict[str, Any]:
    """A packaged JSON Schema by file name (``rules.schema.json``, ``scenario.schema.json``)."""
    return _schema(name)


@functools.cache
def _validator(name: str) -> jsonschema.Draft202012Validator:
    """The validator of a packaged schema, made once, over the schema with its local ``$ref``s
    written out (``schemaflat``: the same findings, without a registry look-up per ``$ref``)."""
    return jsonschema.Draft202012Validator(inline_local_refs(load_schema(name)))


_UNEXPECTED_KEY_VALIDATORS = ("additionalProperties", "unevaluatedProperties")


def _unexpected_key(error: jsonschema.ValidationError) -> Any:
    """The first key (in document order) an additional/unevaluated-properties error names, or None."""
    if error.validator not in _UNEXPECTED_KEY_VALIDATORS or not isinstance(error.instance, dict):
        return None
    _, _, named = error.message.partition("(")
    return next((key for key in error.instance if repr(key) in named), None)


def schema_problems(document: Any, schema_name: str, path: str) -> list[Problem]:
    """JSON Schema findings as positioned problems, in file order; an unexpected key is pointed at itself.

    At most ``MAX_ERRORS_PER_FILE + 1`` are found (the walk stops there, so that a file of a
    hundred thousand bad items costs no more than one of a hundred); messages are cut short,
    since jsonschema quotes the whole offending value.
    """
    validator = _validator(schema_name)
    problems = []
    for error in itertools.islice(validator.iter_errors(document), MAX_ERRORS_PER_FILE + 1):
        best = jsonschema.exceptions.best_match([error])
        where = list(best.absolute_path)
        extra = _unexpected_key(best)
        line, column = position_of(document, where if extra is None else [*where, extra])
        location = "/".join(str(step) for step in where) or "(top)"
        problems.append(Problem(path, line, column, "schema", shorten(f"{location}: {best.message}", 300)))
    problems.sort(key=lambda p: (p.line, p.column))  # stable: errors at one place keep their order
    return problems


BOOK_SOURCE = "STUD8"
"""The source key of this rule book's own decisions: its quotes come from the citing rule itself."""

QUOTE_CUT = "…"
"""Marks a cut inside a quote: the parts around it stand in the source in that order."""


def quoted_in(quote: str, text: str) -> bool:
    """Whether ``quote`` stands in ``text``: each part between cuts (``…``), in order, with runs
    of white space counted as one space (a quote may be wrapped differently from its source)."""
    flat = " ".join(text.split())
    position = 0
    for part in quote.split(QUOTE_CUT):
        part = " ".join(part.split())
        if not part:
            continue
        found = flat.find(part, position)
        if found < 0:
            return False
        position = found + len(part)
    return True


def _citation_problems(data: Mapping[str, Any], path: str, where: list[Any], cited: Mapping[str, Any],
                       own_text: str) -> list[Problem]:
    """A citation's source, copy and, for the book's own decisions, its quote (which must stand in
    ``own_text``: the citing rule's statement or option's texts)."""
    source = data["sources"].get(cited["source"])
    at = position_of(data, where)
    if source is None:
        return [Problem(path, *at, "unknown-source", f"source {cited['source']!r} is not listed under sources")]
    copies = source.get("copies", {})
    problems = []
    if "copy" in cited and cited["copy"] not in copies:
        problems.append(Problem(path, *at, "unknown-copy",
                                f"copy {cited['copy']!r} is not one of the copies of source {cited['source']}"))
    if "quote" in cited and copies and "copy" not in cited:
        problems.append(Problem(path, *at, "copy-missing",
                                f"a quote of {cited['source']} says in which of its copies it was read (copy: ...)"))
    if cited["source"] == BOOK_SOURCE and "quote" in cited and not quoted_in(cited["quote"], own_text):
        problems.append(Problem(path, *at, "quote-not-found",
                                f"the {BOOK_SOURCE} quote is not in the citing text: {shorten(cited['quote'], 80)}"))
    return problems


def _semantic_problems(data: Mapping[str, Any], path: str) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[str, Any] = {}
    for s_index, section in enumerate(data["sections"]):
        for r_index, rule in enumerate(section["rules"]):
            rule_id = rule["id"]
            where = position_of(data, ["sections", s_index, "rules", r_index, "id"])
            if rule_id in seen:
                problems.append(Problem(path, *where, "duplicate-rule-id", f"rule id {rule_id!r} is defined twice"))
            seen[rule_id] = rule
            if rule_id.split(".")[0] != section["id"]:
                problems.append(Problem(path, *where, "rule-section", f"rule id {rule_id!r} is not in section {section['id']!r}"))
            for p_index, parameter in enumerate(rule.get("parameters", [])):
                head, _, key = parameter.partition(".")
                if head != "game" or key not in data["game"]:
                    at = position_of(data, ["sections", s_index, "rules", r_index, "parameters", p_index])
                    problems.append(Problem(path, *at, "unknown-parameter", f"parameter {parameter!r} is not in game"))
            for c_index, cited in enumerate(rule.get("sources", [])):
                problems.extend(_citation_problems(data, path, ["sections", s_index, "rules", r_index, "sources", c_index],
                                                   cited, rule["statement"]))
    for name, option in data["options"].items():
        option_text = " ".join([option["description"], *option.get("values", {}).values()])
        for c_index, cited in enumerate(option.get("sources", [])):
            problems.extend(_citation_problems(data, path, ["options", name, "sources", c_index], cited, option_text))
        for r_index, rule_id in enumerate(option.get("rules", [])):
            if rule_id not in seen:
                at = position_of(data, ["options", name, "rules", r_index])
                problems.append(Problem(path, *at, "unknown-rule", f"option {name} names unknown rule {rule_id!r}"))
        default = option["default"]
        spec = _option_spec(name, option)
        why = spec.check(default)
        if why:
            at = position_of(data, ["options", name, "default"])
            problems.append(Problem(path, *at, "bad-default", f"default of option {name} {why}"))
    for profile, body in data["profiles"].items():
        for key, value in body["options"].items():
            at = position_of(data, ["profiles", profile, "options", key])
            if key not in data["options"]:
                problems.append(Problem(path, *at, "unknown-option", f"profile {profile} sets unknown option {key!r}"))
                continue
            why = _option_spec(key, data["options"][key]).check(value)
            if why:
                problems.append(Problem(path, *at, "bad-option-value", f"profile {profile}: option {key} {why}"))
    if data["default_profile"] not in data["profiles"]:
        at = position_of(data, ["default_profile"])
        problems.append(Problem(path, *at, "unknown-profile", f"default_profile {data['default_profile']!r} is not a profile"))
    return problems


def _option_spec(name: str, option: Mapping[str, Any]) -> OptionSpec:
    return OptionSpec(
        name=name,
        title=option["title"],
        type=option["type"],
        default=option["default"],
        values=tuple(option.get("values", {})),
        minimum=option.get("minimum"),
        rules=tuple(option.get("rules", ())),
    )


def check_rulebook(data: Any, path: str) -> list[Problem]:
    """Every schema and semantic problem of a parsed rule book (empty when valid)."""
    problems = schema_problems(data, "rules.schema.json", path)
    if problems:
        return problems
    return _semantic_problems(data, path)


def parse_rulebook(data: Mapping[str, Any], path: str = RULES_FILE) -> RuleBook:
    """Build a ``RuleBook`` from a parsed document, raising ``RuleBookError`` when invalid."""
    problems = check_rulebook(data, path)
    if problems:
        raise RuleBookError(problems)
    game = data["game"]
    return RuleBook(
        data=data,
        streets=tuple(Street(s["name"], tuple(s["cards"]), s["burn"], s["bet"]) for s in game["streets"]),
        options={name: _option_spec(name, body) for name, body in data["options"].items()},
        profiles={name: dict(body["options"]) for name, body in data["profiles"].items()},
        default_profile=data["default_profile"],
        rule_ids=tuple(rule["id"] for section in data["sections"] for rule in section["rules"]),
        error_codes=dict(data["error_codes"]),
        min_players=game["players"]["min"],
        max_players=game["players"]["max"],
        low_qualifier=game["low_qualifier"],
        path=path,
    )


def load_rulebook_file(path: Path | str) -> RuleBook:
    """Load and validate a rule book file."""
    try:
        data = load_yaml_file(path)
    except YamlProblem as error:
        raise RuleBookError([error.problem]) from None
    return parse_rulebook(data, str(path))


def packaged_rules_path() -> Path:
    """The installed ``rules.yaml`` (package data of ``stud8.spec``)."""
    return Path(str(resources.files("stud8.spec").joinpath(RULES_FILE)))


@functools.lru_cache(maxsize=1)
def default_rulebook() -> RuleBook:
    """The packaged rule book, loaded and validated once per process."""
    return load_rulebook_file(packaged_rules_path())
