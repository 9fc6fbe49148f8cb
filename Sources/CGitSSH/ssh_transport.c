// libgit2 smart subtransport over the system ssh binary. See nb_ssh_transport.h.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <git2.h>
#include <git2/sys/transport.h>
#if __has_include(<git2/sys/errors.h>)
#include <git2/sys/errors.h> /* git_error_set_str from libgit2 1.8 on */
#endif
#include "nb_ssh_transport.h"

extern char **environ;

static pthread_mutex_t command_lock = PTHREAD_MUTEX_INITIALIZER;
static char *ssh_command = NULL;
static char **ssh_environment = NULL;  // NULL: the process's environment

void nb_ssh_transport_set_environment(const char *const *environment) {
    pthread_mutex_lock(&command_lock);
    if (ssh_environment) {
        for (char **p = ssh_environment; *p; p++) free(*p);
        free(ssh_environment);
        ssh_environment = NULL;
    }
    if (environment) {
        size_t n = 0;
        while (environment[n]) n++;
        ssh_environment = calloc(n + 1, sizeof(char *));
        for (size_t i = 0; i < n; i++) ssh_environment[i] = strdup(environment[i]);
    }
    pthread_mutex_unlock(&command_lock);
}

// Running ssh processes, so a cancel can stop one that is blocked in connect or read.
#define MAX_CHILDREN 16
static pid_t children[MAX_CHILDREN];

static void track_child(pid_t pid, int add) {
    pthread_mutex_lock(&command_lock);
    for (int i = 0; i < MAX_CHILDREN; i++) {
        if (add && children[i] == 0) { children[i] = pid; break; }
        if (!add && children[i] == pid) { children[i] = 0; break; }
    }
    pthread_mutex_unlock(&command_lock);
}

void nb_ssh_transport_cancel_all(void) {
    pthread_mutex_lock(&command_lock);
    for (int i = 0; i < MAX_CHILDREN; i++) {
        if (children[i] > 0) kill(-children[i], SIGTERM);
    }
    pthread_mutex_unlock(&command_lock);
}

void nb_ssh_transport_set_command(const char *command) {
    pthread_mutex_lock(&command_lock);
    free(ssh_command);
    ssh_command = strdup(command ? command : "ssh");
    pthread_mutex_unlock(&command_lock);
}

typedef struct {
    git_smart_subtransport_stream parent;
    pid_t pid;
    int to_child;      // child's stdin
    int from_child;    // child's stdout
    int stderr_file;   // unlinked temp file holding the child's stderr
    int finished;
} nb_ssh_stream;

typedef struct {
    git_smart_subtransport parent;
    git_transport *owner;
    nb_ssh_stream *current;
} nb_ssh_subtransport;

/// Reads what ssh wrote on stderr, trimmed, for error messages.
static void set_error_from_child(nb_ssh_stream *s, const char *fallback) {
    char buffer[2048];
    ssize_t n = pread(s->stderr_file, buffer, sizeof(buffer) - 1, 0);
    if (n < 0) n = 0;
    buffer[n] = 0;
    while (n > 0 && (buffer[n - 1] == '\n' || buffer[n - 1] == '\r' || buffer[n - 1] == ' ')) buffer[--n] = 0;
    char message[2300];
    if (n > 0) snprintf(message, sizeof(message), "ssh: %s", buffer);
    else snprintf(message, sizeof(message), "ssh: %s", fallback);
    git_error_set_str(GIT_ERROR_SSH, message);
}

static int wait_child(nb_ssh_stream *s) {
    if (s->finished) return 0;
    int status = 0;
    while (waitpid(s->pid, &status, 0) < 0) {
        if (errno != EINTR) return -1;
    }
    s->finished = 1;
    track_child(s->pid, 0);
    return status;
}

static int stream_read(git_smart_subtransport_stream *stream, char *buffer, size_t size, size_t *bytes_read) {
    nb_ssh_stream *s = (nb_ssh_stream *)stream;
    *bytes_read = 0;
    for (;;) {
        ssize_t n = read(s->from_child, buffer, size);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) { git_error_set_str(GIT_ERROR_OS, "ssh: failed to read from the ssh process"); return -1; }
        if (n == 0) {
            int status = wait_child(s);
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                set_error_from_child(s, "the connection closed unexpectedly");
                return -1;
            }
        }
        *bytes_read = (size_t)n;
        return 0;
    }
}

