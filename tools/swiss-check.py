#!/usr/bin/env python3
"""Compares our Dutch-system pairings with reference engines, round by round.

Input: a folder of TRF files written by the ignored test `write_reference_trf`
(tests/swiss_property.rs), each a whole tournament paired by our engine:

    SWISS_TRF_DIR=/tmp/swiss-trf cargo test --release --test swiss_property -- --ignored

Each round of each file is re-paired from the rounds before it by
- bbpPairings (FIDE-endorsed, C++), when `--bbp PATH` names its executable: its checker
  mode (`--dutch FILE -c`) prints every round whose pairings differ;
- caissify-pairings (pure Python, cross-validated against bbpPairings), when it is importable
  (`pip install caissify-pairings`, e.g. into a virtual environment): its Free Pairings
  Checker re-pairs every round.

Prints, per engine: rounds checked, rounds identical, rounds with the same pairs but other
colours, rounds with other pairs; `--verbose` lists the differing rounds. Not part of CI.
"""

import argparse
import pathlib
import re
import subprocess
import sys


def rounds_in(trf_text):
    """The number of rounds played in a TRF file (the longest player line)."""
    longest = 0
    for line in trf_text.splitlines():
        if line.startswith("001") and len(line) > 91:
            longest = max(longest, (len(line) - 91 + 2) // 10)
    return longest


def bbp_check(exe, path):
    """{round: (kind, detail)} for the rounds bbpPairings pairs differently."""
    out = subprocess.run(
        [exe, "--dutch", str(path), "-c"], capture_output=True, text=True, check=False
    )
    differences = {}
    current = None
    rows = []

    def close():
        if current is not None and rows:
            ours = {tuple(sorted(p)) for _, p in rows if p}
            theirs = {tuple(sorted(c)) for c, _ in rows if c}
            kind = "colours" if ours == theirs else "pairs"
            differences[current] = (kind, rows[:])

    for line in out.stdout.splitlines():
        m = re.match(r".*: Round #(\d+)", line)
        if m:
            close()
            current = int(m.group(1))
            rows = []
            continue
        cells = re.findall(r"(\d+)\s*-\s*(\d+)", line)
        if len(cells) == 2:
            rows.append(tuple(tuple(int(x) for x in c) for c in cells))
        elif len(cells) == 1 and current is not None:
            # One side has more boards (a bye is listed on its own).
            column = line.index(cells[0][0])
            pair = tuple(int(x) for x in cells[0])
            rows.append((pair, None) if column < 20 else (None, pair))
    close()
    if out.returncode != 0 and not differences:
        differences[0] = ("error", out.stderr.strip() or out.stdout.strip())
    return differences


def caissify_check(path):
    """{round: (kind, detail)} for the rounds caissify-pairings pairs differently."""
    from caissify_pairings.fpc import check_trf

    report = check_trf(path.read_text())
    differences = {}
    for r in report["rounds"]:
        if r["match"]:
            continue
        def pairs(rows):
            return {tuple(sorted((p.get("white"), p.get("black")))) for p in rows}
        try:
            same = pairs(r["engine_pairings"]) == pairs(r["trf_pairings"])
        except (AttributeError, TypeError):
            same = False
        differences[r["round"]] = ("colours" if same else "pairs", r.get("discrepancies"))
    return differences


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=pathlib.Path)
    parser.add_argument("--bbp", help="path to the bbpPairings executable")
    parser.add_argument("--no-caissify", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    engines = []
    if args.bbp:
        engines.append(("bbpPairings", lambda p: bbp_check(args.bbp, p)))
    if not args.no_caissify:
        try:
            import caissify_pairings  # noqa: F401

            engines.append(("caissify-pairings", caissify_check))
        except ImportError:
            print("caissify-pairings not importable: skipped", file=sys.stderr)
    if not engines:
        sys.exit("no reference engine: give --bbp PATH or install caissify-pairings")

    files = sorted(args.folder.glob("*.trf"))
    total_rounds = sum(rounds_in(f.read_text()) for f in files)
    for name, check in engines:
        colours = pairs = errors = 0
        for f in files:
            for rnd, (kind, detail) in sorted(check(f).items()):
                if kind == "colours":
                    colours += 1
                elif kind == "pairs":
                    pairs += 1
                else:
                    errors += 1
                if args.verbose:
                    print(f"{name}: {f.name} round {rnd}: {kind}: {detail}")
        same = total_rounds - colours - pairs - errors
        print(
            f"{name}: {len(files)} tournaments, {total_rounds} rounds: "
            f"{same} identical ({100 * same / max(total_rounds, 1):.1f}%), "
            f"{colours} same pairs with other colours, {pairs} other pairs, "
            f"{errors} errors"
        )


if __name__ == "__main__":
    main()
