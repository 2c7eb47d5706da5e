#!/usr/bin/env bash
# The launcher's smoke test: every ./course command that README.adoc, the chapters, the site's index and the
# exercise READMEs show, run as they are shown (the no-argument forms too), and the README's kubectl
# walkthrough against a running ./course serve. One line per command: PASS / FAIL / SKIP and its seconds.
# Exits 1 when anything failed.
#
# It also keeps the documentation honest: every "./course ..." command in a [source,shell] block or an
# inline `./course ...` of those files must be covered by a step below (run exactly, or matched by a rule
# that says what covers it and checks its exercise, lab or chapter exists); one that is not fails the run,
# named. A newly documented command therefore needs a step here.
#
#   tools/smoke/smoke.sh            run everything (./course test runs it after prove); ./course setup first
#   tools/smoke/smoke.sh --list     only list the documented commands and what covers each (no run)
#   tools/smoke/smoke.sh --only RE  run only the steps whose command matches the regular expression RE
#   tools/smoke/smoke.sh --skip RE  leave out the steps whose command matches RE (the coverage check still runs)
#   tools/smoke/smoke.sh --coverage only the coverage check: is every documented command covered by a step?
#
# Files: the logs of each step in target/smoke/; the walkthrough's kubeconfig and YAML files in a temporary
# folder outside the repository (removed at the end). Benchmarks run with --quick (see the timings below).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
COURSE="$ROOT/course"
OUT="$ROOT/target/smoke"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/rvlab-smoke.XXXXXX")"
LIST_ONLY="" ONLY="" SKIP="" COVERAGE_ONLY=""
while [ $# -gt 0 ]; do
  case "$1" in
    --list) LIST_ONLY=1; shift ;;
    --coverage) COVERAGE_ONLY=1; shift ;;
    --only) ONLY="$2"; shift 2 ;;
    --skip) SKIP="$2"; shift 2 ;;
    *) echo "usage: tools/smoke/smoke.sh [--list | --coverage] [--only REGEX] [--skip REGEX]" >&2; exit 2 ;;
  esac
done

FAILED=0 RAN=()     # RAN: the normalized commands actually run, for the coverage check
BG_PIDS=()
cleanup() {
  local pid
  for pid in ${BG_PIDS[@]+"${BG_PIDS[@]}"}; do stop_pid "$pid"; done
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%6.1fs", b - a }'; }
slug() { printf '%s' "$1" | tr -c 'A-Za-z0-9._-' '_' | cut -c1-80; }
report() {   # report STATUS START TEXT [detail]
  printf '%-4s %s  %s%s\n' "$1" "$(elapsed "$2")" "$3" "${4:+   ($4)}"
  [ "$1" = FAIL ] && FAILED=1
  return 0
}
wanted() { [ -z "$COVERAGE_ONLY" ] && { [ -z "$ONLY" ] || [[ "$1" =~ $ONLY ]]; } && { [ -z "$SKIP" ] || ! [[ "$1" =~ $SKIP ]]; }; }

# check EXIT GREP TIMEOUT SHOWN -- command...
#   EXIT: 0, nonzero, or any; GREP: an extended regular expression the output must contain ("" for none);
#   SHOWN: the command as the documentation writes it (what the coverage check compares).
check() {
  local want_exit="$1" grep_re="$2" limit="$3" shown="$4"; shift 5
  RAN+=("$shown")
  wanted "$shown" || return 0
  local log start; log="$OUT/$(slug "$shown").log"; start="$(now)"
  timeout -k 10 "$limit" "$@" >"$log" 2>&1 </dev/null
  local code=$? why=""
  case "$want_exit" in
    0) [ $code = 0 ] || why="exit code $code, expected 0" ;;
    nonzero) { [ $code != 0 ] && [ $code != 124 ]; } || why="exit code $code, expected a failure exit code" ;;
    any) [ $code != 124 ] || why="timed out" ;;
  esac
  [ $code = 124 ] && why="timed out after ${limit}s"
  if [ -z "$why" ] && [ -n "$grep_re" ] && ! grep -Eq -- "$grep_re" "$log"; then why="output lacks /$grep_re/"; fi
  if [ -z "$why" ]; then report PASS "$start" "$shown"; else
    report FAIL "$start" "$shown" "$why; log: ${log#"$ROOT"/}"
    tail -15 "$log" | sed 's/^/     | /'
  fi
}

# Starts a long-running command in the background; waits until its output matches READY_RE.
start_bg() {   # start_bg VAR_FOR_PID LOG READY_RE LIMIT command...
  local var="$1" log="$2" ready="$3" limit="$4"; shift 4
  setsid "$@" >"$log" 2>&1 </dev/null &
  local _bg_pid=$!
  BG_PIDS+=("$_bg_pid")
  printf -v "$var" '%s' "$_bg_pid"
  local waited=0
  while [ "$waited" -lt $((limit * 5)) ]; do
    grep -Eq -- "$ready" "$log" && return 0
    kill -0 "$_bg_pid" 2>/dev/null || return 1
    sleep 0.2; waited=$((waited + 1))
  done
  return 1
}

