// Restores the terminal when nakedblog dies from a signal. Only async-signal-safe calls.
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "nb_terminal_guard.h"

static struct termios saved;
static volatile sig_atomic_t have_saved = 0;
static const int signals[] = { SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
#define SIGNAL_COUNT (sizeof(signals) / sizeof(signals[0]))
static struct sigaction previous[SIGNAL_COUNT];

// Leave bracketed paste, reset attributes, show the cursor, leave the alternate screen.
static const char reset[] = "\033[?2004l\033[0m\033[?25h\033[?1049l\r\n";

static void restore(int signal) {
    ssize_t ignored = write(STDOUT_FILENO, reset, sizeof(reset) - 1);
    (void)ignored;
    if (have_saved) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    // Die of the signal as if nothing had caught it (ncurses' or the runtime's handlers would
    // redraw or wait for a backtracer on a terminal that is gone).
    struct sigaction fallback;
    memset(&fallback, 0, sizeof(fallback));
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal, &fallback, NULL);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, signal);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    raise(signal);
}

void nb_terminal_guard_save(void) {
    if (tcgetattr(STDIN_FILENO, &saved) == 0) have_saved = 1;
}

void nb_terminal_guard_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = restore;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    for (unsigned i = 0; i < SIGNAL_COUNT; i++) sigaction(signals[i], &action, &previous[i]);
}

void nb_terminal_guard_remove(void) {
    for (unsigned i = 0; i < SIGNAL_COUNT; i++) sigaction(signals[i], &previous[i], NULL);
    have_saved = 0;
}
