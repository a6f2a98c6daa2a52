/* A stud8 harness in C (C99): the engine protocol's loop (docs/protocol.md), ready to run.
 *
 *     cc -std=c99 -O2 -o harness harness.c toy_engine.c      (or: make)
 *     stud8 smoke --engine "cmd:./harness"
 *     stud8 conform --engine "cmd:./harness" --report report.json
 *
 * It reads one JSON request a line on stdin and writes one JSON answer a line on stdout (logs go
 * to stderr: stdout is for the protocol only). As shipped it plays the toy engine of
 * toy_engine.c; to test your own engine, implement engine.h for it (the ENGINE CALLS) and build
 * that instead of toy_engine.c. Nothing here needs changing: the loop, a small JSON reader, the
 * answers' shapes and the error handling are the protocol's.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define PROTOCOL 1
#define MAX_DEPTH 64

/* --- the text buffer ---------------------------------------------------------------------- */

static void sb_reserve(strbuf *buffer, size_t more) {
    if (buffer->length + more + 1 <= buffer->capacity) return;
    size_t capacity = buffer->capacity ? buffer->capacity : 256;
    while (capacity < buffer->length + more + 1) capacity *= 2;
    char *text = realloc(buffer->text, capacity);
    if (!text) {
        fprintf(stderr, "harness: out of memory\n");
        exit(1);
    }
    buffer->text = text;
    buffer->capacity = capacity;
}

void sb_append(strbuf *buffer, const char *text) {
    size_t size = strlen(text);
    sb_reserve(buffer, size);
    memcpy(buffer->text + buffer->length, text, size + 1);
    buffer->length += size;
}

void sb_printf(strbuf *buffer, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int size = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (size < 0) return;
    sb_reserve(buffer, (size_t)size);
    va_start(args, format);
    vsnprintf(buffer->text + buffer->length, (size_t)size + 1, format, args);
    va_end(args);
    buffer->length += (size_t)size;
}

void sb_string(strbuf *buffer, const char *text) {
    sb_append(buffer, "\"");
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') sb_printf(buffer, "\\%c", *c);
        else if (*c < 0x20) sb_printf(buffer, "\\u%04x", *c);
        else {
            char one[2] = {(char)*c, 0};
            sb_append(buffer, one);
        }
    }
    sb_append(buffer, "\"");
}

/* --- a small JSON reader (the requests' shapes need no more) ------------------------------ */

typedef struct {
    const char *at;
    const char *error;
} reader;

static void skip_space(reader *r) {
    while (*r->at == ' ' || *r->at == '\t' || *r->at == '\n' || *r->at == '\r') r->at++;
}

static json_value *new_value(json_type type) {
    json_value *value = calloc(1, sizeof *value);
    if (!value) {
        fprintf(stderr, "harness: out of memory\n");
        exit(1);
    }
    value->type = type;
    return value;
}

static void json_free(json_value *value) {
    if (!value) return;
    for (int i = 0; i < value->count; i++) {
        json_free(value->items[i]);
        if (value->keys) free(value->keys[i]);
    }
    free(value->items);
    free(value->keys);
    free(value->string);
    free(value);
}

