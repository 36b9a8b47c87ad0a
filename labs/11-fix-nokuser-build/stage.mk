# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := ARM: Fix !kuser helpers case
# The title is not checked against a primary source; the link failure is confirmed by a report
# on 3.10.6. Hash, author, date and message are not known to the lab: the patch is a stand-in
# authored by the lab (see the docs page).
UPSTREAM := unknown
AUTHOR   := unknown; the patch is authored by the lab
# Build only: an ARMv6 kernel without ARMv6K and without kuser helpers. Its checks run on the
# build host against the kernel's System.map and the object that failed to link in 2013.
TARGETS  := armv6-nokuser
OBJECTS  := arch/arm/kernel/entry-armv.o
CODE     := undefs.c
TESTS    := test_undefs.c
CHECKS   := lists_what_nm_lists:3 counts_references_like_readelf:2 finds_the_missing_symbol:3
# The kernel below does not link: that is this stage's flip.
BROKEN_BELOW := undefined reference to .kuser_cmpxchg64_fixup.