static int stream_write(git_smart_subtransport_stream *stream, const char *buffer, size_t len) {
    nb_ssh_stream *s = (nb_ssh_stream *)stream;
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(s->to_child, buffer + done, len - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            wait_child(s);
            set_error_from_child(s, "the connection closed while sending");
            return -1;
        }
        done += (size_t)n;
    }
    return 0;
}

static void stream_free(git_smart_subtransport_stream *stream) {
    nb_ssh_stream *s = (nb_ssh_stream *)stream;
    if (s->to_child >= 0) close(s->to_child);
    if (s->from_child >= 0) close(s->from_child);
    if (!s->finished) {
        // Give ssh a moment to exit after its stdin closed, then stop it.
        for (int i = 0; i < 50; i++) {
            int status;
            pid_t r = waitpid(s->pid, &status, WNOHANG);
            if (r == s->pid) { s->finished = 1; track_child(s->pid, 0); break; }
            usleep(2000);
        }
        if (!s->finished) { kill(-s->pid, SIGTERM); wait_child(s); }
    }
    if (s->stderr_file >= 0) close(s->stderr_file);
    free(s);
}

/// Splits an ssh URL into [user@]host, port (or NULL) and path.
static int parse_url(const char *url, char **userhost, char **port, char **path) {
    const char *prefixes[] = { "ssh://", "ssh+git://", "git+ssh://" };
    *userhost = *port = *path = NULL;
    for (size_t i = 0; i < 3; i++) {
        size_t len = strlen(prefixes[i]);
        if (strncmp(url, prefixes[i], len) == 0) {
            const char *rest = url + len;
            const char *slash = strchr(rest, '/');
            if (!slash) return -1;
            const char *authority_end = slash;
            const char *colon = NULL;
            const char *at = memchr(rest, '@', (size_t)(authority_end - rest));
            const char *host_start = at ? at + 1 : rest;
            if (*host_start == '[') {  // [ipv6]:port
                const char *close = memchr(host_start, ']', (size_t)(authority_end - host_start));
                if (close && close + 1 < authority_end && close[1] == ':') colon = close + 1;
            } else {
                colon = memchr(host_start, ':', (size_t)(authority_end - host_start));
            }
            const char *host_end = colon ? colon : authority_end;
            *userhost = strndup(rest, (size_t)(host_end - rest));
            if (colon) *port = strndup(colon + 1, (size_t)(authority_end - colon - 1));
            // ssh://host/~user/repo means a path relative to a home directory.
            *path = strdup(slash[1] == '~' ? slash + 1 : slash);
            return 0;
        }
    }
    const char *colon = strchr(url, ':');
    if (!colon || colon == url) return -1;
    *userhost = strndup(url, (size_t)(colon - url));
    *path = strdup(colon + 1);
    return 0;
}

/// `'path'` with single quotes escaped for the remote shell.
static char *shell_quote(const char *text) {
    size_t len = strlen(text), extra = 0;
    for (size_t i = 0; i < len; i++) if (text[i] == '\'') extra += 3;
    char *out = malloc(len + extra + 3), *p = out;
    *p++ = '\'';
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\'') { memcpy(p, "'\\''", 4); p += 4; } else *p++ = text[i];
    }
    *p++ = '\'';
    *p = 0;
    return out;
}

