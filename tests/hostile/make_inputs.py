"""Writes the committed hostile-input corpus under ``inputs/`` (run from anywhere:
``python tests/hostile/make_inputs.py``). The files are committed; this script says how each
was made, so a reader can see what is inside a file without opening 100 KB of brackets, and a
new input is added here first.

Each input stands for a class of bad input (README.md lists them). Special files that cannot
be committed (FIFOs, device links, unwritable output paths) are made by the test itself.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent / "inputs"
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
STAKES = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}

REPLAY = """scenarios:
  - id: hostile-001
    kind: replay
    title: A hostile scenario
    rules: [bring-in.lowest-upcard]
    description: A scenario made to break the tools, never to pass.
    stakes: {stakes}
    stacks: {stacks}
    deal:
      third: {{p1: "Ah Kd 9s", p2: "2h 2d 3c"}}
    actions:
      - p2 pb
      - {action}
    outcome:
      stacks: {final}
"""

PHH = """variant = 'F7S/8'
antes = {antes}
bring_in = {bring_in}
small_bet = 20
big_bet = 40
starting_stacks = {stacks}
actions = {actions!r}
"""


def yaml_inputs() -> dict[str, bytes]:
    files = {
        "deep-flow.yaml": "[" * 2000 + "]" * 2000 + "\n",
        "deep-flow-mapping.yaml": "{a: " * 2000 + "1" + "}" * 2000 + "\n",
        "deep-block.yaml": "".join(" " * i + "k:\n" for i in range(300)) + " " * 300 + "1\n",
        "alias-bomb.yaml": "a0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n" for i in range(1, 10)),
        "huge-int.yaml": "scenarios: " + "9" * 5000 + "\n",
        "many-errors.yaml": "scenarios: [" + ", ".join(["{id: 1}"] * 5000) + "]\n",
        "wide-list.yaml": "[" + ", ".join(["1"] * 20000) + "]\n",
        "python-tag.yaml": "scenarios: !!python/object/apply:os.system ['echo pwned']\n",
        "duplicate-keys.yaml": "scenarios: []\nscenarios: []\n",
        "scalar.yaml": "just a string\n",
        "empty.yaml": "",
        "bad-table.yaml": REPLAY.format(stakes="{ante: 5.0, bring_in: 10, small_bet: 20, big_bet: 40}",
                                        stacks="[-100, 300]", action="p1 f", final="[-100, 300]"),
        "huge-cbr.yaml": REPLAY.format(stakes="{ante: 5, bring_in: 10, small_bet: 20, big_bet: 40}",
                                       stacks="[100, 100]", action="p1 cbr " + "9" * 5000, final="[95, 105]"),
        "long-strings.yaml": REPLAY.format(stakes="{ante: 5, bring_in: 10, small_bet: 20, big_bet: 40}",
                                           stacks="[100, 100]", action="p1 " + "x" * 20_000, final="[95, 105]"),
    }
    out = {name: text.encode("utf-8") for name, text in files.items()}
    out["not-utf8.yaml"] = b"scenarios: caf\xe9\n"
    out["binary.yaml"] = bytes(range(256)) * 4
    return out


def phh_inputs() -> dict[str, bytes]:
    two = {"antes": [5, 5], "bring_in": 10, "stacks": [1000, 1000]}
    eight = {"antes": [5] * 8, "bring_in": 10, "stacks": [1000] * 8}
    start = ["d dh p1 AsKsQs", "d dh p2 2c3c4c", "p2 pb"]
    files = {
        "deep.phh": "x = " + "[" * 5000 + "\n",
        "deep-closed.phh": "x = " + "[" * 500 + "]" * 500 + "\n",
        "eight-sevens.phh": PHH.format(**eight, actions=[f"d dh p{s} ??" for _ in range(7) for s in range(1, 9)]),
        "huge-cbr.phh": PHH.format(**two, actions=[*start, "p1 cbr " + "9" * 5000]),
        "huge-action.phh": PHH.format(**two, actions=[*start, "p1 " + "x" * 20_000]),
        "huge-seat.phh": PHH.format(**two, actions=[*start, "p" + "1" * 5000 + " f"]),
        "huge-int.phh": PHH.format(**{**two, "bring_in": "9" * 5000}, actions=start),
        "huge-stack.phh": PHH.format(**{**two, "stacks": "[" + "9" * 4000 + ", 1000]"}, actions=[*start, "p1 f"]),
        "players-1000.phh": PHH.format(antes=[5] * 1000, bring_in=10, stacks=[100] * 1000, actions=[]),
        "not-toml.phh": "this is { not toml\n",
        "empty.phh": "",
        "wrong-types.phh": PHH.format(antes="'five'", bring_in="[1]", stacks="{a = 1}", actions=[1, 2]),
    }
    out = {name: text.encode("utf-8") for name, text in files.items()}
    out["not-utf8.phh"] = b"variant = 'caf\xe9'\n"
    return out


def jsonl_inputs() -> dict[str, bytes]:
    big = "9" * 4299
    start = {"id": 2, "type": "start", "stacks": [100, 100], "stakes": STAKES, "deck": DECK, "profile": None, "options": {}}
    lines = {
        "deep.jsonl": ["[" * 10_000 + "]" * 10_000, '{"id": 1, "type": "hello", "protocol": 1, "x": ' + "[" * 500 + "]" * 500 + "}"],
        "huge-numbers.jsonl": [json.dumps(start).replace('"stacks": [100, 100]', f'"stacks": [{big}, 100]'),
                               json.dumps(start).replace('"ante": 1', f'"ante": {big}'),
                               '{"id": ' + "9" * 5000 + ', "type": "stop"}',
                               json.dumps({"id": 3, "type": "observe"})],
        "huge-action.jsonl": [json.dumps(start), json.dumps({"id": 3, "type": "act", "action": "p5 cbr " + "9" * 5000}),
                              json.dumps({"id": 4, "type": "act", "action": "x" * 100_000})],
        "huge-strings.jsonl": [json.dumps({**start, "deck": ["x" * 100_000] + DECK[1:]}),
                               json.dumps({**start, "profile": "p" * 100_000}),
                               json.dumps({**start, "options": {"o" * 50_000: 1}}),
                               json.dumps({**start, "options": {"raise_cap": "x" * 100_000}}),
                               json.dumps({"id": 7, "type": "evaluate", "cards": ["A" * 100_000] * 5})],
        "garbage.jsonl": ["not json", "[1, 2, 3]", '"text"', "null", '{"id": "one", "type": "hello"}',
                          '{"id": 1, "type": "nope"}', '{"id": 1e999, "type": "observe"}', "{" * 3,
                          json.dumps({"id": 5, "type": "evaluate", "cards": ["As"] * 20_000}),
                          json.dumps({"id": 6, "type": "start", "stacks": [1.5, True], "stakes": [], "deck": "x",
                                      "profile": ["p"], "options": []})],
    }
    out = {name: ("\n".join(rows) + "\n").encode("utf-8") for name, rows in lines.items()}
    out["binary.jsonl"] = bytes(range(256)) * 4 + b"\n"
    return out


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for files in (yaml_inputs(), phh_inputs(), jsonl_inputs()):
        for name, data in files.items():
            (HERE / name).write_bytes(data)


if __name__ == "__main__":
    main()
