# The 3.11 review lab. Everything is driven from here; see README.md.
#   make run [STAGE=id] [TARGET=t] [FILES=dir CMD='cmd']   build, boot and check a stage
#   make test                                            the whole suite (CI runs this)
#   make grade [STAGE=id]   make debug / make gdb   make bench   make docs   make help
#   make ccache-server [CCACHE_HOST=addr]             a shared compiler cache for a class
.DEFAULT_GOAL := help
include tools/engine.mk
include tools/suite.mk
