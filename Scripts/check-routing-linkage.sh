#!/usr/bin/env bash
# Checks that the lower modules need no more than they claim, so an app or tool can link them without
# what it does not use:
#   1. every file of Sources/DeepLinkRouting imports only Foundation and the standard library's own
#      modules (not Observation, not FoundationNetworking or FoundationXML, not the C library), and no
#      file of Sources/DeepLinking imports FoundationNetworking or FoundationXML (the tracking-link
#      resolver, which needs networking, lives in TrackingLinks);
#   2. routing-linkage-probe, which depends on DeepLinkRouting alone, builds, matches a link, and its
#      binary does not load FoundationNetworking, FoundationXML or Observation; linking-linkage-probe,
#      which depends on DeepLinking alone, builds, opens a destination, and its binary does not load
#      FoundationNetworking or FoundationXML (read with ldd).
# Fails, naming each offending file or library, when any of this is not so.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# The probes are built with CI's flags, so that CI's build is not done again with others.
source Scripts/swift-build-flags.sh
status=0

import_line='^[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]'

# Reports each import in Sources/$1 for which the test $2 (a command given the module name) fails.
# Usage: check_imports MODULE TEST RULE   (RULE is the sentence printed after an offending import)
check_imports() {
  local directory="Sources/$1" test="$2" rule="$3" hit file rest line text module
  echo "== imports of $directory"
  while IFS= read -r hit; do
    file="${hit%%:*}"
    rest="${hit#*:}"
    line="${rest%%:*}"
    text="${rest#*:}"
    # The module is the first name after `import` and an optional kind (`import struct Foundation.URL`).
    module="$(sed -E 's/.*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*).*/\3/' <<<"$text")"
    if ! "$test" "$module"; then
      echo "$file:$line: imports $module; $rule"
      status=1
    fi
  done < <(grep -rnE "$import_line" "$directory" --include='*.swift' || true)
}

routing_may_import() { [[ "$1" =~ ^(Foundation|Swift|_Concurrency|_StringProcessing|RegexBuilder|Synchronization)$ ]]; }
linking_may_import() { ! [[ "$1" =~ ^(FoundationNetworking|FoundationXML)$ ]]; }

check_imports DeepLinkRouting routing_may_import \
  "DeepLinkRouting may import only Foundation and the standard library"
check_imports DeepLinking linking_may_import \
  "DeepLinking must not need networking or XML (networking code belongs in TrackingLinks)"

if ! command -v ldd >/dev/null; then
  echo "ldd not found: cannot read what the probes link"
  exit 1
fi

# Builds and runs a probe, then fails when its binary loads a library matching $2.
# Usage: check_probe PRODUCT FORBIDDEN_REGEX MODULE
check_probe() {
  local product="$1" forbidden_pattern="$2" module="$3" probe libraries forbidden
  echo "== $product"
  swift build --product "$product" "${swift_build_flags[@]}"
  probe="$(swift build --show-bin-path)/$product"
  if ! "$probe"; then
    echo "$product failed its check"
    status=1
  fi
  libraries="$(ldd "$probe")"
  forbidden="$(grep -Ei "$forbidden_pattern" <<<"$libraries" || true)"
  if [ -n "$forbidden" ]; then
    echo "$product links libraries $module must not need:"
    echo "$forbidden"
    status=1
  fi
}

check_probe routing-linkage-probe 'FoundationNetworking|FoundationXML|Observation' DeepLinkRouting
check_probe linking-linkage-probe 'FoundationNetworking|FoundationXML' DeepLinking

if [ "$status" -eq 0 ]; then
  echo "DeepLinkRouting needs only Foundation; DeepLinking needs no networking"
fi
exit "$status"
