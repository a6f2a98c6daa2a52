// A toy Seven Card Stud Hi/Lo engine: small, readable, and wrong in places on purpose.
//
// It is here so that the harness beside it runs as shipped: the suite then shows what a report
// looks like, and its failures are this toy's rules, never the protocol. What it gets right: the
// deal (no burn before third street, one burn before each later street), antes, the bring-in by
// the lowest up card, fixed-limit bets with a cap of a bet and three raises, folds, the hand
// ranks, the eight-or-better low and a split pot. What it gets wrong (the suite will say so):
// who acts first from fourth street (always the lowest seat), side pots, uncalled chips, odd
// chips, the show order, short all-ins and a deck that runs out.
//
// Replace it with your engine: harness.js calls it only from the functions marked ENGINE CALL.
"use strict";

const RANKS = "23456789TJQKA";
const SUITS = "cdhs"; // the bring-in's suit order, lowest first
const STREETS = ["third", "fourth", "fifth", "sixth", "seventh"];
const CATEGORIES = ["high card", "pair", "two pair", "three of a kind", "straight", "flush",
  "full house", "four of a kind", "straight flush"];
const ACTION = /^p([0-9]{1,16}) (pb|cc|f|cbr ([0-9]{1,16}))$/;

class Refusal extends Error {
  // The rules say no: a code of the rule book (bad-card, bad-config, bad-deck, out-of-turn, ...).
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function parseCard(text) {
  if (typeof text !== "string" || text.length !== 2 || !RANKS.includes(text[0]) || !SUITS.includes(text[1])) {
    throw new Refusal("bad-card", `not a card: ${JSON.stringify(text)}`);
  }
  return { rank: RANKS.indexOf(text[0]) + 2, suit: SUITS.indexOf(text[1]) };
}

const cardText = (card) => RANKS[card.rank - 2] + SUITS[card.suit];
const cardKey = (card) => card.rank * 4 + card.suit;

function scoreFive(cards) {
  // The category (index into CATEGORIES) and the five cards, most significant first.
  const ranks = cards.map((c) => c.rank).sort((a, b) => b - a);
  const flush = new Set(cards.map((c) => c.suit)).size === 1;
  let straightTop = 0;
  if (new Set(ranks).size === 5 && ranks[0] - ranks[4] === 4) straightTop = ranks[0];
  else if (ranks.join() === "14,5,4,3,2") straightTop = 5; // the wheel: the five first, the ace last
  if (straightTop) {
    const low = (c) => (straightTop === 5 && c.rank === 14 ? 1 : c.rank);
    return [flush ? 8 : 4, [...cards].sort((a, b) => low(b) - low(a))];
  }
  const counts = {};
  for (const r of ranks) counts[r] = (counts[r] || 0) + 1;
  const ordered = [...cards].sort((a, b) => counts[b.rank] - counts[a.rank] || b.rank - a.rank || b.suit - a.suit);
  if (flush) return [5, ordered];
  const shape = Object.values(counts).sort((a, b) => b - a).join();
  const category = { "4,1": 7, "3,2": 6, "3,1,1": 3, "2,2,1": 2, "2,1,1,1": 1 }[shape] || 0;
  return [category, ordered];
}

function* fives(cards, start = 0, chosen = []) {
  if (chosen.length === 5) { yield chosen; return; }
  for (let i = start; i < cards.length; i++) yield* fives(cards, i + 1, [...chosen, cards[i]]);
}

function bestHigh(cards) {
  // The best five of five to seven cards: [category, cards, value] (a larger value is better).
  let best = null;
  for (const five of fives(cards)) {
    const [category, ordered] = scoreFive(five);
    const wheel = (category === 4 || category === 8) && ordered[0].rank === 5;
    let value = category;
    for (const c of ordered) value = value * 15 + (wheel && c.rank === 14 ? 1 : c.rank);
    if (best === null || value > best[2]) best = [category, ordered, value];
  }
  return best;
}

function bestLow(cards) {
  // The eight-or-better low: five distinct ranks of eight or below (the ace is one), or null.
  const byRank = new Map();
  for (const c of cards) {
    const r = c.rank === 14 ? 1 : c.rank;
    if (r <= 8 && !byRank.has(r)) byRank.set(r, c);
  }
  if (byRank.size < 5) return null;
  const ranks = [...byRank.keys()].sort((a, b) => a - b).slice(0, 5).reverse(); // highest first
  let value = 0;
  for (const r of ranks) value = value * 9 + (8 - r); // a lower card is a larger value
  return [ranks.map((r) => byRank.get(r)), value];
}

class ToyEngine {
  constructor() {
    this.name = "toy-engine-node";
    this.version = "0.1";
    this.hand = null;
  }

