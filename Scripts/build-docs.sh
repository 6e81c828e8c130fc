#!/usr/bin/env bash
# Builds the DocC catalog of every public module with warnings as errors, so a broken symbol link or a
# missing article fails CI. Output goes to .build/docs/<Module>.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(find .build -type d -name symbolgraph -path "*$(uname -m)*" | head -n 1)
mkdir -p .build/docs
status=0
for catalog in Sources/*/Documentation.docc; do
  module=$(basename "$(dirname "$catalog")")
  staging=".build/docs-symbols/$module"
  rm -rf "$staging" && mkdir -p "$staging"
  cp "$graphs/$module.symbols.json" "$staging/"
  cp "$graphs/$module"@*.symbols.json "$staging/" 2>/dev/null || true
  echo "== docs: $module"
  if ! docc convert "$catalog" --additional-symbol-graph-dir "$staging" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.swift-deep-linking.$module" \
    --output-path ".build/docs/$module.doccarchive" --warnings-as-errors; then
    status=1
  fi
done
exit $status
