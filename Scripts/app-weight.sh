#!/usr/bin/env bash
# What adding the package costs an app, for the working tree or for git revisions:
#   - compile: the clean release build (`swift build -c release --target DeepLinking`, an empty
#     .build) of the modules an app links, DeepLinkRouting and DeepLinking, in seconds of wall clock
#     and in seconds of processor time (user and system, the compiler's processes included), which a
#     busy machine stretches far less;
#   - size: the bytes linking DeepLinking adds to a stripped release executable: an app that routes a
#     link to a Codable destination through an intake and a navigator, against a hello-world.
#
# USAGE: Scripts/app-weight.sh [--runs N] [REVISION...]
#   REVISION  a git revision to measure (default: the working tree); several are measured in turn, each
#             run round by round, so a slow spell of the machine falls on all of them alike
#   --runs N  how many clean compiles per revision (default 3); the table shows the median
#
# Prints one row per revision, then `app-weight: REV compile=S size=BYTES` lines for machines.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

runs=3
revisions=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    -h | --help) sed -n '2,13p' "$0"; exit 0 ;;
    *) revisions+=("$1"); shift ;;
  esac
done
if [ ${#revisions[@]} -eq 0 ]; then revisions=(working-tree); fi

work="$(mktemp -d /tmp/app-weight.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# The package as it is at a revision, in a folder of its own.
tree_of() {
  local revision="$1" folder="$work/tree-$2"
  mkdir -p "$folder"
  if [ "$revision" = working-tree ]; then
    git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$folder"
  else
    git archive "$revision" | tar -xf - -C "$folder"
  fi
  echo "$folder"
}

# An app package beside the tree: `hello` prints a line, `app` routes a link the way README's app does.
app_of() {
  local tree="$1" folder="$1-app"
  mkdir -p "$folder/Sources/hello" "$folder/Sources/app"
  cat >"$folder/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "weighed-app",
  dependencies: [.package(path: "$tree")],
  targets: [
    .executableTarget(name: "hello"),
    .executableTarget(
      name: "app", dependencies: [.product(name: "DeepLinking", package: "$(basename "$tree")")]),
  ])
EOF
  cat >"$folder/Sources/hello/main.swift" <<'EOF'
print("hello")
EOF
  cat >"$folder/Sources/app/main.swift" <<'EOF'
import DeepLinking

enum Screen: Hashable, Sendable, Codable {
  case clip(id: String)
  case search(query: String, page: Int?)
}

@MainActor func run() async throws {
  let router = try DestinationRouter<Screen>(
    table: RouteTable(
      schemes: ["myapp"], hosts: ["example.com"],
      routes: [
        RouteDefinition("clip", "/channel/video/{id}"),
        RouteDefinition("search", "/channel/search/{query}?page={page:int?}"),
      ]))
  let navigator = Navigator(
    rules: NavigationRules<Screen, String>(tab: { _ in "home" }, parent: { _ in nil }), initialTab: "home")
  let intake = LinkIntake(destinations: router, navigator: navigator, isSignedIn: false)
  _ = await intake.receive(IncomingLink(url: "myapp://channel/video/12345", source: .customScheme))
  await intake.markReady()
  print(navigator.stack(for: "home"), try router.url(for: .search(query: "goals", page: 2)))
}

try await run()
EOF
  echo "$folder"
}

median() { sort -n | awk '{ values[NR] = $1 } END { print values[int((NR + 1) / 2)] }'; }

declare -A trees=() apps=() compiles=() cpus=()
index=0
for revision in "${revisions[@]}"; do
  trees[$revision]="$(tree_of "$revision" "$index")"
  apps[$revision]="$(app_of "${trees[$revision]}")"
  index=$((index + 1))
done

for round in $(seq 1 "$runs"); do
  for revision in "${revisions[@]}"; do
    tree="${trees[$revision]}"
    rm -rf "$tree/.build"
    start=$(date +%s.%N)
    cpu=$(cd "$tree" && { TIMEFORMAT='%U %S'; time swift build -c release --target DeepLinking >/dev/null; } 2>&1 \
      | tail -1 | awk '{ printf "%.1f", $1 + $2 }')
    end=$(date +%s.%N)
    seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
    compiles[$revision]+="$seconds "
    cpus[$revision]+="$cpu "
    echo "round $round: $revision compiled in $seconds s ($cpu s of processor time)" >&2
  done
done

printf '%-14s %12s %10s %14s %14s %12s\n' revision "compile (s)" "cpu (s)" "hello (bytes)" "app (bytes)" \
  "added (MiB)"
for revision in "${revisions[@]}"; do
  app="${apps[$revision]}"
  (cd "$app" && swift build -c release >/dev/null)
  strip -o "$app/hello.stripped" "$app/.build/release/hello"
  strip -o "$app/app.stripped" "$app/.build/release/app"
  hello=$(stat -c %s "$app/hello.stripped")
  size=$(stat -c %s "$app/app.stripped")
  added=$((size - hello))
  compile=$(echo "${compiles[$revision]}" | tr ' ' '\n' | grep . | median)
  cpu=$(echo "${cpus[$revision]}" | tr ' ' '\n' | grep . | median)
  printf '%-14s %12.1f %10.1f %14d %14d %12.2f\n' "$revision" "$compile" "$cpu" "$hello" "$size" \
    "$(awk -v bytes="$added" 'BEGIN { printf "%.2f", bytes / 1048576 }')"
  echo "app-weight: $revision compile=$compile cpu=$cpu size=$added" >&2
done
