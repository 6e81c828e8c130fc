#!/usr/bin/env bash
# Compiles the Swift code blocks of README.md and of every DocC article (each file's blocks together
# form one app source file) against the package's modules and the stand-in Apple SDK (iOS family).
# Exits non-zero when any file fails. See Scripts/check-doc-snippets.py for the rules and the
# opt-out marker.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/apple-sdk.sh

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== building the package's modules"
apple_sdk_package_modules "$work/package" DeepLinking RouteFiles DurableLinkStorage TrackingLinks UniversalLinks ChannelNavigation
apple_sdk_standins iOS "$work/sdk"
package_name="$(apple_sdk_package_name)"

# The package's UIKit and SwiftUI modules, for snippets that use them (checked in full by
# check-apple-sources.sh); DeepLinkingSwiftUI imports DeepLinkingUIKit, so it comes first.
mkdir -p "$work/out"
for module in DeepLinkingUIKit DeepLinkingSwiftUI ChannelNavigationSwiftUI; do
  for file in Sources/"$module"/*.swift; do
    apple_sdk_family_source "$file" "$work/src"
  done
  (cd "$work/src" && swiftc -emit-module -module-name "$module" \
    -package-name "$package_name" -D SWIFT_PACKAGE -D APPLE_SDK_OS_iOS \
    -parse-as-library "${APPLE_SDK_SWIFT_FLAGS[@]}" -I "$work/sdk" -I "$work/out" -I "$work/package" \
    -emit-module-path "$work/out/$module.swiftmodule" Sources/"$module"/*.swift)
done

echo "== documentation snippets"
mkdir -p "$work/snippets"
python3 Scripts/check-doc-snippets.py "$work/snippets" -parse-as-library "${APPLE_SDK_SWIFT_FLAGS[@]}" \
  -D APPLE_SDK_OS_iOS -I "$work/sdk" -I "$work/out" -I "$work/package"
