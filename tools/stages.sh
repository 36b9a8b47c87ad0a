#!/bin/sh
# The stage list, defined once for the engine and tools/tree.sh (labs/order, labs/renamed):
#   stages.sh list        the stage ids, in order
#   stages.sh below ID    the stage below ID (pristine below the first)
#   stages.sh above ID    the stage above ID (nothing above the last)
#   stages.sh now ID      the id that ID has now, following renames (nothing: never renamed)
#   stages.sh renames     the "old new" lines of labs/renamed
# Env: LABS (the labs dir).
set -eu
: "${LABS:?}"
list() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$LABS/order"; }
renames() { sed -n 's/^\([a-z0-9][a-z0-9-]*\) \([a-z0-9][a-z0-9-]*\)$/\1 \2/p' "$LABS/renamed"; }
case ${1:-} in
list) list ;;
renames) renames ;;
below) list | awk -v id="${2:-}" '$0 == id { print prev ? prev : "pristine"; found = 1; exit }
	{ prev = $0 } END { exit !found }' ;;
above) list | awk -v id="${2:-}" 'found { print; exit } $0 == id { found = 1 }' ;;
now) id=${2:-} now=""
	while next=$(renames | awk -v id="$id" '$1 == id { print $2 }') && [ -n "$next" ]; do
		id=$next now=$next; done
	echo "$now" ;;
*) echo "usage: stages.sh list|renames|below ID|above ID|now ID" >&2; exit 2 ;;
esac
