"""The record of the last full run of the generated mutants, and its section of ``docs/mutants.md``.

``stud8 mutants --generated --record`` writes ``generated.json`` beside this module: per rule
module, the engine source it ran on (a digest), how many mutants cosmic-ray generated, how many
were left out in annotations, killed, equivalent and surviving; and, for every mutant not
killed, where it is and what it changes. The catalogue is rendered from that record and the
hand-written verdicts (``generated_verdicts``) without running anything, so ``docs/mutants.md``
changes only when a run is recorded or a verdict is written; a test fails when a module's
source no longer matches its record (the run must be repeated for that module).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from stud8.conformance.mutants.generated import MODULES

RECORD = Path(__file__).with_name("generated.json")

GOAL = 0.97
"""The share of the non-equivalent generated mutants the suite must kill (issue 19)."""


def load_record(path: Path = RECORD) -> dict[str, Any]:
    """The recorded run, or an empty record when none was made."""
    if not path.exists():
        return {"tool": None, "modules": {}, "mutants": {}}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def merge(record: Mapping[str, Any], tool: str, digests: Mapping[str, str], generated: Mapping[str, int],
          annotations: Mapping[str, int], results: Sequence[Any], described: Mapping[str, tuple[int, str, str]],
          seconds: float) -> dict[str, Any]:
    """``record`` with the modules of ``results`` replaced by this run's figures."""
    modules = dict(record.get("modules", {}))
    mutants = {key: value for key, value in record.get("mutants", {}).items()
               if key.split(":", 1)[0] not in generated}
    for module in generated:
        mine = [r for r in results if r.module == module]
        counts = {status: sum(1 for r in mine if r.status == status)
                  for status in ("killed", "equivalent", "survived", "error")}
        modules[module] = {"source": digests[module], "generated": generated[module], "run": len(mine),
                           "annotations": annotations[module], **counts,
                           "load_or_hang": sum(1 for r in mine if r.killer in ("(load)", "(hang)", "(crash)")),
                           "seconds": round(sum(r.seconds for r in mine), 1)}
    for result in results:
        if result.status != "killed":
            line, text, mutated = described[result.key]
            mutants[result.key] = {"status": result.status, "line": line, "text": text, "mutated": mutated,
                                   "fuzz_hands": result.fuzz_hands, "divergence": result.divergence}
    ordered = {module: modules[module] for module in MODULES if module in modules}
    return {"tool": tool, "modules": ordered, "notes": list(record.get("notes", [])), "seconds": round(seconds + float(record.get("seconds", 0) or 0), 1)
            if set(generated) != set(MODULES) else round(seconds, 1),
            "mutants": dict(sorted(mutants.items()))}


def record_text(record: Mapping[str, Any]) -> str:
    """The record as the JSON text ``generated.json`` holds (the command writes it)."""
    return json.dumps(record, indent=1, sort_keys=False) + "\n"


def totals(record: Mapping[str, Any]) -> dict[str, int]:
    keys = ("generated", "run", "annotations", "killed", "equivalent", "survived", "error")
    return {key: sum(int(m.get(key, 0)) for m in record.get("modules", {}).values()) for key in keys}


def score(record: Mapping[str, Any]) -> float | None:
    """Killed over generated less equivalent, or None without a record."""
    total = totals(record)
    to_kill = total["run"] - total["equivalent"]
    return None if to_kill <= 0 else total["killed"] / to_kill


