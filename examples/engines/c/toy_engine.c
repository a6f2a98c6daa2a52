/* A toy Seven Card Stud Hi/Lo engine behind engine.h: small, readable, and wrong in places on
 * purpose.
 *
 * It is here so that the harness runs as shipped: the suite then shows what a report looks
 * like, and its failures are this toy's rules, never the protocol. What it gets right: the deal
 * (no burn before third street, one burn before each later street), antes, the bring-in by the
 * lowest up card, fixed-limit bets with a cap of a bet and three raises, folds, the hand ranks,
 * the eight-or-better low and a split pot. What it gets wrong (the suite will say so): who acts
 * first from fourth street (always the lowest seat), side pots, uncalled chips, odd chips, the
 * show order, short all-ins and a deck that runs out.
 *
 * Replace it with your engine: implement engine.h for yours, and build that instead.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define MAX_SEATS 8

static const char RANKS[] = "23456789TJQKA";
static const char SUITS[] = "cdhs"; /* the bring-in's suit order, lowest first */
static const char *STREETS[] = {"third", "fourth", "fifth", "sixth", "seventh"};
static const char *CATEGORIES[] = {"high card", "pair", "two pair", "three of a kind", "straight", "flush",
                                   "full house", "four of a kind", "straight flush"};

typedef struct { int rank, suit; } card; /* rank 2..14, suit 0..3 */

typedef struct {
    int n, street, to_act, bring_in, posted, over, raises, next;
    long long ante, bring_in_chips, small, big, bet;
    long long stack[MAX_SEATS], committed[MAX_SEATS], contributed[MAX_SEATS], final_stack[MAX_SEATS];
    long long high_award[MAX_SEATS], low_award[MAX_SEATS];
    int folded[MAX_SEATS], acted[MAX_SEATS], n_up[MAX_SEATS], n_down[MAX_SEATS], has_low_award;
    card up[MAX_SEATS][5], down[MAX_SEATS][3], deck[52];
} hand_state;

static hand_state hand;
static int started = 0;

const char *engine_name(void) { return "toy-engine-c"; }
const char *engine_version(void) { return "0.1"; }
const char *engine_options_json(void) { return "{}"; } /* the rule book's defaults only */
const char *engine_profiles_json(void) { return "[\"robert\"]"; }

static int refuse(refusal *why, const char *code, const char *message) {
    snprintf(why->code, sizeof why->code, "%s", code);
    snprintf(why->message, sizeof why->message, "%s", message);
    return ENGINE_REFUSED;
}

static int parse_card(const char *text, card *out) {
    const char *rank = text[0] ? strchr(RANKS, text[0]) : NULL;
    const char *suit = text[0] && text[1] ? strchr(SUITS, text[1]) : NULL;
    if (!rank || !suit || text[2]) return 0;
    out->rank = (int)(rank - RANKS) + 2;
    out->suit = (int)(suit - SUITS);
    return 1;
}

static void put_card(strbuf *out, card c) { sb_printf(out, "\"%c%c\"", RANKS[c.rank - 2], SUITS[c.suit]); }

static int key(card c) { return c.rank * 4 + c.suit; }

/* --- hand evaluation ---------------------------------------------------------------------- */

static int count_rank(const card *five, int rank) {
    int count = 0;
    for (int i = 0; i < 5; i++) count += five[i].rank == rank;
    return count;
}

/* The category of five cards; ordered gets them most significant first, value a score. */
static int score_five(const card *five, card *ordered, long long *value) {
    int counts[5], flush = 1, straight_top = 0;
    memcpy(ordered, five, 5 * sizeof *five);
    for (int i = 0; i < 5; i++) {
        counts[i] = count_rank(five, five[i].rank);
        flush &= five[i].suit == five[0].suit;
    }
    /* order by count, then rank, then suit, descending (a simple insertion sort) */
    for (int i = 1; i < 5; i++)
        for (int j = i; j > 0; j--) {
            int a = count_rank(five, ordered[j].rank), b = count_rank(five, ordered[j - 1].rank);
            if (a > b || (a == b && key(ordered[j]) > key(ordered[j - 1]))) {
                card t = ordered[j];
                ordered[j] = ordered[j - 1];
                ordered[j - 1] = t;
            } else break;
        }
    int distinct = 1;
    for (int i = 0; i < 5; i++) distinct &= counts[i] == 1;
    if (distinct && ordered[0].rank - ordered[4].rank == 4) straight_top = ordered[0].rank;
    if (distinct && ordered[0].rank == 14 && ordered[1].rank == 5) { /* the wheel: the five first */
        card ace = ordered[0];
        memmove(ordered, ordered + 1, 4 * sizeof *ordered);
        ordered[4] = ace;
        straight_top = 5;
    }
    int pairs = 0, trips = 0, quads = 0;
    for (int i = 0; i < 5; i++) {
        pairs += counts[i] == 2;
        trips += counts[i] == 3;
        quads += counts[i] == 4;
    }
    int category = straight_top && flush ? 8 : quads ? 7 : trips && pairs ? 6 : flush ? 5 : straight_top ? 4
                 : trips ? 3 : pairs == 4 ? 2 : pairs == 2 ? 1 : 0;
    *value = category;
    for (int i = 0; i < 5; i++) *value = *value * 15 + (straight_top == 5 && ordered[i].rank == 14 ? 1 : ordered[i].rank);
    return category;
}