static void put_utf8(strbuf *out, unsigned long code) {
    char bytes[5] = {0};
    if (code < 0x80) bytes[0] = (char)code;
    else if (code < 0x800) {
        bytes[0] = (char)(0xC0 | (code >> 6));
        bytes[1] = (char)(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        bytes[0] = (char)(0xE0 | (code >> 12));
        bytes[1] = (char)(0x80 | ((code >> 6) & 0x3F));
        bytes[2] = (char)(0x80 | (code & 0x3F));
    } else {
        bytes[0] = (char)(0xF0 | (code >> 18));
        bytes[1] = (char)(0x80 | ((code >> 12) & 0x3F));
        bytes[2] = (char)(0x80 | ((code >> 6) & 0x3F));
        bytes[3] = (char)(0x80 | (code & 0x3F));
    }
    sb_append(out, bytes);
}

static int hex4(const char *at, unsigned long *code) {
    *code = 0;
    for (int i = 0; i < 4; i++) {
        char c = at[i];
        int digit = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
        if (digit < 0) return 0;
        *code = *code * 16 + (unsigned long)digit;
    }
    return 1;
}

static char *read_string(reader *r) {
    strbuf out = {0};
    sb_append(&out, "");
    r->at++; /* the opening quote */
    while (*r->at != '"') {
        if (!*r->at || (unsigned char)*r->at < 0x20) {
            r->error = "unterminated string";
            free(out.text);
            return NULL;
        }
        if (*r->at != '\\') {
            char one[2] = {*r->at++, 0};
            sb_append(&out, one);
            continue;
        }
        r->at++;
        char escaped = *r->at++;
        static const char names[] = "\"\\/bfnrt", meanings[] = "\"\\/\b\f\n\r\t";
        const char *simple = escaped ? strchr(names, escaped) : NULL;
        if (simple) {
            char one[2] = {meanings[simple - names], 0};
            sb_append(&out, one);
        } else if (escaped == 'u') {
            unsigned long code;
            if (!hex4(r->at, &code)) {
                r->error = "bad \\u escape";
                free(out.text);
                return NULL;
            }
            r->at += 4;
            if (code >= 0xD800 && code < 0xDC00 && r->at[0] == '\\' && r->at[1] == 'u') {
                unsigned long low;
                if (hex4(r->at + 2, &low) && low >= 0xDC00 && low < 0xE000) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    r->at += 6;
                }
            }
            put_utf8(&out, code);
        } else {
            r->error = "bad escape";
            free(out.text);
            return NULL;
        }
    }
    r->at++; /* the closing quote */
    return out.text;
}

static json_value *read_value(reader *r, int depth);

static json_value *read_container(reader *r, int depth, int object) {
    json_value *value = new_value(object ? JSON_OBJECT : JSON_ARRAY);
    char close = object ? '}' : ']';
    r->at++;
    skip_space(r);
    if (*r->at == close) {
        r->at++;
        return value;
    }
    for (;;) {
        char *key = NULL;
        if (object) {
            skip_space(r);
            if (*r->at != '"' || !(key = read_string(r))) {
                if (!r->error) r->error = "expected a key";
                json_free(value);
                return NULL;
            }
            skip_space(r);
            if (*r->at++ != ':') {
                r->error = "expected ':'";
                free(key);
                json_free(value);
                return NULL;
            }
        }
        json_value *item = read_value(r, depth + 1);
        if (!item) {
            free(key);
            json_free(value);
            return NULL;
        }
        value->items = realloc(value->items, sizeof *value->items * (size_t)(value->count + 1));
        if (object) value->keys = realloc(value->keys, sizeof *value->keys * (size_t)(value->count + 1));
        if (!value->items || (object && !value->keys)) {
            fprintf(stderr, "harness: out of memory\n");
            exit(1);
        }
        value->items[value->count] = item;
        if (object) value->keys[value->count] = key;
        value->count++;
        skip_space(r);
        if (*r->at == ',') {
            r->at++;
            continue;
        }
        if (*r->at == close) {
            r->at++;
            return value;
        }
        r->error = object ? "expected ',' or '}'" : "expected ',' or ']'";
        json_free(value);
        return NULL;
    }
}

