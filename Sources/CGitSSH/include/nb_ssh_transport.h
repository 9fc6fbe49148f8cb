#ifndef NAKEDBLOG_SSH_TRANSPORT_H
#define NAKEDBLOG_SSH_TRANSPORT_H

/// An SSH transport for libgit2 that runs the system `ssh` (OpenSSH) instead of libssh2, so
/// RSA keys (rsa-sha2 signatures), ~/.ssh/config (Host aliases, ProxyJump, IdentityFile…),
/// ssh-agent and known_hosts all behave exactly as they do for `git`.

/// Registers the transport for ssh://, ssh+git://, git+ssh:// and scp-like URLs.
/// `command` is a shell command prefix run as `/bin/sh -c '<command> "$@"'` with the ssh
/// arguments appended (e.g. "ssh -o StrictHostKeyChecking=yes"). Returns 0 or a libgit2 error.
/// Call before any clone/fetch/push, from one thread (libgit2's registry is not locked).
int nb_ssh_transport_register(const char *command);

/// Replaces the command used by later connections (copied).
void nb_ssh_transport_set_command(const char *command);

/// The environment ssh runs with (NULL-terminated "KEY=value" strings, copied); NULL restores
/// the process's own environment.
void nb_ssh_transport_set_environment(const char *const *environment);

/// Stops every running ssh connection (SIGTERM to its process group): a cancelled clone or push
/// that is blocked connecting or reading then fails at once instead of waiting.
void nb_ssh_transport_cancel_all(void);

/// One running `ssh … git-receive-pack '<path>'` (or another service) whose pipes the caller
/// reads and writes itself; stopped by `nb_ssh_transport_cancel_all` like the transport's own.
typedef struct {
    int pid;
    int to_child;      // the remote service's standard input
    int from_child;    // its standard output
    int stderr_file;   // an unlinked file holding what ssh wrote on stderr (-1: none)
} nb_ssh_process;

/// Starts `service` on the host of the ssh `url` with the transport's command and environment.
/// Returns 0, or -1 with a libgit2 error set (read it on the same thread).
int nb_ssh_process_start(const char *url, const char *service, nb_ssh_process *out);

/// Starts `service` (`git-receive-pack`) as `git receive-pack PATH` for a repository on this
/// machine. Returns 0, or -1 with a libgit2 error set.
int nb_local_process_start(const char *path, const char *service, nb_ssh_process *out);

/// Closes the service's standard input (it then sees the end of the request).
void nb_ssh_process_close_input(nb_ssh_process *process);

/// Closes the pipes, waits briefly for ssh to exit (then stops it), and returns its exit status
/// (128 + signal when killed). Call exactly once; stderr stays readable until closed.
int nb_ssh_process_finish(nb_ssh_process *process);

/// Closes the file holding ssh's stderr.
void nb_ssh_process_close_stderr(nb_ssh_process *process);

/// Copies what ssh wrote on stderr so far into `buffer` (NUL-terminated); returns its length.
size_t nb_ssh_process_stderr(const nb_ssh_process *process, char *buffer, size_t size);

#endif
