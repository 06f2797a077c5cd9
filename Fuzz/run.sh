#!/usr/bin/env bash
# Fuzzes locflow's readers of hostile input with libFuzzer (swiftc -sanitize=fuzzer,address).
#
#   Fuzz/run.sh [flow|plist|strings|shrink|all] [SECONDS]     default: all, 60 seconds each
#
# Builds one binary per target into .build/fuzz (the pure sources compiled directly: LocflowCore
# as a module, then the readers with the target's entry point), starts from the seeds in
# Fuzz/seeds/TARGET (copied to .build/fuzz/corpus-TARGET, where new inputs accumulate), and
# stops after SECONDS. A crash, a leak, an input slower than 5 s or one using over 2 GB stops
# the run with its input saved as .build/fuzz/crash-* (and exit 1).
set -euo pipefail
cd "$(dirname "$0")/.."
which=${1:-all}
seconds=${2:-60}
out=.build/fuzz
mkdir -p "$out"
# One package name for all the modules: the history's readers reach the world's storage (`package`).
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -suppress-warnings -package-name locflow)

# The world's fields and the history's readers are written from Sources/LocflowCore/World.fields,
# as the build plugin writes them (docs/design.md, "Fields, declared once").
swift build --product WorldFieldsTool 2>&1 | tail -n 1
tool="$(swift build --show-bin-path)/WorldFieldsTool"
"$tool" Sources/LocflowCore/World.fields "$out/World+Fields.swift"
"$tool" --readers Sources/LocflowCore/World.fields "$out/World+History.swift"

core=(Sources/LocflowCore/*.swift "$out/World+Fields.swift")
readers=(Sources/LocflowFlow/{PlistValue,BinaryPlist,XMLPlist,StringsFile,Excerpt}.swift)
parser=(Sources/LocflowFlow/{Lexer,Parser,Cursor,Flow,LineEnds,Quoting,Vocabulary}.swift)

build_core() {
  if [ ! -f "$out/LocflowCore.o" ] || [ -n "$(find Sources/LocflowCore "$out/World+Fields.swift" -newer "$out/LocflowCore.o" \( -name '*.swift' -o -name '*.fields' \))" ]; then
    echo "fuzz: building LocflowCore"
    local root; root=$(pwd)
    (cd "$out" && swiftc "${flags[@]}" -wmo -c -module-name LocflowCore -emit-module -emit-module-path LocflowCore.swiftmodule \
      "${core[@]/#/$root/}" -o LocflowCore.o)
  fi
}

build() {  # build TARGET
  local t=$1 srcs=()
  case $t in
    flow) build_core; srcs=("${parser[@]}" "${readers[@]}" Fuzz/targets/FlowParser.swift "$out/LocflowCore.o") ;;
    # The readers escape what they quote with LocflowCore's TextSafety.
    # And what inspect and the flows make of a dictionary (InfoPlist.swift, with the errors and
    # quoting it uses from the flow parser's files).
    plist) build_core; srcs=("${readers[@]}" "${parser[@]}" Sources/LocflowFlow/{InfoPlist,InputFile}.swift Fuzz/targets/PlistReader.swift "$out/LocflowCore.o") ;;
    strings) build_core; srcs=("${readers[@]}" Fuzz/targets/StringsReader.swift "$out/LocflowCore.o") ;;
    # shrink and diff run the whole flow layer (the runner, the observables, the model checker's
    # files come along: it is one module), so the module is compiled whole.
    shrink) build_core; srcs=(Sources/LocflowFlow/*.swift "$out/World+History.swift" Fuzz/targets/ShrinkDiff.swift "$out/LocflowCore.o") ;;
  esac
  echo "fuzz: building $t"
  # Inside $out, so the module files swiftc writes beside the binary stay out of the repository.
  local root; root=$(pwd)
  (cd "$out" && swiftc "${flags[@]}" -wmo -module-name Fuzz"$t" -I . -I "$root/Sources/CPrefetch" "${srcs[@]/#/$root/}" -o "fuzz-$t" 2>&1 \
    | grep -v "ld.gold: warning: Cannot export local symbol" || true)
  [ -x "$out/fuzz-$t" ] || { echo "fuzz: could not build $t"; exit 1; }
}

run() {  # run TARGET
  local t=$1 corpus="$out/corpus-$1" extra=()
  mkdir -p "$corpus"
  cp -n Fuzz/seeds/"$t"/* "$corpus"/ 2>/dev/null || true
  local dict="Fuzz/$t.dict"
  [ "$t" = shrink ] && dict=Fuzz/flow.dict  # the same language
  [ -f "$dict" ] && extra+=(-dict="$dict")
  echo "fuzz: $t for ${seconds}s"
  local log="$out/fuzz-$t.log" rc=0
  ASAN_OPTIONS=detect_leaks=1 "$out/fuzz-$t" "$corpus" "${extra[@]}" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$out/crash-$t-" >"$log" 2>&1 || rc=$?
  grep -E "^#[0-9]+.*(DONE|pulse)|stat::number_of_executed_units|stat::peak_rss_mb|stat::new_units_added" "$log" | tail -n 4
  local cov; cov=$(grep -oE "cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9]+[a-zA-Z]*" "$log" | tail -n1)
  echo "fuzz: $t: $cov; corpus $(ls "$corpus" | wc -l) inputs"
  if [ "$rc" != 0 ]; then
    echo "fuzz: $t FOUND A PROBLEM (exit $rc):"; grep -E "ERROR|SUMMARY|Fatal|crash|Test unit written" "$log" | head -n 20
    return 1
  fi
}

targets=(flow plist strings shrink)
[ "$which" = all ] || targets=("$which")
status=0
for t in "${targets[@]}"; do build "$t"; done
for t in "${targets[@]}"; do run "$t" || status=1; done
exit $status