  evaluate(texts) {
    const cards = texts.map(parseCard);
    if (cards.length < 5 || cards.length > 7 || new Set(cards.map(cardKey)).size !== cards.length) {
      throw new Refusal("bad-card", "five to seven distinct cards are evaluated");
    }
    const [category, ordered, value] = bestHigh(cards);
    const low = bestLow(cards);
    return {
      high: { category: CATEGORIES[category], cards: ordered.map(cardText), value },
      low: low === null ? null : { cards: low[0].map(cardText), value: low[1] },
    };
  }

  start(stacks, stakes, deck) {
    if (stacks.length < 2 || stacks.length > 8) throw new Refusal("bad-config", `a hand needs 2 to 8 players, got ${stacks.length}`);
    if (stacks.some((s) => !Number.isInteger(s) || s <= 0)) throw new Refusal("bad-config", "every stack must be a positive whole number");
    const { ante, bring_in: bringIn, small_bet: small, big_bet: big } = stakes;
    if (![ante, bringIn, small, big].every(Number.isInteger) || !(ante >= 0 && bringIn > 0 && bringIn <= small && small < big)) {
      throw new Refusal("bad-config", `stakes the rules do not allow: ${JSON.stringify(stakes)}`);
    }
    const cards = deck.map(parseCard);
    if (cards.length !== 52 || new Set(cards.map(cardKey)).size !== 52) throw new Refusal("bad-deck", "a deck is 52 distinct cards");
    const n = stacks.length;
    const hand = {
      n, ante, bringIn, small, big, deck: cards, next: 0, stack: [...stacks], committed: Array(n).fill(0),
      contributed: Array(n).fill(0), up: Array.from({ length: n }, () => []), down: Array.from({ length: n }, () => []),
      folded: Array(n).fill(false), street: 0, bet: 0, raises: 0, acted: new Set(), posted: false, over: false, result: null,
    };
    this.hand = hand;
    for (let s = 0; s < n; s++) { // antes
      const put = Math.min(ante, hand.stack[s]);
      hand.stack[s] -= put;
      hand.contributed[s] += put;
    }
    for (let round = 0; round < 3; round++) { // two down cards, then one up, one card a seat at a time
      for (let s = 0; s < n; s++) (round < 2 ? hand.down : hand.up)[s].push(this.draw());
    }
    let lowest = 0;
    for (let s = 1; s < n; s++) if (cardKey(hand.up[s][0]) < cardKey(hand.up[lowest][0])) lowest = s;
    hand.bringInSeat = lowest;
    hand.toAct = lowest;
  }

  draw() {
    return this.hand.deck[this.hand.next++];
  }

  allIn(s) { return this.hand.stack[s] === 0; }

  legal() {
    const hand = this.hand;
    if (hand === null || hand.over) return [];
    const s = hand.toAct;
    if (hand.street === 0 && !hand.posted) return ["pb", `cbr ${hand.small}`];
    const size = hand.street < 2 ? hand.small : hand.big;
    const target = hand.bet < hand.small && hand.street === 0 ? hand.small : hand.bet + size;
    const toCall = hand.bet - hand.committed[s];
    const moves = ["f", "cc"]; // fold is always offered; cc checks or calls
    if (hand.raises < 4 && hand.stack[s] > toCall) moves.push(`cbr ${Math.min(target, hand.stack[s] + hand.committed[s])}`);
    return moves;
  }

  act(text) {
    const hand = this.hand;
    const found = typeof text === "string" ? ACTION.exec(text) : null;
    if (found === null) throw new Refusal("malformed-action", `not an action: ${JSON.stringify(text)}`);
    if (hand === null) throw new Refusal("hand-over", "no hand has started");
    const seat = Number(found[1]) - 1;
    if (seat < 0 || seat >= hand.n) throw new Refusal("no-such-seat", `there is no seat ${seat + 1}`);
    if (hand.over) throw new Refusal("hand-over", "the hand is over");
    if (seat !== hand.toAct) throw new Refusal("out-of-turn", `it is p${hand.toAct + 1}'s turn`);
    const legal = this.legal();
    const kind = found[2].split(" ")[0];
    if (kind === "cbr" && !legal.includes(found[2])) {
      if (legal.some((m) => m.startsWith("cbr"))) throw new Refusal("wrong-amount", `${text}: not an amount offered`);
      throw new Refusal("not-allowed", `${text}: no bet or raise is possible`);
    }
    if (kind !== "cbr" && !legal.includes(kind)) throw new Refusal("not-allowed", `${text}: the legal moves are ${legal}`);
    if (kind === "pb") {
      this.put(seat, hand.bringIn);
      hand.bet = hand.committed[seat];
      hand.posted = true;
    } else if (kind === "cc") {
      this.put(seat, hand.bet - hand.committed[seat]);
    } else if (kind === "f") {
      hand.folded[seat] = true;
    } else {
      const amount = Number(found[3]);
      this.put(seat, amount - hand.committed[seat]);
      hand.bet = amount;
      hand.raises += 1;
      hand.posted = true;
      hand.acted = new Set();
    }
    hand.acted.add(seat);
    this.advance(seat);
  }

