// SPDX-License-Identifier: MIT
/* Symbolic names of work-completion statuses, for error messages. */
#include <infiniband/verbs.h>

#include "engine/rp_wc.h"

#define RP_WC(name) [name] = #name

static const char *const rp_wc_names[] = {
	RP_WC(IBV_WC_SUCCESS),
	RP_WC(IBV_WC_LOC_LEN_ERR),
	RP_WC(IBV_WC_LOC_QP_OP_ERR),
	RP_WC(IBV_WC_LOC_EEC_OP_ERR),
	RP_WC(IBV_WC_LOC_PROT_ERR),
	RP_WC(IBV_WC_WR_FLUSH_ERR),
	RP_WC(IBV_WC_MW_BIND_ERR),
	RP_WC(IBV_WC_BAD_RESP_ERR),
	RP_WC(IBV_WC_LOC_ACCESS_ERR),
	RP_WC(IBV_WC_REM_INV_REQ_ERR),
	RP_WC(IBV_WC_REM_ACCESS_ERR),
	RP_WC(IBV_WC_REM_OP_ERR),
	RP_WC(IBV_WC_RETRY_EXC_ERR),
	RP_WC(IBV_WC_RNR_RETRY_EXC_ERR),
	RP_WC(IBV_WC_LOC_RDD_VIOL_ERR),
	RP_WC(IBV_WC_REM_INV_RD_REQ_ERR),
	RP_WC(IBV_WC_REM_ABORT_ERR),
	RP_WC(IBV_WC_INV_EECN_ERR),
	RP_WC(IBV_WC_INV_EEC_STATE_ERR),
	RP_WC(IBV_WC_FATAL_ERR),
	RP_WC(IBV_WC_RESP_TIMEOUT_ERR),
	RP_WC(IBV_WC_GENERAL_ERR),
	RP_WC(IBV_WC_TM_ERR),
	RP_WC(IBV_WC_TM_RNDV_INCOMPLETE),
};

const char *rp_wc_status_name(int status)
{
	if (status < 0 ||
	    (unsigned int)status >=
		    sizeof(rp_wc_names) / sizeof(rp_wc_names[0]) ||
	    !rp_wc_names[status])
		return "IBV_WC_(unknown)";
	return rp_wc_names[status];
}
