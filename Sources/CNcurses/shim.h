// The only C that memorize-tui touches: ncursesw, plus static inline wrappers for the macros and
// variadic functions Swift cannot import, and the async-signal-safe parts of the terminal guard.
#ifndef MEMORIZE_CNCURSES_SHIM_H
#define MEMORIZE_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static inline int cn_color_pair(int n) { return COLOR_PAIR(n); }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline void cn_getmaxyx(WINDOW *w, int *y, int *x) { int yy, xx; getmaxyx(w, yy, xx); *y = yy; *x = xx; }

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_standout(void) { return A_STANDOUT; }

static inline int cn_ok(void) { return OK; }
static inline int cn_err(void) { return ERR; }
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cn_key_up(void) { return KEY_UP; }
static inline int cn_key_down(void) { return KEY_DOWN; }
static inline int cn_key_left(void) { return KEY_LEFT; }
static inline int cn_key_right(void) { return KEY_RIGHT; }
static inline int cn_key_enter(void) { return KEY_ENTER; }
static inline int cn_key_backspace(void) { return KEY_BACKSPACE; }
static inline int cn_key_dc(void) { return KEY_DC; }
static inline int cn_key_home(void) { return KEY_HOME; }
static inline int cn_key_end(void) { return KEY_END; }
static inline int cn_key_npage(void) { return KEY_NPAGE; }
static inline int cn_key_ppage(void) { return KEY_PPAGE; }
static inline int cn_key_btab(void) { return KEY_BTAB; }
static inline int cn_key_resize(void) { return KEY_RESIZE; }
static inline int cn_key_mouse(void) { return KEY_MOUSE; }

static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t cn_button1_triple_clicked(void) { return BUTTON1_TRIPLE_CLICKED; }
static inline mmask_t cn_button2_pressed(void) { return BUTTON2_PRESSED; }
static inline mmask_t cn_button2_released(void) { return BUTTON2_RELEASED; }
static inline mmask_t cn_button2_clicked(void) { return BUTTON2_CLICKED; }
static inline mmask_t cn_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t cn_button3_released(void) { return BUTTON3_RELEASED; }
static inline mmask_t cn_button3_clicked(void) { return BUTTON3_CLICKED; }
static inline mmask_t cn_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cn_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }

/// Byte-level read (bytes 0–255, KEY_* codes, ERR) on stdscr, errno cleared first so the caller
/// can tell EINTR from EOF. NcursesScreen decodes UTF-8 itself rather than use get_wch, which
/// keeps collecting bytes after an invalid one (up to 16), swallowing the keys typed after it.
static inline int cn_getch(void) { errno = 0; return wgetch(stdscr); }
static inline int cn_ungetch(int ch) { return ungetch(ch); }
static inline int cn_errno(void) { return errno; }

/// glibc declares wcwidth only under _XOPEN_SOURCE, and Swift's Glibc module has already parsed
/// <wchar.h> without it, so declare it here (it is what ncurses uses to measure cells).
extern int wcwidth(wchar_t c);
static inline int cn_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

/// Writes one cell: a wide-char string (one spacing char + combining ones) with attributes and an
/// extended colour pair. The pair goes through setcchar's `opts` (ncurses 6) because the `short`
/// argument cannot hold the pair numbers `alloc_pair` hands out beyond 32767.
static inline int cn_put_cell(int y, int x, const wchar_t *wch, attr_t attrs, int pair) {
    cchar_t cell;
    int extended = pair;
    if (setcchar(&cell, wch, attrs, 0, &extended) != OK) return ERR;
    return mvwadd_wch(stdscr, y, x, &cell);
}

// ---- several screens (the recording's off-screen terminal) ----------------------------------
// ncurses keeps one current SCREEN; set_term switches it (stdscr, curscr, cur_term, COLORS), but
// not LINES and COLS, which these helpers save and put back. Never switch to NULL: set_term(NULL)
// detaches the terminal of the screen that was current.

/// Makes `screen` current; returns the one that was (possibly `screen` itself).
static inline SCREEN *cn_enter_screen(SCREEN *screen, int *saved_lines, int *saved_cols) {
    *saved_lines = LINES;
    *saved_cols = COLS;
    return set_term(screen);
}
static inline void cn_leave_screen(SCREEN *previous, int saved_lines, int saved_cols) {
    if (previous != NULL) set_term(previous);
    LINES = saved_lines;
    COLS = saved_cols;
}

// ---- terminfo ------------------------------------------------------------------------------

/// tigetstr answers (char *)-1 for "not a string capability"; fold that and "absent" into NULL.
static inline const char *cn_tigetstr(const char *name) {
    char *s = tigetstr(name);
    return (s == (char *)-1) ? NULL : s;
}
/// tiparm is variadic, which Swift cannot call.
static inline const char *cn_tiparm1(const char *cap, int p1) { return tiparm(cap, p1); }
/// What setupterm changes besides cur_term: it sizes "the screen" from its fd and sets LINES,
/// COLS and TABSIZE, which a running screen must keep (the recording's off-screen terminal checks
/// its TERM while the live one runs).
typedef struct { TERMINAL *terminal; int screen_lines, screen_cols, tab_size; } cn_term_state;