def render_section(record: Mapping[str, Any], equivalent: Mapping[str, str], killed_by: Mapping[str, str]) -> str:
    """The "Generated mutants" part of the catalogue."""
    lines = ["## Generated mutants (cosmic-ray)", "",
             "The zoo above holds mistakes people thought of. To find the ones nobody thought of,",
             "[cosmic-ray](https://github.com/sixty-north/cosmic-ray) generates every small edit its core",
             "operators make in the engine's rule modules (`reference/`: betting, pots, dealing, exposed,",
             "hands, fast_eval, engine): an operator replaced (`+` by `-`, `<` by `<=`, `==` by `is`...), a",
             "number off by one, `and` made `or`, a `not` added, a loop that never runs, a decorator removed, an",
             "`except` that no longer catches. Edits inside type annotations are left out: every module",
             "postpones annotations (`from __future__ import annotations`), so they are never evaluated.",
             "Only the scenario suite is run against each mutant (no unit test), in-process, each mutant",
             "in a forked child, stopping at the first scenario that fails.", "",
             "Why cosmic-ray and not mutmut: both install here with pip. mutmut 3 copies the sources into",
             "a `mutants/` folder, compiles every mutant of a function into it behind a trampoline, and",
             "names the code after its file path (`reference/betting.py` is `reference.betting` to it); it",
             "then runs pytest against that copy. `stud8` is an implicit namespace package mapped from the",
             "top-level folders by an editable install (`editable/`, pyproject.toml): the suite imports",
             "`stud8.reference.betting` from the checkout, never the copy, so mutmut stops (\"tests import",
             "the source under a different module path\") or, forced, tests nothing. It also wants pytest",
             "as the test run, where the suite alone is what must be measured. cosmic-ray (8.7) keeps",
             "finding a mutation (`mutate_code(source, operator, occurrence)`, its core operators) apart",
             "from running tests, so the edited source is installed in memory exactly like a zoo mutant and",
             "the suite runs in-process: a fraction of a second per mutant instead of a new interpreter",
             "and a pytest session per mutant.", "",
             "Rerun it: `stud8 mutants --generated` (all of them: roughly an hour of CPU, most of it",
             "fast_eval, whose lookup tables are rebuilt for every mutant; hours on a busy machine), `-k",
             "MODULE` for one module, `--log FILE` to keep each result as it comes and `--resume FILE` to",
             "go on from such a log (killed mutants and lockstep evidence made on the same engine source",
             "are kept), `--record` to update this page's figures, then `stud8 mutants --doc",
             "docs/mutants.md`. Needs the `mutation` extra (`pip install 'stud8[mutation]'`). CI runs a",
             "fixed sample (`stud8 mutants --generated --sample`, 20 mutants per module;",
             "`tests/test_mutants_generated.py`); the whole run is the `slow` test.", "",
             "An equivalence claim is checked by the run: the mutant must survive the suite and the",
             "lockstep hands must show no difference (200 hands per generated mutant in the recorded",
             "run, for time: there are hundreds; `--fuzz-hands 3000` gives the zoo's standard).", ""]
    modules = record.get("modules", {})
    if not modules:
        lines += ["No run has been recorded yet.", ""]
        return "\n".join(lines)
    lines += [f"Generated by {record.get('tool')}.", "",
              "| module | generated | run | in annotations (left out) | killed | equivalent | surviving | killed by a load error or hang |",
              "|---|---|---|---|---|---|---|---|"]
    for module, m in modules.items():
        lines.append(f"| `{module}` | {m['generated']} | {m['run']} | {m['annotations']} | {m['killed']} | "
                     f"{m['equivalent']} | {m['survived'] + m.get('error', 0)} | {m.get('load_or_hang', 0)} |")
    total = totals(record)
    lines.append(f"| all | {total['generated']} | {total['run']} | {total['annotations']} | {total['killed']} | "
                 f"{total['equivalent']} | {total['survived'] + total['error']} | "
                 f"{sum(m.get('load_or_hang', 0) for m in modules.values())} |")
    value = score(record)
    lines += ["", (f"Score: **{total['killed']} of {total['run'] - total['equivalent']} non-equivalent "
                   f"generated mutants run killed ({100 * (value or 0):.1f}%)**; the goal is {100 * GOAL:.0f}%."), ""]
    for note in record.get("notes", []):
        lines += [note, ""]
    partial = [module for module, m in modules.items() if m["run"] < m["generated"]]
    if partial:
        lines += [("Not every mutant of " + ", ".join(f"`{module}`" for module in partial) + " has been run yet: "
                   "`stud8 mutants --generated -k MODULE --resume LOG --record` completes a module."), ""]
    mutants = record.get("mutants", {})
    written = dict(killed_by)
    if written:
        lines += ["### Survivors now killed by scenarios written for them", "",
                  "Each survived an earlier run; the scenario was worked out by hand from the rules.", "",
                  "| mutant | killed by |", "|---|---|"]
        for key, scenario in written.items():
            lines.append(f"| `{key}` | `{scenario}` |")
        lines.append("")
    surviving = [(key, m) for key, m in mutants.items() if m["status"] in ("survived", "error")]
    if surviving:
        lines += ["### Surviving", "", "No scenario kills these yet and none is known to be equivalent.", "",
                  "| mutant | where | the edit |", "|---|---|---|"]
        for key, m in surviving:
            lines.append(f"| `{key}` | line {m['line']} | {_edit(m)} |")
        lines.append("")
    equivalents = [(key, m) for key, m in mutants.items() if m["status"] == "equivalent"]
    if equivalents:
        lines += ["### Equivalent", "",
                  "No observation tells these from the engine; each says why, and the run backs the reason",
                  "with lockstep hands (and, for the evaluators, random card sets valued by both).", "",
                  "| mutant | where | the edit | why it is equivalent |", "|---|---|---|---|"]
        for key, m in equivalents:
            reason = equivalent.get(key, "(no reason recorded)").replace("|", "\\|")
            lines.append(f"| `{key}` | line {m['line']} | {_edit(m)} | {reason} |")
        lines.append("")
    return "\n".join(lines)


def _edit(m: Mapping[str, Any]) -> str:
    def code(text: str) -> str:
        return "`" + text.replace("`", "'").replace("|", "\\|") + "`"

    return f"{code(m['text'])} → {code(m['mutated'])}"
