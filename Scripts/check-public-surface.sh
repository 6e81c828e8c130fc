#!/usr/bin/env bash
# Keeps the public surface deliberate: lists every public type declared in Sources (nested types
# included, each with the file that declares it) and compares the list with Scripts/public-types.txt.
# A type made public, or no longer public, fails the check until the list is updated in the same
# change, so the surface grows only on purpose and the count in the README stays true.
#
#   Scripts/check-public-surface.sh           compare (CI)
#   Scripts/check-public-surface.sh --update  rewrite the list from the sources
set -euo pipefail
cd "$(dirname "$0")/.."

baseline=Scripts/public-types.txt
declaration='^[[:space:]]*(@[A-Za-z]+ )*public (final )?(struct|class|enum|protocol|actor|typealias) [A-Za-z]+'

current() {
  grep -rnoE "$declaration" Sources --include='*.swift' |
    sed -E 's/^Sources\/([^/]+)\/(.*\.swift):[0-9]+:[[:space:]]*(@[A-Za-z]+ )*public (final )?/\1 \2 /' |
    LC_ALL=C sort
}

if [ "${1:-}" = "--update" ]; then
  current >"$baseline"
  echo "wrote $baseline: $(wc -l <"$baseline") public types"
  exit 0
fi

if ! differences=$(diff <(LC_ALL=C sort "$baseline") <(current)); then
  echo "the public types differ from $baseline ('<' no longer public, '>' newly public):"
  echo "$differences"
  echo "if the change is intended, run Scripts/check-public-surface.sh --update and commit the list"
  exit 1
fi
echo "public types: $(wc -l <"$baseline"), as listed in $baseline"
awk '{ count[$1]++ } END { for (module in count) printf "  %-26s %d\n", module, count[module] }' "$baseline" |
  LC_ALL=C sort
