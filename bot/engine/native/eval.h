/* The pattern evaluation of the native engine core: the C twin of bot/engine/ai/evaluation.py.
 *
 * The pattern instances (their families and squares) and the fitted weights are not written
 * here: the Python engine hands over its own at import (`eval_configure`), so both cores read
 * the one definition in patterns.py and the one weights file, and cannot drift apart. All the
 * arithmetic is on integers, so a position gets exactly the Python value.
 */
#ifndef REVERSI_EVAL_H
#define REVERSI_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

#define EVAL_SCALE 100 /* evaluation units per disc, evaluation.py's SCALE */

/* Limits of the tables below: generous for the 11 families and 46 instances of patterns.py. */
#define EVAL_MAX_FAMILIES 16
#define EVAL_MAX_INSTANCES 64
#define EVAL_MAX_SQUARES 10 /* squares of one instance: its index stays below 3**10 */
#define EVAL_MAX_STAGES 64

/* One instance as patterns.py lists it: its family and its squares, first square the least
 * significant base-3 digit. */
typedef struct {
    int family;
    int length;
    int squares[EVAL_MAX_SQUARES];
} EvalInstance;

/* Sets up the evaluation: the instances, each family's number of configurations (3 to its
 * number of squares), the width of a game stage in empty squares, and the weights in the weights
 * file's order (per stage: each family's table, then the mobility, parity and constant weights).
 * Returns NULL, or a message saying what does not fit. */
const char *eval_configure(const EvalInstance *instances, int instance_count, const int *sizes,
                           int family_count, int stage_width, const int16_t *weights,
                           size_t weight_count);

/* True once `eval_configure` has succeeded. */
int eval_ready(void);

/* Every instance's index, twice: `view[0]` reads the board from the side to move's view (1 for
 * its discs, 2 for the opponent's), `view[1]` from the opponent's. A search keeps both up to
 * date move by move (`eval_play`): a move changes a few squares, so a few indices, but it also
 * hands the turn over, which would change every digit of an index kept from one view only. */
typedef struct {
    uint16_t view[2][EVAL_MAX_INSTANCES];
} EvalFeatures;

/* The indices of a position, from scratch. */
void eval_features(board_t player, board_t opponent, EvalFeatures *features);

/* The indices after the side to move plays `square`, flipping `flipped`: `after` is seen from
 * the new side to move (the old opponent). */
void eval_play(const EvalFeatures *before, int square, board_t flipped, EvalFeatures *after);

/* The indices after a pass: the same, seen from the other side. */
void eval_pass(const EvalFeatures *before, EvalFeatures *after);

/* The fitted estimate of the final disc difference for `player`, in hundredths of a disc, or
 * the exact result (times EVAL_SCALE) of a finished game: evaluation.py's `evaluate`.
 * `features` must be those of this position. */
int eval_with(const EvalFeatures *features, board_t player, board_t opponent);

/* The same from the position alone. */
int eval_position(board_t player, board_t opponent);

#endif /* REVERSI_EVAL_H */