static int best_high(const card *cards, int count, card *best, long long *best_value) {
    int best_category = -1;
    *best_value = -1;
    for (int mask = 0; mask < (1 << count); mask++) { /* every choice of five cards */
        card five[5], ordered[5];
        int k = 0;
        for (int i = 0; i < count; i++)
            if (mask & (1 << i)) {
                if (k == 5) break;
                five[k++] = cards[i];
            }
        int bits = 0;
        for (int rest = mask; rest; rest >>= 1) bits += rest & 1;
        if (bits != 5) continue;
        long long value;
        int category = score_five(five, ordered, &value);
        if (value > *best_value) {
            *best_value = value;
            best_category = category;
            memcpy(best, ordered, sizeof ordered);
        }
    }
    return best_category;
}

/* The eight-or-better low: 1 with its five cards (highest first) and value, 0 when none. */
static int best_low(const card *cards, int count, card *low, long long *value) {
    int have[9] = {0};
    card by_rank[9];
    for (int i = 0; i < count; i++) {
        int r = cards[i].rank == 14 ? 1 : cards[i].rank;
        if (r <= 8 && !have[r]) {
            have[r] = 1;
            by_rank[r] = cards[i];
        }
    }
    int ranks[5], k = 0;
    for (int r = 1; r <= 8 && k < 5; r++)
        if (have[r]) ranks[k++] = r;
    if (k < 5) return 0;
    *value = 0;
    for (int i = 4; i >= 0; i--) {
        low[4 - i] = by_rank[ranks[i]];
        *value = *value * 9 + (8 - ranks[i]); /* a lower card is a larger value */
    }
    return 1;
}

int engine_evaluate(const char *const *texts, int count, strbuf *out, refusal *why) {
    card cards[7], best[5], low[5];
    if (count < 5 || count > 7) return refuse(why, "bad-card", "five to seven cards are evaluated");
    for (int i = 0; i < count; i++) {
        if (!parse_card(texts[i], &cards[i])) return refuse(why, "bad-card", "not a card");
        for (int j = 0; j < i; j++)
            if (key(cards[j]) == key(cards[i])) return refuse(why, "bad-card", "a card given twice");
    }
    long long value, low_value;
    int category = best_high(cards, count, best, &value);
    sb_printf(out, "\"high\": {\"category\": \"%s\", \"cards\": [", CATEGORIES[category]);
    for (int i = 0; i < 5; i++) {
        if (i) sb_append(out, ", ");
        put_card(out, best[i]);
    }
    sb_printf(out, "], \"value\": %lld}, \"low\": ", value);
    if (!best_low(cards, count, low, &low_value)) {
        sb_append(out, "null");
        return ENGINE_OK;
    }
    sb_append(out, "{\"cards\": [");
    for (int i = 0; i < 5; i++) {
        if (i) sb_append(out, ", ");
        put_card(out, low[i]);
    }
    sb_printf(out, "], \"value\": %lld}", low_value);
    return ENGINE_OK;
}

/* --- a hand ------------------------------------------------------------------------------- */

static card draw(void) { return hand.deck[hand.next++]; }

static int all_in(int s) { return hand.stack[s] == 0; }

static void put(int s, long long chips) {
    if (chips > hand.stack[s]) chips = hand.stack[s];
    hand.stack[s] -= chips;
    hand.committed[s] += chips;
    hand.contributed[s] += chips;
}

