# The 3.11 review lab. Everything is driven from here; see README.md.
#   make run [STAGE=id] [TARGET=t] [FILES=dir CMD='cmd']   build, boot and check a stage
#   make test                                            the whole suite (CI runs this)
#   make grade [STAGE=id]   make debug / make gdb   make bench   make docs / docs-serve   make help
#   make replay [STAGE=id]  a boot recorded, then replayed for gdb: reverse-continue works
#   make grade-all SUBMISSIONS=dir [STAGE=id]             grade a class (docs/engine.md)
#   make kernels-export [ARCHIVE=f]   make kernels-import ARCHIVE=f   make tree   (README: a class)
#   make ccache-server [CCACHE_HOST=addr]             a shared compiler cache for a class
.DEFAULT_GOAL := help
include tools/engine.mk
include tools/suite.mk
