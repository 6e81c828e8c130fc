# The flags of CI's build (`swift build --build-tests "${swift_build_flags[@]}"`), sourced by every
# script that builds with SwiftPM: a module built with other flags is built again, so a script that
# built with fewer flags than CI rebuilt the package. Warnings are errors, and a target may import only
# the package's modules it depends on (Scripts/check-target-imports.sh checks that it names them).
# shellcheck disable=SC2034  # used by the scripts that source this file
swift_build_flags=(--explicit-target-dependency-import-check error -Xswiftc -warnings-as-errors)
