#!/usr/bin/env bash
# Builds the DocC catalog of every public module with warnings as errors, so a broken symbol link or a
# missing article fails CI. Output goes to .build/docs/<Module>.doccarchive.
#
# DeepLinkingSwiftUI, DeepLinkingUIKit and ChannelNavigationSwiftUI have no symbols on Linux (their
# sources are inside `#if canImport(SwiftUI)` / `#if canImport(UIKit)`). When
# .build/apple-sdk/symbolgraphs/ holds its symbol graphs (emitted with extension blocks, so that
# ``SwiftUI/View/deepLinks(_:marksReadyOnAppear:)`` resolves), they are used. Otherwise its catalog is
# built from a copy whose task groups keep only article links: the symbol links are left out, and the
# articles name those symbols in code voice, so they build either way.
#
# It builds what it needs first: `swift package dump-symbol-graph` also reads the test-discovery
# modules, which exist only once the tests are built, so on a fresh clone it failed until then.
set -euo pipefail
cd "$(dirname "$0")/.."
# With CI's flags, so that CI's build is not done again with others.
source Scripts/swift-build-flags.sh
swift build --build-tests "${swift_build_flags[@]}" >/dev/null
swift package "${swift_build_flags[@]}" dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(find .build -type d -name symbolgraph -path "*$(uname -m)*" | head -n 1)
apple_graphs=.build/apple-sdk/symbolgraphs
modules="$(swift build --show-bin-path)/Modules"
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
mkdir -p .build/docs
status=0

# Copies a catalog to $2, leaving out task-group items that link to symbols and the task-group
# headings left with no item.
catalog_without_symbol_links() {
  rm -rf "$2" && mkdir -p "$2"
  cp -R "$1"/. "$2"/
  local page
  for page in "$2"/*.md; do
    awk '
      /^## / { topics = ($0 == "## Topics") }
      !topics { print; next }
      /^### / { heading = $0; held = ""; next }
      /^- ``/ { next }
      heading != "" && /^[[:space:]]*$/ { held = held $0 "\n"; next }
      heading != "" { print heading; printf "%s", held; heading = ""; held = "" }
      { print }
    ' "$page" >"$page.filtered"
    mv "$page.filtered" "$page"
  done
}

for catalog in Sources/*/Documentation.docc; do
  module=$(basename "$(dirname "$catalog")")
  staging=".build/docs-symbols/$module"
  rm -rf "$staging" && mkdir -p "$staging"
  apple_only=false
  case "$module" in DeepLinkingSwiftUI | DeepLinkingUIKit | ChannelNavigationSwiftUI) apple_only=true ;; esac
  if $apple_only && [ -d "$apple_graphs" ]; then
    cp "$apple_graphs/$module".symbols.json "$staging/"
    cp "$apple_graphs/$module"@*.symbols.json "$staging/" 2>/dev/null || true
  else
    cp "$graphs/$module.symbols.json" "$staging/"
    cp "$graphs/$module"@*.symbols.json "$staging/" 2>/dev/null || true
    if [ "$module" = DeepLinking ]; then
      # DeepLinking re-exports DeepLinkRouting (`@_exported import`), so apps see the router as part of
      # DeepLinking, and so do its pages: its graph is extracted again with the re-exported symbols.
      swift-symbolgraph-extract -module-name DeepLinking -target "$triple" -I "$modules" \
        -minimum-access-level public -experimental-allowed-reexported-modules=DeepLinkRouting \
        -output-dir "$staging"
    fi
    if $apple_only; then
      catalog_without_symbol_links "$catalog" ".build/docs-catalogs/$module.docc"
      catalog=".build/docs-catalogs/$module.docc"
    fi
  fi
  echo "== docs: $module"
  if ! docc convert "$catalog" --additional-symbol-graph-dir "$staging" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.swift-deep-linking.$module" \
    --output-path ".build/docs/$module.doccarchive" --warnings-as-errors; then
    status=1
  fi
done
exit $status
