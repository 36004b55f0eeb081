// glibc's wcwidth and MB_CUR_MAX are hidden from Swift's Glibc module (feature macros and a
// macro-wrapped call); these two wrappers expose exactly what TextWidth needs.
#ifndef C_TEXT_WIDTH_H
#define C_TEXT_WIDTH_H

/// Columns the scalar takes in the current LC_CTYPE (-1 when unprintable), as ncurses measures it.
int ctw_wcwidth(unsigned int scalar);
/// 1 when LC_CTYPE is a multibyte (UTF-8) locale.
int ctw_ctype_is_multibyte(void);

#endif
