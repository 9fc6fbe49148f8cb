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

#endif
