"""Which scenarios each option value and each profile decides: the option coverage table.

An engine built to house rules is judged on a scenario when the scenario's checked values are
the same under its rules (``applicability.py``); that argument rests on the reference engine
playing every value of every option as the rule book says, which only scenarios of each value
can show. So every option value, and every profile, needs hand-worked scenarios **in which it
decides something**: scenarios that play that value and whose checked values the rule book gives
otherwise under another value of the same option.

A replay scenario *decides* ``OPTION=VALUE`` when it plays ``VALUE`` for ``OPTION`` (defaults, then
its profile, then its own options) and the reference engine, replaying the scenario's inputs with
``OPTION`` set to another value (every other value of a boolean or a choice; one less and one
more for a number), misses at least one of its expectations. It *decides* a profile when it names
the profile and the reference engine, playing it under the defaults with the scenario's own
options, misses one. Scenarios that expect the start to be refused test settings, not play, and
are left out, and so are the played-out hand evaluations (their values are the hands', not the
options').

The table is written to ``conformance/option-coverage.yaml`` (``python -m
stud8.conformance.suite.option_coverage --out conformance/option-coverage.yaml``), shown in the
catalogue ("Option values"), and tests/test_option_coverage.py checks that the file is current,
that every value of every option and every profile is decided by at least ``MINIMUM`` scenarios,
and that each listed scenario decides what it is listed under.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stud8.conformance.suite.applicability import with_settings
from stud8.conformance.suite.scenarios import Scenario, iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.spec.errors import Stud8Error
from stud8.spec.rulebook import OptionSpec, default_rulebook

MINIMUM = 2
"""The fewest scenarios that must decide each option value and each profile."""

RAISE_CAP_VALUES: tuple[int, ...] = (1, 2, 3, 4)
"""The values of the one number option (``raise_cap``) the table covers: the default, the
tournament's 4, and the smaller caps house games use."""

FILE = "option-coverage.yaml"


def option_values(option: OptionSpec) -> list[Any]:
    """The values of an option the table has a row for."""
    if option.type == "boolean":
        return [False, True]
    if option.type == "integer":
        return list(RAISE_CAP_VALUES)
    return list(option.values)


def alternatives(option: OptionSpec, value: Any) -> list[Any]:
    """The other values a scenario is replayed under, to see whether ``value`` decides it."""
    if option.type == "integer":
        return [other for other in (value - 1, value + 1) if option.minimum is None or other >= option.minimum]
    return [other for other in option_values(option) if other != value]


def _passes(scenario: Scenario, profile: str | None, options: dict[str, Any]) -> bool:
    from stud8.conformance.engines.api import ReferenceEngine
    from stud8.conformance.suite.replay import ScenarioFailure, run_scenario

    try:
        run_scenario(ReferenceEngine(), with_settings(scenario, profile, options))
    except ScenarioFailure:
        return False
    return True


def _considered(scenario: Scenario) -> bool:
    data = scenario.data
    return scenario.kind == "replay" and data.get("start_error") is None and not data.get("played_out")


@dataclass(frozen=True)
class Decided:
    """What one scenario decides: option values ``(name, value)`` and profiles."""

    scenario: str
    values: tuple[tuple[str, Any], ...]
    profiles: tuple[str, ...]


def decided_by(scenario: Scenario) -> Decided:
    """The option values and the profile ``scenario`` decides (see the module docstring)."""
    book = default_rulebook()
    data = scenario.data
    values: list[tuple[str, Any]] = []
    profiles: list[str] = []
    if not _considered(scenario):
        return Decided(scenario.id, (), ())
    try:
        resolved = book.resolve_options(data.get("profile"), data.get("options") or {})
    except Stud8Error:
        return Decided(scenario.id, (), ())
    if not _passes(scenario, None, resolved):
        return Decided(scenario.id, (), ())  # the reference engine disagrees with it: nothing is shown
    for name, option in book.options.items():
        value = resolved[name]
        for other in alternatives(option, value):
            if not _passes(scenario, None, {**resolved, name: other}):
                values.append((name, value))
                break
    profile = data.get("profile")
    if profile and profile != book.default_profile:
        try:
            without = book.resolve_options(None, data.get("options") or {})
        except Stud8Error:
            without = None
        if without is not None and not _passes(scenario, None, without):
            profiles.append(profile)
    return Decided(scenario.id, tuple(values), tuple(profiles))


