/* The pattern evaluation: see eval.h, and bot/engine/ai/patterns.py for the patterns.
 *
 * An instance's base-3 index is the sum, over its squares, of 3**digit for a disc of the side to
 * move and twice that for an opponent disc. Reading square by square would cost some 400 bit
 * tests per position; instead each row, column and diagonal of a board is gathered into one
 * byte (a shift, a mask and a multiplication), and a 256-entry table per (instance, line) turns
 * a byte of the side to move's discs into that line's share of the index. The same table serves
 * the opponent's byte, doubled. This is the scheme of patterns.py's generated code.
 *
 * In a search even that is done once, at the root: a move changes only the squares it fills and
 * flips, and each square is in a handful of instances, so the children's indices are the
 * parent's plus or minus a power of 3 per instance of each changed square (`eval_play`).
 */
#include "eval.h"

#include <stdlib.h>
#include <string.h>

/* A line of the board gathered into one byte: `((board >> shift) & mask) * gather >> 56`, and
 * the square that each bit of the byte stands for (-1 for a bit that stays 0). */
typedef struct {
    int shift;
    board_t mask;
    board_t gather;
    int squares[8];
} Line;

#define A_FILE UINT64_C(0x0101010101010101)
/* Multiplying the a-file by this puts a8 in bit 56, a7 in bit 57, ..., a1 in bit 63: the bit of
 * row r lands at 56 + 7 - r and no two partial products share a bit, so nothing carries. */
#define COLUMN_GATHER UINT64_C(0x8040201008040201)
/* A line with at most one square per column: each square moves to bit 56 + its column. */
#define DIAGONAL_GATHER UINT64_C(0x0101010101010101)

#define LINE_COUNT (8 + 8 + 15 + 15) /* rows, columns, a1-h8 diagonals, a8-h1 diagonals */
#define MAX_PARTS (EVAL_MAX_INSTANCES * 8)

/* One line's share of one instance's index. */
typedef struct {
    int line;
    uint16_t digits[256]; /* by byte of one side's discs, as if they were the side to move's */
} Part;

typedef struct {
    int family;
    int first_part;
    int part_count;
} Instance;

/* One game stage's weights: a table per family, then the three scalar weights. */
typedef struct {
    const int16_t *tables[EVAL_MAX_FAMILIES];
    int mobility, parity, constant;
} Stage;

static Line lines[LINE_COUNT];
static Part parts[MAX_PARTS];
static Instance instances[EVAL_MAX_INSTANCES];
static int instance_total;
static int used_lines[LINE_COUNT]; /* the lines some instance reads, each once */
static int used_total;
/* Per square, the instances holding it and the power of 3 of its digit in each. */
#define MAX_TERMS 16
typedef struct {
    uint8_t instance;
    uint16_t power;
} Term;
static Term square_terms[64][MAX_TERMS];
static int square_term_count[64];
static int16_t *weight_store;
static Stage stages[EVAL_MAX_STAGES];
static int stage_width_of;
static int stage_total;
static int configured;

/* Fills `lines`: their gathering and the square behind each bit of their byte. */
static void build_lines(void) {
    int number = 0;
    for (int row = 0; row < 8; row++, number++) {
        Line *line = &lines[number];
        line->shift = 8 * row;
        line->mask = 0xFF;
        line->gather = (board_t)1 << 56;
        for (int bit = 0; bit < 8; bit++) line->squares[bit] = 8 * row + bit;
    }
    for (int column = 0; column < 8; column++, number++) {
        Line *line = &lines[number];
        line->shift = column;
        line->mask = A_FILE;
        line->gather = COLUMN_GATHER;
        for (int bit = 0; bit < 8; bit++) line->squares[bit] = 8 * (7 - bit) + column;
    }
    for (int direction = 0; direction < 2; direction++) {
        for (int offset = -7; offset <= 7; offset++, number++) {
            Line *line = &lines[number];
            line->shift = 0;
            line->mask = 0;
            line->gather = DIAGONAL_GATHER;
            for (int column = 0; column < 8; column++) {
                int row = direction == 0 ? column - offset : offset + 7 - column;
                line->squares[column] = row >= 0 && row < 8 ? 8 * row + column : -1;
                if (line->squares[column] >= 0) line->mask |= (board_t)1 << (8 * row + column);
            }
        }
    }
}

