#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

/* SwiftPM drops pkg-config's -D_XOPEN_SOURCE cflags, so switch the wide-character API on here. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Swift 6 rejects references to mutable C globals (stdscr, COLORS, stdout...): read them here. */
static inline int nc_colors(void) { return COLORS; }
static inline WINDOW *nc_stdscr_window(void) { return stdscr; }
static inline int nc_color_pairs(void) { return COLOR_PAIRS; }

/* A terminal on stdin/stdout; NULL (instead of exiting) when TERM is unknown. */
static inline SCREEN *nc_newterm(void) { return newterm(NULL, stdout, stdin); }

/* Attribute and mouse macros that do not import into Swift. */
static inline int nc_attr_normal(void) { return (int)A_NORMAL; }
static inline int nc_attr_bold(void) { return (int)A_BOLD; }
static inline int nc_attr_reverse(void) { return (int)A_REVERSE; }
static inline int nc_attr_dim(void) { return (int)A_DIM; }
static inline int nc_attr_underline(void) { return (int)A_UNDERLINE; }
static inline int nc_color_pair(short n) { return (int)COLOR_PAIR(n); }
static inline void nc_attrset(WINDOW *w, int a) { wattrset(w, a); }
static inline mmask_t nc_mouse_mask(void) { return BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED; }
static inline int nc_is_click(mmask_t m) { return (m & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0; }
static inline int nc_is_wheel_up(mmask_t m) { return (m & BUTTON4_PRESSED) != 0; }
static inline int nc_is_wheel_down(mmask_t m) { return (m & BUTTON5_PRESSED) != 0; }
static inline int nc_codeset_is_utf8(void) { const char *c = nl_langinfo(CODESET); return c && (strcmp(c, "UTF-8") == 0 || strcmp(c, "utf8") == 0); }

#endif
