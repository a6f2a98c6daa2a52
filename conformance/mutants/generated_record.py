"""The record of the last full run of the generated mutants, and its section of ``docs/mutants.md``.

``stud8 mutants --generated --record`` writes ``generated.json`` beside this module: per rule
module, the engine source it ran on (a digest), how many mutants cosmic-ray generated, how many
were left out in annotations, killed, equivalent and surviving; and, for every mutant not
killed, where it is and what it changes. The catalogue is rendered from that record and the
hand-written verdicts (``generated_verdicts.yaml``) without running anything, so ``docs/mutants.md``
changes only when a run is recorded or a verdict is written; a test fails when a module's
source no longer matches its record (the run must be repeated for that module).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from stud8.conformance.mutants.generated import MODULES
from stud8.conformance.mutants.verdicts import Verdicts

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
          ) -> dict[str, Any]:
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
    # the whole record's time is its modules' (each the last run of that module): adding this
    # run's seconds to the record's total counted a module again at every partial rerun
    total = round(sum(float(figures.get("seconds", 0) or 0) for figures in ordered.values()), 1)
    return {"tool": tool, "modules": ordered, "notes": list(record.get("notes", [])), "seconds": total,
            "mutants": dict(sorted(mutants.items()))}


def record_text(record: Mapping[str, Any]) -> str:
    """The record as the JSON text ``generated.json`` holds (the command writes it)."""
    return json.dumps(record, indent=1, sort_keys=False) + "\n"


def totals(record: Mapping[str, Any]) -> dict[str, int]:
    keys = ("generated", "run", "annotations", "killed", "equivalent", "survived", "error")
    return {key: sum(int(m.get(key, 0)) for m in record.get("modules", {}).values()) for key in keys}


def unreached(record: Mapping[str, Any], verdicts: Verdicts) -> dict[str, int]:
    """Per module: the mutants recorded equivalent whose reason is code the engine never runs
    (a kind that is no equivalence); the score counts them as surviving."""
    found = dict.fromkeys(record.get("modules", {}), 0)
    for key, entry in record.get("mutants", {}).items():
        module = key.split(":", 1)[0]
        if entry["status"] == "equivalent" and not verdicts.counts_as_equivalent(key) and module in found:
            found[module] += 1
    return found


def score(record: Mapping[str, Any], verdicts: Verdicts) -> float | None:
    """Killed over the mutants run less the equivalent ones (over reachable code: a mutant in
    code the engine never runs counts as surviving), or None without a record."""
    total = totals(record)
    to_kill = total["run"] - total["equivalent"] + sum(unreached(record, verdicts).values())
    return None if to_kill <= 0 else total["killed"] / to_kill


def render_section(record: Mapping[str, Any], verdicts: Verdicts) -> str:
    """The "Generated mutants" part of the catalogue."""
    lines = ["## Generated mutants (cosmic-ray)", "",
             "The zoo above holds mistakes people thought of. To find the ones nobody thought of,",
             "[cosmic-ray](https://github.com/sixty-north/cosmic-ray) generates every small edit its core",
             "operators make in the engine's rule modules (`reference/`: betting, pots, dealing, exposed,",
             "hands, fast_eval, engine; what the engine runs, and nothing else: the evaluation the project",
             "does in bulk outside the engine is in `reference/bulk_eval.py`, which is not mutated): an",
             "operator replaced (`+` by `-`, `<` by `<=`, `==` by `is`...), a",
             "number off by one, `and` made `or`, a `not` added, a loop that never runs, a decorator removed, an",
             "`except` that no longer catches. Edits inside type annotations are left out: every module",
             "postpones annotations (`from __future__ import annotations`), so they are never evaluated.",
             "Only the scenario suite is run against each mutant (no unit test), in-process, each mutant",
             "in a forked child, stopping at the first scenario that fails.", "",
             "Why cosmic-ray and not mutmut: both install here with pip. mutmut 3 copies the sources into",
             "a `mutants/` folder, compiles every mutant of a function into it behind a trampoline, and",
             "names the code after its file path (`reference/betting.py` is `reference.betting` to it); it",
             "then runs pytest against that copy. `stud8` is one package mapped from the top-level",
             "folders, by an editable install too (`package/`, pyproject.toml): the suite imports",
             "`stud8.reference.betting` from the checkout, never the copy, so mutmut stops (\"tests import",
             "the source under a different module path\") or, forced, tests nothing. It also wants pytest",
             "as the test run, where the suite alone is what must be measured. cosmic-ray (8.7) keeps",
             "finding a mutation (`mutate_code(source, operator, occurrence)`, its core operators) apart",
             "from running tests, so the edited source is installed in memory exactly like a zoo mutant and",
             "the suite runs in-process: a fraction of a second per mutant instead of a new interpreter",
             "and a pytest session per mutant.", "",
             "Rerun it: `stud8 mutants --generated` (all of them: about 50 minutes of CPU, most of it",
             "engine, pots, hands and fast_eval, whose lookup tables are rebuilt for every mutant), `-k",
             "MODULE` for one module, `--log FILE` to keep each result as it comes and `--resume FILE` to",
             "go on from such a log (killed mutants and lockstep evidence made on the same engine source",
             "are kept), `--record` to update this page's figures, then `stud8 mutants --doc",
             "docs/mutants.md`. Needs the `mutation` extra (`pip install 'stud8[mutation]'`). CI runs a",
             "fixed sample (`stud8 mutants --generated --sample`, 20 mutants per module;",
             "`tests/test_mutants_generated.py`); the whole run is the `slow` test.", "",
             "An equivalence claim is checked by the run: the mutant must survive the suite and the",
             "lockstep hands must show no difference (200 hands per generated mutant in the recorded",
             "run, for time: there are hundreds; `--fuzz-hands 3000` gives the zoo's standard); a claim",
             "about `fast_eval` must also order one hand of every kind of seven cards (every rank",
             "multiset, flush and suit distribution, about 54,000 hands) exactly as the engine does.",
             "The verdicts are data (`conformance/mutants/generated_verdicts.yaml`, checked against",
             "`spec/schema/generated-verdicts.schema.json` when read): each reason has a kind, and the",
             "kind `unreached` (code the engine never runs) is no equivalence: such a mutant counts as",
             "surviving in the score.", ""]
    modules = record.get("modules", {})
    if not modules:
        lines += ["No run has been recorded yet.", ""]
        return "\n".join(lines)
    never_run = unreached(record, verdicts)
    lines += [f"Generated by {record.get('tool')}.", "",
              ("| module | generated | run | in annotations (left out) | killed | equivalent | in code the engine "
               "never runs | surviving | killed by a load error or hang |"),
              "|---|---|---|---|---|---|---|---|---|"]
    for module, m in modules.items():
        lines.append(f"| `{module}` | {m['generated']} | {m['run']} | {m['annotations']} | {m['killed']} | "
                     f"{m['equivalent'] - never_run[module]} | {never_run[module]} | {m['survived'] + m.get('error', 0)} | "
                     f"{m.get('load_or_hang', 0)} |")
    total = totals(record)
    all_never_run = sum(never_run.values())
    equivalent = total["equivalent"] - all_never_run
    lines.append(f"| all | {total['generated']} | {total['run']} | {total['annotations']} | {total['killed']} | "
                 f"{equivalent} | {all_never_run} | {total['survived'] + total['error']} | "
                 f"{sum(m.get('load_or_hang', 0) for m in modules.values())} |")
    value = score(record, verdicts)
    lines += ["", (f"Score over reachable code: **{total['killed']} of {total['run'] - equivalent} "
                   f"non-equivalent generated mutants run killed ({100 * (value or 0):.1f}%)**; the goal is "
                   f"{100 * GOAL:.0f}%. A mutant in code the engine never runs is counted as surviving, not as "
                   "equivalent."), ""]
    lines += _kinds_table(record, verdicts)
    for note in record.get("notes", []):
        lines += [note, ""]
    partial = [module for module, m in modules.items() if m["run"] < m["generated"]]
    if partial:
        lines += [("Not every mutant of " + ", ".join(f"`{module}`" for module in partial) + " has been run yet: "
                   "`stud8 mutants --generated -k MODULE --resume LOG --record` completes a module."), ""]
    mutants = record.get("mutants", {})
    written = dict(verdicts.killed_by)
    if written:
        lines += ["### Survivors now killed by scenarios written for them", "",
                  "Each survived an earlier run; the scenario was worked out by hand from the rules.", "",
                  "| mutant | killed by |", "|---|---|"]
        for key, scenario in written.items():
            lines.append(f"| `{key}` | `{scenario}` |")
        lines.append("")
    surviving = [(key, m) for key, m in mutants.items() if m["status"] in ("survived", "error")]
    claimed = [(key, m) for key, m in mutants.items() if m["status"] == "equivalent"]
    outside = [(key, m) for key, m in claimed if not verdicts.counts_as_equivalent(key)]
    equivalents = [(key, m) for key, m in claimed if verdicts.counts_as_equivalent(key)]
    lines += _mutant_table(outside, "In code the engine never runs",
                           ["They survive because the engine never runs the code they edit, which says nothing about the",
                            "suite; each is counted as surviving in the score."],
                           ["why the engine never runs it"], lambda key: [_cell(verdicts.equivalent[key].why)])
    lines += _mutant_table(surviving, "Surviving", ["No scenario kills these yet and none is known to be equivalent."],
                           [], lambda key: [])
    lines += _mutant_table(equivalents, "Equivalent",
                           ["No observation tells these from the engine; each says why, and the run backs the reason",
                            "with lockstep hands (and, for the evaluators, card sets valued by both)."],
                           ["kind", "why it is equivalent"],
                           lambda key: [verdicts.equivalent[key].kind, _cell(verdicts.equivalent[key].why)])
    return "\n".join(lines)


def _mutant_table(rows: Sequence[tuple[str, Mapping[str, Any]]], title: str, intro: list[str], columns: list[str],
                  cells: Callable[[str], list[str]]) -> list[str]:
    """One section listing recorded mutants (where, the edit, and the ``columns`` ``cells`` gives), or nothing."""
    if not rows:
        return []
    heads = ["mutant", "where", "the edit", *columns]
    lines = [f"### {title}", "", *intro, "", "| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    for key, m in rows:
        lines.append("| " + " | ".join([f"`{key}`", f"line {m['line']}", _edit(m), *cells(key)]) + " |")
    return [*lines, ""]


def _kinds_table(record: Mapping[str, Any], verdicts: Verdicts) -> list[str]:
    """How many recorded equivalents rest on each kind of reason, module by module."""
    modules = list(record.get("modules", {}))
    counts: dict[str, dict[str, int]] = {kind: dict.fromkeys(modules, 0) for kind in verdicts.kinds}
    for key, entry in record.get("mutants", {}).items():
        module = key.split(":", 1)[0]
        verdict = verdicts.equivalent.get(key)
        if entry["status"] == "equivalent" and verdict is not None and module in counts[verdict.kind]:
            counts[verdict.kind][module] += 1
    lines = ["Every equivalent, and every mutant in code the engine never runs, by the kind of its reason:", "",
             "| kind | " + " | ".join(f"`{module}`" for module in modules) + " | all | what the reasons of this kind say |",
             "|---|" + "---|" * (len(modules) + 2)]
    for kind, per_module in counts.items():
        if not sum(per_module.values()):
            continue
        mark = "" if verdicts.kinds[kind].equivalent else " (not equivalent: counted as surviving)"
        lines.append(f"| {kind}{mark} | " + " | ".join(str(per_module[module]) for module in modules)
                     + f" | {sum(per_module.values())} | {_cell(verdicts.kinds[kind].means)} |")
    return lines + [""]


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _edit(m: Mapping[str, Any]) -> str:
    def code(text: str) -> str:
        return "`" + text.replace("`", "'").replace("|", "\\|") + "`"

    return f"{code(m['text'])} → {code(m['mutated'])}"
