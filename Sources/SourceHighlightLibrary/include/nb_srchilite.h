#ifndef NAKEDBLOG_SRCHILITE_H
#define NAKEDBLOG_SRCHILITE_H
/* What libnakedblog-highlight.so exports: the functions behind CSourceHighlight's interface,
   with the same types and meaning (see nb_highlight.h, whose types this includes). Only the
   loader (CSourceHighlight/loader.c) calls them, through dlsym. */
#include "../../CSourceHighlight/include/nb_highlight.h"

#ifdef __cplusplus
extern "C" {
#endif

nb_highlight_language *nb_srchilite_load(const char *folder, const char *file, char *error, size_t error_size);
void nb_srchilite_free(nb_highlight_language *language);
int nb_srchilite_text(nb_highlight_language *language, const char *text, size_t length,
                      nb_highlight_token callback, void *context, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif
#endif
