#define _GNU_SOURCE
#include "CGameSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

/// Tests set this to take the fallback below as if close_range were missing (kernels before 5.9,
/// seccomp filters that refuse it).
static volatile int close_range_refused = 0;

void gs_test_refuse_close_range(int refuse) { close_range_refused = refuse; }

/// Closes every descriptor from `first` up to `below`: close_range when the kernel has it, else
/// one close per number (async-signal-safe, for the child between fork and execve). A game that
/// inherited the server's sockets could read other players' sessions.
static void close_from(unsigned int first, unsigned long long below) {
    if (!close_range_refused && syscall(SYS_close_range, first, ~0U, 0U) == 0) return;
    for (unsigned long long fd = first; fd < below; fd++) close((int)fd);
}

static void limit(int resource, unsigned long long value) {
    struct rlimit bound = { (rlim_t)value, (rlim_t)value };
    setrlimit(resource, &bound);
}

int gs_spawn(const char *path, char *const argv[], char *const envp[],
             unsigned short columns, unsigned short rows, gs_limits limits,
             int table_channel, int *master, pid_t *pid) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_col = columns;
    size.ws_row = rows;
    int fd = -1;
    pid_t child = forkpty(&fd, NULL, NULL, &size);
    if (child < 0) return errno ? errno : EAGAIN;
    if (child == 0) {
        // The child of a multithreaded parent: async-signal-safe calls only, then execve.
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigemptyset(&dfl.sa_mask);
        for (int sig = 1; sig < NSIG; sig++) {
            if (sig == SIGKILL || sig == SIGSTOP) continue;
            sigaction(sig, &dfl, NULL);
        }
        sigset_t empty;
        sigemptyset(&empty);
        sigprocmask(SIG_SETMASK, &empty, NULL);
        // The server's own descriptor bound, read before the game's is set: every inherited
        // descriptor is below it, and the fallback must reach them all.
        struct rlimit own;
        unsigned long long below = 1ULL << 20;
        if (getrlimit(RLIMIT_NOFILE, &own) == 0 && own.rlim_cur != RLIM_INFINITY && own.rlim_cur < below) below = own.rlim_cur;
        // Sockets, other players' ptys and the host key's file must not reach the game; only its
        // table channel, always as descriptor 3 (the server passes --table-channel 3).
        unsigned int first_closed = 3U;
        if (table_channel >= 0) {
            if (table_channel == GS_TABLE_CHANNEL_FD) {
                fcntl(GS_TABLE_CHANNEL_FD, F_SETFD, 0);
            } else if (dup2(table_channel, GS_TABLE_CHANNEL_FD) < 0) {
                _exit(127);
            }
            first_closed = GS_TABLE_CHANNEL_FD + 1;
        }
        close_from(first_closed, below);
        limit(RLIMIT_CORE, 0);
        if (limits.address_space_bytes) limit(RLIMIT_AS, limits.address_space_bytes);
        if (limits.cpu_seconds) limit(RLIMIT_CPU, limits.cpu_seconds);
        if (limits.open_files) limit(RLIMIT_NOFILE, limits.open_files);
        execve(path, argv, envp);
        _exit(127);
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    *master = fd;
    *pid = child;
    return 0;
}

int gs_set_window_size(int master, unsigned short columns, unsigned short rows) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_col = columns;
    size.ws_row = rows;
    return ioctl(master, TIOCSWINSZ, &size);
}

int gs_reap(pid_t pid, int *exit_status) {
    int status = 0;
    pid_t result = waitpid(pid, &status, WNOHANG);
    if (result < 0) return -1;
    if (result == 0) return 0;
    if (WIFEXITED(status)) *exit_status = WEXITSTATUS(status);
    else if (WIFSIGNALED(status)) *exit_status = 128 + WTERMSIG(status);
    else *exit_status = 255;
    return 1;
}

int gs_channel_pair(int *server_end, int *game_end) {
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return errno ? errno : EMFILE;
    int flags = fcntl(fds[0], F_GETFL);
    if (flags >= 0) fcntl(fds[0], F_SETFL, flags | O_NONBLOCK);
    *server_end = fds[0];
    *game_end = fds[1];
    return 0;
}