static inline unsigned line_byte(const Line *line, board_t board) {
    return (unsigned)(((board >> line->shift) & line->mask) * line->gather >> 56);
}

static int line_holds(const Line *line, int square) {
    for (int bit = 0; bit < 8; bit++)
        if (line->squares[bit] == square) return 1;
    return 0;
}

/* The lines that together hold all the squares of `instance`: one line if one does, else its
 * rows or its columns, whichever are fewer. Returns their number. */
static int cover(const EvalInstance *instance, int *chosen) {
    for (int number = 0; number < LINE_COUNT; number++) {
        int all = 1;
        for (int i = 0; i < instance->length && all; i++)
            all = line_holds(&lines[number], instance->squares[i]);
        if (all) {
            chosen[0] = number;
            return 1;
        }
    }
    int rows = 0, columns = 0, row_lines[8], column_lines[8];
    for (int row = 0; row < 8; row++) {
        for (int i = 0; i < instance->length; i++) {
            if (instance->squares[i] / 8 == row) {
                row_lines[rows++] = row;
                break;
            }
        }
    }
    for (int column = 0; column < 8; column++) {
        for (int i = 0; i < instance->length; i++) {
            if (instance->squares[i] % 8 == column) {
                column_lines[columns++] = 8 + column;
                break;
            }
        }
    }
    const int *best = rows <= columns ? row_lines : column_lines;
    int count = rows <= columns ? rows : columns;
    memcpy(chosen, best, (size_t)count * sizeof *chosen);
    return count;
}

const char *eval_configure(const EvalInstance *given, int instance_count, const int *sizes,
                           int family_count, int stage_width, const int16_t *weights,
                           size_t weight_count) {
    if (instance_count < 1 || instance_count > EVAL_MAX_INSTANCES)
        return "too many pattern instances";
    if (family_count < 1 || family_count > EVAL_MAX_FAMILIES) return "too many pattern families";
    if (stage_width < 1) return "a game stage must be at least one empty square wide";
    size_t per_stage = 3;
    for (int family = 0; family < family_count; family++) per_stage += (size_t)sizes[family];
    size_t stage_count = weight_count / per_stage;
    if (stage_count * per_stage != weight_count || stage_count > EVAL_MAX_STAGES ||
        (size_t)(60 / stage_width) >= stage_count)
        return "the weights do not make whole stages covering 0-60 empty squares";
    for (int i = 0; i < instance_count; i++) {
        const EvalInstance *instance = &given[i];
        if (instance->family < 0 || instance->family >= family_count ||
            instance->length < 1 || instance->length > EVAL_MAX_SQUARES)
            return "a pattern instance has an unknown family or too many squares";
        int size = 1;
        for (int k = 0; k < instance->length; k++) {
            if (instance->squares[k] < 0 || instance->squares[k] > 63)
                return "a pattern square is outside the board";
            size *= 3;
        }
        if (size != sizes[instance->family])
            return "a pattern instance does not have its family's number of squares";
    }

    configured = 0; /* until the end: a failure leaves the evaluation unusable, not half-changed */
    build_lines();
    int part_total = 0, seen[LINE_COUNT] = {0};
    used_total = 0;
    for (int i = 0; i < instance_count; i++) {
        const EvalInstance *instance = &given[i];
        int chosen[8];
        int count = cover(instance, chosen);
        instances[i].family = instance->family;
        instances[i].first_part = part_total;
        instances[i].part_count = count;
        for (int c = 0; c < count; c++) {
            Part *part = &parts[part_total++];
            const Line *line = &lines[chosen[c]];
            part->line = chosen[c];
            for (int byte = 0; byte < 256; byte++) {
                int digits = 0;
                for (int bit = 0; bit < 8; bit++) {
                    if (!(byte >> bit & 1)) continue;
                    int power = 1;
                    for (int k = 0; k < instance->length; k++, power *= 3)
                        if (instance->squares[k] == line->squares[bit]) digits += power;
                }
                part->digits[byte] = (uint16_t)digits;
            }
            if (!seen[chosen[c]]) {
                seen[chosen[c]] = 1;
                used_lines[used_total++] = chosen[c];
            }
        }
    }
    instance_total = instance_count;
    for (int square = 0; square < 64; square++) square_term_count[square] = 0;
    for (int i = 0; i < instance_count; i++) {
        int power = 1;
        for (int k = 0; k < given[i].length; k++, power *= 3) {
            int square = given[i].squares[k];
            if (square_term_count[square] == MAX_TERMS) return "a square is in too many patterns";
            Term *term = &square_terms[square][square_term_count[square]++];
            term->instance = (uint8_t)i;
            term->power = (uint16_t)power;
        }
    }

    int16_t *store = malloc(weight_count * sizeof *store);
    if (store == NULL) return "out of memory for the pattern weights";
    memcpy(store, weights, weight_count * sizeof *store);
    free(weight_store);
    weight_store = store;
    const int16_t *at = store;
    for (size_t stage = 0; stage < stage_count; stage++) {
        for (int family = 0; family < family_count; family++) {
            stages[stage].tables[family] = at;
            at += sizes[family];
        }
        stages[stage].mobility = at[0];
        stages[stage].parity = at[1];
        stages[stage].constant = at[2];
        at += 3;
    }
    stage_width_of = stage_width;
    stage_total = (int)stage_count;
    configured = 1;
    return NULL;
}

