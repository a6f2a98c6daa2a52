"""Writing replay scenarios as a scenario file, in the suite's own layout.

Why here, in the suite: a scenario file is the suite's format, whoever makes the scenarios.
``stud8 hh import`` writes recorded hands of every format through it (PHH and every site's
history alike), and any other tool that makes replay scenarios from data (rather than by
hand) should too, so that generated files read like the hand-written ones: one key a line,
the deal street by street, the actions one a line, long text folded.

``scenarios_yaml`` writes; ``check_scenario_text`` refuses a written file that ``stud8
validate`` would reject (it loads the text with the suite's own loader), so a bug in a
writer shows up as one clear error and never as a file in the suite that does not load.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from stud8.spec.errors import Stud8Error


class ScenarioNotValid(Stud8Error):
    """A scenario file a writer made that the suite's loader refuses (a writer's bug)."""

    code = "invalid-scenario"


_PLAIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._/-]*$")
_YAML_WORDS = {"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"}


def yaml_scalar(value: Any) -> str:
    """A scalar as YAML: plain when it cannot be read as anything but this string, quoted
    (JSON's quoting, which YAML reads) otherwise."""
    if isinstance(value, str):
        if _PLAIN.match(value) and value.lower() not in _YAML_WORDS and not value.endswith(" ") \
                and not re.fullmatch(r"[0-9._-]+", value):
            return value
        return json.dumps(value, ensure_ascii=False)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def flow(value: Any) -> str:
    """A value in YAML flow style (``{ante: 5, bring_in: 10}``, ``[1, 2]``)."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    return yaml_scalar(value)


def folded(text: str, indent: str, width: int = 96) -> list[str]:
    """``text`` as the lines of a folded block scalar (``>-``), each at most ``width``
    characters where the words allow."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(indent) + len(line) + 1 + len(word) > width:
            lines.append(indent + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(indent + line)
    return lines


def scenarios_yaml(scenarios: Sequence[Mapping[str, Any]], header: str,
                   stacks_comment: str = "recorded finishing stacks") -> str:
    """A scenario file holding the replay ``scenarios``, ``header`` as its comment (one ``#``
    line per line of it). A scenario's ``rake`` (a recorded site hand) is written after its
    outcome; ``stacks_comment`` follows the expected stacks."""
    out = [f"# {line}".rstrip() for line in header.splitlines()]
    out.append("scenarios:")
    for scenario in scenarios:
        out.append(f"  - id: {scenario['id']}")
        for key in ("kind", "title"):
            out.append(f"    {key}: {yaml_scalar(scenario[key])}")
        out.append(f"    rules: {flow(list(scenario['rules']))}")
        out.append("    description: >-")
        out.extend(folded(scenario["description"], "      "))
        out.append("    source: >-")
        out.extend(folded(scenario["source"], "      "))
        out.append(f"    stakes: {flow(scenario['stakes'])}")
        out.append(f"    stacks: {flow(scenario['stacks'])}")
        out.append("    deal:")
        for street, cards in scenario["deal"].items():
            out.append(f"      {street}: {flow(cards)}")
        out.append("    actions:")
        out.extend(f"      - {yaml_scalar(action)}" for action in scenario["actions"])
        out.append("    outcome:")
        out.append(f"      stacks: {flow(scenario['outcome']['stacks'])}   # {stacks_comment}")
        if "rake" in scenario:
            out.append(f"    rake: {flow(scenario['rake'])}")
    return "\n".join(out) + "\n"


def check_scenario_text(text: str, where: str) -> None:
    """Refuse (``ScenarioNotValid``) a written scenario file that ``stud8 validate`` would reject."""
    from stud8.conformance.suite.scenarios import scenarios_from_document
    from stud8.spec.yamlio import YamlProblem, load_yaml

    try:
        loaded = scenarios_from_document(load_yaml(text, where), where)
    except YamlProblem as error:  # pragma: no cover - the writer above writes valid YAML
        raise ScenarioNotValid(f"{where}: the scenario file written is not valid YAML: {error.problem}") from None
    if loaded.problems:
        raise ScenarioNotValid(f"{where}: the scenario file written is not valid: {loaded.problems[0]}")
