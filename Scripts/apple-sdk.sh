# Shared by check-apple-sources.sh and check-doc-snippets.sh (sourced, not run): builds the package's
# Linux modules and the stand-in Apple SDK modules of AppleSDK/, and prepares sources for one
# platform family. See AppleSDK/README.md for what the stand-ins are and what they cannot show.

export PATH="/opt/swift/usr/bin:$PATH"

# The flags every Apple-only file is checked with: the package's language mode and upcoming features
# (Package.swift), warnings as errors as in CI.
APPLE_SDK_SWIFT_FLAGS=(-swift-version 6 -enable-upcoming-feature ExistentialAny -warnings-as-errors)

# CI's build flags: a target built with others would be built again, and then again by CI's next step.
source Scripts/swift-build-flags.sh

# Builds the given SwiftPM targets and copies their .swiftmodule files into $1. A private copy
# matters: the Linux build leaves an empty DeepLinkingSwiftUI.swiftmodule (its sources are all
# inside `#if canImport(SwiftUI)`) next to the others, which would shadow the one checked here.
# DeepLinkRouting is copied too: DeepLinking re-exports it, so a file that imports DeepLinking (or a
# module built on it) needs its .swiftmodule as well.
# Usage: apple_sdk_package_modules DIR TARGET...
apple_sdk_package_modules() {
  local dir="$1"
  shift
  local target
  for target in "$@"; do
    swift build --target "$target" "${swift_build_flags[@]}" >&2
  done
  local bin
  bin="$(swift build --show-bin-path)"
  mkdir -p "$dir"
  for target in DeepLinkRouting "$@"; do
    cp "$bin/Modules/$target.swiftmodule" "$dir/"
  done
}

# The -package-name SwiftPM passes to the package's targets (derived from the checkout's directory
# name), read from the build description of the last build.
apple_sdk_package_name() {
  local bin
  bin="$(swift build --show-bin-path)"
  python3 - "$bin/description.json" <<'PY'
import json, sys
commands = json.load(open(sys.argv[1]))["swiftCommands"]
for command in commands.values():
    arguments = command.get("otherArguments", [])
    if command.get("moduleName") == "DeepLinking" and "-package-name" in arguments:
        print(arguments[arguments.index("-package-name") + 1])
        break
else:
    sys.exit("no -package-name in " + sys.argv[1])
PY
}

# Compiles the stand-in modules for one platform family into $2.
# Usage: apple_sdk_standins FAMILY DIR   (FAMILY: iOS, tvOS, visionOS or watchOS)
apple_sdk_standins() {
  local family="$1" dir="$2" root
  root="$(pwd)/AppleSDK"
  mkdir -p "$dir"
  local module sources
  for module in AppleFoundationExtras Combine UserNotifications UIKit SwiftUI; do
    sources="$root/$module"
    # watchOS has its own UIKit (no scenes); iOS, tvOS and visionOS share one.
    if [ "$module" = UIKit ]; then
      if [ "$family" = watchOS ]; then sources="$root/UIKit-watchOS"; else sources="$root/UIKit-iOS"; fi
    fi
    swiftc -emit-module -parse-as-library -swift-version 6 -I "$dir" -module-name "$module" \
      -emit-module-path "$dir/$module.swiftmodule" "$sources"/*.swift
  done
}

# Copies a source file for one platform family, so that `os(...)` in `#if`/`#elseif` lines answers
# as on that platform: `os(X)` becomes the condition APPLE_SDK_OS_X, set only for the family's own
# OS (-D APPLE_SDK_OS_iOS or -D APPLE_SDK_OS_watchOS), and `targetEnvironment(X)` becomes an unset
# condition (no simulator, no Mac Catalyst). Nothing else changes, so line numbers stay; compile
# from DIR with the relative path and the diagnostics name the original file.
# Usage: apple_sdk_family_source FILE DIR   (writes DIR/FILE)
apple_sdk_family_source() {
  local file="$1" output="$2/$1"
  mkdir -p "$(dirname "$output")"
  sed -E '/^[[:space:]]*#(if|elseif)[[:space:]]/ {
    s/\bos\(([A-Za-z]+)\)/APPLE_SDK_OS_\1/g
    s/\btargetEnvironment\(([A-Za-z]+)\)/APPLE_SDK_TARGET_ENVIRONMENT_\1/g
  }' "$file" >"$output"
}
