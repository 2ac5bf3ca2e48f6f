#!/bin/sh
# Description: GPU memory on Soft-RoCE with the CUDA test double
# (tests/cudafake as libcuda.so.1 through LD_LIBRARY_PATH). GB10 (an
# integrated GPU): rail_write_bw --use_cuda=0 --validate on both sides
# moves the bytes through pinned host memory: both exit 0, both validate,
# both print " railperf: buffer: ... in pinned host memory of GPU 0 (NVIDIA
# GB10, 000f:01:00.0): integrated GPU: pinned host memory" and the client's
# JSON "memory" says pinned_host, GPU 0, its PCI address and why. H100
# without --use_cuda_dmabuf (peermem: plain ibv_reg_mr; the double's
# "device memory" is host memory, so Soft-RoCE registers it):
# rail_read_lat --validate on GPU 1 passes, the pattern copied in and out
# with cuMemcpyHtoD / cuMemcpyDtoH. H100 with --use_cuda_dmabuf: the client
# reaches ibv_reg_dmabuf_mr, which Soft-RoCE cannot do: exit 1 and one line
# naming the call, the GPU's bytes and the reason. rail_multi_bw
# --use_cuda_near on a Soft-RoCE rail: one line, no GPU near it, exit 1.
. tests/e2e/lib.sh

W=$B/rail_write_bw
LD_LIBRARY_PATH=$(pwd)/$B/tests/cudafake
export LD_LIBRARY_PATH

RP_CUDAFAKE=GB10; export RP_CUDAFAKE
BIN=$W
pair gb 18671 --use_cuda=0 --validate -s 65536 -n 50 -- \
	--use_cuda=0 --validate -s 65536 -n 50 --out_json_file "$TMP/gb.json"
[ "$CLI_RC" = 0 ] || { cat "$TMP/gb.client" "$TMP/gb.server"; fail "GB10 client exit $CLI_RC"; }
[ "$SRV_RC" = 0 ] || { cat "$TMP/gb.server"; fail "GB10 server exit $SRV_RC"; }
buf=' railperf: buffer: 1 x 64 KiB in pinned host memory of GPU 0 (NVIDIA GB10, 000f:01:00.0): integrated GPU: pinned host memory'
for side in client server; do
	grep -qxF "$buf" "$TMP/gb.$side" ||
		{ cat "$TMP/gb.$side"; fail "GB10 $side: no pinned-host buffer line"; }
	grep -q '^ railperf: validation passed' "$TMP/gb.$side" ||
		{ cat "$TMP/gb.$side"; fail "GB10 $side: did not validate"; }
done
python3 - "$TMP/gb.json" <<'PY' || fail "GB10 JSON memory: $(cat "$TMP/gb.json")"
import json, sys
m = json.load(open(sys.argv[1]))["memory"]
assert m == {"kind": "pinned_host", "gpu": 0, "pci": "000f:01:00.0",
             "name": "NVIDIA GB10",
             "why": "integrated GPU: pinned host memory"}, m
PY

RP_CUDAFAKE=H100
BIN=$B/rail_read_lat
pair pm 18672 --use_cuda=1 --validate -s 4096 -n 20 -- \
	--use_cuda=1 --validate -s 4096 -n 20
[ "$CLI_RC" = 0 ] || { cat "$TMP/pm.client" "$TMP/pm.server"; fail "H100 peermem client exit $CLI_RC"; }
[ "$SRV_RC" = 0 ] || { cat "$TMP/pm.server"; fail "H100 peermem server exit $SRV_RC"; }
grep -q '^ railperf: buffer: .* in device memory (nvidia-peermem) of GPU 1 (NVIDIA H100 80GB HBM3, 0000:3b:00.0): discrete GPU' "$TMP/pm.client" ||
	{ cat "$TMP/pm.client"; fail "H100 peermem: no device-memory buffer line"; }
grep -q '^ railperf: validation passed' "$TMP/pm.client" ||
	{ cat "$TMP/pm.client"; fail "H100 peermem: client did not validate"; }

BIN=$W
pair db 18673 -n 20 --timeout 5 -- --use_cuda=0 --use_cuda_dmabuf -n 20 --timeout 5
[ "$CLI_RC" = 1 ] || { cat "$TMP/db.client"; fail "H100 dma-buf client exit $CLI_RC, want 1"; }
want="rail_write_bw: ibv_reg_dmabuf_mr on $DEV (65536 bytes of GPU 0 memory, dma-buf fd "
line=$(grep 'ibv_reg_dmabuf_mr' "$TMP/db.client")
case "$line" in
"$want"*"): Operation not supported: this RDMA driver cannot register dma-buf memory (Soft-RoCE cannot; GPU memory needs a NIC that can, see docs/gpu.md)") ;;
*) cat "$TMP/db.client"; fail "H100 dma-buf: want one line '$want...', got '$line'" ;;
esac
[ "$(grep -c 'ibv_reg_dmabuf_mr' "$TMP/db.client")" = 1 ] || fail "H100 dma-buf: more than one line"
note "GB10 pinned host: $(rows "$TMP/gb.client")"
# --use_cuda_near (rail_multi_bw): a Soft-RoCE rail has no PCI function,
# so no GPU is near it: one line naming the rail, exit 1, in well under the
# time a connect would take (no server runs).
t0=$(date +%s)
$B/rail_multi_bw -d $DEV --use_cuda_near --timeout 5 127.0.0.1 >"$TMP/near.out" 2>&1
rc=$?
[ $rc = 1 ] || { cat "$TMP/near.out"; fail "--use_cuda_near on $DEV: exit $rc, want 1"; }
[ "$(cat "$TMP/near.out")" = "rail_multi_bw: --use_cuda_near: no NVIDIA GPU near $DEV (none in sysfs): give --use_cuda=<gpu> or --use_cuda_bus_id=<pci>" ] ||
	{ cat "$TMP/near.out"; fail "--use_cuda_near on $DEV: not the one line"; }
[ $(($(date +%s) - t0)) -le 3 ] || fail "--use_cuda_near on $DEV: $(($(date +%s) - t0)) s to fail"