stop_pid() {   # SIGTERM to the process group, then wait; SIGKILL after 30 s
  local pid="$1" i
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null; return 0; }
  # Not SIGINT: bash starts a background job with SIGINT ignored, so a JVM never saw it and was killed
  # after 30 s, leaving its etcd container behind. SIGTERM runs the same shutdown hooks as Ctrl-C.
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
  for i in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -0 "$pid" 2>/dev/null && kill -KILL -- "-$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  return 0
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() { local p; for p in $(seq 18080 18180) $(seq 28080 28180); do port_free "$p" && { echo "$p"; return; }; done; echo 0; }

# ---------------------------------------------------------------------------------------------
# The documented commands
# ---------------------------------------------------------------------------------------------

DOC_FILES=(README.adoc chapters/*/*.adoc docs-site/src/docs/asciidoc/index.adoc exercises/*/README.adoc)

# Prints "file<TAB>command" for every ./course command shown: lines of [source,shell|bash|console] blocks
# whose first word (after VAR=value assignments) is ./course, and inline `./course ...` spans.
documented_commands() {
  local f
  for f in "${DOC_FILES[@]}"; do
    [ -f "$f" ] || continue
    awk -v f="$f" '
      function emit(c) { sub(/[ \t]+#.*$/, "", c); gsub(/[ \t]+/, " ", c); sub(/^ /, "", c); sub(/ $/, "", c); if (c != "") print f "\t" c }
      /^\[source,(shell|bash|console|sh)/ { want = 1; next }
      /^(----|\.\.\.\.)$/ { if (inb) { inb = 0 } else if (want) { inb = 1 } want = 0; next }
      inb {
        line = $0
        # one command per ";" or "&&" part
        n = split(line, parts, /;|&&/)
        for (i = 1; i <= n; i++) {
          p = parts[i]; sub(/^[ \t]+/, "", p)
          while (p ~ /^[A-Z_][A-Z0-9_]*=[^ ]* /) sub(/^[A-Z_][A-Z0-9_]*=[^ ]* +/, "", p)
          if (p ~ /^\.\/course( |$)/) emit(p)
        }
        next
      }
      {
        line = $0
        while (match(line, /`([A-Z_][A-Z0-9_]*=[^ `]* )*\.\/course[^`]*`/)) {
          c = substr(line, RSTART + 1, RLENGTH - 2)
          while (c ~ /^[A-Z_][A-Z0-9_]*=[^ ]* /) sub(/^[A-Z_][A-Z0-9_]*=[^ ]* +/, "", c)
          emit(c)
          line = substr(line, RSTART + RLENGTH)
        }
      }' "$f"
  done
}

lab_ids() { "$COURSE" lab --list 2>/dev/null | awk '$1 ~ /^[0-9]+\.[0-9]+$/ { print $1 }'; }
exercise_ids() { awk '/^[ \t]*- id:/ { v = $0; sub(/^[ \t]*- id:[ \t]*/, "", v); gsub(/["\x27 \t]/, "", v); print v }' exercises/ch*/exercises.yaml; }
LAB_IDS="" EXERCISE_IDS=""
has_lab() { grep -qx -- "$1" <<<"$LAB_IDS"; }
has_exercise() { grep -qx -- "$1" <<<"$EXERCISE_IDS"; }
has_chapter() { [ -d "exercises/ch$(printf '%02d' "$1")" ]; }

# Covers one documented command: "" when a step ran it exactly or a rule covers it, else why not.
coverage_of() {
  local c="$1" r
  for r in ${RAN[@]+"${RAN[@]}"}; do [ "$r" = "$c" ] && return 0; done
  local id
  if [[ "$c" =~ ^\./course\ lab\ ([0-9]+\.[0-9]+)(\ --keep)?$ ]]; then
    id="${BASH_REMATCH[1]}"
    has_lab "$id" && return 0   # every lab runs in verify (its chapter's LabOutputTest); lab 1.1 runs here
    echo "no lab $id in ./course lab --list"; return
  fi
  if [[ "$c" =~ ^\./course\ (hint|reset)\ ([0-9]+\.[0-9]+)$ ]] || [[ "$c" =~ ^\./course\ (grade)\ [0-9]+\ --exercise\ ([0-9]+\.[0-9]+)$ ]]; then
    id="${BASH_REMATCH[2]}"
    has_exercise "$id" && return 0   # the same command runs here on another exercise; prove grades every one
    echo "no exercise $id in exercises/*/exercises.yaml"; return
  fi
  if [[ "$c" =~ ^\./course\ (grade|watch|jshell)\ ([0-9]+)$ ]]; then
    has_chapter "${BASH_REMATCH[2]}" && return 0   # run here for one chapter; prove and the jshell check do all
    echo "no chapter ${BASH_REMATCH[2]} in exercises/"; return
  fi
  case "$c" in
    "./course test"|"./course prove") return 0 ;;                            # this run is part of ./course test
    "./course bench update"|"./course bench watch"|"./course bench list"|"./course bench members") return 0 ;;  # run here with --quick
    "./course serve --port "[0-9]*) return 0 ;;                              # the walkthrough's server
  esac
  if [[ "$c" =~ ^\./course\ bench\ (update|watch|list|members)(\ --(quick|record|seconds\ [0-9N]+|objects\ [0-9N]+|rounds\ [0-9N]+|modes\ [a-z,]+))*$ ]]; then
    return 0   # run here with --quick; --record only copies that run's table and chart into chapters/ (not run: it changes committed files)
  fi
  # Synopses in prose (placeholders in <...>, options in [...], N, N.k): the command word must be one run here.
  if [[ "$c" == *"<"* || "$c" == *"["* || "$c" =~ \ N(\.k)?(\ |$) ]]; then
    local verb; verb="$(awk '{ print $2 }' <<<"$c")"
    for r in ${RAN[@]+"${RAN[@]}"}; do [ "$(awk '{ print $2 }' <<<"$r")" = "$verb" ] && return 0; done
    echo "no step runs ./course $verb"; return
  fi
  echo "no smoke step runs it: add one to tools/smoke/smoke.sh"
}