int engine_start(const long long *stacks, int players, long long ante, long long bring_in, long long small_bet,
                 long long big_bet, const char *const *deck, int deck_size, const json_value *options, refusal *why) {
    (void)options; /* the toy plays the defaults only, and says so in hello */
    if (players < 2 || players > MAX_SEATS) return refuse(why, "bad-config", "a hand needs 2 to 8 players");
    for (int s = 0; s < players; s++)
        if (stacks[s] <= 0) return refuse(why, "bad-config", "every stack must be a positive whole number");
    if (!(ante >= 0 && bring_in > 0 && bring_in <= small_bet && small_bet < big_bet))
        return refuse(why, "bad-config", "stakes the rules do not allow");
    if (deck_size != 52) return refuse(why, "bad-deck", "a deck is 52 distinct cards");
    memset(&hand, 0, sizeof hand);
    for (int i = 0; i < 52; i++) {
        if (!parse_card(deck[i], &hand.deck[i])) return refuse(why, "bad-deck", "not a card in the deck");
        for (int j = 0; j < i; j++)
            if (key(hand.deck[j]) == key(hand.deck[i])) return refuse(why, "bad-deck", "a card twice in the deck");
    }
    hand.n = players;
    hand.ante = ante;
    hand.bring_in_chips = bring_in;
    hand.small = small_bet;
    hand.big = big_bet;
    for (int s = 0; s < players; s++) {
        hand.stack[s] = stacks[s];
        long long chips = ante < stacks[s] ? ante : stacks[s]; /* the ante */
        hand.stack[s] -= chips;
        hand.contributed[s] += chips;
    }
    for (int round = 0; round < 3; round++) /* two down cards, then one up, a card a seat at a time */
        for (int s = 0; s < players; s++) {
            if (round < 2) hand.down[s][hand.n_down[s]++] = draw();
            else hand.up[s][hand.n_up[s]++] = draw();
        }
    int lowest = 0;
    for (int s = 1; s < players; s++)
        if (key(hand.up[s][0]) < key(hand.up[lowest][0])) lowest = s;
    hand.bring_in = hand.to_act = lowest;
    started = 1;
    return ENGINE_OK;
}

/* The legal moves of the seat in turn, as "pb", "cc", "f", "cbr N" (at most 3). */
static int legal_moves(char moves[][40]) {
    if (!started || hand.over) return 0;
    int s = hand.to_act, count = 0;
    if (hand.street == 0 && !hand.posted) {
        snprintf(moves[count++], 40, "pb");
        snprintf(moves[count++], 40, "cbr %lld", hand.small);
        return count;
    }
    long long size = hand.street < 2 ? hand.small : hand.big;
    long long target = hand.bet < hand.small && hand.street == 0 ? hand.small : hand.bet + size;
    long long to_call = hand.bet - hand.committed[s];
    snprintf(moves[count++], 40, "f"); /* fold is always offered; cc checks or calls */
    snprintf(moves[count++], 40, "cc");
    if (hand.raises < 4 && hand.stack[s] > to_call) {
        long long most = hand.stack[s] + hand.committed[s];
        snprintf(moves[count++], 40, "cbr %lld", target < most ? target : most);
    }
    return count;
}

static void finish(void);

static int able(int s) { return !hand.folded[s] && !all_in(s); }

static int live_count(void) {
    int count = 0;
    for (int s = 0; s < hand.n; s++) count += !hand.folded[s];
    return count;
}

static void advance(int seat) {
    if (live_count() == 1) {
        finish();
        return;
    }
    int done = 1, able_count = 0, first_able = -1;
    for (int s = 0; s < hand.n; s++)
        if (able(s)) {
            able_count++;
            if (first_able < 0) first_able = s;
            if (!hand.acted[s] || hand.committed[s] != hand.bet) done = 0;
        }
    if (!done)
        for (int step = 1; step <= hand.n; step++) {
            int c = (seat + step) % hand.n;
            if (able(c) && (!hand.acted[c] || hand.committed[c] < hand.bet)) {
                hand.to_act = c;
                return;
            }
        }
    for (;;) { /* the round is over: the next street, or the showdown */
        if (hand.street == 4) {
            finish();
            return;
        }
        hand.street++;
        hand.bet = 0;
        hand.raises = 0;
        for (int s = 0; s < hand.n; s++) hand.committed[s] = hand.acted[s] = 0;
        if (hand.next + 1 + live_count() > 52) { /* WRONG: a deck that runs out is not handled */
            finish();
            return;
        }
        draw(); /* the burn */
        for (int s = 0; s < hand.n; s++) {
            if (hand.folded[s]) continue;
            if (hand.street == 4) hand.down[s][hand.n_down[s]++] = draw();
            else hand.up[s][hand.n_up[s]++] = draw();
        }
        if (able_count >= 2) {
            hand.to_act = first_able; /* WRONG: the best board should act first */
            return;
        }
    }
}