int eval_ready(void) { return configured; }

void eval_features(board_t player, board_t opponent, EvalFeatures *features) {
    unsigned player_bytes[LINE_COUNT], opponent_bytes[LINE_COUNT];
    for (int i = 0; i < used_total; i++) {
        const Line *line = &lines[used_lines[i]];
        player_bytes[used_lines[i]] = line_byte(line, player);
        opponent_bytes[used_lines[i]] = line_byte(line, opponent);
    }
    for (int i = 0; i < instance_total; i++) {
        const Instance *instance = &instances[i];
        int ours = 0, theirs = 0; /* the player's discs' share, the opponent's */
        for (int c = 0; c < instance->part_count; c++) {
            const Part *part = &parts[instance->first_part + c];
            ours += part->digits[player_bytes[part->line]];
            theirs += part->digits[opponent_bytes[part->line]];
        }
        features->view[0][i] = (uint16_t)(ours + 2 * theirs);
        features->view[1][i] = (uint16_t)(theirs + 2 * ours);
    }
}

void eval_play(const EvalFeatures *before, int square, board_t flipped, EvalFeatures *after) {
    /* The mover's view becomes the new opponent's: the square goes 0 -> 1, flipped discs 2 -> 1.
     * The other view becomes the new mover's: the square goes 0 -> 2, flipped discs 1 -> 2. */
    uint16_t *mover = after->view[1], *other = after->view[0];
    for (int i = 0; i < instance_total; i++) {
        mover[i] = before->view[0][i];
        other[i] = before->view[1][i];
    }
    for (int t = 0; t < square_term_count[square]; t++) {
        const Term *term = &square_terms[square][t];
        mover[term->instance] += term->power;
        other[term->instance] += (uint16_t)(2 * term->power);
    }
    while (flipped) {
        int at = board_lowest_square(flipped);
        flipped &= flipped - 1;
        for (int t = 0; t < square_term_count[at]; t++) {
            const Term *term = &square_terms[at][t];
            mover[term->instance] -= term->power;
            other[term->instance] += term->power;
        }
    }
}

void eval_pass(const EvalFeatures *before, EvalFeatures *after) {
    for (int i = 0; i < instance_total; i++) {
        after->view[0][i] = before->view[1][i];
        after->view[1][i] = before->view[0][i];
    }
}

int eval_with(const EvalFeatures *features, board_t player, board_t opponent) {
    board_t ours = board_legal_moves(player, opponent);
    board_t theirs = board_legal_moves(opponent, player);
    if (!ours && !theirs) return EVAL_SCALE * board_final_score(player, opponent);
    int empties = 64 - board_popcount(player | opponent);
    /* No game has more than 60 empty squares, but the Python binding accepts any board. */
    int number = empties / stage_width_of;
    const Stage *stage = &stages[number < stage_total ? number : stage_total - 1];
    int total = 0;
    for (int i = 0; i < instance_total; i++)
        total += stage->tables[instances[i].family][features->view[0][i]];
    return total + stage->mobility * (board_popcount(ours) - board_popcount(theirs)) +
           (empties & 1 ? stage->parity : -stage->parity) + stage->constant;
}

int eval_position(board_t player, board_t opponent) {
    EvalFeatures features;
    eval_features(player, opponent, &features);
    return eval_with(&features, player, opponent);
}
