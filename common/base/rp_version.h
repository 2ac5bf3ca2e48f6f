/* SPDX-License-Identifier: MIT */
/* rp_version.h - railperf's version and the perftest output it follows. */
#ifndef RP_VERSION_H
#define RP_VERSION_H

#define RP_VERSION "0.1.0"
#define RP_PERFTEST_FORMAT "6.06" /* perftest whose text layout we print */

#endif /* RP_VERSION_H */