static json_value *read_value(reader *r, int depth) {
    if (depth > MAX_DEPTH) {
        r->error = "nested too deep";
        return NULL;
    }
    skip_space(r);
    char c = *r->at;
    if (c == '{' || c == '[') return read_container(r, depth, c == '{');
    if (c == '"') {
        char *text = read_string(r);
        if (!text) return NULL;
        json_value *value = new_value(JSON_STRING);
        value->string = text;
        return value;
    }
    if (!strncmp(r->at, "null", 4)) {
        r->at += 4;
        return new_value(JSON_NULL);
    }
    if (!strncmp(r->at, "true", 4) || !strncmp(r->at, "false", 5)) {
        json_value *value = new_value(JSON_BOOL);
        value->boolean = c == 't';
        r->at += value->boolean ? 4 : 5;
        return value;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        const char *start = r->at;
        char *end;
        double number = strtod(start, &end);
        if (end == start) {
            r->error = "bad number";
            return NULL;
        }
        json_value *value = new_value(JSON_NUMBER);
        value->number = number;
        value->is_integer = strcspn(start, ".eE") >= (size_t)(end - start);
        if (value->is_integer) value->integer = strtoll(start, NULL, 10);
        r->at = end;
        return value;
    }
    r->error = "unexpected character";
    return NULL;
}

static json_value *json_parse(const char *text, const char **error) {
    reader r = {text, NULL};
    json_value *value = read_value(&r, 0);
    if (value) {
        skip_space(&r);
        if (*r.at) {
            r.error = "text after the value";
            json_free(value);
            value = NULL;
        }
    }
    *error = r.error;
    return value;
}

const json_value *json_get(const json_value *object, const char *key) {
    if (!object || object->type != JSON_OBJECT) return NULL;
    for (int i = 0; i < object->count; i++)
        if (!strcmp(object->keys[i], key)) return object->items[i];
    return NULL;
}

/* --- the protocol ------------------------------------------------------------------------- */

/* A list of cards (strings) as a C array; NULL when the field is not a list of strings. */
static const char **strings_of(const json_value *list, int *count) {
    if (!list || list->type != JSON_ARRAY) return NULL;
    const char **out = calloc((size_t)list->count + 1, sizeof *out);
    if (!out) exit(1);
    for (int i = 0; i < list->count; i++) {
        if (list->items[i]->type != JSON_STRING) {
            free(out);
            return NULL;
        }
        out[i] = list->items[i]->string;
    }
    *count = list->count;
    return out;
}

static long long integer_of(const json_value *value, int *ok) {
    if (!value || value->type != JSON_NUMBER || !value->is_integer) {
        *ok = 0;
        return 0;
    }
    return value->integer;
}

static void refused_or_error(strbuf *out, int status, const refusal *why) {
    if (status == ENGINE_REFUSED) {
        sb_append(out, "\"type\": \"refused\", \"code\": ");
        sb_string(out, why->code);
        sb_append(out, ", \"message\": ");
        sb_string(out, why->message);
    } else {
        sb_append(out, "\"type\": \"error\", \"message\": ");
        sb_string(out, why->message[0] ? why->message : "internal error");
    }
}