# ---------------------------------------------------------------------------------------------
# The steps
# ---------------------------------------------------------------------------------------------

# The hint command remembers what it revealed: put the learner's state back after the hint steps.
snapshot_state() { rm -rf "$WORK/state"; mkdir -p "$WORK/state"; [ -d .rvlab ] && cp -a .rvlab "$WORK/state/rvlab"; }
restore_state() {
  [ -d "$WORK/state/rvlab" ] || return 0
  local rel
  while IFS= read -r rel; do
    case "$rel" in *.log|etcd.properties|apt-updated) continue ;; esac
    if [ -e "$WORK/state/rvlab/$rel" ]; then cmp -s ".rvlab/$rel" "$WORK/state/rvlab/$rel" || cp -a "$WORK/state/rvlab/$rel" ".rvlab/$rel"
    else rm -f ".rvlab/$rel"; fi
  done < <(cd .rvlab && find . -type f | sed 's|^\./||')
}

steps_basic() {
  check 0 'rvlab course launcher' 60 "./course help" -- "$COURSE" help
  check 0 'rvlab course launcher' 60 "./course" -- "$COURSE"
  check 0 'Ready' 300 "./course setup" -- "$COURSE" setup
  check 0 'JDK' 60 "./course doctor" -- "$COURSE" doctor
  check 0 '^ +1\.1 ' 600 "./course lab --list" -- "$COURSE" lab --list
  # No-argument forms: a usage line and a failure exit code, never a shell error.
  local verb
  for verb in lab grade hint reset jshell bench watch; do
    check nonzero 'usage: \./course' 60 "./course $verb" -- "$COURSE" "$verb"
  done
  check nonzero 'usage|unknown command' 60 "./course no-such-command" -- "$COURSE" no-such-command
}

steps_exercises() {
  snapshot_state
  check 0 '' 300 "./course hint 1.2" -- "$COURSE" hint 1.2
  restore_state
  # reset restores the skeleton: only when the file is untouched already, so a learner's work is never lost.
  local file="exercises/ch01/$(awk '/^[ \t]*- id: *"?1\.2"?/ { f = 1; next } f && /^[ \t]+file:/ { print $2; exit }' exercises/ch01/exercises.yaml)"
  if [ -f "$file" ] && git diff --quiet -- "$file" 2>/dev/null; then
    check 0 '' 300 "./course reset 1.2" -- "$COURSE" reset 1.2
    git diff --quiet -- "$file" || { report FAIL "$(now)" "./course reset 1.2" "changed $file"; }
  else
    RAN+=("./course reset 1.2"); report SKIP "$(now)" "./course reset 1.2" "$file has local changes; not touched"
  fi
  check any 'PASSED|FAILED|NOT STARTED' 600 "./course grade 1 --exercise 1.2" -- "$COURSE" grade 1 --exercise 1.2
}

