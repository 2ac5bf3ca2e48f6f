/* SPDX-License-Identifier: MIT */
/*
 * rp_text.h - text that came from elsewhere (a peer's ERROR or failure
 * reason, a host or device name from another rank or a results file),
 * made safe to print: data, never terminal control.
 */
#ifndef RP_TEXT_H
#define RP_TEXT_H

#include <stddef.h>

/*
 * rp_text_clean - make the string in @s (at most @cap bytes; @cap > 0)
 * printable in place: every byte before its NUL that is not printable
 * ASCII (0x20 .. 0x7e: control characters such as ESC, CR, LF, BEL, DEL
 * and bytes >= 0x80) becomes '?', as ERROR text always was; a string
 * with no NUL within @cap is cut to @cap - 1 bytes. Returns the number
 * of bytes replaced.
 */
size_t rp_text_clean(char *s, size_t cap);

#endif /* RP_TEXT_H */
