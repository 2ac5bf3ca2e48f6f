"""TAP output for the host tests written in Python (tests/host/t_*.sh run
them from heredocs with tests/host on sys.path)."""
import sys

n, bad = 0, False


def tap(ok, name, why=()):
    """One TAP line; a failure's reasons follow it as '# ...' lines."""
    global n, bad
    n += 1
    print(f"{'ok' if ok else 'not ok'} {n} - {name}")
    if not ok:
        for w in why:
            print(f"# {w}")
    bad |= not ok


def end():
    """The plan line, then exit 1 when a test failed."""
    print(f"1..{n}")
    sys.exit(1 if bad else 0)
