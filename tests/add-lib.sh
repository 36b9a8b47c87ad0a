# Sourced by tests/add-stage.sh and tests/add-target.sh, with name (the test's) and $1 (its
# SCRATCH, emptied) set: a clone of the lab's HEAD in SCRATCH/lab, the current directory, to add
# something to, and make there with a work dir of its own.
scratch=${1:?usage: tests/$name.sh SCRATCH}
fail() { echo "$name: $*" >&2; exit 1; }
rm -rf "$scratch" && mkdir -p "$scratch" && git clone -q . "$scratch/lab" && cd "$scratch/lab" ||
	fail "cannot clone the lab into $scratch"
unset MAKEFLAGS MFLAGS MAKEOVERRIDES
# None of the checks run here reads the kernel tree, but make host, which they want for the
# grader, builds gen_init_cpio from it: the work dir gets what one with imported kernels has
# instead (kernels/src), so that no tree is unpacked.
mkdir -p "$scratch/work/kernels/src" "$scratch/work/host" &&
	touch "$scratch/work/host/gen_init_cpio"
lab() { make -s --no-print-directory WORK="$scratch/work" "$@"; }
passes() { out=$(lab "$@" 2>&1) || { printf '%s\n' "$out" >&2; fail "make $* fails"; }; }
commit() { git add -A && git -c user.name=lab -c user.email=lab@localhost commit -qm "$1" ||
	fail "cannot commit in the clone"; }
# caught WHAT PATTERN COMMAND...: with WHAT done to the last commit, COMMAND (lab GOAL...: make
# GOAL in the clone) fails with a line matching PATTERN (colours and runs of blanks taken out);
# then the commit is restored.
caught() {
	what=$1 pattern=$2; shift 2
	cmd=$(echo "$*" | sed 's/^lab /make /')
	out=$("$@" 2>&1) && fail "$what: $cmd passes"
	line=$(printf '%s\n' "$out" | sed 's/\x1b\[[0-9;]*m//g; s/  */ /g' |
		grep -E -m 1 -- "$pattern") ||
		{ printf '%s\n' "$out" >&2; fail "$what: $cmd fails, but says nothing of it"; }
	echo "$name: $what: $cmd says: $line"
	git reset -q --hard && git clean -qfd
}
