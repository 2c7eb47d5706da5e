# rvlab's machine provisioning, sourced by ./course (setup, and every command that needs etcd): a
# container engine (a Docker engine if one answers, else Podman with its Docker-compatible API service) and
# an etcd image (the official one, else one built from Debian's etcd binary for offline classrooms). It is
# apart from the learner's commands because it installs packages and writes system files; read it to see
# exactly what it does and why. Needs from ./course: ROOT, STATE, say, warn, die, have.

PODMAN_SOCK="/run/podman/podman.sock"
LOCAL_ETCD_IMAGE="localhost/rvlab-etcd:local"
# The official image: written once, in the properties file that EtcdSettings reads too.
DEFAULT_ETCD_IMAGE="$(sed -n 's/^default\.image=//p' "$ROOT/lab-code/support/src/main/resources/io/rvlab/support/etcd/etcd-image.properties")"
[ -n "$DEFAULT_ETCD_IMAGE" ] || die "No default.image in lab-code/support/src/main/resources/io/rvlab/support/etcd/etcd-image.properties"

is_root() { [ "$(id -u)" = 0 ]; }
is_debian() { [ -f /etc/debian_version ] && have apt-get; }

# ---------------------------------------------------------------------------------------------
# Setup: find or prepare a container engine and an etcd image. Prints what it does and why.
# ---------------------------------------------------------------------------------------------