def table(scenarios: Iterable[Scenario]) -> dict[str, Any]:
    """The coverage table: for each option, each value's deciding scenarios; for each profile, its."""
    book = default_rulebook()
    options: dict[str, dict[Any, list[str]]] = {name: {value: [] for value in option_values(option)}
                                                for name, option in book.options.items()}
    profiles: dict[str, list[str]] = {name: [] for name in book.profiles if name != book.default_profile}
    for scenario in scenarios:
        found = decided_by(scenario)
        for name, value in found.values:
            options[name].setdefault(value, []).append(scenario.id)
        for profile in found.profiles:
            profiles.setdefault(profile, []).append(scenario.id)
    return {"options": {name: {_key(value): sorted(ids, key=_order) for value, ids in by_value.items()}
                        for name, by_value in options.items()},
            "profiles": {name: sorted(ids, key=_order) for name, ids in profiles.items()}}


def _key(value: Any) -> Any:
    return value


def _order(scenario_id: str) -> tuple[str, int, str]:
    area, _, number = scenario_id.rpartition("-")
    return (area, int(number) if number.isdigit() else 0, scenario_id)


HEADER = """\
# Which scenarios decide each option value and each profile (conformance/suite/option_coverage.py):
# a scenario is listed under OPTION: VALUE when it plays VALUE and the reference engine, replaying it
# with another value of OPTION, misses one of its expectations; under a profile when it names the
# profile and misses one under the defaults. Generated; do not edit by hand:
#   python -m stud8.conformance.suite.option_coverage --out conformance/option-coverage.yaml
# tests/test_option_coverage.py checks it is current and that every value has at least 2.
"""


def render(data: dict[str, Any]) -> str:
    """The table as YAML (flow lists, one line per value), after ``HEADER``."""
    import json

    lines = [HEADER.rstrip("\n"), "options:"]
    for name, by_value in data["options"].items():
        lines.append(f"  {name}:")
        for value, ids in by_value.items():
            shown = json.dumps(value) if isinstance(value, bool) else value
            lines.append(f"    {shown}: [{', '.join(ids)}]")
    lines.append("profiles:")
    for name, ids in data["profiles"].items():
        lines.append(f"  {name}: [{', '.join(ids)}]")
    return "\n".join(lines) + "\n"


def suite_scenarios(folders: Sequence[Path] | None = None) -> list[Scenario]:
    files, _ = load_suite(list(folders) if folders else [packaged_scenarios_dir()])
    return list(iter_scenarios(files))


def coverage_path() -> Path:
    """The committed table (package data beside the scenarios)."""
    from importlib import resources

    return Path(str(resources.files("stud8.conformance").joinpath(FILE)))


def load() -> dict[str, Any]:
    """The committed table, read safely."""
    from stud8.spec.yamlio import load_yaml_file

    loaded = load_yaml_file(coverage_path())
    return dict(loaded)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m stud8.conformance.suite.option_coverage",
                                     description="Write the option coverage table from a run of the suite.")
    parser.add_argument("--out", type=Path, default=None, metavar="FILE",
                        help="write the table to FILE (default: print it)")
    args = parser.parse_args(argv)
    text = render(table(suite_scenarios()))
    if args.out is None:
        sys.stdout.write(text)
        return 0
    from stud8.spec.outputs import write_text_atomic

    write_text_atomic(args.out, text, "--out")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