static inline cn_term_state cn_save_term_state(void) {
    cn_term_state state = { cur_term, LINES, COLS, TABSIZE };
    return state;
}
static inline void cn_restore_term_state(cn_term_state state) {
    TERMINAL *loaded = cur_term;
    set_curterm(state.terminal);
    if (loaded != NULL && loaded != state.terminal) del_curterm(loaded);
    LINES = state.screen_lines;
    COLS = state.screen_cols;
    TABSIZE = state.tab_size;
}

/// Looks a terminal type up with setupterm without disturbing a screen that may be running:
/// setupterm replaces cur_term (and the current SCREEN's terminal), so the old one is put back
/// and the probe freed. Returns setupterm's status (1 found, 0 unknown/generic, -1 no database);
/// *has_cup tells whether the entry can address the cursor. Writes nothing.
static inline int cn_probe_term(const char *name, int fd, int *has_cup) {
    cn_term_state saved = cn_save_term_state();
    int status = 0;
    *has_cup = 0;
    if (setupterm(name, fd, &status) == OK) {
        const char *cup = cn_tigetstr("cup");
        *has_cup = (cup != NULL && *cup != 0);
    }
    cn_restore_term_state(saved);
    return status;
}

/// Makes `name` the current terminfo entry (to read capabilities without a screen); hands back
/// what to put back with cn_unload_term. 0 on success.
static inline int cn_load_term(const char *name, int fd, cn_term_state *previous) {
    int status = 0;
    *previous = cn_save_term_state();
    if (setupterm(name, fd, &status) == OK) return 0;
    cn_restore_term_state(*previous);
    return -1;
}
static inline void cn_unload_term(cn_term_state previous) {
    cn_restore_term_state(previous);
}

// ---- terminal guard (signals) ----------------------------------------------------------------
// Signal handlers must only touch sig_atomic_t and async-signal-safe calls (write, tcsetattr,
// sigaction, raise), so they live here in C rather than in Swift (whose globals go through lazy
// initialisers and exclusivity checks).
//
// The state is a function-local static: Swift emits no storage for file-scope static variables
// in an imported header (link error), but does emit a function's local statics with it.
// CAUTION: that storage exists once per *object file* that uses it, and SwiftPM compiles each
// Swift file to its own object in debug builds. Only TerminalGuard.swift may call the cn_guard_*
// functions, so that there is exactly one copy of this state.

#define CN_GUARD_MAX_SIGNAL 65

struct cn_guard_state {
    volatile sig_atomic_t pending_signal;
    volatile sig_atomic_t crash_armed;
    char restore_bytes[1024];
    size_t restore_length;
    int output_fd;
    int input_fd;
    int have_termios;
    struct termios saved_termios;
    unsigned char installed[CN_GUARD_MAX_SIGNAL];
    struct sigaction previous[CN_GUARD_MAX_SIGNAL];
    int stderr_saved;       // the terminal's stderr while it is diverted, else -1
    int stderr_capture;     // the unlinked file it is diverted to, else -1
    int have_reader;
    pthread_t reader;       // the thread that waits in get_wch
};

static inline struct cn_guard_state *cn_guard(void) {
    static struct cn_guard_state state = {
        .output_fd = STDOUT_FILENO, .input_fd = STDIN_FILENO, .stderr_saved = -1, .stderr_capture = -1,
    };
    return &state;
}

static void cn_guard_on_terminate(int sig) {
    struct cn_guard_state *g = cn_guard();
    int saved_errno = errno;
    g->pending_signal = sig;
    // A process-directed signal may land on any thread; only the reader's interrupted read makes
    // get_wch return, so pass it on (pthread_kill is async-signal-safe).
    if (g->have_reader && !pthread_equal(pthread_self(), g->reader)) pthread_kill(g->reader, sig);
    errno = saved_errno;
}

/// Puts the terminal back (escape strings captured at start, then the saved termios). Only
/// async-signal-safe calls; runs at most once.
static void cn_guard_emergency_restore(void) {
    struct cn_guard_state *g = cn_guard();
    if (!g->crash_armed) return;
    g->crash_armed = 0;
    size_t done = 0;
    while (done < g->restore_length) {
        ssize_t n = write(g->output_fd, g->restore_bytes + done, g->restore_length - done);
        if (n > 0) done += (size_t)n;
        else if (n < 0 && errno == EINTR) continue;
        else break;
    }
    if (g->have_termios) tcsetattr(g->input_fd, TCSADRAIN, &g->saved_termios);
}

/// Points stderr back at the terminal and replays what was written meanwhile (warnings, Swift's
/// "Fatal error: …" line), now that it is readable. Async-signal-safe.
static void cn_guard_release_stderr(void) {
    struct cn_guard_state *g = cn_guard();
    if (g->stderr_saved < 0) return;
    int capture = g->stderr_capture;
    dup2(g->stderr_saved, STDERR_FILENO);
    close(g->stderr_saved);
    g->stderr_saved = -1;
    g->stderr_capture = -1;
    char buffer[4096];
    ssize_t n;
    lseek(capture, 0, SEEK_SET);
    while ((n = read(capture, buffer, sizeof buffer)) > 0) {
        ssize_t done = 0;
        while (done < n) {
            ssize_t w = write(STDERR_FILENO, buffer + done, (size_t)(n - done));
            if (w > 0) done += w;
            else if (w < 0 && errno == EINTR) continue;
            else break;
        }
    }
    close(capture);
}

