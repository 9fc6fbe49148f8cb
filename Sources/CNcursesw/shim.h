#ifndef NAKEDBLOG_CNCURSESW_SHIM_H
#define NAKEDBLOG_CNCURSESW_SHIM_H
// SwiftPM drops pkg-config cflags for system libraries, so the wide-character API is enabled here.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <string.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// --- Globals Swift 6 cannot touch (stdin/stdout/stdscr/LINES/COLS are shared mutable state). ---

// A window is handed to Swift as `void *`: ncurses 6.5 (Debian 13) makes WINDOW an opaque
// struct (Swift sees an OpaquePointer) where 6.4 (Debian 12) shows its fields (a typed pointer);
// through these wrappers the Swift side is the same on both.

/// Starts curses on the process's stdin/stdout for terminal type `term` (NULL: $TERM).
/// Returns the main window, or NULL when the terminal type is unknown (unlike initscr, never exits).
/// The SCREEN is stored in *screen for delscreen().
static inline void *nb_newterm(const char *term, SCREEN **screen) {
    SCREEN *s = newterm(term, stdout, stdin);
    if (s == NULL) return NULL;
    if (screen) *screen = s;
    return stdscr;
}

/// The user's locale; when it is C/POSIX (no UTF-8), characters fall back to C.UTF-8 so wide
/// characters still draw (terminals are UTF-8 nearly everywhere; messages stay in C).
static inline void nb_setlocale_from_environment(void) {
    setlocale(LC_ALL, "");
    const char *ctype = setlocale(LC_CTYPE, NULL);
    if (ctype && (strcmp(ctype, "C") == 0 || strcmp(ctype, "POSIX") == 0)) setlocale(LC_CTYPE, "C.UTF-8");
}
static inline const char *nb_codeset(void) { return setlocale(LC_CTYPE, NULL); }

/// Writes the window size into rows/cols (getmaxyx is a macro).
static inline void nb_getmaxyx(void *window, int *rows, int *cols) {
    WINDOW *w = window;
    int y, x; getmaxyx(w, y, x); *rows = y; *cols = x;
}
static inline int nb_keypad(void *window, bool enabled) { return keypad((WINDOW *)window, enabled); }
static inline int nb_wclear(void *window) { return wclear((WINDOW *)window); }
static inline int nb_wredrawln(void *window, int top, int count) { return wredrawln((WINDOW *)window, top, count); }
static inline int nb_wmove(void *window, int y, int x) { return wmove((WINDOW *)window, y, x); }
static inline int nb_waddnwstr(void *window, const wchar_t *text, int n) { return waddnwstr((WINDOW *)window, text, n); }
static inline int nb_wattrset(void *window, int attributes) { return wattrset((WINDOW *)window, attributes); }
static inline int nb_wrefresh(void *window) { return wrefresh((WINDOW *)window); }

/// Writes raw bytes straight to the terminal (escape sequences curses does not know, e.g. OSC 52).
static inline void nb_write_stdout(const char *bytes, size_t n) {
    fwrite(bytes, 1, n, stdout); fflush(stdout);
}

// --- Attribute macros. ---
static inline attr_t nb_a_normal(void)    { return A_NORMAL; }
static inline attr_t nb_a_bold(void)      { return A_BOLD; }
static inline attr_t nb_a_dim(void)       { return A_DIM; }
static inline attr_t nb_a_italic(void)    { return A_ITALIC; }
static inline attr_t nb_a_underline(void) { return A_UNDERLINE; }
static inline attr_t nb_a_reverse(void)   { return A_REVERSE; }
static inline attr_t nb_a_standout(void)  { return A_STANDOUT; }
static inline attr_t nb_color_pair(short n) { return COLOR_PAIR(n); }

// --- Line-drawing characters (ACS_* and WACS_* index arrays curses fills at start-up). ---
static inline chtype nb_acs_hline(void)    { return ACS_HLINE; }
static inline chtype nb_acs_vline(void)    { return ACS_VLINE; }
static inline chtype nb_acs_ulcorner(void) { return ACS_ULCORNER; }
static inline chtype nb_acs_urcorner(void) { return ACS_URCORNER; }
static inline chtype nb_acs_llcorner(void) { return ACS_LLCORNER; }
static inline chtype nb_acs_lrcorner(void) { return ACS_LRCORNER; }
static inline const cchar_t *nb_wacs_hline(void)    { return WACS_HLINE; }
static inline const cchar_t *nb_wacs_vline(void)    { return WACS_VLINE; }
static inline const cchar_t *nb_wacs_ulcorner(void) { return WACS_ULCORNER; }
static inline const cchar_t *nb_wacs_urcorner(void) { return WACS_URCORNER; }
static inline const cchar_t *nb_wacs_llcorner(void) { return WACS_LLCORNER; }
static inline const cchar_t *nb_wacs_lrcorner(void) { return WACS_LRCORNER; }

// --- Globals Swift 6 rejects as shared mutable state. ---
static inline int nb_colors(void)      { return COLORS; }
static inline int nb_color_pairs(void) { return COLOR_PAIRS; }

// --- Key codes that are macros. ---
static inline int nb_key_resize(void)    { return KEY_RESIZE; }
static inline int nb_key_code_yes(void)  { return KEY_CODE_YES; }
static inline int nb_err(void)           { return ERR; }

#endif