steps_class() {   # the README's classroom lines: a copy, one exercise solved in it, graded and merged
  local copy=/tmp/rvlab-class/alice
  rm -rf /tmp/rvlab-class "$ROOT/target/class-results"
  check 0 'classroom commands' 60 "./course class help" -- "$COURSE" class help
  check 0 '' 600 "./course class copy $copy --student alice" -- "$COURSE" class copy "$copy" --student alice
  local file="$(awk '/^[ \t]*- id: *"?1\.3"?/ { f = 1; next } f && /^[ \t]+file:/ { print $2; exit }' exercises/ch01/exercises.yaml)"
  # alice solves 1.3, commits it and hands in a bundle: what class grade judges is her commit.
  [ -f "$copy/exercises/ch01/$file" ] && cp "solutions/ch01/$file" "$copy/exercises/ch01/$file" \
    && git -C "$copy" -c user.name=alice -c user.email=alice@localhost commit -qam "1.3" \
    && mkdir -p /tmp/rvlab-class/drive && git -C "$copy" bundle create -q /tmp/rvlab-class/drive/alice.bundle --all
  check 0 'alice: [0-9a-f]{7}' 120 "./course class collect --bundles /tmp/rvlab-class/drive --out /tmp/rvlab-class/collected" \
    -- "$COURSE" class collect --bundles /tmp/rvlab-class/drive --out /tmp/rvlab-class/collected
  check 0 'alice +[0-9a-f]{7} .* ok ' 900 "./course class grade /tmp/rvlab-class/collected/alice --chapter 1" \
    -- "$COURSE" class grade /tmp/rvlab-class/collected/alice --chapter 1
  check 0 'alice' 120 "./course class merge" -- "$COURSE" class merge
  ! wanted "./course class merge" || [ -f "$ROOT/target/class-results/class.csv" ] || report FAIL "$(now)" "./course class merge" "no target/class-results/class.csv"
  rm -rf /tmp/rvlab-class
}

steps_watch() {   # ./course watch 1: until its first scoreboard, then Ctrl-C
  RAN+=("./course watch 1")
  wanted "./course watch 1" || return 0
  local start pid log="$OUT/course_watch_1.log"; start="$(now)"
  if start_bg pid "$log" 'PASSED|FAILED|NOT STARTED' 600 "$COURSE" watch 1 --exercise 1.2; then
    stop_pid "$pid"; report PASS "$start" "./course watch 1" "ran --exercise 1.2 until its first scoreboard, then Ctrl-C"
  else
    stop_pid "$pid"; report FAIL "$start" "./course watch 1" "no scoreboard; log: ${log#"$ROOT"/}"; tail -15 "$log" | sed 's/^/     | /'
  fi
}

steps_lab() {
  check 0 '' 600 "./course lab 1.1" -- "$COURSE" lab 1.1
  # --keep waits for Enter before stopping etcd: stdin at its end is Enter enough.
  check 0 'Press Enter' 600 "./course lab 1.1 --keep" -- "$COURSE" lab 1.1 --keep
}

steps_jshell() {
  # jshell on a chapter, non-interactively: the script loads, connects to etcd, and the end of stdin exits.
  check 0 '' 600 "./course jshell 5" -- "$COURSE" jshell 5
}

steps_controller() {   # the no-argument form runs until Ctrl-C: start it, see it list and watch, stop it
  RAN+=("./course controller")
  wanted "./course controller" || return 0
  local start pid log="$OUT/course_controller.log"; start="$(now)"
  if start_bg pid "$log" '^WATCH ' 600 "$COURSE" controller; then
    stop_pid "$pid"; report PASS "$start" "./course controller" "listed and watched; stopped by Ctrl-C"
  else
    stop_pid "$pid"; report FAIL "$start" "./course controller" "no WATCH line; log: ${log#"$ROOT"/}"; tail -15 "$log" | sed 's/^/     | /'
  fi
  check 0 '^WATCH ' 600 "./course controller --seconds 2" -- "$COURSE" controller --seconds 2
}

steps_bench() {
  local name
  for name in update watch list members; do
    check 0 '' 900 "./course bench $name --quick" -- "$COURSE" bench "$name" --quick
  done
  check 0 'update' 60 "./course bench --list" -- "$COURSE" bench --list
  # chapter 3's recipe for a profile of the server, as the chapter shows it (one cell, a flight recording)
  rm -f /tmp/server.jfr
  check 0 'distinct +64' 900 "./course bench update --only api --objects distinct --clients 64" -- \
    env RVLAB_BENCH_SERVER_JVM_OPTS="-XX:StartFlightRecording=filename=/tmp/server.jfr,settings=profile" \
    "$COURSE" bench update --only api --objects distinct --clients 64
}

steps_site() {   # ./course site --serve builds exactly as ./course site does, then serves: one build for both
  RAN+=("./course site" "./course site --serve")
  wanted "./course site --serve" || return 0
  local start pid port why="" log="$OUT/course_site_--serve.log" index="$OUT/site-index.html"; start="$(now)"; port="$(free_port)"
  # The page goes to a file before grep reads it: "curl | grep -q" under pipefail fails whenever grep stops
  # reading before curl has written the whole page (curl then dies of SIGPIPE).
  if ! start_bg pid "$log" "on http://127\.0\.0\.1:$port/ \(loopback only\)\. Ctrl-C stops" 1200 "$COURSE" site --serve --port "$port"; then
    why="it did not come up"
  elif ! grep -q 'The site is docs-site/target/site/' "$log"; then why="it did not say where the site is"
  elif ! curl -sf --max-time 10 -o "$index" "http://127.0.0.1:$port/"; then why="GET / failed"
  elif ! grep -q 'rvlab' "$index"; then why="the index does not name rvlab"
  elif ! curl -sf --max-time 10 -o /dev/null "http://127.0.0.1:$port/chapters/01-etcd-revisions/chapter.html"; then
    why="GET of chapter 1 failed"
  fi
  stop_pid "$pid"
  if [ -z "$why" ]; then
    report PASS "$start" "./course site --serve --port $port" "built as ./course site does; index and chapter 1 fetched"
  else
    report FAIL "$start" "./course site --serve --port $port" "$why; log: ${log#"$ROOT"/}"; tail -15 "$log" | sed 's/^/     | /'
  fi
}

