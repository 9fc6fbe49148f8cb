#ifndef NAKEDBLOG_HIGHLIGHT_H
#define NAKEDBLOG_HIGHLIGHT_H
/* A C interface to GNU Source-highlight's token classes (C++), for Swift. Source-highlight is
   reached through libnakedblog-highlight.so (Sources/SourceHighlightShim), opened on the first
   call (loader.c) from beside the executable, its ../lib/nakedblog, or /usr/lib/nakedblog and
   /usr/local/lib/nakedblog: Source-highlight, Boost.Regex and ICU cost a start-up that shows
   no code nothing. When it cannot be opened, every call fails with the reason, and code is
   shown plain. */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a token is; everything else is plain text. */
enum nb_token_class {
    NB_TOKEN_PLAIN = 0,
    NB_TOKEN_KEYWORD = 1,
    NB_TOKEN_TYPE = 2,
    NB_TOKEN_STRING = 3,
    NB_TOKEN_COMMENT = 4,
    NB_TOKEN_NUMBER = 5,
    NB_TOKEN_FUNCTION = 6,
    NB_TOKEN_PREPROCESSOR = 7
};

/* A language definition (a .lang file) read and compiled once. Safe to use from several threads
   (each call takes the language's own lock). */
typedef struct nb_highlight_language nb_highlight_language;

/* NULL when the highlighter can be used (opening it on the first call), else why it cannot. */
const char *nb_highlight_unavailable(void);

/* Reads `file` (e.g. "go.lang") in `folder`; NULL with a message in `error` when it cannot. */
nb_highlight_language *nb_highlight_load(const char *folder, const char *file, char *error, size_t error_size);
void nb_highlight_free(nb_highlight_language *language);

/* Called for each token that is not plain: its 0-based line, byte offset and length in that line. */
typedef void (*nb_highlight_token)(void *context, size_t line, size_t start, size_t length, int token_class);

/* Highlights `text` (lines separated by '\n'), reporting tokens in order. 0 on success; -1 with a
   message in `error` when the highlighter failed (the text is then shown plain). */
int nb_highlight_text(nb_highlight_language *language, const char *text, size_t length,
                      nb_highlight_token callback, void *context, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif
#endif