  put(s, chips) {
    const hand = this.hand;
    const paid = Math.min(chips, hand.stack[s]);
    hand.stack[s] -= paid;
    hand.committed[s] += paid;
    hand.contributed[s] += paid;
  }

  live() { return [...Array(this.hand.n).keys()].filter((s) => !this.hand.folded[s]); }

  advance(seat) {
    const hand = this.hand;
    const live = this.live();
    if (live.length === 1) { this.finish(live); return; }
    const able = live.filter((s) => !this.allIn(s));
    const done = able.every((s) => hand.acted.has(s) && hand.committed[s] === hand.bet);
    if (!done) {
      for (let step = 1; step <= hand.n; step++) {
        const c = (seat + step) % hand.n;
        if (able.includes(c) && (!hand.acted.has(c) || hand.committed[c] < hand.bet)) { hand.toAct = c; return; }
      }
    }
    for (;;) { // the round is over: the next street, or the showdown
      if (hand.street === 4) { this.finish(live); return; }
      hand.street += 1;
      hand.committed = Array(hand.n).fill(0);
      hand.bet = 0;
      hand.raises = 0;
      hand.acted = new Set();
      if (hand.next + 1 + live.length > hand.deck.length) { this.finish(live); return; } // WRONG: a deck that runs out
      this.draw(); // the burn
      for (const s of live) (hand.street === 4 ? hand.down : hand.up)[s].push(this.draw());
      if (able.length >= 2) { hand.toAct = able[0]; return; } // WRONG: the best board should act first
    }
  }

  finish(live) {
    const hand = this.hand;
    const pot = hand.contributed.reduce((a, b) => a + b, 0);
    const high = new Map();
    let low = null;
    if (live.length === 1) {
      high.set(live[0], pot);
    } else {
      const highs = new Map(live.map((s) => [s, bestHigh([...hand.down[s], ...hand.up[s]])[2]]));
      const lows = new Map();
      for (const s of live) {
        const found = bestLow([...hand.down[s], ...hand.up[s]]);
        if (found !== null) lows.set(s, found[1]);
      }
      const highHalf = lows.size === 0 ? pot : pot - Math.floor(pot / 2);
      const top = Math.max(...highs.values());
      const winners = live.filter((s) => highs.get(s) === top);
      winners.forEach((s, i) => high.set(s, Math.floor(highHalf / winners.length) + (i < highHalf % winners.length ? 1 : 0)));
      if (lows.size > 0) {
        const best = Math.max(...lows.values());
        const lowWinners = live.filter((s) => lows.get(s) === best);
        const half = Math.floor(pot / 2);
        low = new Map(lowWinners.map((s, i) => [s, Math.floor(half / lowWinners.length) + (i < half % lowWinners.length ? 1 : 0)]));
      }
    }
    const stacks = [...hand.stack];
    for (const awards of [high, low || new Map()]) for (const [s, chips] of awards) stacks[s] += chips;
    const seatKeys = (awards) => Object.fromEntries([...awards].map(([s, chips]) => [String(s + 1), chips]));
    hand.over = true;
    hand.toAct = null;
    hand.result = {
      pots: [{ amount: pot, eligible: live.map((s) => s + 1), high: seatKeys(high), low: low === null ? null : seatKeys(low) }],
      returned: {}, // WRONG: uncalled chips are never returned
      show_order: live.length > 1 ? live.map((s) => s + 1) : [], // WRONG: seat order
      stacks,
    };
  }

  observe() {
    const hand = this.hand;
    if (hand === null) throw new Error("observe before any start");
    const pot = hand.contributed.reduce((a, b) => a + b, 0);
    return {
      street: STREETS[hand.street],
      to_act: hand.toAct === null ? null : hand.toAct + 1,
      legal: this.legal(),
      bring_in: hand.bringInSeat + 1,
      over: hand.over,
      seats: [...Array(hand.n).keys()].map((s) => ({
        seat: s + 1, stack: hand.stack[s], committed: hand.committed[s], contributed: hand.contributed[s],
        up: hand.up[s].map(cardText), down: hand.down[s].map(cardText), folded: hand.folded[s], all_in: this.allIn(s),
      })),
      pot,
      pots: [{ amount: pot, eligible: this.live().map((s) => s + 1) }], // WRONG: no side pots
      community: null,
      result: hand.result,
    };
  }
}

module.exports = { ToyEngine, Refusal };
