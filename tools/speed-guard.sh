#!/usr/bin/env bash
# The model checker's speed guard (docs/speed.md, "The guard"): counts the instructions of a fixed,
# bounded exploration with valgrind's callgrind (a count the machine's load does not move, unlike a
# time) and fails when it exceeds the committed baseline by more than the tolerance (10%).
#
#   tools/speed-guard.sh [BINARY]            check (BINARY: a release build of locflow)
#   tools/speed-guard.sh --update [BINARY]   write the count as the new baseline
#
# The exploration: iOS 18 to depth 8 on one thread (44,725 states, 457,027 edges: the engine's
# every path but the threads, in about 5 s under valgrind). Hashing is made deterministic
# (SWIFT_DETERMINISTIC_HASHING), so two runs differ by a few dozen instructions. A count far
# below the baseline passes and says so: write the new one with --update (a change that makes the
# search faster lowers the bar for the next). The count depends on the toolchain and the C library
# too: a new toolchain may need --update, in a commit of its own that says why.
set -euo pipefail
cd "$(dirname "$0")/.."

update=false
if [ "${1:-}" = "--update" ]; then update=true; shift; fi
bin="${1:-.build/release/locflow}"
baseline_file=tools/speed-guard.baseline
tolerance_percent=10

command -v valgrind >/dev/null || { echo "speed guard: valgrind is not installed"; exit 2; }
[ -x "$bin" ] || { echo "speed guard: no binary at $bin (swift build -c release)"; exit 2; }

out=$(mktemp)
trap 'rm -f "$out" "$out.cg" "$out.new"' EXIT
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out.cg" \
  "$bin" explore --platform ios18 --depth 8 --threads 1 >"$out" 2>&1 || { cat "$out"; echo "speed guard: the exploration failed"; exit 1; }
grep -q "^44,725 states, 457,027 edges, depth 8" "$out" || { head -n 3 "$out"; echo "speed guard: not the graph it measures"; exit 1; }
count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out")
[ -n "$count" ] || { cat "$out"; echo "speed guard: callgrind gave no count"; exit 1; }

if $update; then
  { grep '^#' "$baseline_file" 2>/dev/null || true; echo "$count"; } > "$out.new"
  mv "$out.new" "$baseline_file"
  echo "speed guard: baseline now $count instructions ($baseline_file)"
  exit 0
fi
baseline=$(grep -v '^#' "$baseline_file" | head -n 1)
limit=$((baseline + baseline * tolerance_percent / 100))
ratio=$(awk -v c="$count" -v b="$baseline" 'BEGIN { printf "%.3f", c / b }')
if [ "$count" -gt "$limit" ]; then
  echo "speed guard: FAILED: $count instructions, $ratio times the baseline $baseline (more than ${tolerance_percent}% over)."
  echo "  The model checker got slower. Find why (valgrind --tool=callgrind, callgrind_annotate), or, if the cost"
  echo "  is wanted, say so in a commit that runs tools/speed-guard.sh --update."
  exit 1
fi
note=""
if [ "$count" -lt $((baseline - baseline * tolerance_percent / 100)) ]; then
  note=" (well below: tools/speed-guard.sh --update keeps the gain)"
fi
echo "speed guard: $count instructions, $ratio times the baseline $baseline (limit +${tolerance_percent}%)$note"
