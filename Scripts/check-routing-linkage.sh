#!/usr/bin/env bash
# Checks that the router needs nothing but Foundation, so an app or tool can link DeepLinkRouting
# without Observation, networking or the rest of DeepLinking:
#   1. every file of Sources/DeepLinkRouting imports only Foundation and the standard library's own
#      modules (not Observation, not FoundationNetworking or FoundationXML, not the C library);
#   2. routing-linkage-probe, which depends on DeepLinkRouting alone, builds, matches a link, and its
#      binary does not load FoundationNetworking, FoundationXML or Observation (read with ldd).
# Fails, naming each offending file or library, when either is not so.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
status=0

echo "== imports of Sources/DeepLinkRouting"
allowed_modules='^(Foundation|Swift|_Concurrency|_StringProcessing|RegexBuilder|Synchronization)$'
import_line='^[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]'
while IFS= read -r hit; do
  file="${hit%%:*}"
  rest="${hit#*:}"
  line="${rest%%:*}"
  text="${rest#*:}"
  # The module is the first name after `import` and an optional kind (`import struct Foundation.URL`).
  module="$(sed -E 's/.*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*).*/\3/' <<<"$text")"
  if ! [[ "$module" =~ $allowed_modules ]]; then
    echo "$file:$line: imports $module; DeepLinkRouting may import only Foundation and the standard library"
    status=1
  fi
done < <(grep -rnE "$import_line" Sources/DeepLinkRouting --include='*.swift' || true)

echo "== routing-linkage-probe"
swift build --product routing-linkage-probe
probe="$(swift build --show-bin-path)/routing-linkage-probe"
if ! "$probe"; then
  echo "routing-linkage-probe failed to match its link"
  status=1
fi
if ! command -v ldd >/dev/null; then
  echo "ldd not found: cannot read what routing-linkage-probe links"
  exit 1
fi
libraries="$(ldd "$probe")"
forbidden="$(grep -Ei 'FoundationNetworking|FoundationXML|Observation' <<<"$libraries" || true)"
if [ -n "$forbidden" ]; then
  echo "routing-linkage-probe links libraries DeepLinkRouting must not need:"
  echo "$forbidden"
  status=1
fi

if [ "$status" -eq 0 ]; then echo "DeepLinkRouting needs only Foundation"; fi
exit "$status"
