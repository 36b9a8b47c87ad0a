#!/bin/sh
# docs/engine.md's "Adding a stage", followed on a clone of the lab: a stage 15-dummy after the
# last, made in those steps, passes every check that builds no kernel, and each step left out
# is caught by the check the list names, with a line that says what is missing.
#   tests/add-stage.sh SCRATCH   (emptied; the clone and its work dir go there)
set -u
name=add-stage id=15-dummy last=$(LABS=labs tools/stages.sh list | tail -n 1)
. tests/add-lib.sh

# 1. labs/order
printf '%s\n' "$id" >> labs/order
# 2. the manifest and the stage's test
mkdir -p "labs/$id" "solutions/$id" "patches/$id"
cat > "labs/$id/stage.mk" <<EOF
TITLE    := A stage of one test
UPSTREAM := none: a stage of tests/add-stage.sh
TARGETS  := $(sed -n 's/^TARGETS *:= *//p' "labs/$last/stage.mk" | cut -d' ' -f1)
CODE     := dummy.c
TESTS    := test_dummy.c
CHECKS   := dummy_answers:1
FLIPS    := dummy_answers
EOF
cat > "labs/$id/test_dummy.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include "kselftest_harness.h"

int dummy(void);

TEST(dummy_answers)
{
	ASSERT_EQ(1, dummy());
}

TEST_HARNESS_MAIN
EOF
# 3. the patch series
cat > "patches/$id/0001-ARM-a-dummy-change.patch" <<'EOF'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: The lab <lab@localhost>
Date: Thu, 1 Jan 2015 00:00:00 +0000
Subject: [PATCH] ARM: a dummy change

---
 arch/arm/kernel/traps.c | 1 +
 1 file changed, 1 insertion(+)

diff --git a/arch/arm/kernel/traps.c b/arch/arm/kernel/traps.c
--- a/arch/arm/kernel/traps.c
+++ b/arch/arm/kernel/traps.c
@@ -1,2 +1,3 @@
 // SPDX-License-Identifier: GPL-2.0-only
+/* dummy */
 /*
-- 
2.39.5

EOF
# 4. the reference code and review questions; the learner's copy made from them
cat > "solutions/$id/dummy.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
int dummy(void)
{
	/* TODO: answer 1. */
	return 1;
	/* STUB: return 0; */
}
EOF
q=$(sed -n 's/^### \(14\. .*\) {#q14}$/\1/p' docs/checklist.md)
printf '# Review answers: %s\n\n## %s\n\nYour answer:\n' "$id" "$q" > "solutions/$id/answers.md"
passes exercises
# 5. the page, its nav line, its index row
cat > "docs/labs/$id.md" <<EOF
# $id — "ARM: a dummy change"

!!! abstract "Stage card"
    **Goal:** a stage of one test.

    **Before this:** [$last]($last.md).

    **Difficulty and time:** easy · about 5 minutes in all.

    **Review first:** checklist question [14](../checklist.md#q14).

{{ hunk 0001 1 }}

## See it

\`\`\`
make run STAGE=$id
\`\`\`

## Your turn

\`\`\`
make grade STAGE=$id
\`\`\`

## Done when

- \`make grade STAGE=$id\` gives 1 of 1.

??? info "Sources and ports"
    **Stage below:** $last.
EOF
sed -i "s|^\( *\)- $last: labs/$last.md$|&\n\1- $id: labs/$id.md|" mkdocs.yml
sed -i "/^- \[$last\](labs\/$last.md)/{:a;n;/^  /ba;i - [$id](labs/$id.md): easy · about 5 min.
}" docs/index.md
commit "$id"

passes check-manifests && echo "add-stage: make check-manifests: $(echo "$out" | grep "^$id")"
passes check-exercises && echo "add-stage: make check-exercises: $out"
passes docs && echo "add-stage: make docs: the site builds with $id's page, nav line and row"
passes run DRYRUN=1 STAGE="$id"
echo "$out" | grep -q "out/[a-z0-9-]*/$id/" || fail "make run DRYRUN=1 STAGE=$id: $out"
[ ! -e "$scratch/work/out" ] && [ ! -e "$scratch/work/linux" ] ||
	fail "make run DRYRUN=1 built something"
echo "add-stage: make run DRYRUN=1 STAGE=$id: boots $id's kernel, nothing built"

# Each step left out in turn.
sed -i "/^$id$/d" labs/order
caught "no line in labs/order" "labs/order" lab check-manifests
rm -r "exercises/$id"
caught "no make exercises" "exercises/ drifted from solutions/" lab check-exercises
rm "docs/labs/$id.md"
caught "no page" "docs page missing" lab check-manifests
sed -i "/labs\/$id.md/d" mkdocs.yml
caught "no nav line" "nav's stage pages are not in labs/order's order" lab docs
sed -i "/(labs\/$id.md)/d" docs/index.md
caught "no index row" "its stage list is not labs/order" lab docs
sed -i "s/Stage below:\*\* $last/Stage below:** 00-baseline/" "docs/labs/$id.md"
caught "another stage below" "Stage below: 00-baseline', but labs/order puts $last" lab docs
sed -i "/{{ hunk 0001 1 }}/d" "docs/labs/$id.md"
caught "a hunk not on the page" "hunk 1 of 0001-ARM-a-dummy-change.patch" lab docs
sed -i "s/dummy_answers/dummy_answer/" "labs/$id/stage.mk"
caught "a check no test reports" "no TEST\(\) of TESTS reports" lab check-manifests
echo "add-stage: a stage after $last passes each check above; each step left out fails one"