/* The answer's fields after "id"; returns 1 when the answer is bye. */
static int answer(const json_value *request, strbuf *out) {
    const json_value *kind = json_get(request, "type");
    const char *type = kind && kind->type == JSON_STRING ? kind->string : "";
    refusal why = {{0}, {0}};
    int status = ENGINE_OK;
    if (!strcmp(type, "hello")) {
        /* a runner may ask for optional features ("features"); this harness uses none, and then
           must not answer with a "features" field at all */
        sb_printf(out, "\"type\": \"hello\", \"protocol\": %d, \"engine\": {\"name\": ", PROTOCOL);
        sb_string(out, engine_name());
        sb_append(out, ", \"version\": ");
        sb_string(out, engine_version());
        sb_printf(out, "}, \"options\": %s, \"profiles\": %s", engine_options_json(), engine_profiles_json());
        return 0;
    }
    if (!strcmp(type, "evaluate")) {
        int count = 0;
        const char **cards = strings_of(json_get(request, "cards"), &count);
        strbuf fields = {0};
        sb_append(&fields, "");
        status = cards ? engine_evaluate(cards, count, &fields, &why) : ENGINE_ERROR;
        if (!cards) snprintf(why.message, sizeof why.message, "evaluate: cards is not a list of strings");
        if (status == ENGINE_OK) sb_printf(out, "\"type\": \"evaluation\", %s", fields.text);
        else refused_or_error(out, status, &why);
        free(fields.text);
        free(cards);
        return 0;
    }
    if (!strcmp(type, "start")) {
        const json_value *stacks_list = json_get(request, "stacks"), *stakes = json_get(request, "stakes");
        int ok = 1, players = 0, deck_size = 0;
        long long stacks[16];
        if (stacks_list && stacks_list->type == JSON_ARRAY) {
            players = stacks_list->count;
            for (int i = 0; i < players && i < 16; i++) stacks[i] = integer_of(stacks_list->items[i], &ok);
        } else ok = 0;
        long long ante = integer_of(json_get(stakes, "ante"), &ok), bring_in = integer_of(json_get(stakes, "bring_in"), &ok);
        long long small = integer_of(json_get(stakes, "small_bet"), &ok), big = integer_of(json_get(stakes, "big_bet"), &ok);
        const char **deck = strings_of(json_get(request, "deck"), &deck_size);
        if (!ok || !deck || players > 16) {
            status = ENGINE_REFUSED; /* shapes the schema allows but no hand can start from */
            snprintf(why.code, sizeof why.code, "bad-config");
            snprintf(why.message, sizeof why.message, "stacks and stakes must be whole numbers, at most 16 players");
        } else {
            status = engine_start(stacks, players, ante, bring_in, small, big, deck, deck_size, json_get(request, "options"), &why);
        }
        free(deck);
        if (status == ENGINE_OK) sb_append(out, "\"type\": \"ok\"");
        else refused_or_error(out, status, &why);
        return 0;
    }
    if (!strcmp(type, "act")) {
        const json_value *action = json_get(request, "action");
        if (!action || action->type != JSON_STRING) {
            status = ENGINE_ERROR;
            snprintf(why.message, sizeof why.message, "act: action is not a string");
        } else status = engine_act(action->string, &why);
        if (status == ENGINE_OK) sb_append(out, "\"type\": \"ok\"");
        else refused_or_error(out, status, &why);
        return 0;
    }
    if (!strcmp(type, "observe")) {
        strbuf observation = {0};
        sb_append(&observation, "");
        status = engine_observe(&observation, &why);
        if (status == ENGINE_OK) sb_printf(out, "\"type\": \"observation\", \"observation\": %s", observation.text);
        else refused_or_error(out, ENGINE_ERROR, &why);
        free(observation.text);
        return 0;
    }
    if (!strcmp(type, "stop")) {
        engine_stop();
        sb_append(out, "\"type\": \"bye\"");
        return 1;
    }
    sb_append(out, "\"type\": \"error\", \"message\": ");
    sb_string(out, "unknown request type");
    return 0;
}

int main(void) {
    char *line = NULL;
    size_t size = 0;
    ssize_t length;
    int bye = 0;
    while (!bye && (length = getline(&line, &size, stdin)) != -1) {
        if (strspn(line, " \t\r\n") == (size_t)length) continue; /* an empty line */
        const char *error = NULL;
        json_value *request = json_parse(line, &error);
        strbuf out = {0};
        sb_append(&out, "{\"id\": ");
        const json_value *id = json_get(request, "id");
        if (id && id->type == JSON_NUMBER && id->is_integer) sb_printf(&out, "%lld", id->integer);
        else sb_append(&out, "null");
        sb_append(&out, ", ");
        if (!request || request->type != JSON_OBJECT) {
            sb_append(&out, "\"type\": \"error\", \"message\": ");
            sb_string(&out, error ? error : "a request is a JSON object");
        } else {
            bye = answer(request, &out);
        }
        sb_append(&out, "}\n");
        fputs(out.text, stdout);
        fflush(stdout);
        free(out.text);
        json_free(request);
    }
    free(line);
    return 0; /* stop was answered, or the runner closed our stdin: the end */
}
