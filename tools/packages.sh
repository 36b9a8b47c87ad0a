# Sourced: the packages of tools/packages for ROLE (learner, docs, instructor or maintainer) and
# SERIES (default: this machine's, tools/series.sh) in $pkgs, and those of the lists it does not
# take in $others.
all="learner docs instructor maintainer"
case ${ROLE:-learner} in
learner) roles=learner ;; docs|instructor) roles="learner $ROLE" ;; maintainer) roles=$all ;;
*) echo "lab: ROLE=$ROLE: one of $all" >&2; exit 2 ;;
esac
: "${SERIES:=$(LABS=labs tools/series.sh pick)}"
list() { sed -e 's/#.*//' -e "s/\$SERIES/$SERIES/g" tools/packages | awk -v r=" $1 " '
	/^[a-z]+:/ { on = index(r, " " substr($1, 1, length($1) - 1) " "); $1 = "" }
	on { print }' | xargs; }
pkgs=$(list "$roles")
others=$(list "$(for r in $all; do case " $roles " in *" $r "*) ;; *) echo "$r" ;; esac; done |
	xargs)")
