#!/usr/bin/env bash
# Description: --use_cuda before any RDMA device is opened. libibverbs reads
# sysfs under $SYSFS_PATH; with a tree without class/infiniband_verbs a
# binary that reached its devices would stop with "no RDMA devices", so
# each line below is printed before any device was looked at. Without
# libcuda.so.1 (LD_LIBRARY_PATH on an empty folder; skipped where the host
# has one) every binary that takes --use_cuda exits 1 with one line naming
# it. With the CUDA test double (tests/cudafake): GB10 and
# --use_cuda_dmabuf, an ordinal past the GPUs, an unknown PCI address and
# rail_write_lat on H100 device memory are one line each, exit 1; GB10
# alone passes the GPU step and stops at the devices, and with SENDs of
# 64 bytes says on stderr (never stdout) that the provider's scatter to
# CQE is off. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
. tests/host/lib.sh
# the perftest-style programs (make programs: kind test), every one
tests=$(programs test) || { echo "$tests"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/sys/class" "$tmp/nolib"
case $B in /*) fake=$B/tests/cudafake ;; *) fake=$PWD/$B/tests/cudafake ;; esac

# expect NAME LIBDIR RC LINE -- CMD...: with LD_LIBRARY_PATH=LIBDIR, CMD
# exits RC and its stderr is exactly LINE.
expect() {
	local name=$1 lib=$2 rc=$3 want=$4
	shift 5
	exits_with "$name" "$rc" "$want" /dev/null -- \
		env SYSFS_PATH="$tmp/sys" LD_LIBRARY_PATH="$lib" "$@"
}

nolib="--use_cuda: cannot load libcuda.so.1 (the NVIDIA driver's CUDA library): libcuda.so.1: cannot open shared object file: No such file or directory"
if ldconfig -p 2>/dev/null | grep 'libcuda\.so\.1 ' >/dev/null; then # all read: no SIGPIPE
	tap 1 "# SKIP this host has libcuda.so.1"
else
	for b in $tests; do
		expect "$b --use_cuda without libcuda.so.1" "$tmp/nolib" 1 \
			"$b: $nolib" -- "$B/$b" --use_cuda=0
	done
	expect "client --use_cuda_bus_id without libcuda.so.1" "$tmp/nolib" 1 \
		"rail_write_bw: $nolib" -- "$B/rail_write_bw" \
		--use_cuda_bus_id=0000:3b:00.0 127.0.0.1
fi
export RP_CUDAFAKE=GB10
expect "GB10 --use_cuda_dmabuf refused" "$fake" 1 \
	"rail_write_bw: --use_cuda_dmabuf: GPU 0 (000f:01:00.0) is integrated (CU_DEVICE_ATTRIBUTE_INTEGRATED 1): it has no dma-buf and no GPUDirect RDMA; --use_cuda alone uses its pinned host memory" \
	-- "$B/rail_write_bw" --use_cuda=0 --use_cuda_dmabuf
expect "GB10 --use_cuda=0 reaches the devices" "$fake" 1 \
	"rail_read_lat: no RDMA devices: /sys/class/infiniband_verbs is missing: load ib_uverbs (modprobe ib_uverbs; a NIC's driver such as mlx5_ib loads it), or for a try-out without a NIC: modprobe rdma_rxe; rdma link add rxe0 type rxe netdev eth0" \
	-- "$B/rail_read_lat" --use_cuda=0
# GB10's pinned host memory with SENDs of 64 bytes: MLX5_SCATTER_TO_CQE=0
# and railperf's note of it on stderr, never on stdout (perftest's lines
# only: docs/measuring.md, Output), before the devices are looked at
nodev="no RDMA devices: /sys/class/infiniband_verbs is missing: load ib_uverbs (modprobe ib_uverbs; a NIC's driver such as mlx5_ib loads it), or for a try-out without a NIC: modprobe rdma_rxe; rdma link add rxe0 type rxe netdev eth0"
exits_with "GB10 rail_send_bw -s 64: the scatter note on stderr" 1 \
	" railperf: GPU memory: the provider's scatter to CQE is off for small SENDs, as perftest does
rail_send_bw: $nodev" "$tmp/send.out" -- \
	env SYSFS_PATH="$tmp/sys" LD_LIBRARY_PATH="$fake" "$B/rail_send_bw" \
	--use_cuda=0 -s 64
tap "$([ ! -s "$tmp/send.out" ] && echo 1)" "GB10 rail_send_bw -s 64: nothing on stdout" \
	"stdout: '$(cat "$tmp/send.out")'"
export RP_CUDAFAKE=H100
expect "H100 ordinal past the GPUs" "$fake" 1 \
	"rail_multi_bw: invalid --use_cuda value '2': this host has 2 GPUs, valid indexes are 0 .. 1" \
	-- "$B/rail_multi_bw" --use_cuda=2
expect "H100 unknown PCI address" "$fake" 1 \
	"rail_read_bw: invalid --use_cuda_bus_id value '0000:3c:00.0': no GPU at that PCI address (CUDA error 101 (CUDA_ERROR_INVALID_DEVICE)); this host's GPUs: 0000:19:00.0, 0000:3b:00.0" \
	-- "$B/rail_read_bw" --use_cuda_bus_id=0000:3c:00.0
expect "H100 device memory refused by rail_write_lat" "$fake" 1 \
	"rail_write_lat: GPU device memory cannot be used here: the CPU polls the buffer for the peer's WRITE (perftest refuses it too); rail_read_lat can, and so can an integrated GPU's pinned host memory" \
	-- "$B/rail_write_lat" --use_cuda=1 --use_cuda_dmabuf
expect "H100 device memory refused by rail_send_lat" "$fake" 1 \
	"rail_send_lat: GPU device memory cannot be used here: the CPU reads each received message's count byte from the buffer; rail_read_lat can, and so can an integrated GPU's pinned host memory" \
	-- "$B/rail_send_lat" --use_cuda=0
expect "--use_cuda_near with --use_cuda" "$fake" 1 \
	"rail_multi_bw: --use_cuda_near cannot be combined with --use_cuda or --use_cuda_bus_id: it picks each rail's GPU itself" \
	-- "$B/rail_multi_bw" --use_cuda_near --use_cuda=0
expect "--use_cuda_dmabuf without a GPU" "$fake" 1 \
	"rail_write_bw: --use_cuda_dmabuf needs --use_cuda=<gpu> or --use_cuda_bus_id=<pci address> (as perftest: no dma-buf without CUDA)" \
	-- "$B/rail_write_bw" --use_cuda_dmabuf
tap_end