# The README's kubectl walkthrough, line by line as README.adoc writes it, against one ./course serve:
# the ports of the README (8080, 18080) become the server's, the watch's timeoutSeconds becomes 2,
# `get -w` runs for 5 seconds, and the files go to a temporary folder.
readme_shell_lines() {   # the lines of README.adoc's shell blocks that are not ./course commands (nor the --tls block's)
  awk '/^\[source,shell\]/ { want = 1; next } /^----$/ { if (inb) inb = 0; else if (want) inb = 1; want = 0; next }
       inb && $0 !~ /^[ \t]*#/ && $0 !~ /^\.\/course/ && $0 !~ /^[ \t]*$/ && $0 !~ /\.rvlab\// && $0 !~ /127\.0\.0\.1:18081/ { print }' README.adoc
}
readme_cluster_lines() {   # the README's lines for the control plane (./course serve --etcd-members 3 --replicas 2 --port 18081)
  awk '/^\[source,shell\]/ { want = 1; next } /^----$/ { if (inb) inb = 0; else if (want) inb = 1; want = 0; next }
       inb && $0 !~ /^\.\/course/ && $0 ~ /127\.0\.0\.1:18081/ { print }' README.adoc
}
readme_tls_lines() {   # the README's lines for ./course serve --tls: those that use .rvlab/kubeconfig or the course CA
  awk '/^\[source,shell\]/ { want = 1; next } /^----$/ { if (inb) inb = 0; else if (want) inb = 1; want = 0; next }
       inb && $0 !~ /^[ \t]*#/ && $0 !~ /^\.\/course/ && $0 ~ /\.rvlab\// { print }' README.adoc
}

