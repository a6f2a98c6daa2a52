// A stud8 harness in JavaScript (Node 18 or later): the engine protocol's loop
// (docs/protocol.md), ready to run.
//
//     stud8 smoke --engine "cmd:node harness.js"
//     stud8 conform --engine "cmd:node harness.js" --report report.json
//
// It reads one JSON request a line on stdin and writes one JSON answer a line on stdout (logs
// go to stderr: stdout is for the protocol only). As shipped it plays the toy engine beside it;
// to test your own engine, change the functions marked ENGINE CALL below, and nothing else: the
// loop, the answers' shapes and the error handling are the protocol's and already right.
"use strict";

const readline = require("node:readline");
const { ToyEngine, Refusal } = require("./toy_engine");

const PROTOCOL = 1;

// ---------------------------------------------------------------------------------------------
// ENGINE CALLS: the only part to change. Each returns the answer's fields (without "id").
// A refusal by the rules is {type: "refused", code, message}, with a code of the rule book
// (docs/protocol.md lists them); anything else going wrong may simply throw: the loop answers
// {type: "error"} and the runner restarts the engine.
// ---------------------------------------------------------------------------------------------

const ENGINE = new ToyEngine(); // ENGINE CALL: make your engine here

function engineHello() {
  // ENGINE CALL: who you are, and the option values you really play. An option left out is
  // played at its default only: {} means "the rule book's defaults" (the robert profile).
  // Playing raise_cap 3 and 4: options: {raise_cap: [3, 4]}; every value: "*".
  return { engine: { name: ENGINE.name, version: ENGINE.version }, options: {}, profiles: ["robert"] };
}

function engineEvaluate(cards) {
  // ENGINE CALL: the best high hand and the eight-or-better low of 5 to 7 cards.
  return refusing(() => ({ type: "evaluation", ...ENGINE.evaluate(cards) }));
}

function engineStart(stacks, stakes, deck, profile, options) {
  // ENGINE CALL: a new hand, dealt from the top of this deck (never shuffled). `options` holds
  // every option's value for this hand, already resolved.
  return refusing(() => { ENGINE.start(stacks, stakes, deck, options); return { type: "ok" }; });
}

function engineAct(action) {
  // ENGINE CALL: one action in PHH words: "p2 pb", "p1 cc", "p3 f", "p1 cbr 20".
  return refusing(() => { ENGINE.act(action); return { type: "ok" }; });
}

function engineObserve() {
  // ENGINE CALL: the whole state, every card face up (docs/protocol.md, observe, lists the fields).
  return { type: "observation", observation: ENGINE.observe() };
}

function engineStop() {
  // ENGINE CALL: release what your engine holds. Then the harness exits.
}

// ---------------------------------------------------------------------------------------------
// The protocol: nothing below needs changing.
// ---------------------------------------------------------------------------------------------

function refusing(call) {
  try {
    return call();
  } catch (error) {
    if (error instanceof Refusal) return { type: "refused", code: error.code, message: error.message };
    throw error;
  }
}

function answer(request) {
  switch (request.type) {
    // a runner may ask for optional features ("features"); this harness uses none, and then
    // must not answer with a "features" field at all
    case "hello": return { type: "hello", protocol: PROTOCOL, ...engineHello() };
    case "evaluate": return engineEvaluate(request.cards);
    case "start": return engineStart(request.stacks, request.stakes, request.deck, request.profile ?? null, request.options ?? {});
    case "act": return engineAct(request.action);
    case "observe": return engineObserve();
    case "stop": engineStop(); return { type: "bye" };
    default: return { type: "error", message: `unknown request type ${JSON.stringify(request.type)}` };
  }
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let id = null;
  let text;
  let bye = false;
  try {
    const request = JSON.parse(line);
    id = request !== null && typeof request === "object" ? request.id ?? null : null;
    const response = { id, ...answer(request) };
    bye = response.type === "bye";
    text = JSON.stringify(response);
  } catch (error) { // a bug, in the engine or here: say so and keep the conversation going
    console.error(error && error.stack ? error.stack : error);
    text = JSON.stringify({ id, type: "error", message: String(error && error.message ? error.message : error) });
  }
  process.stdout.write(text + "\n");
  if (bye) {
    lines.close();
    process.stdin.destroy();
  }
});
// The runner closed our stdin, or said stop: once stdout is written out, Node exits by itself
// (with status 0); process.exit() here could cut the last answer short on a slow pipe.
lines.on("close", () => { process.exitCode = 0; });