/// While the screen is up, anything written to stderr would scribble over it and vanish with the
/// alternate screen, so it goes to an unlinked temp file and is replayed on restore. Only when
/// stderr is a terminal: a redirected stderr is left alone.
static inline int cn_guard_divert_stderr(void) {
    struct cn_guard_state *g = cn_guard();
    if (g->stderr_saved >= 0 || !isatty(STDERR_FILENO)) return 0;
    const char *dir = getenv("TMPDIR");
    char path[4096];
    if (dir == NULL || *dir == 0 || strlen(dir) > sizeof path - 40) dir = "/tmp";
    strcpy(path, dir);
    strcat(path, "/memorize-tui-stderr-XXXXXX");
    int capture = mkstemp(path);
    if (capture < 0) return -1;
    unlink(path);
    int saved = dup(STDERR_FILENO);
    if (saved < 0) { close(capture); return -1; }
    fflush(stderr);
    if (dup2(capture, STDERR_FILENO) < 0) { close(saved); close(capture); return -1; }
    g->stderr_saved = saved;
    g->stderr_capture = capture;
    return 0;
}

static void cn_guard_on_crash(int sig, siginfo_t *info, void *context) {
    (void)context;
    struct cn_guard_state *g = cn_guard();
    int saved_errno = errno;
    cn_guard_emergency_restore();
    cn_guard_release_stderr();
    // Hand the signal to whoever had it before (Swift's backtracer, or SIG_DFL for a core dump).
    if (sig > 0 && sig < CN_GUARD_MAX_SIGNAL && g->installed[sig]) {
        sigaction(sig, &g->previous[sig], NULL);
        g->installed[sig] = 0;
    } else {
        signal(sig, SIG_DFL);
    }
    errno = saved_errno;
    // A real fault (si_code > 0) repeats when we return and now reaches the previous handler with
    // its true siginfo; a sent signal (kill, abort's raise) is sent again, pending until we return.
    if (info == NULL || info->si_code <= 0) raise(sig);
}

static inline int cn_guard_install(int sig, int crash) {
    struct cn_guard_state *g = cn_guard();
    if (sig <= 0 || sig >= CN_GUARD_MAX_SIGNAL || g->installed[sig]) return 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    if (crash) {
        action.sa_sigaction = cn_guard_on_crash;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    } else {
        action.sa_handler = cn_guard_on_terminate;
        // No SA_RESTART: a blocking read must fail with EINTR so get_wch returns and the run
        // loop sees the request at once.
        action.sa_flags = 0;
    }
    if (sigaction(sig, &action, &g->previous[sig]) != 0) return -1;
    g->installed[sig] = 1;
    return 0;
}

static inline void cn_guard_uninstall(int sig) {
    struct cn_guard_state *g = cn_guard();
    if (sig <= 0 || sig >= CN_GUARD_MAX_SIGNAL || !g->installed[sig]) return;
    sigaction(sig, &g->previous[sig], NULL);
    g->installed[sig] = 0;
}

/// Records the calling thread as the one that reads input (see cn_guard_on_terminate) and lets
/// the signals that must interrupt its reads through: a signal mask is inherited across exec,
/// and a blocked SIGWINCH or SIGTERM would leave get_wch waiting for the next key.
static inline void cn_guard_set_reader(void) {
    struct cn_guard_state *g = cn_guard();
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGWINCH);
    pthread_sigmask(SIG_UNBLOCK, &wanted, NULL);
    g->reader = pthread_self();
    g->have_reader = 1;
}

static inline int cn_guard_pending(void) { return (int)cn_guard()->pending_signal; }
static inline void cn_guard_clear_pending(void) { cn_guard()->pending_signal = 0; }

/// Saves the terminal modes as found, for the crash path (endwin restores them on the normal path).
static inline void cn_guard_save_termios(int fd) {
    struct cn_guard_state *g = cn_guard();
    g->input_fd = fd;
    g->have_termios = (tcgetattr(fd, &g->saved_termios) == 0);
}

/// Arms the crash path with the bytes that undo what ncurses set up (mouse off, attributes off,
/// cursor on, keypad off, leave the alternate screen).
static inline void cn_guard_arm(const char *bytes, size_t length, int output_fd) {
    struct cn_guard_state *g = cn_guard();
    g->crash_armed = 0;
    if (length > sizeof g->restore_bytes) length = sizeof g->restore_bytes;
    memcpy(g->restore_bytes, bytes, length);
    g->restore_length = length;
    g->output_fd = output_fd;
    g->crash_armed = 1;
}

static inline void cn_guard_disarm(void) { cn_guard()->crash_armed = 0; }
static inline int cn_guard_is_armed(void) { return (int)cn_guard()->crash_armed; }

#endif