steps_serve() {
  local sport=8080 shown="./course serve" pid log="$OUT/course_serve.log" start
  port_free 8080 || { sport="$(free_port)"; shown="./course serve --port $sport"; }
  RAN+=("./course serve"); [ "$shown" != "./course serve" ] && RAN+=("$shown")
  RAN+=("./course controller --kubeconfig - --namespace demo")   # run below, on this server
  wanted "$shown" || return 0
  start="$(now)"
  local args=(); [ "$sport" = 8080 ] || args=(--port "$sport")
  if ! start_bg pid "$log" 'Press Ctrl-C' 600 "$COURSE" serve ${args[@]+"${args[@]}"}; then
    report FAIL "$start" "$shown" "did not come up; log: ${log#"$ROOT"/}"; tail -15 "$log" | sed 's/^/     | /'
    stop_pid "$pid"; return
  fi
  report PASS "$start" "$shown" "$([ "$sport" = 8080 ] && echo "up on 8080" || echo "8080 was busy: --port $sport")"
  local etcd_url; etcd_url="$(sed -n 's/^etcd: \([^ ]*\).*/\1/p' "$log" | head -1)"
  local line cmd code lstart out n=0
  while IFS= read -r line; do
    n=$((n + 1))
    cmd="$line"
    cmd="${cmd//127.0.0.1:18080/127.0.0.1:$sport}"
    cmd="${cmd//127.0.0.1:8080/127.0.0.1:$sport}"
    cmd="$(sed -E 's/timeoutSeconds=[0-9]+/timeoutSeconds=2/' <<<"$cmd")"
    cmd="${cmd//<the etcd URL serve printed>/$etcd_url}"
    cmd="${cmd//W=\/tmp\/rvlab-walkthrough/W=$WORK}"
    local want=0 grep_re="" limit=60 note=""
    case "$cmd" in
      kubectl*" -w"|kubectl*" -w "*"#"*|kubectl*" --watch"*) want=124; limit=5; note="ran 5 s" ;;
      *"kubectl replace -f"*) grep_re='\(Conflict\).*the object has been modified' ;;
      *"--field-manager=bob -f"*) want=nonzero; grep_re='conflict with "alice"' ;;
      *"--show-managed-fields"*) grep_re='manager: bob' ;;
      *etcdctl*) have_etcdctl || { RAN+=("$line"); report SKIP "$(now)" "$line" "no etcdctl"; continue; }; grep_re='mod_revision' ;;
      curl*) grep_re='"type": ?"(ADDED|BOOKMARK)"'; limit=30 ;;
      *"kubectl -n demo get configmap x"*) grep_re='rvlab.io/annotated' ;;
    esac
    # The README runs its first block on a server of its own (port 8080), the rest on another: start afresh.
    if [[ "$cmd" == "kubectl config set-cluster"* ]]; then
      kubectl --server "http://127.0.0.1:$sport" delete configmap demo >/dev/null 2>&1 </dev/null
    fi
    # The README's ./course controller --kubeconfig block: run the controller on this server's kubeconfig.
    if [[ "$cmd" == *"kubectl -n demo create configmap x"* ]]; then
      "$COURSE" controller --kubeconfig - --namespace demo --seconds 30 >"$OUT/course_controller_--kubeconfig.log" 2>&1 </dev/null &
      local cpid=$! cstart; cstart="$(now)"; BG_PIDS+=("$cpid")
      local w=0; until grep -q '^WATCH ' "$OUT/course_controller_--kubeconfig.log" || [ $w -ge 600 ]; do sleep 0.2; w=$((w + 1)); done
      ( cd "$WORK" && kubectl create namespace demo ) >/dev/null 2>&1 </dev/null
    fi
    lstart="$(now)"
    out="$WORK/line-$n.log"
    ( cd "$WORK" && export W="$WORK" && timeout -k 5 "$limit" bash -c "$cmd" ) >"$out" 2>&1 </dev/null
    code=$?
    if [[ "$cmd" == *"kubectl -n demo get configmap x"* ]]; then   # the controller may need a moment
      local t=0; until grep -q 'rvlab.io/annotated' "$out" || [ $t -ge 20 ]; do sleep 0.5; t=$((t + 1)); ( cd "$WORK" && bash -c "$cmd" ) >"$out" 2>&1 </dev/null; code=$?; done
    fi
    local why=""
    case "$want" in
      0) [ $code = 0 ] || why="exit code $code" ;;
      124) [ $code = 124 ] || why="exit code $code, expected it to run until stopped" ;;
      nonzero) [ $code != 0 ] || why="exit code 0, expected the failure the README shows" ;;
    esac
    if [ -z "$why" ] && [ -n "$grep_re" ] && ! grep -Eq -- "$grep_re" "$out"; then why="output lacks /$grep_re/"; fi
    if [ -z "$why" ]; then report PASS "$lstart" "$line" "$note"; else
      cp "$out" "$OUT/readme-line-$n.log"
      report FAIL "$lstart" "$line" "$why; log: target/smoke/readme-line-$n.log"; tail -8 "$out" | sed 's/^/     | /'
    fi
  done < <(readme_shell_lines)
  if [ -n "${cpid:-}" ]; then
    wait "$cpid"; local ccode=$?
    RAN+=("./course controller --kubeconfig - --namespace demo")
    if [ $ccode = 0 ] && grep -q '^WATCH ' "$OUT/course_controller_--kubeconfig.log"; then
      report PASS "$cstart" "./course controller --kubeconfig - --namespace demo" "on the walkthrough's server"
    else
      report FAIL "$cstart" "./course controller --kubeconfig - --namespace demo" "exit $ccode; log: target/smoke/course_controller_--kubeconfig.log"
    fi
  fi
  stop_pid "$pid"
  # The watch cache switches the README shows: the server starts with each.
  local env
  for env in RVLAB_WATCH_CACHE_SIZE=5 RVLAB_WATCH_CACHE=false; do
    RAN+=("$env ./course serve")
    wanted "$env ./course serve" || continue
    start="$(now)"; local p; p="$(free_port)"
    if start_bg pid "$OUT/serve-$env.log" 'Press Ctrl-C' 600 env "$env" "$COURSE" serve --port "$p" \
       && curl -sf --max-time 10 "http://127.0.0.1:$p/api/v1/namespaces/default/configmaps" >/dev/null; then
      report PASS "$start" "$env ./course serve --port $p" "came up and listed"
    else
      report FAIL "$start" "$env ./course serve --port $p" "log: target/smoke/serve-$env.log"; tail -8 "$OUT/serve-$env.log" | sed 's/^/     | /'
    fi
    stop_pid "$pid"
  done
}
# ./course serve --tls as the README shows it, from the repository's folder: it comes up on 6443 (or a free
# port), answers 401 without the token and HTTP/2 with it, and the README's kubectl and curl lines work through
# the .rvlab/kubeconfig it wrote. The learner's .rvlab/ is put back afterwards (the CA and token stay only if
# they were there before). Plain serve refuses an address beyond loopback.
steps_serve_tls() {
  check nonzero 'refusing to serve plain HTTP on 0\.0\.0\.0' 300 "./course serve --address 0.0.0.0" -- "$COURSE" serve --address 0.0.0.0
  local tport=6443 shown="./course serve --tls" pid log="$OUT/course_serve_--tls.log" start
  port_free 6443 || { tport="$(free_port)"; shown="./course serve --tls --port $tport"; }
  RAN+=("./course serve --tls"); [ "$shown" != "./course serve --tls" ] && RAN+=("$shown")
  wanted "$shown" || return 0
  snapshot_state
  start="$(now)"
  local args=(--tls); [ "$tport" = 6443 ] || args+=(--port "$tport")
  local url="https://127.0.0.1:$tport" unauthorized="" version=""
  if start_bg pid "$log" 'Press Ctrl-C' 600 "$COURSE" serve "${args[@]}" && grep -q 'kubeconfig: .*\.rvlab/kubeconfig' "$log"; then
    unauthorized="$(curl -s --max-time 10 --cacert .rvlab/pki/ca.crt "$url/api/v1/namespaces")"
    version="$(curl -s --max-time 10 --http2 --cacert .rvlab/pki/ca.crt -H "Authorization: Bearer $(cat .rvlab/token)" \
      -o /dev/null -w '%{http_code} HTTP/%{http_version}' "$url/api/v1/namespaces")"
  fi
  if [[ "$unauthorized" == *'"reason":"Unauthorized","code":401'* ]] && [ "$version" = "200 HTTP/2" ]; then
    report PASS "$start" "$shown" "401 Status without the token; 200 over HTTP/2 with it"
  else
    report FAIL "$start" "$shown" "without token: ${unauthorized:0:80}; with it: $version; log: ${log#"$ROOT"/}"; tail -15 "$log" | sed 's/^/     | /'
    stop_pid "$pid"; restore_state; rmdir .rvlab/pki 2>/dev/null; return 0
  fi
  local line cmd code lstart out n=0 grep_re
  while IFS= read -r line; do
    n=$((n + 1)); cmd="${line//127.0.0.1:6443/127.0.0.1:$tport}"; grep_re=""
    case "$cmd" in
      *" -v=6"*) grep_re="GET https://127\.0\.0\.1:$tport/api/v1/namespaces(\?[^ ]*)? 200 OK" ;;
      curl*) grep_re='"reason":"Unauthorized","code":401' ;;
    esac
    lstart="$(now)"; out="$OUT/readme-tls-line-$n.log"
    timeout -k 5 60 bash -c "$cmd" >"$out" 2>&1 </dev/null; code=$?
    if [ $code = 0 ] && { [ -z "$grep_re" ] || grep -Eq -- "$grep_re" "$out"; }; then report PASS "$lstart" "$line"
    else report FAIL "$lstart" "$line" "exit code $code${grep_re:+, wanted /$grep_re/}; log: target/smoke/readme-tls-line-$n.log"; tail -8 "$out" | sed 's/^/     | /'; fi
  done < <(readme_tls_lines)
  stop_pid "$pid"
  restore_state
  rmdir .rvlab/pki 2>/dev/null   # left empty when the learner had no CA yet
  return 0
}