/// Starts `program` (`argv`) with pipes for stdin and stdout, stderr into an unlinked file, a
/// clean signal state and a process group of its own. `with_ssh_environment`: the transport's
/// environment (GIT_SSH_COMMAND…); else the process's. 0, or -1.
static int spawn_service(const char *program, char *const argv[], int with_ssh_environment, nb_ssh_process *out) {
    int in_pipe[2], out_pipe[2];
    if (pipe2(in_pipe, O_CLOEXEC) < 0) return -1;
    if (pipe2(out_pipe, O_CLOEXEC) < 0) { close(in_pipe[0]); close(in_pipe[1]); return -1; }
    char tmpl[] = "/tmp/nakedblog-ssh-XXXXXX";
    int err_fd = mkostemp(tmpl, O_CLOEXEC);
    if (err_fd >= 0) unlink(tmpl);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
    if (err_fd >= 0) posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // A clean start: every signal unblocked (the calling thread may block some, and a child
    // inherits its mask) and at its default action.
    sigset_t defaults, none;
    sigfillset(&defaults);
    sigdelset(&defaults, SIGKILL);
    sigdelset(&defaults, SIGSTOP);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &none);
    // Its own process group: Ctrl-C in the terminal reaches nakedblog, which cancels cleanly.
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
    pid_t pid;
    pthread_mutex_lock(&command_lock);
    int rc = with_ssh_environment
        ? posix_spawn(&pid, program, &actions, &attributes, argv, ssh_environment ? ssh_environment : environ)
        : posix_spawnp(&pid, program, &actions, &attributes, argv, environ);
    pthread_mutex_unlock(&command_lock);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(in_pipe[0]);
    close(out_pipe[1]);
    if (rc != 0) {
        close(in_pipe[1]); close(out_pipe[0]);
        if (err_fd >= 0) close(err_fd);
        return -1;
    }
    track_child(pid, 1);
    out->pid = pid;
    out->to_child = in_pipe[1];
    out->from_child = out_pipe[0];
    out->stderr_file = err_fd;
    return 0;
}

int nb_ssh_process_start(const char *url, const char *service, nb_ssh_process *out) {
    char *userhost, *port, *path;
    if (parse_url(url, &userhost, &port, &path) < 0) {
        git_error_set_str(GIT_ERROR_NET, "ssh: cannot understand this URL (expected ssh://[user@]host[:port]/path or [user@]host:path)");
        return -1;
    }
    char *quoted = shell_quote(path);
    char remote[4096];
    snprintf(remote, sizeof(remote), "%s %s", service, quoted);
    free(quoted);

    pthread_mutex_lock(&command_lock);
    char script[4096];
    snprintf(script, sizeof(script), "%s \"$@\"", ssh_command ? ssh_command : "ssh");
    pthread_mutex_unlock(&command_lock);

    char *argv[10];
    int argc = 0;
    argv[argc++] = "/bin/sh";
    argv[argc++] = "-c";
    argv[argc++] = script;
    argv[argc++] = "nakedblog-ssh";
    if (port) { argv[argc++] = "-p"; argv[argc++] = port; }
    argv[argc++] = "--";
    argv[argc++] = userhost;
    argv[argc++] = remote;
    argv[argc] = NULL;

    int rc = spawn_service("/bin/sh", argv, 1, out);
    free(userhost); free(port); free(path);
    if (rc != 0) {
        git_error_set_str(GIT_ERROR_OS, "ssh: cannot start /bin/sh to run ssh");
        return -1;
    }
    return 0;
}

int nb_local_process_start(const char *path, const char *service, nb_ssh_process *out) {
    // `git-receive-pack PATH` as `git receive-pack PATH`: git's own service, which updates the
    // branch only if it still is what it advertised (a lost update is impossible).
    const char *name = strncmp(service, "git-", 4) == 0 ? service + 4 : service;
    char *argv[] = { "git", (char *)name, "--", (char *)path, NULL };
    if (spawn_service("git", argv, 0, out) != 0) {
        git_error_set_str(GIT_ERROR_OS, "cannot start git to push to a local repository");
        return -1;
    }
    return 0;
}

void nb_ssh_process_close_input(nb_ssh_process *process) {
    if (process->to_child >= 0) { close(process->to_child); process->to_child = -1; }
}

