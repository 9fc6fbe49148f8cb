#ifndef NAKEDBLOG_NUSPELL_H
#define NAKEDBLOG_NUSPELL_H
/* Nuspell (C++) behind a C interface, for the benchmark only: it is measured beside Hunspell,
   the engine nakedblog uses (docs/DECISIONS.md). */
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct nb_nuspell nb_nuspell;
/* Loads `base`.aff and `base`.dic; NULL when they cannot be read. */
nb_nuspell *nb_nuspell_load(const char *base);
int nb_nuspell_spell(nb_nuspell *dictionary, const char *word, size_t length);
/* Up to `limit` suggestions for `word`, best first, each NUL-terminated, one after another in
   `out` (of `size` bytes); returns how many were written. */
int nb_nuspell_suggest(nb_nuspell *dictionary, const char *word, size_t length, int limit, char *out, size_t size);
void nb_nuspell_free(nb_nuspell *dictionary);
#ifdef __cplusplus
}
#endif
#endif
