// The only C that touches ncursesw: static inline wrappers for the macros and variadic functions
// Swift cannot import. Stateless on purpose: C state lives in .c files (CTerminalGuard), where it
// has one definition; a static here would be copied into every object file that inlines it.
#ifndef MEMORIZE_CNCURSES_SHIM_H
#define MEMORIZE_CNCURSES_SHIM_H

// The wide-character API (get_wch, setcchar, mvwadd_wch, cchar_t): what ncursesw's pkg-config
// cflags (-D_XOPEN_SOURCE=600 -D_DEFAULT_SOURCE) turn on, asked for here directly, because SwiftPM
// refuses -D flags from pkg-config for a system library (and warned on every build). Setting
// _XOPEN_SOURCE alone here would narrow glibc's declarations; these two ask for exactly the API.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

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

static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button2_pressed(void) { return BUTTON2_PRESSED; }
static inline mmask_t cn_button2_released(void) { return BUTTON2_RELEASED; }
static inline mmask_t cn_button2_clicked(void) { return BUTTON2_CLICKED; }
static inline mmask_t cn_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t cn_button3_released(void) { return BUTTON3_RELEASED; }
static inline mmask_t cn_button3_clicked(void) { return BUTTON3_CLICKED; }


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

#endif