int nb_ssh_process_finish(nb_ssh_process *process) {
    nb_ssh_process_close_input(process);
    if (process->from_child >= 0) { close(process->from_child); process->from_child = -1; }
    int status = 0, finished = 0;
    // Give ssh a moment to exit after its stdin closed, then stop it.
    for (int i = 0; i < 50 && !finished; i++) {
        pid_t r = waitpid(process->pid, &status, WNOHANG);
        if (r == process->pid) finished = 1; else usleep(2000);
    }
    if (!finished) {
        kill(-process->pid, SIGTERM);
        while (waitpid(process->pid, &status, 0) < 0 && errno == EINTR) {}
    }
    track_child(process->pid, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

void nb_ssh_process_close_stderr(nb_ssh_process *process) {
    if (process->stderr_file >= 0) { close(process->stderr_file); process->stderr_file = -1; }
}

size_t nb_ssh_process_stderr(const nb_ssh_process *process, char *buffer, size_t size) {
    if (size == 0 || process->stderr_file < 0) return 0;
    ssize_t n = pread(process->stderr_file, buffer, size - 1, 0);
    if (n < 0) n = 0;
    buffer[n] = 0;
    return (size_t)n;
}

static int spawn_ssh(nb_ssh_stream **out, nb_ssh_subtransport *t, const char *url, const char *service) {
    nb_ssh_process process;
    if (nb_ssh_process_start(url, service, &process) < 0) return -1;
    nb_ssh_stream *s = calloc(1, sizeof(nb_ssh_stream));
    s->parent.subtransport = &t->parent;
    s->parent.read = stream_read;
    s->parent.write = stream_write;
    s->parent.free = stream_free;
    s->pid = process.pid;
    s->to_child = process.to_child;
    s->from_child = process.from_child;
    s->stderr_file = process.stderr_file;
    *out = s;
    return 0;
}

static int subtransport_action(git_smart_subtransport_stream **out, git_smart_subtransport *transport,
                               const char *url, git_smart_service_t action) {
    nb_ssh_subtransport *t = (nb_ssh_subtransport *)transport;
    switch (action) {
    case GIT_SERVICE_UPLOADPACK_LS:
    case GIT_SERVICE_RECEIVEPACK_LS: {
        nb_ssh_stream *s;
        const char *service = action == GIT_SERVICE_UPLOADPACK_LS ? "git-upload-pack" : "git-receive-pack";
        if (spawn_ssh(&s, t, url, service) < 0) return -1;
        t->current = s;
        *out = &s->parent;
        return 0;
    }
    case GIT_SERVICE_UPLOADPACK:
    case GIT_SERVICE_RECEIVEPACK:
        if (!t->current) {
            git_error_set_str(GIT_ERROR_NET, "ssh: no connection for this request");
            return -1;
        }
        *out = &t->current->parent;
        return 0;
    }
    git_error_set_str(GIT_ERROR_NET, "ssh: unknown service");
    return -1;
}

static int subtransport_close(git_smart_subtransport *transport) {
    nb_ssh_subtransport *t = (nb_ssh_subtransport *)transport;
    t->current = NULL;  // libgit2 frees the stream
    return 0;
}

static void subtransport_free(git_smart_subtransport *transport) {
    free(transport);
}

static int subtransport_new(git_smart_subtransport **out, git_transport *owner, void *param) {
    (void)param;
    nb_ssh_subtransport *t = calloc(1, sizeof(nb_ssh_subtransport));
    if (!t) return -1;
    t->owner = owner;
    t->parent.action = subtransport_action;
    t->parent.close = subtransport_close;
    t->parent.free = subtransport_free;
    *out = &t->parent;
    return 0;
}

static git_smart_subtransport_definition definition = { subtransport_new, 0, NULL };

static int transport_new(git_transport **out, git_remote *owner, void *param) {
    (void)param;
    return git_transport_smart(out, owner, &definition);
}

int nb_ssh_transport_register(const char *command) {
    // A dead ssh must surface as a write error, not kill nakedblog with SIGPIPE.
    signal(SIGPIPE, SIG_IGN);
    nb_ssh_transport_set_command(command);
    // libgit2 takes the scheme and adds "://" itself.
    const char *prefixes[] = { "ssh", "ssh+git", "git+ssh" };
    for (size_t i = 0; i < 3; i++) {
        git_transport_unregister(prefixes[i]);
        int rc = git_transport_register(prefixes[i], transport_new, NULL);
        if (rc < 0) return rc;
    }
    return 0;
}