# ./course serve --exercise: an exercise without a "serve:" class says so; each one with it comes up.
steps_serve_exercise() {
  check nonzero "has no server to run" 300 "./course serve --exercise 1.1" -- "$COURSE" serve --exercise 1.1
  local id main module p pid start log
  while IFS=' ' read -r id main; do
    [ -n "$id" ] || continue
    RAN+=("./course serve --exercise $id")
    wanted "./course serve --exercise $id" || continue
    start="$(now)"; p="$(free_port)"; log="$OUT/serve-exercise-$id.log"
    if start_bg pid "$log" "http://127\.0\.0\.1:$p" 600 "$COURSE" serve --exercise "$id" --port "$p" \
       && curl -s --max-time 10 -o /dev/null "http://127.0.0.1:$p/api"; then
      report PASS "$start" "./course serve --exercise $id --port $p" "$main came up"
    elif grep -q "TODO exercise $id" "$log"; then   # an untouched skeleton may stop the server at start, naming its TODO
      report PASS "$start" "./course serve --exercise $id --port $p" "$main ran; the untouched skeleton said TODO exercise $id"
    else
      report FAIL "$start" "./course serve --exercise $id --port $p" "log: target/smoke/serve-exercise-$id.log"; tail -8 "$log" | sed 's/^/     | /'
    fi
    stop_pid "$pid"
  done < <(awk '/^[ \t]*- id:/ { v = $0; sub(/^[ \t]*- id:[ \t]*/, "", v); gsub(/["\x27 \t]/, "", v); id = v }
                /^[ \t]+serve:/ { v = $0; sub(/^[ \t]+serve:[ \t]*/, "", v); sub(/[ \t]+#.*$/, "", v); gsub(/["\x27]/, "", v); print id, v }' exercises/ch*/exercises.yaml)
}

have_etcdctl() { command -v etcdctl >/dev/null 2>&1; }

# ---------------------------------------------------------------------------------------------

if [ -n "$LIST_ONLY" ]; then
  LAB_IDS="$(lab_ids)"; EXERCISE_IDS="$(exercise_ids)"
  documented_commands | sort -u -t$'\t' -k2,2 | while IFS=$'\t' read -r file c; do printf '%-28s %s\n' "$file" "$c"; done
  exit 0
fi

rm -rf "$OUT"; mkdir -p "$OUT"
[ -n "$COVERAGE_ONLY" ] || echo "rvlab launcher smoke test: every documented ./course command (logs in target/smoke/)"
TOTAL_START="$(now)"
# The walkthrough's kubectl lines use this kubeconfig (README: in a folder outside the repository).
export KUBECONFIG="$WORK/kubeconfig"
# ./course serve --etcd-members 3 --replicas 2 --port 18081 as the README shows it: three etcd members, two
# replicas behind one address, and the README's kubectl lines against it. Then two curl GETs (one connection
# each, so one to each replica in turn) read the object at one resourceVersion, and the log names the replica
# that served each.
steps_serve_cluster() {
  local cport=18081 shown="./course serve --etcd-members 3 --replicas 2 --port 18081" pid start log="$OUT/course_serve_cluster.log"
  port_free 18081 || { cport="$(free_port)"; shown="./course serve --etcd-members 3 --replicas 2 --port $cport"; }
  RAN+=("./course serve --etcd-members 3 --replicas 2 --port 18081" "./course serve --etcd-members 3 --replicas 2")
  wanted "$shown" || return 0
  start="$(now)"
  if ! start_bg pid "$log" 'Press Ctrl-C' 600 "$COURSE" serve --etcd-members 3 --replicas 2 --port "$cport"; then
    report FAIL "$start" "$shown" "did not come up; log: ${log#"$ROOT"/}"; tail -15 "$log" | sed 's/^/     | /'
    stop_pid "$pid"; return
  fi
  report PASS "$start" "$shown" "3 members, 2 replicas"
  local line cmd lstart n=0 out code
  while IFS= read -r line; do
    n=$((n + 1)); cmd="${line//127.0.0.1:18081/127.0.0.1:$cport}"; lstart="$(now)"; out="$WORK/cluster-line-$n.log"
    timeout -k 5 60 bash -c "$cmd" >"$out" 2>&1 </dev/null; code=$?
    if [ $code = 0 ]; then report PASS "$lstart" "$line"; else
      cp "$out" "$OUT/readme-cluster-line-$n.log"
      report FAIL "$lstart" "$line" "exit code $code; log: target/smoke/readme-cluster-line-$n.log"; tail -8 "$out" | sed 's/^/     | /'
    fi
  done < <(readme_cluster_lines)
  local url="http://127.0.0.1:$cport" rv1="" rv2="" lstart; lstart="$(now)"
  kubectl --server "$url" create configmap smoke-cluster --from-literal=a=b >/dev/null 2>&1 </dev/null
  rv1="$(curl -s --max-time 10 "$url/api/v1/namespaces/default/configmaps/smoke-cluster" | sed -n 's/.*"resourceVersion": *"\([0-9]*\)".*/\1/p')"
  rv2="$(curl -s --max-time 10 "$url/api/v1/namespaces/default/configmaps/smoke-cluster" | sed -n 's/.*"resourceVersion": *"\([0-9]*\)".*/\1/p')"
  sleep 1
  if [ -n "$rv1" ] && [ "$rv1" = "$rv2" ] && grep -q '^replica-1 | GET /api/v1/namespaces/default/configmaps/smoke-cluster' "$log" \
     && grep -q '^replica-2 | GET /api/v1/namespaces/default/configmaps/smoke-cluster' "$log" && grep -q '^etcd: 3 members' "$log"; then
    report PASS "$lstart" "curl twice through $url" "both replicas served the object at resourceVersion $rv1"
  else
    report FAIL "$lstart" "curl twice through $url" "resourceVersions '$rv1' and '$rv2'; log: ${log#"$ROOT"/}"; tail -15 "$log" | sed 's/^/     | /'
  fi
  stop_pid "$pid"
}

steps_basic
steps_exercises
steps_lab
steps_jshell
steps_controller
steps_serve
steps_serve_tls
steps_serve_exercise
steps_serve_cluster
steps_watch
steps_class
steps_bench
steps_site

# Coverage: every documented command must have been run or be covered by a rule above.
if [ -z "$ONLY" ]; then
  start="$(now)" missing=0
  LAB_IDS="$(lab_ids)"; EXERCISE_IDS="$(exercise_ids)"
  while IFS=$'\t' read -r file c; do
    why="$(coverage_of "$c")"
    if [ -n "$why" ]; then echo "FAIL  documented in $file: $c   ($why)"; missing=1; fi
  done < <(documented_commands | sort -u -t$'\t' -k2,2)
  if [ $missing = 0 ]; then report PASS "$start" "every documented ./course command is covered"; else FAILED=1; fi
fi

printf 'smoke test: %s in %s\n' "$([ $FAILED = 0 ] && echo 'all passed' || echo 'FAILED')" "$(elapsed "$TOTAL_START" | tr -d ' ')"
exit $FAILED
