# bash completion for railperf's eleven binaries: rail_write_bw,
# rail_read_bw, rail_send_bw, rail_atomic_bw, rail_multi_bw,
# rail_cluster_bw, rail_read_lat, rail_write_lat, rail_send_lat,
# rail_atomic_lat, rail_info. The options come from each
# binary's own --help (bash-completion's _parse_help), so they follow the
# binary.
# SPDX-License-Identifier: MIT

# _railperf_devs: the RDMA devices of this host (sysfs).
_railperf_devs()
{
	local d
	for d in /sys/class/infiniband/*; do
		[ -e "$d" ] && printf '%s\n' "${d##*/}"
	done
}

# _railperf_gpus: the PCI addresses of this host's NVIDIA GPUs (sysfs:
# vendor 0x10de, a display or 3D controller).
_railperf_gpus()
{
	local d c
	for d in /sys/bus/pci/devices/*; do
		[ "$(cat "$d/vendor" 2>/dev/null)" = 0x10de ] || continue
		c=$(cat "$d/class" 2>/dev/null)
		[[ $c == 0x03* ]] && printf '%s\n' "${d##*/}"
	done
}

_railperf()
{
	local cur prev words cword split
	_init_completion -s || return

	case $prev in
	-d | --ib-dev)
		COMPREPLY=($(compgen -W "$(_railperf_devs)" -- "$cur"))
		return
		;;
	--out_json_file | --pairs | --csv | --peer_json | --save-baseline | \
		--baseline | --openmetrics | --junit)
		_filedir
		return
		;;
	--sysfs)
		_filedir -d
		return
		;;
	--output)
		COMPREPLY=($(compgen -W "bandwidth message_rate latency" -- "$cur"))
		return
		;;
	--verb)
		COMPREPLY=($(compgen -W "write read send atomic" -- "$cur"))
		return
		;;
	-A | --atomic_type)
		COMPREPLY=($(compgen -W "FETCH_AND_ADD CMP_AND_SWAP" -- "$cur"))
		return
		;;
	--lat_probe)
		# its value is optional: only "--lat_probe=" gets here
		COMPREPLY=($(compgen -W "read write" -- "$cur"))
		return
		;;
	--pairing)
		COMPREPLY=($(compgen -W "map index" -- "$cur"))
		return
		;;
	--pattern)
		COMPREPLY=($(compgen -W "pairs ring incast:" -- "$cur"))
		[[ ${COMPREPLY-} == incast: ]] && compopt -o nospace
		return
		;;
	--use_cuda_bus_id)
		COMPREPLY=($(compgen -W "$(_railperf_gpus)" -- "$cur"))
		return
		;;
	-i | --ib-port | -x | --gid-index | -s | --size | -n | --iters | \
		-D | --duration | -t | --tx-depth | -Q | --cq-mod | -q | --qp | \
		-p | --port | -m | --mtu | -l | --post_list | -I | --inline_size | \
		-u | --qp-timeout | -w | --limit_bw | -y | --limit_msgrate | \
		--timeout | --interval | --peer | --bind_source_ip | --expect | \
		--expect-min | --lat_probe_rate | \
		-T | --tos | --tclass | --numa_node | --pin_cores | --cqe_poll | \
		-o | --outs | --use_cuda | -r | --rx-depth | --tolerance)
		return # a value: nothing to offer
		;;
	esac
	$split && return

	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W '$(_parse_help "$1")' -- "$cur"))
		[[ ${COMPREPLY-} == *= ]] && compopt -o nospace
	else
		_known_hosts_real -- "$cur"
	fi
} &&
	complete -F _railperf rail_write_bw rail_read_bw rail_send_bw \
		rail_atomic_bw rail_read_lat rail_send_lat \
		rail_write_lat rail_atomic_lat \
		rail_multi_bw rail_cluster_bw rail_info
