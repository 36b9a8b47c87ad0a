# The 3.11 review lab. Everything is driven from here; see README.md.
#   make run [STAGE=id]      build, boot and check a stage: your score, and what to do next
#   make walk [STAGE=id]     the stage's gdb walkthrough, one checkpoint at a time
#   make debug / make gdb    a guest waiting for gdb, and gdb attached to it (two terminals)
#   make grade [STAGE=id]    your exercises/ scored on every built stage (or just STAGE=)
#   make repro STAGE=id      your reproducer on the kernel below (the bug) and the stage's (fixed)
#   make bisect STAGE=id     git bisect run over the stages with your reproducer
#   make replay [STAGE=id]   a boot recorded, then replayed for gdb: reverse-continue works
#   make tree [STAGE=id]     the kernel tree at a stage, to edit; make run builds your kernel
#   make docs / docs-serve   the docs with every diff filled in (docs/index.md)
#   make run FILES=dir CMD='cmd'   run your own command in the guest; DRYRUN=1: print QEMU's
#   make where / make clean-cache  the work dir; free what a later run makes again
#   instructors (docs/teaching.md): make grade-all SUBMISSIONS=dir [JOBS=n SHARD=i/n],
#     make grade-merge CLASS_PARTS='dirs', make release, make gradescope,
#     make kernels-export [ARCHIVE=f], make kernels-import ARCHIVE=f, make ccache-server,
#     make grading-image [ARCHIVE=f] (an OCI image that grades a hand-in, for any grader)
#   maintainers (docs/engine.md): make test (the whole suite; CI runs it), make bench,
#     make builds [SINCE=time] (the kernel builds of this work dir: full or not, and why)
.DEFAULT_GOAL := help
# The engine's core, then its goals by theme; make test's plan, then its steps' goals
# (docs/engine.md, "Where things are").
include tools/engine.mk $(addprefix tools/mk/,boot.mk kernels.mk guest.mk debug.mk grade.mk \
	repro.mk class.mk docs.mk)
include tools/suite.mk $(addprefix tools/mk/,checks.mk guest-checks.mk roots.mk pictures.mk \
	walks.mk session.mk steps.mk)
