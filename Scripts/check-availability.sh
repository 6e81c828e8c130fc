#!/usr/bin/env bash
# Fails on any use of an API newer than the Apple platforms Package.swift declares, in every module
# the package ships (libraries, the tool, the bench, the retail example). First it checks itself on
# Scripts/availability-probes/Probes.swift: each `expect:` line there must be reported, and nothing
# else, so a check that stopped seeing anything fails here too. See Scripts/check_availability.py for
# how it works and AppleSDK/README.md for what it cannot see.
# Usage: Scripts/check-availability.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

# The same build as CI's build step, so that nothing is rebuilt here.
source Scripts/swift-build-flags.sh
swift build --build-tests "${swift_build_flags[@]}" >&2
bin="$(swift build --show-bin-path)"
python3 Scripts/check_availability.py --self-test Scripts/availability-probes/Probes.swift
# The test modules are left out: they run on Linux and on a developer's Mac, never in an app.
python3 Scripts/check_availability.py --description "$bin/description.json" \
  --exclude DeepLinkingTestSupport
