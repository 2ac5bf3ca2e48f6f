/* SPDX-License-Identifier: MIT */
/*
 * rp_wc.h - work completions in words, for error messages.
 */
#ifndef RP_WC_H
#define RP_WC_H

/* rp_wc_status_name - "IBV_WC_RETRY_EXC_ERR" etc. for a WC status. */
const char *rp_wc_status_name(int status);

#endif /* RP_WC_H */
