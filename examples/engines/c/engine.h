/* The engine interface the C harness calls: the ENGINE CALLS.
 *
 * harness.c speaks the protocol (docs/protocol.md): it reads the JSON requests, calls these
 * functions, and writes the answers. toy_engine.c implements them for a toy engine; to test
 * your own engine, implement them for yours (in a file of your own, built instead of
 * toy_engine.c) and leave harness.c as it is.
 *
 * Each call returns ENGINE_OK, ENGINE_REFUSED (the rules say no: fill why->code with a code of
 * the rule book and why->message with a reason) or ENGINE_ERROR (something went wrong inside:
 * fill why->message; the runner then restarts the engine).
 */
#ifndef STUD8_ENGINE_H
#define STUD8_ENGINE_H

#include <stddef.h>

enum { ENGINE_OK = 0, ENGINE_REFUSED = 1, ENGINE_ERROR = 2 };

typedef struct {
    char code[32];
    char message[512];
} refusal;

/* A growing text buffer: the harness writes the answers in it, the engine its JSON parts. */
typedef struct {
    char *text;
    size_t length, capacity;
} strbuf;

void sb_append(strbuf *buffer, const char *text);
void sb_printf(strbuf *buffer, const char *format, ...);
void sb_string(strbuf *buffer, const char *text); /* a JSON string, quoted and escaped */

/* A parsed JSON value (the requests' fields). */
typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json_value {
    json_type type;
    int boolean;
    long long integer; /* the number, when is_integer */
    double number;
    int is_integer;
    char *string;
    int count; /* items of an array or object */
    struct json_value **items;
    char **keys; /* an object's keys, beside its items */
} json_value;

const json_value *json_get(const json_value *object, const char *key); /* NULL when absent */

/* ENGINE CALL: who the engine is (hello), and the option values it really plays: a JSON object, "{}" for
 * the rule book's defaults only (an option left out is played at its default only). */
const char *engine_name(void);
const char *engine_version(void);
const char *engine_options_json(void);
const char *engine_profiles_json(void);

/* ENGINE CALL: evaluate: write "high" and "low" as JSON fields into out: "\"high\": {...}, \"low\": ..." */
int engine_evaluate(const char *const *cards, int count, strbuf *out, refusal *why);

/* ENGINE CALL: start: a new hand dealt from the top of deck (never shuffled); options holds every option's
 * value for this hand, resolved (a JSON object). */
int engine_start(const long long *stacks, int players, long long ante, long long bring_in, long long small_bet,
                 long long big_bet, const char *const *deck, int deck_size, const json_value *options, refusal *why);

/* ENGINE CALL: act: one action in PHH words: "p2 pb", "p1 cc", "p3 f", "p1 cbr 20". */
int engine_act(const char *action, refusal *why);

/* ENGINE CALL: observe: write the observation object (docs/protocol.md, observe) into out. */
int engine_observe(strbuf *out, refusal *why);

/* ENGINE CALL: stop: release what the engine holds; the harness then exits. */
void engine_stop(void);

#endif
