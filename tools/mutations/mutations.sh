#!/usr/bin/env bash
# Mutation testing of the reference solutions against their own grading tests, with PIT.
#
#   tools/mutations/mutations.sh [--exercise N.k | --chapter N] [--record]
#
# Per exercise, PIT mutates the exercise's class (and its nested classes) in solutions/chNN and runs the
# exercise's grading test class (exercises.yaml's tests:) against each mutant, one mutant at a time.
# Then a row per exercise (mutants, killed, survived, ...) and each survivor's file:line and mutation.
# A survivor is either a missing grading test or an equivalent mutant recorded, with its reason, in
# solutions/chNN/mutations-equivalent.yaml. Exit status 1 if any survivor is unexplained or a run failed.
# --record also writes the rows to tools/mutations/mutations-table.txt, shown on the instructor page.
#
# PIT is configured once in the root pom.xml (pluginManagement) and is never part of ./mvnw verify.
# Each exercise's PIT log: solutions/chNN/target/mutations/N.k/pit.log; its report: mutations.xml there.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

usage() { echo "usage: tools/mutations/mutations.sh [--exercise N.k | --chapter N] [--record]" >&2; exit 2; }

select=()
record=()
while [ $# -gt 0 ]; do
  case "$1" in
    --exercise|--chapter) [ $# -ge 2 ] || usage; select=("$1" "$2"); shift 2 ;;
    --record) record=(--record); shift ;;
    *) usage ;;
  esac
done

[ -d solutions ] || { echo "mutations.sh needs the reference solutions (solutions/), and this checkout has none." >&2; exit 1; }

# One line per exercise: id, chapter folder, class, grading test class (read from exercises/chNN/exercises.yaml).
exercises="$(java tools/mutations/MutationTable.java list "${select[@]}")" || exit 1

# The grading tests start etcd containers with Testcontainers. PIT ends its test JVMs abruptly (Runtime.halt
# once the results are in, or a kill on a timeout), so their exit hooks never remove those containers. Each
# test JVM logs "[rvlab] ... at http://127.0.0.1:PORT" for the etcd it started (PIT's VERBOSE shows it);
# afterwards this removes the course's etcd containers (label io.rvlab=etcd) still publishing those ports
# and created during the run (a port can be reused at once by someone else's etcd: that one is left alone).
engine="$(command -v podman || command -v docker || true)"
remove_leftover_etcd() {   # remove_leftover_etcd LOG RUN_START RUN_END (epoch seconds)
  [ -n "$engine" ] || return 0
  local port id ports created
  for port in $(grep -o 'etcd container [^ ]* at http://127\.0\.0\.1:[0-9]*' "$1" | sed 's/.*://' | sort -u); do
    "$engine" ps --filter label=io.rvlab=etcd --format '{{.ID}} {{.Ports}}' </dev/null | while read -r id ports; do
      case "$ports" in *":$port->"*) ;; *) continue ;; esac
      # Podman prints "2026-01-02 03:04:05.6 +0000 UTC", Docker "2026-01-02T03:04:05.6Z"; date -d reads both without " UTC".
      created="$("$engine" inspect --format '{{.Created}}' "$id" </dev/null)"
      created="$(date -d "${created%% UTC*}" +%s 2>/dev/null || echo 0)"
      if [ "$created" -ge "$2" ] && [ "$created" -le "$3" ]; then
        "$engine" rm -f "$id" </dev/null >/dev/null && echo "   (removed the etcd container PIT's test JVM left on port $port)"
      fi
    done
  done
}

results=()
while IFS=$'\t' read -r id chapter class tests; do
  out="solutions/$chapter/target/mutations/$id"
  rm -rf "$out" && mkdir -p "$out"
  echo "== $id: PIT mutates $class, graded by $tests (log: $out/pit.log)"
  start=$(date +%s)
  # (stdin from /dev/null: the loop reads the exercise list from it.)
  # test-compile first: PIT mutates the compiled classes and runs the compiled tests, and builds neither.
  ./mvnw -B -pl "solutions/$chapter" test-compile org.pitest:pitest-maven:mutationCoverage \
      "-DtargetClasses=$class,$class\$*" "-DtargetTests=$tests" \
      "-DreportsDirectory=$ROOT/$out" -Dverbosity=VERBOSE </dev/null >"$out/pit.log" 2>&1
  rc=$?
  seconds=$(( $(date +%s) - start ))
  remove_leftover_etcd "$out/pit.log" "$start" "$(date +%s)"
  if [ $rc -ne 0 ]; then
    echo "   PIT failed after ${seconds}s (exit $rc); the last lines of $out/pit.log:" >&2
    grep -E 'ERROR|FAIL' "$out/pit.log" | tail -5 >&2
    rm -f "$out/mutations.xml"
  fi
  results+=("$id=$seconds")
done <<<"$exercises"

echo
java tools/mutations/MutationTable.java report "${record[@]}" "${results[@]}"
