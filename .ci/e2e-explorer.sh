#!/usr/bin/env bash
# Drives the real explorer under tmux, as a person would: request authorization, tap Allow Once,
# background the app, let time pass, see the status return to notDetermined, resize, record,
# quit, and check that the terminal is restored. Also: no CPU while paused and idle.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build --show-bin-path)/locflow"
work=$(mktemp -d)
sock="locflow-e2e-$$"
tmx() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() { tmx kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

screen() { tmx capture-pane -t e2e -p; }
wait_for() {  # wait_for TEXT [SECONDS]
  local deadline=$((SECONDS + ${2:-10}))
  while (( SECONDS < deadline )); do
    if screen | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  echo "e2e: timed out waiting for: $1"; screen; exit 1
}
step() { echo "e2e: $*"; }

tmx new-session -d -s e2e -x 120 -y 40 -e LANG=C.UTF-8 -e TERM=xterm-256color "bash --norc --noprofile"
tmx send-keys -t e2e "cd $work && stty -g > stty.before && PS1='$ ' && clear" Enter
sleep 0.3
tmx send-keys -t e2e "$bin; echo EXIT=\$?; stty -g > stty.after" Enter
wait_for "status    notDetermined"
step "explorer is up at 120x40"
tmx send-keys -t e2e R
wait_for "REC"
tmx send-keys -t e2e w
wait_for "system prompt: whenInUse"
step "requestWhenInUseAuthorization shows the prompt"
tmx send-keys -t e2e 1
wait_for "status    authorizedWhenInUse"
wait_for "(Allow Once in force)"
step "Allow Once taken"
tmx send-keys -t e2e b
wait_for "background"
tmx send-keys -t e2e @
sleep 0.2
tmx send-keys -t e2e @
wait_for "status    notDetermined"
wait_for "Allow Once runs out"
step "after two minutes the status is back to notDetermined on screen"
tmx resize-window -t e2e -x 80 -y 24
wait_for "Settings   App   Diagnostics"
step "resized to 80x24: panes fold into tabs"
tmx resize-window -t e2e -x 60 -y 20
wait_for "needs a terminal of at least 80x24"
tmx resize-window -t e2e -x 120 -y 40
wait_for "Session bars"
tmx send-keys -t e2e q
wait_for "EXIT=0"
sleep 0.3
cmp -s "$work/stty.before" "$work/stty.after" || { echo "e2e: terminal settings not restored"; exit 1; }
step "quit cleanly, terminal restored"
rec=$(ls "$work"/locflow-recording-*.flow)
grep -q 'user tap "Allow Once"' "$rec" || { echo "e2e: recording lacks the tap"; cat "$rec"; exit 1; }
"$bin" check "$rec" --quiet >/dev/null || { echo "e2e: the recording does not replay"; cat "$rec"; exit 1; }
step "the recording replays with locflow check"

# Recording at 10x, 60x and 600x with jumps, undo and redo replays, with locflow check, to the screen's clock and state.
mkdir -p "$work/fast"
tmx send-keys -t e2e "clear; cd $work/fast && $bin; echo EXIT=\$?; cd $work" Enter
wait_for "status    notDetermined"
tmx send-keys -t e2e R
wait_for "REC"
tmx send-keys -t e2e w
wait_for "system prompt: whenInUse"
tmx send-keys -t e2e 1
wait_for "status    authorizedWhenInUse"
tmx send-keys -t e2e b
wait_for "background"
tmx send-keys -t e2e ">"
wait_for "running at 10x"
sleep 2
tmx send-keys -t e2e "@"
sleep 0.3
tmx send-keys -t e2e ">"
wait_for "running at 60x"
sleep 1
tmx send-keys -t e2e ">"
wait_for "running at 600x"
sleep 0.5
tmx send-keys -t e2e " "
wait_for "paused"
tmx send-keys -t e2e "#"
sleep 0.2
tmx send-keys -t e2e u
wait_for "undone: back to"
tmx send-keys -t e2e r
wait_for "wait 10m"
tmx send-keys -t e2e u
wait_for "undone: back to"
tmx send-keys -t e2e " "
wait_for "running at 600x"   # Space resumes at the speed before the pause
tmx send-keys -t e2e "<"
wait_for "running at 60x"
tmx send-keys -t e2e "<"
wait_for "running at 10x"
sleep 1
tmx send-keys -t e2e " "
wait_for "paused"
tmx send-keys -t e2e e
wait_for "pinned"
clock=$(screen | head -n 1 | grep -oE '[0-9]+:[0-9]{2} ' | head -n 1 | tr -d ' ')
tmx send-keys -t e2e R
wait_for "and its report"
step "recorded at 10x, 60x and 600x with jumps, undo and redo; the screen's clock read $clock"
tmx send-keys -t e2e q
wait_for "EXIT=0"
rec=$(ls "$work"/fast/locflow-recording-*.flow)
[ -f "${rec%.flow}.md" ] || { echo "e2e: no report beside the recording"; ls "$work/fast"; exit 1; }
grep -qE '^\*\*Result:\*\* all [0-9]+ expectations held' "${rec%.flow}.md" || { echo "e2e: the report does not say the pins held"; head "${rec%.flow}.md"; exit 1; }
grep -qE '^wait 10m$' "$rec" && { echo "e2e: the undone jump is still in the recording"; cat "$rec"; exit 1; }
grep -q '^wait 1m$' "$rec" || { echo "e2e: the jump is not in the recording"; cat "$rec"; exit 1; }
out=$("$bin" check "$rec") || { echo "e2e: the pinned recording does not pass check"; echo "$out"; cat "$rec"; exit 1; }
grep -qE "ok .*\(([1-9][0-9]) expectations\)" <<<"$out" || { echo "e2e: the pin wrote too few expectations: $out"; exit 1; }
end=$("$bin" run "$rec" --format json 2>/dev/null | tail -n 1 | grep -oE '"time":[0-9.]+' | cut -d: -f2)
replayed=$(awk -v t="$end" 'BEGIN { s = int(t); printf "%d:%02d", int(s / 60), s % 60 }')
[ "$replayed" = "$clock" ] || { echo "e2e: the screen read $clock, the replay ends at $replayed"; cat "$rec"; exit 1; }
step "locflow check passes the pinned recording; it replays to $replayed, as the screen read"

# kill -9 while recording: every finished step is in the file; a platform switch rewrote it.
mkdir -p "$work/killed"
tmx send-keys -t e2e "clear; cd $work/killed && $bin --no-color; echo EXIT=\$?; cd $work" Enter
wait_for "status    notDetermined"
tmx send-keys -t e2e " " R w
wait_for "system prompt: whenInUse"
tmx send-keys -t e2e ":platform ios13" Enter
wait_for "(was iOS 18)"
wait_for "Allow While Using App"
step "platform switch: $(screen | grep -oE 'now iOS 13[^;]*' | head -n 1 | cut -c1-90)"
tmx send-keys -t e2e 2
wait_for "status    authorizedWhenInUse"
sleep 0.3
kill -9 "$(pgrep -n -f "$bin --no-color")"
wait_for "EXIT=137"
rec=$(ls "$work"/killed/locflow-recording-*.flow)
grep -q '^platform ios13$' "$rec" && grep -q '^user tap "Allow Once"$' "$rec" || { echo "e2e: steps lost by kill -9"; cat "$rec"; exit 1; }
"$bin" check "$rec" --quiet >/dev/null || { echo "e2e: the recording left by kill -9 does not replay"; cat "$rec"; exit 1; }
tmx send-keys -t e2e "stty sane; clear" Enter
step "kill -9 while recording: the file holds every finished step and replays"

# Paused and idle: no CPU.
printf 'app requestWhenInUseAuthorization\nuser tap "Allow Once"\n' > "$work/open.flow"
tmx send-keys -t e2e "clear; $bin open open.flow; echo EXIT=\$?" Enter
wait_for "opened open.flow"
pid=$(pgrep -n -f "locflow open open.flow")
sleep 1
t0=$(awk '{print $14 + $15}' /proc/$pid/stat)
sleep 3
t1=$(awk '{print $14 + $15}' /proc/$pid/stat)
(( t1 - t0 <= 3 )) || { echo "e2e: paused explorer used $((t1 - t0)) CPU ticks in 3 s"; exit 1; }
step "paused and idle: $((t1 - t0)) CPU ticks in 3 s"
tmx send-keys -t e2e r
wait_for "system prompt: whenInUse"
tmx send-keys -t e2e r
wait_for "authorizedWhenInUse"
tmx send-keys -t e2e u
wait_for "system prompt: whenInUse"
step "open a flow, step forward and back"
tmx send-keys -t e2e q
wait_for "EXIT=0"

# A tour plays by itself, with captions.
tmx send-keys -t e2e "clear; $bin play $PWD/Assets/tours/2-allow-once-running-out.flow --step-delay 300ms; echo EXIT=\$?" Enter
wait_for "The person allows it once."
wait_for "So the app must ask again." 20
tmx send-keys -t e2e " "
wait_for "tour paused"
tmx send-keys -t e2e q
wait_for "EXIT=0"
step "a tour plays with its captions and pauses"

# Presenter mode: a stray key is refused (only the tour's keys act); with m (every key) an app key
# branches off the tour and → returns to it; waits play out; Korean.
tmx send-keys -t e2e "clear; $bin play $PWD/Assets/tours/2-allow-once-running-out.flow --step-delay 300ms --lang ko --theme light; echo EXIT=\$?" Enter
wait_for "투어 (13 단계)"
tmx send-keys -t e2e " "
wait_for "투어 멈춤"
tmx send-keys -t e2e Right Right Right
wait_for "단계 3/13"
wait_for "구별할 수 없습니다"   # the caption from Assets/tours/ko: the tour in Korean
tmx send-keys -t e2e x
wait_for "발표 중: 투어 키만"   # a stray key does not take the demo off the tour
wait_for "단계 3/13"
tmx send-keys -t e2e m
wait_for "모든 키 동작"
tmx send-keys -t e2e x
wait_for "투어로 돌아가기"
tmx send-keys -t e2e Right
wait_for "단계 3/13 행 6"
wait_for "포그라운드 · 사용 중"   # the force quit is gone: back on the tour
tmx send-keys -t e2e " "
wait_for "단계 7/13" 20
wait_for "0:10" 10
tmx send-keys -t e2e q
wait_for "EXIT=0"
step "presenter: a stray key is refused, m then x branches, → returns, a wait plays out on screen (Korean captions, light theme)"

# Format 1.1: the reduced-accuracy and automatic-pausing tour shows the fixes and the pause.
tmx send-keys -t e2e "clear; $bin play $PWD/Assets/tours/7-reduced-accuracy-and-automatic-pausing.flow --step-delay 150ms; echo EXIT=\$?" Enter
wait_for "2 fixes, approximate 15:00" 20
wait_for "precise 15:00 · paused" 20
tmx send-keys -t e2e q
wait_for "EXIT=0"
step "the 1.1 tour shows approximate fixes and the pause"

# The mouse wheel over a prompt with a long usage description scrolls the message (xterm's SGR
# wheel-down report on the prompt's message, row 12 of 40; TERM says xterm so
# that ncurses reads that report).
printf '"NSLocationWhenInUseUsageDescription" = "%s";\n' "$(for i in $(seq 1 400); do printf 'Wort%d ' "$i"; done)" > "$work/long.strings"
tmx send-keys -t e2e "clear; TERM=xterm-256color $bin --strings $work/long.strings; echo EXIT=\$?" Enter
wait_for "w requestWhenInUse"
tmx send-keys -t e2e w
wait_for "PgUp/Dn lines 1-"
wheel=$(printf '\033[<65;60;12M' | xxd -p | sed 's/../& /g')
tmx send-keys -t e2e -H $wheel
tmx send-keys -t e2e -H $wheel
wait_for "PgUp/Dn lines 3-"
tmx send-keys -t e2e q
wait_for "EXIT=0"
step "the mouse wheel over a long prompt scrolls its message"

# A link planted at the report's name while recording (a shared folder): the report is not written
# through it, the file behind it is untouched, and the exit says the recording is incomplete.
mkdir -p "$work/planted"; echo mine > "$work/victim.txt"
tmx send-keys -t e2e "clear; cd $work/planted && $bin; echo EXIT=\$?; cd $work" Enter
wait_for "status    notDetermined"
tmx send-keys -t e2e R
wait_for "REC"
rec=$(ls "$work"/planted/locflow-recording-*.flow)
ln -s "$work/victim.txt" "${rec%.flow}.md"
tmx send-keys -t e2e w
wait_for "system prompt: whenInUse"
tmx send-keys -t e2e q
wait_for "EXIT=1"
[ "$(cat "$work/victim.txt")" = mine ] || { echo "e2e: the report was written through a planted link"; exit 1; }
screen | grep -qF "is a symbolic link" || { echo "e2e: the exit does not say why there is no report"; screen; exit 1; }
"$bin" check "$rec" --quiet >/dev/null || { echo "e2e: the recording beside the planted link does not replay"; cat "$rec"; exit 1; }
step "a link planted at the report's name is left alone; exit 1 says why"
echo "e2e: 17 passed, 0 failed"
