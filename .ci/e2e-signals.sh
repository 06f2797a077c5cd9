#!/usr/bin/env bash
# Every signal that ends the explorer leaves the terminal as it found it: the alternate screen
# off, mouse reporting off, the tty settings restored, and the exit status 128 + the signal
# (stop signals: the loop ends and restores) or death by the signal (crash signals: the handler
# restores, then Swift's backtracer and the default action run).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build --show-bin-path)/locflow"
# Each signal gets a tmux server of its own: killing a server and starting the next one on the
# same socket at once races ("server exited unexpectedly").
sock="locflow-sig-$$"
tmx() { tmux -L "$sock" -f /dev/null "$@"; }
work=$(mktemp -d)
cleanup() { tmx kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

one() {  # one SIGNAL EXPECTED-EXIT [ENV]
  local sig=$1 want=$2 envp=${3:-}
  tmx kill-server 2>/dev/null || true
  sock="locflow-sig-$$-$sig"
  rm -f "$work"/before "$work"/after
  tmx new-session -d -s t -x 100 -y 30 -e LANG=C.UTF-8 -e TERM=xterm-256color "bash --norc --noprofile"
  tmx send-keys -t t "cd $work && stty -g > before && PS1='$ ' && clear" Enter
  sleep 0.3
  tmx send-keys -t t "$envp $bin & echo PID=\$!; fg; echo EXIT=\$?; stty -g > after" Enter
  local pid=""
  for _ in $(seq 100); do
    if tmx capture-pane -t t -p | grep -q "notDetermined"; then
      pid=$(pgrep -P "$(tmx display -p -t t '#{pane_pid}')" -n); break
    fi
    sleep 0.1
  done
  [ -n "$pid" ] || { echo "signals: the explorer did not start"; tmx capture-pane -t t -p; exit 1; }
  [ "$(tmx display -p -t t '#{alternate_on}#{mouse_any_flag}')" = "11" ] || { echo "signals: not in the alternate screen with the mouse on"; exit 1; }
  kill -"$sig" "$pid"
  for _ in $(seq 150); do tmx capture-pane -t t -p -S -50 | grep -q '^EXIT=[0-9]' && break; sleep 0.1; done
  sleep 0.2
  local got; got=$(tmx capture-pane -t t -p -S -50 | grep -o '^EXIT=[0-9][0-9]*' | head -n1 | cut -d= -f2 || true)
  local state; state=$(tmx display -p -t t '#{alternate_on}#{mouse_any_flag}')
  if [ "$got" != "$want" ] || [ "$state" != "00" ] || ! cmp -s "$work/before" "$work/after"; then
    echo "signals: SIG$sig: exit ${got:-none} (wanted $want), alternate screen+mouse $state (wanted 00), tty $(cmp -s "$work/before" "$work/after" && echo restored || echo NOT restored)"
    tmx capture-pane -t t -p -S -50 | grep -v '^ *$' | tail -n 15
    exit 1
  fi
  printf 'SIG%-5s exit %s, terminal restored\n' "$sig" "$got"
}

one QUIT 131
one USR1 138
one USR2 140
one ALRM 142
one TERM 143
one SEGV 139 SWIFT_BACKTRACE=enable=no
one ABRT 134 SWIFT_BACKTRACE=interactive=no   # the backtracer runs, then the process dies