apt_install() {   # apt_install "why" pkg...
  local why="$1"; shift
  is_root && is_debian || die "Need: $* ($why). Install them with your package manager, then rerun."
  say "Installing $* with apt-get: $why"
  if [ ! -f "$STATE/apt-updated" ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
    mkdir -p "$STATE"; touch "$STATE/apt-updated"
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >&2
}

docker_engine_works() {
  # A real Docker engine (not just the client) answering on its default or configured socket.
  [ "${DOCKER_HOST:-}" = "unix://$PODMAN_SOCK" ] && return 1
  have docker && timeout 10 docker info >/dev/null 2>&1
}

podman_socket_works() {
  [ -S "$PODMAN_SOCK" ] && have curl && curl -sf --unix-socket "$PODMAN_SOCK" http://d/_ping >/dev/null 2>&1
}

configure_podman() {
  # Facts of this kind of machine: crun fails on hybrid cgroups and on setrlimit, so use runc,
  # cgroupfs and no default ulimits. Only written when absent: never overwrite a user's config.
  local conf=/etc/containers/containers.conf
  if [ ! -f "$conf" ] && is_root; then
    say "Writing $conf (runtime runc, cgroupfs, no default ulimits) so rootful Podman runs in this sandbox"
    mkdir -p /etc/containers
    cat > "$conf" <<'CONF'
# Written by rvlab's ./course setup.
[containers]
default_ulimits = []

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
CONF
  fi
}

start_podman_service() {
  podman_socket_works && return 0
  mkdir -p "$(dirname "$PODMAN_SOCK")" "$STATE"
  say "Starting the Podman API service on $PODMAN_SOCK (Testcontainers speaks Docker's API to it)"
  # Detached from this command's session, input and output (setsid, </dev/null): the service outlives the
  # command that started it, and one started from a short-lived shell was seen failing every container start
  # afterwards ("write child: broken pipe").
  setsid nohup podman system service --time=0 "unix://$PODMAN_SOCK" </dev/null >"$STATE/podman-service.log" 2>&1 &
  for _ in $(seq 1 50); do podman_socket_works && return 0; sleep 0.2; done
  die "Podman's API service did not come up; see $STATE/podman-service.log"
}

# Decides ENGINE (docker|podman) and exports what Testcontainers needs.
setup_engine() {
  if docker_engine_works; then
    ENGINE=docker
    return
  fi
  if ! have podman || ! have runc || ! have curl; then
    apt_install "no Docker engine here; Testcontainers can use Podman's Docker-compatible API instead" podman runc curl
  fi
  is_root || warn "Podman without root: make sure 'podman system service' runs for your user and DOCKER_HOST points at it."
  configure_podman
  start_podman_service
  ENGINE=podman
  export DOCKER_HOST="unix://$PODMAN_SOCK"
  export TESTCONTAINERS_RYUK_DISABLED=true   # Ryuk needs privileges Podman here does not give; the harness stops its own containers
  export TESTCONTAINERS_HOST_OVERRIDE="${TESTCONTAINERS_HOST_OVERRIDE:-127.0.0.1}"   # mapped ports are on loopback
}

engine() { if [ "$ENGINE" = podman ]; then podman "$@"; else docker "$@"; fi; }

image_present() { engine image inspect "$1" >/dev/null 2>&1; }

# Offline classrooms: an image FROM scratch holding an installed etcd binary and the two libraries it links.
build_local_etcd_image() {
  local etcd_bin
  etcd_bin="$(command -v etcd || true)"
  if [ -z "$etcd_bin" ]; then
    apt_install "no registry is reachable, so the etcd image is built from Debian's etcd binary (etcd-client: etcdctl, to follow the labs by hand)" etcd-server etcd-client
    etcd_bin="$(command -v etcd)"
  fi
  local ctx; ctx="$(mktemp -d)"
  mkdir -p "$ctx/lib" "$ctx/lib64"
  cp "$etcd_bin" "$ctx/etcd"
  local libc ld
  libc="$(ldd "$etcd_bin" | awk '/libc.so.6/ {print $3}')"
  ld="$(ldd "$etcd_bin" | awk '/ld-linux/ {print $1}')"
  [ -n "$libc" ] && cp -L "$libc" "$ctx/lib/libc.so.6"
  [ -n "$ld" ] && cp -L "$ld" "$ctx/lib64/$(basename "$ld")"
  cat > "$ctx/Containerfile" <<'EOF'
FROM scratch
COPY etcd /usr/local/bin/etcd
COPY kill /usr/local/bin/kill
COPY lib/ /lib/x86_64-linux-gnu/
COPY lib64/ /lib64/
CMD ["/usr/local/bin/etcd"]
EOF
  say "Building $LOCAL_ETCD_IMAGE from $etcd_bin ($("$etcd_bin" --version | head -1)) for offline use"
  engine build -q -t "$LOCAL_ETCD_IMAGE" -f "$ctx/Containerfile" "$ctx" >/dev/null
  rm -rf "$ctx"
}

# The classroom grader's box: an image FROM scratch with this machine's JDK, the libraries it and etcd
# link, and the etcd binary (the tests start etcd as a process inside the box: no engine is reachable
# there). Built from what the machine has, as the offline etcd image is, so it works offline. Its tag
# names the JDK and etcd it holds, so a new JDK or etcd builds a new image.
grader_image() {   # prints the image name, building it first if missing
  local java_home etcd_bin kill_bin tag
  java_home="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
  etcd_bin="$(command -v etcd || true)"
  [ -n "$etcd_bin" ] || apt_install "the grader's box runs etcd as a process (Debian's etcd binary)" etcd-server
  etcd_bin="$(command -v etcd)"
  # The kill command (procps), not the shell's builtin: chapter 7's clusters freeze and thaw a member
  # with SIGSTOP and SIGCONT, which the JDK cannot send (EtcdMemberProcess runs kill -STOP PID).
  kill_bin="$(type -P kill || true)"
  [ -n "$kill_bin" ] || apt_install "the grader's box freezes etcd members with the kill command" procps
  kill_bin="$(type -P kill)"
  tag="$( { cat "$java_home/release"; "$etcd_bin" --version; sha256sum <"$kill_bin"; } | sha256sum | cut -c1-12)"
  local image="localhost/rvlab-grader:$tag"
  if image_present "$image"; then echo "$image"; return; fi
  local ctx; ctx="$(mktemp -d)"
  mkdir -p "$ctx/jdk" "$ctx/libs" "$ctx/etc"
  # The JDK without its sources, docs and jmods; its conf/ links into /etc are followed (-L), and a
  # dangling link (Debian's lib/src.zip, when the sources are not installed) is left out.
  (cd "$java_home" && find bin lib conf release \( -type f -o -type l \) -exec test -e {} \; -print) \
    | (cd "$java_home" && xargs -d '\n' cp -L --parents -t "$ctx/jdk/")
  cp "$etcd_bin" "$ctx/etcd"
  cp -L "$kill_bin" "$ctx/kill"
  local lib
  { ldd "$etcd_bin"; ldd "$kill_bin"; ldd "$java_home/bin/java"; find "$java_home/lib" -name '*.so' -exec ldd {} \; ; } 2>/dev/null \
    | awk '/=> \// {print $3} /^[ \t]*\/lib64\/ld-linux/ {print $1}' | sort -u | while read -r lib; do
      mkdir -p "$ctx/libs$(dirname "$lib")"; cp -L "$lib" "$ctx/libs$lib"
    done
  printf 'root:x:0:0::/:/sbin/nologin\ngrader:x:10001:10001::/tmp:/sbin/nologin\n' >"$ctx/etc/passwd"
  printf 'root:x:0:\ngrader:x:10001:\n' >"$ctx/etc/group"
  cat >"$ctx/Containerfile" <<'EOF2'
FROM scratch
COPY libs/ /
COPY jdk/ /opt/java/
COPY etcd /usr/local/bin/etcd
COPY kill /usr/local/bin/kill
COPY etc/ /etc/
USER 10001:10001
ENV JAVA_HOME=/opt/java PATH=/opt/java/bin:/usr/local/bin RVLAB_ETCD_BINARY=/usr/local/bin/etcd
EOF2
  say "Building the grader's box image $image (this machine's JDK and etcd, for offline classrooms)"
  engine build -q -t "$image" -f "$ctx/Containerfile" "$ctx" >/dev/null || { rm -rf "$ctx"; die "could not build $image"; }
  rm -rf "$ctx"
  engine run --rm --network none "$image" java -version >/dev/null 2>&1 \
    || { engine rmi "$image" >/dev/null 2>&1; die "the grader's box image $image was built, but java does not run in it"; }
  echo "$image"
}

# Decides the etcd image (or an external etcd) and records it in .rvlab/etcd.properties.
setup_etcd() {
  mkdir -p "$STATE"
  if [ -n "${RVLAB_ETCD_ENDPOINTS:-}" ]; then
    say "Using your etcd at $RVLAB_ETCD_ENDPOINTS (RVLAB_ETCD_ENDPOINTS); no container is started"
    return
  fi
  local image="${RVLAB_ETCD_IMAGE:-}"
  if [ -z "$image" ]; then
    if image_present "$DEFAULT_ETCD_IMAGE"; then
      image="$DEFAULT_ETCD_IMAGE"
    elif image_present "$LOCAL_ETCD_IMAGE"; then
      image="$LOCAL_ETCD_IMAGE"
    elif [ "$ENGINE" = docker ] && timeout 120 docker pull -q "$DEFAULT_ETCD_IMAGE" >/dev/null 2>&1; then
      image="$DEFAULT_ETCD_IMAGE"
    elif [ "$ENGINE" = podman ] && timeout 30 podman pull -q "$DEFAULT_ETCD_IMAGE" >/dev/null 2>&1; then
      image="$DEFAULT_ETCD_IMAGE"
    else
      say "Cannot pull $DEFAULT_ETCD_IMAGE (offline, or no registry reachable): using a local image instead"
      build_local_etcd_image
      image="$LOCAL_ETCD_IMAGE"
    fi
  elif ! image_present "$image" && [ "$image" = "$LOCAL_ETCD_IMAGE" ]; then
    build_local_etcd_image
  fi
  printf '# Written by ./course setup; delete to choose again.\nimage=%s\n' "$image" > "$STATE/etcd.properties"
  export RVLAB_ETCD_IMAGE="$image"
  say "etcd image: $image (engine: $ENGINE)"
}

setup() {
  have java || apt_install "the course is Java 17" openjdk-17-jdk-headless
  local major; major="$(java -version 2>&1 | awk -F'"' '/version/ {split($2, v, "."); print v[1]}')"
  [ "${major:-0}" -ge 17 ] || die "Java 17 or newer is needed (found $major). Install a JDK 17 and put it first on PATH."
  have javac || apt_install "javac is needed to build" openjdk-17-jdk-headless
  if [ -n "${RVLAB_ETCD_ENDPOINTS:-}" ]; then
    ENGINE=none
  else
    setup_engine
  fi
  setup_etcd
}

