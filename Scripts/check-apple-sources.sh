#!/usr/bin/env bash
# Type-checks the package's Apple-only code on Linux: Sources/DeepLinkingSwiftUI (as module
# DeepLinkingSwiftUI, with the package's -package-name) and the example apps, against the stand-in
# SDK modules of AppleSDK/ and the package's own built modules, once per platform family:
#   iOS, tvOS, visionOS  UIKit with scenes, each with its own os(...) conditions and floor
#   (the example apps: Channel and Retail in SwiftUI, RetailUIKit with a scene delegate)
#   watchOS              UIKit without UIScene or UIOpenURLContext
# Before that, per family, it compiles the probes of AppleSDK/Probes against the stand-ins alone:
# each file in must-compile/ has to compile, and each file in must-fail/ has to fail with every
# diagnostic its `// expect: <text>` lines name, so that a stand-in that drifts from the SDK on
# isolation or Sendable fails here.
# Exits non-zero on any error or warning. See AppleSDK/README.md for what this cannot see.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/apple-sdk.sh

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Compiles each probe of AppleSDK/Probes for one family (to an object file: some of the checks, such
# as sending a value to an actor, run on SIL) and prints one line per probe. Returns 1 when a
# must-compile probe fails, a must-fail probe compiles, fails without one of its expected
# diagnostics, or names none.
# Usage: check_probes FAMILY SDK_DIR WORK_DIR
check_probes() {
  local family="$1" sdk="$2" dir="$3" failed=0 probe log expected missing found
  mkdir -p "$dir"
  found=0
  for probe in AppleSDK/Probes/must-compile/*.swift AppleSDK/Probes/must-fail/*.swift; do
    [ -e "$probe" ] || continue
    found=$((found + 1))
    apple_sdk_family_source "$probe" "$dir/src"
    log="$dir/$(basename "$probe" .swift).log"
    if (cd "$dir/src" && swiftc -c -o "$dir/probe.o" -module-name Probe "${APPLE_SDK_SWIFT_FLAGS[@]}" \
      -parse-as-library -D "APPLE_SDK_OS_$family" -I "$sdk" "$probe") >"$log" 2>&1; then
      if [[ "$probe" == */must-fail/* ]]; then
        echo "FAILED: $probe ($family) compiled, but it must not"
        failed=1
      else
        echo "passed  $probe"
      fi
      continue
    fi
    if [[ "$probe" == */must-compile/* ]]; then
      echo "FAILED: $probe ($family) does not compile, but it must:"
      sed 's/^/    /' "$log"
      failed=1
      continue
    fi
    missing=()
    while IFS= read -r expected; do
      grep -qF -- "$expected" "$log" || missing+=("$expected")
    done < <(sed -n 's|^// expect: ||p' "$probe")
    if ! grep -q '^// expect: ' "$probe"; then
      echo "FAILED: $probe ($family) names no '// expect: <diagnostic>' line"
      failed=1
    elif [ "${#missing[@]}" -gt 0 ]; then
      echo "FAILED: $probe ($family) fails, but without: ${missing[*]}"
      sed 's/^/    /' "$log"
      failed=1
    else
      echo "passed  $probe (fails as expected)"
    fi
  done
  if [ "$found" -eq 0 ]; then
    echo "FAILED: no probes in AppleSDK/Probes"
    failed=1
  fi
  return "$failed"
}

# Adds one module's compile command to a family's list for Scripts/check_availability.py, which
# reads the module's typed AST for uses of API newer than the declared platforms.
# Usage: record_for_availability LIST_FILE MODULE DIRECTORY ARGUMENT... -- SOURCE...
record_for_availability() {
  python3 - "$@" <<'PY'
import json, os, sys
path, module, directory, rest = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
split = rest.index("--")
entries = json.load(open(path)) if os.path.exists(path) else []
entries.append({"module": module, "directory": directory, "arguments": rest[:split], "sources": rest[split + 1:]})
json.dump(entries, open(path, "w"))
PY
}

# Extracts the symbol graphs of a family's stand-in modules (with the availability each declaration
# states) into one directory per module under DIR, and prints the directories as
# `--symbol-graphs DIR` arguments.
# Usage: standin_symbol_graphs SDK_DIR DIR
standin_symbol_graphs() {
  local sdk="$1" dir="$2" module
  for module in AppleFoundationExtras Combine UserNotifications UIKit SwiftUI; do
    mkdir -p "$dir/$module"
    swift-symbolgraph-extract -module-name "$module" -I "$sdk" -target x86_64-unknown-linux-gnu \
      -output-dir "$dir/$module" -minimum-access-level public >&2
    printf -- '--symbol-graphs\n%s\n' "$dir/$module"
  done
}

echo "== building the package's modules"
apple_sdk_package_modules "$work/package" DeepLinking RouteFiles DurableLinkStorage TrackingLinks ChannelNavigation RetailExample
package_name="$(apple_sdk_package_name)"

graphs="$(pwd)/.build/apple-sdk/symbolgraphs"
rm -rf "$graphs"
status=0
# Each family is compiled with its own `os(...)` conditions and checked against its own floor: code
# inside `#if !os(tvOS)` is neither compiled nor checked for tvOS. tvOS and visionOS share the iOS
# UIKit stand-in (UIKit-iOS); the iOS family also stands for iPadOS (Mac Catalyst is not compiled).
for family in iOS tvOS visionOS watchOS; do
  sdk="$work/$family/sdk"
  out="$work/$family/out"
  src="$work/$family/src"
  mkdir -p "$out"
  apple_sdk_standins "$family" "$sdk"
  echo "== $family: probes of the stand-ins"
  check_probes "$family" "$sdk" "$work/$family/probes" || status=1
  # Stand-ins first, then this family's Apple-only modules, then the package's other modules.
  search=(-I "$sdk" -I "$out" -I "$work/package")
  flags=("${APPLE_SDK_SWIFT_FLAGS[@]}" -parse-as-library -D "APPLE_SDK_OS_$family")

  # The Apple-only modules, in dependency order; the example apps import them.
  for module in DeepLinkingUIKit DeepLinkingSwiftUI ChannelNavigationSwiftUI; do
    sources=()
    for file in Sources/"$module"/*.swift; do
      apple_sdk_family_source "$file" "$src"
      sources+=("$file")
    done
    echo "== $family: $module"
    # Compiled to an object file (-c), not only type-checked: the Swift 6 data-race checks of sending
    # values between isolation domains run on SIL, after type checking.
    # The iOS family's symbol graph is what Scripts/build-docs.sh documents the module from.
    graph=()
    if [ "$family" = iOS ]; then
      mkdir -p "$graphs"
      graph=(-emit-symbol-graph -emit-symbol-graph-dir "$graphs" -emit-extension-block-symbols
        -symbol-graph-minimum-access-level public)
    fi
    if ! (cd "$src" && swiftc -c -wmo -o "$out/$module.o" -emit-module -module-name "$module" \
      -package-name "$package_name" -D SWIFT_PACKAGE "${flags[@]}" "${search[@]}" "${graph[@]}" \
      -emit-module-path "$out/$module.swiftmodule" "${sources[@]}"); then
      echo "FAILED: $module ($family)"
      status=1
      continue 2  # the example apps import it
    fi
    record_for_availability "$work/$family/availability.json" "$module" "$src" -package-name "$package_name" \
      -D SWIFT_PACKAGE "${flags[@]}" "${search[@]}" -- "${sources[@]}"
    echo "passed"
  done

  for app in Examples/Channel/ChannelApp.swift Examples/Retail/App/*.swift Examples/Retail/UIKitApp/*.swift; do
    apple_sdk_family_source "$app" "$src"
  done
  # Each example is its own app target: compiled as a module of its own, outside the package.
  for example in Channel Retail RetailUIKit; do
    echo "== $family: $example example app"
    case "$example" in
      Channel) files=(Examples/Channel/ChannelApp.swift) ;;
      Retail) files=(Examples/Retail/App/*.swift) ;;
      RetailUIKit) files=(Examples/Retail/UIKitApp/*.swift) ;;
    esac
    if (cd "$src" && swiftc -c -wmo -o "$out/${example}App.o" -module-name "${example}App" "${flags[@]}" "${search[@]}" "${files[@]}"); then
      record_for_availability "$work/$family/availability.json" "${example}App" "$src" "${flags[@]}" \
        "${search[@]}" -- "${files[@]}"
      echo "passed"
    else
      echo "FAILED: $example example app ($family)"
      status=1
    fi
  done

  echo "== $family: no SDK, standard library or Foundation API newer than the declared platforms"
  if [ -f "$work/$family/availability.json" ]; then
    mapfile -t graph_arguments < <(standin_symbol_graphs "$sdk" "$work/$family/graphs")
    python3 Scripts/check_availability.py --commands "$work/$family/availability.json" \
      --platforms "$family" "${graph_arguments[@]}" || status=1
  else
    echo "FAILED: no module compiled for $family, nothing to check"
    status=1
  fi
done
exit "$status"
