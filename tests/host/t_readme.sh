#!/usr/bin/env bash
# Description: README.md is true of the tree: at most 250 lines; every
# rail_* name it mentions is a program built from bw/, lat/ or
# tools/rail_info/; every flag it gives a binary is in that binary's
# option table (its --help, which rp_optable.c writes); every make target
# it names is a Makefile target; every relative link in README.md and
# docs/*.md points at a file that exists; make help needs no package and
# lists exactly the Makefile's .PHONY targets, nothing on stderr, also
# when the test runs under make -jN. Flags are read from code:
# in a fenced line or an inline `span` naming a binary, the flags after
# the name are that binary's; a span that starts with a flag names one
# of some binary. RP_README overrides the README's path. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
README=${RP_README:-README.md}
export B README
. tests/host/lib.sh
PROGRAMS=$(programs) || { echo "$PROGRAMS"; exit 1; }
export PROGRAMS
# make help as a user runs it: under make -jN (make -j2 unit) the
# parent's jobserver flags would make the child warn on stderr ("...
# Add '+' to parent make rule."), which is no target; stderr apart, and
# it must be empty.
errf=$(mktemp)
help=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory \
	help PKG_CONFIG=/bin/false 2>"$errf")
help_rc=$?
help_err=$(cat "$errf")
rm -f "$errf"
export help help_rc help_err
python3 - <<'PY'
import glob, os, re, subprocess, sys

sys.path.insert(0, "tests/host")
from taplib import end, tap  # noqa: E402

B, README = os.environ["B"], os.environ["README"]

text = open(README).read()
lines = text.split("\n")
if lines and lines[-1] == "":
    lines.pop()
tap(len(lines) <= 250, f"{README}: {len(lines)} lines, at most 250")

# The programs: the Makefile's list (make programs: every bw/*.c, lat/*.c
# and tools/rail_info/*.c).
progs = sorted(os.environ["PROGRAMS"].split())
named = sorted(set(re.findall(r"\brail_[a-z_]+\b", text)))
unknown = [b for b in named if b not in progs]
tap(not unknown, f"every rail_* name in {README} is a program ({len(named)})",
    [f"{b}: no bw/{b}.c, lat/{b}.c or tools/rail_info/{b}.c" for b in unknown])

# The code: fenced lines (without their # comments) and inline spans.
code, fenced = [], False
for ln in lines:
    if ln.lstrip().startswith("```"):
        fenced = not fenced
        continue
    if fenced:
        code.append(re.sub(r"\s#.*$", "", ln))
    else:
        code += re.findall(r"`([^`]+)`", ln)

FLAG = re.compile(r"(?<![\w/.-])(--?[A-Za-z][A-Za-z0-9_-]*)")
BIN = re.compile(r"\brail_[a-z_]+\b")


def man_opts(b):
    """The flags of b's man page option entries (test_optable checks the
    man pages against the option table); None without a man page."""
    try:
        with open(f"man/{b}.1") as f:
            text = f.read()
    except OSError:
        return None
    flags = set()
    for ln in re.findall(r"^\.TP\n(.*)$", text, re.M):  # an entry's tag line
        ln = re.sub(r"\\f[BIRP]", "", ln.replace("\\-", "-"))
        flags.update(FLAG.findall(ln))
    return flags


def opts_of(b):
    """The flags of b's --help option lines; where b is not built here
    (rail_cluster_bw without MPI, a cross build), its man page's; None if
    neither exists."""
    path = os.path.join(B, b)
    if not os.access(path, os.X_OK):
        return man_opts(b)
    out = subprocess.run([path, "--help"], capture_output=True,
                         text=True).stdout
    flags = set()
    for ln in out.splitlines():
        s = ln.strip()
        if s.startswith("-"):
            flags.update(FLAG.findall(re.split(r"\s{2,}", s)[0]))
    return flags


opts = {b: opts_of(b) for b in progs}
union = set().union(*(f for f in opts.values() if f))
wrong, unbuilt, checked = [], set(), 0
for c in code:
    m = None
    for m in BIN.finditer(c):
        pass
    if m and m.group(0) in opts:
        b, rest = m.group(0), c[m.end():]
        if opts[b] is None:
            unbuilt.add(b)
            continue
        for f in FLAG.findall(rest):
            checked += 1
            if f not in opts[b]:
                wrong.append(f"{b} {f}: not in {B}/{b} --help ({c.strip()})")
    elif c.lstrip().startswith("-"):
        f = FLAG.findall(c)[:1]
        checked += len(f)
        if f and f[0] not in union:
            wrong.append(f"{f[0]}: in no binary's --help (`{c}`)")
missing = [b for b in progs if opts[b] is None]
tap(not wrong and not unbuilt,
    f"every flag in {README} is in its binary's option table ({checked})",
    wrong + [f"{b} not built in {B}/: make B={B} all" for b in unbuilt])

# make targets: the Makefile's rules (not pattern or variable rules).
targets = set()
for ln in open("Makefile"):
    m = re.match(r"^([A-Za-z][A-Za-z0-9_. -]*):(?!=)", ln)
    if m:
        targets.update(m.group(1).split())
phony = set()
for m in re.finditer(r"^\.PHONY:((?:[^\n]*\\\n)*[^\n]*)", open("Makefile").read(), re.M):
    phony.update(m.group(1).replace("\\\n", " ").split())
made, unknown = 0, []
for c in code:
    for m in re.finditer(r"\bmake((?:\s+(?:-\S+|[A-Z_]+=\S*))*)\s+([a-z][a-z0-9_-]*)", c):
        made += 1
        if m.group(2) not in targets:
            unknown.append(f"make {m.group(2)}: no such target in the Makefile")
tap(not unknown and made > 0,
    f"every make target in {README} is in the Makefile ({made})", unknown)

# Relative links and images, in README.md and docs/*.md.
dead, links = [], 0
for doc in [README] + sorted(glob.glob("docs/*.md")):
    for m in re.finditer(r"\]\(([^)\s]+)\)", open(doc).read()):
        url = m.group(1)
        if re.match(r"^[a-z]+:", url) or url.startswith("#"):
            continue
        links += 1
        p = os.path.normpath(os.path.join(os.path.dirname(doc),
                                          url.split("#")[0]))
        if not os.path.exists(p):
            dead.append(f"{doc}: ({url}): {p} does not exist")
tap(not dead and links > 0,
    f"every relative link in {README} and docs/*.md exists ({links})", dead)

# make help: no package needed; its targets are the .PHONY ones.
listed = set(re.findall(r"\bmake \[?([a-z][a-z0-9_-]*)", os.environ["help"]))
why = [f"make help exit {os.environ['help_rc']}"] if os.environ["help_rc"] != "0" else []
why += [f"make help said on stderr: {os.environ['help_err']}"] if os.environ["help_err"] else []
why += [f"make help lists {t}: not a Makefile target" for t in sorted(listed - targets)]
why += [f"make help omits {t}" for t in sorted(phony - listed)]
tap(not why, f"make help: no package needed, every .PHONY target ({len(listed)})", why)

end()
PY
