#ifndef NAKEDBLOG_TERMINAL_GUARD_H
#define NAKEDBLOG_TERMINAL_GUARD_H

/// Saves the terminal settings of stdin (call before entering full-screen mode).
void nb_terminal_guard_save(void);

/// Installs (after ncurses has set up, so these handlers are the ones that run)
/// handlers for fatal signals (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE,
/// SIGABRT) that restore the terminal with async-signal-safe calls only (write, tcsetattr), then
/// let the signal take its normal course.
void nb_terminal_guard_install(void);

/// Removes the handlers (after a normal exit from full-screen mode).
void nb_terminal_guard_remove(void);

#endif