/* "pN pb|cc|f|cbr X", N and X of 1 to 16 digits: 1 and its parts, or 0 when malformed. */
static int parse_action(const char *text, long long *seat, char *kind, long long *amount) {
    const char *at = text + 1;
    int digits = 0;
    if (text[0] != 'p' || !isdigit((unsigned char)*at)) return 0;
    for (*seat = 0; isdigit((unsigned char)*at); at++) {
        if (++digits > 16) return 0;
        *seat = *seat * 10 + (*at - '0');
    }
    if (*at++ != ' ') return 0;
    if (!strcmp(at, "pb") || !strcmp(at, "cc") || !strcmp(at, "f")) {
        strcpy(kind, at);
        return 1;
    }
    if (strncmp(at, "cbr ", 4) || !isdigit((unsigned char)at[4])) return 0;
    for (at += 4, digits = 0, *amount = 0; isdigit((unsigned char)*at); at++) {
        if (++digits > 16) return 0;
        *amount = *amount * 10 + (*at - '0');
    }
    strcpy(kind, "cbr");
    return *at == 0;
}

int engine_act(const char *action, refusal *why) {
    char kind[8] = {0};
    long long seat_number = 0, amount = 0;
    char moves[3][40];
    if (!parse_action(action, &seat_number, kind, &amount)) return refuse(why, "malformed-action", "not an action");
    if (!started) return refuse(why, "hand-over", "no hand has started");
    int seat = (int)(seat_number - 1);
    if (seat_number < 1 || seat_number > hand.n) return refuse(why, "no-such-seat", "no such seat");
    if (hand.over) return refuse(why, "hand-over", "the hand is over");
    if (seat != hand.to_act) return refuse(why, "out-of-turn", "another seat is in turn");
    int count = legal_moves(moves), offered = 0, any_cbr = 0;
    char wanted[40];
    if (!strcmp(kind, "cbr")) snprintf(wanted, sizeof wanted, "cbr %lld", amount);
    else snprintf(wanted, sizeof wanted, "%s", kind);
    for (int i = 0; i < count; i++) {
        offered |= !strcmp(moves[i], wanted);
        any_cbr |= !strncmp(moves[i], "cbr", 3);
    }
    if (!offered) {
        if (!strcmp(kind, "cbr") && any_cbr) return refuse(why, "wrong-amount", "not an amount offered");
        return refuse(why, "not-allowed", "not a legal move now");
    }
    if (!strcmp(kind, "pb")) {
        put(seat, hand.bring_in_chips);
        hand.bet = hand.committed[seat];
        hand.posted = 1;
    } else if (!strcmp(kind, "cc")) {
        put(seat, hand.bet - hand.committed[seat]);
    } else if (!strcmp(kind, "f")) {
        hand.folded[seat] = 1;
    } else {
        put(seat, amount - hand.committed[seat]);
        hand.bet = amount;
        hand.raises++;
        hand.posted = 1;
        memset(hand.acted, 0, sizeof hand.acted);
    }
    hand.acted[seat] = 1;
    advance(seat);
    return ENGINE_OK;
}

static void finish(void) {
    long long pot = 0, high_value[MAX_SEATS], low_value[MAX_SEATS], best_high_value = -1, best_low_value = -1;
    int has_low[MAX_SEATS] = {0}, any_low = 0;
    for (int s = 0; s < hand.n; s++) pot += hand.contributed[s];
    memset(hand.high_award, 0, sizeof hand.high_award);
    memset(hand.low_award, 0, sizeof hand.low_award);
    for (int s = 0; s < hand.n; s++) {
        if (hand.folded[s]) continue;
        card cards[7], best[5], low[5];
        int count = 0;
        for (int i = 0; i < hand.n_down[s]; i++) cards[count++] = hand.down[s][i];
        for (int i = 0; i < hand.n_up[s]; i++) cards[count++] = hand.up[s][i];
        high_value[s] = count >= 5 ? (best_high(cards, count, best, &high_value[s]), high_value[s]) : 0;
        has_low[s] = count >= 5 && best_low(cards, count, low, &low_value[s]);
        if (high_value[s] > best_high_value) best_high_value = high_value[s];
        if (has_low[s] && low_value[s] > best_low_value) best_low_value = low_value[s];
        any_low |= has_low[s];
    }
    int split = any_low && live_count() > 1;
    long long high_half = split ? pot - pot / 2 : pot, low_half = pot / 2;
    int winners = 0, low_winners = 0;
    for (int s = 0; s < hand.n; s++) {
        winners += !hand.folded[s] && (live_count() == 1 || high_value[s] == best_high_value);
        low_winners += split && !hand.folded[s] && has_low[s] && low_value[s] == best_low_value;
    }
    int index = 0, low_index = 0;
    for (int s = 0; s < hand.n; s++) {
        if (hand.folded[s]) continue;
        if (live_count() == 1 || high_value[s] == best_high_value)
            hand.high_award[s] = high_half / winners + (index++ < high_half % winners ? 1 : 0);
        if (split && has_low[s] && low_value[s] == best_low_value)
            hand.low_award[s] = low_half / low_winners + (low_index++ < low_half % low_winners ? 1 : 0);
    }
    hand.has_low_award = split;
    for (int s = 0; s < hand.n; s++) hand.final_stack[s] = hand.stack[s] + hand.high_award[s] + hand.low_award[s];
    hand.over = 1;
}

