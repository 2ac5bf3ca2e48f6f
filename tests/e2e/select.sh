# tests/e2e/select.sh - which end-to-end tests a run selects; sourced by
# tests/run (bash) and tests/e2e/suite.sh (sh).
#
# e2e_selected NAME: true if NAME (a test's file name without .sh) is one
# of the white-space separated whole names in RP_E2E_ONLY, or if
# RP_E2E_ONLY is empty or unset; an s_*.sh test only when named
# (e2e_named).
e2e_selected() {
	case $1 in s_*) e2e_named "$1"; return ;; esac
	[ -z "$(echo ${RP_E2E_ONLY:-})" ] || e2e_named "$1"
}

# e2e_named NAME: true only if RP_E2E_ONLY names NAME (the s_*.sh tests,
# for the sanitized build, run only so).
e2e_named() {
	case " $(echo ${RP_E2E_ONLY:-}) " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}