static void put_seat_list(strbuf *out, int only_live) {
    int first = 1;
    sb_append(out, "[");
    for (int s = 0; s < hand.n; s++) {
        if (only_live && hand.folded[s]) continue;
        sb_printf(out, first ? "%d" : ", %d", s + 1);
        first = 0;
    }
    sb_append(out, "]");
}

static void put_awards(strbuf *out, const long long *awards) {
    int first = 1;
    sb_append(out, "{");
    for (int s = 0; s < hand.n; s++)
        if (awards[s]) {
            sb_printf(out, first ? "\"%d\": %lld" : ", \"%d\": %lld", s + 1, awards[s]);
            first = 0;
        }
    sb_append(out, "}");
}

int engine_observe(strbuf *out, refusal *why) {
    if (!started) {
        snprintf(why->message, sizeof why->message, "observe before any start");
        return ENGINE_ERROR;
    }
    char moves[3][40];
    int count = legal_moves(moves);
    long long pot = 0;
    for (int s = 0; s < hand.n; s++) pot += hand.contributed[s];
    sb_printf(out, "{\"street\": \"%s\", \"to_act\": ", STREETS[hand.street]);
    if (hand.over) sb_append(out, "null");
    else sb_printf(out, "%d", hand.to_act + 1);
    sb_append(out, ", \"legal\": [");
    for (int i = 0; i < count; i++) sb_printf(out, i ? ", \"%s\"" : "\"%s\"", moves[i]);
    sb_printf(out, "], \"bring_in\": %d, \"over\": %s, \"seats\": [", hand.bring_in + 1, hand.over ? "true" : "false");
    for (int s = 0; s < hand.n; s++) {
        sb_printf(out, "%s{\"seat\": %d, \"stack\": %lld, \"committed\": %lld, \"contributed\": %lld, \"up\": [", s ? ", " : "",
                  s + 1, hand.stack[s], hand.committed[s], hand.contributed[s]);
        for (int i = 0; i < hand.n_up[s]; i++) {
            if (i) sb_append(out, ", ");
            put_card(out, hand.up[s][i]);
        }
        sb_append(out, "], \"down\": [");
        for (int i = 0; i < hand.n_down[s]; i++) {
            if (i) sb_append(out, ", ");
            put_card(out, hand.down[s][i]);
        }
        sb_printf(out, "], \"folded\": %s, \"all_in\": %s}", hand.folded[s] ? "true" : "false", all_in(s) ? "true" : "false");
    }
    sb_printf(out, "], \"pot\": %lld, \"pots\": [{\"amount\": %lld, \"eligible\": ", pot, pot); /* WRONG: no side pots */
    put_seat_list(out, 1);
    sb_append(out, "}], \"community\": null, \"result\": ");
    if (!hand.over) {
        sb_append(out, "null}");
        return ENGINE_OK;
    }
    sb_printf(out, "{\"pots\": [{\"amount\": %lld, \"eligible\": ", pot);
    put_seat_list(out, 1);
    sb_append(out, ", \"high\": ");
    put_awards(out, hand.high_award);
    sb_append(out, ", \"low\": ");
    if (hand.has_low_award) put_awards(out, hand.low_award);
    else sb_append(out, "null");
    sb_append(out, "}], \"returned\": {}, \"show_order\": "); /* WRONG: uncalled chips are never returned */
    if (live_count() > 1) put_seat_list(out, 1); /* WRONG: seat order */
    else sb_append(out, "[]");
    sb_append(out, ", \"stacks\": [");
    for (int s = 0; s < hand.n; s++) sb_printf(out, s ? ", %lld" : "%lld", hand.final_stack[s]);
    sb_append(out, "]}}");
    return ENGINE_OK;
}

void engine_stop(void) { started = 0; }
