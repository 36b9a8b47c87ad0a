# Stage manifest: data only, read by tools/engine.mk and tools/host/grade.
TITLE    := ARM: 7800/1: ARMv7-M: Fix name of NVIC handler function
UPSTREAM := bed859c1eea89feaba2acbb57d967a6d6f68af09
AUTHOR   := Uwe Kleine-König
TARGETS  := mps2
CODE     := irqpath.c
TESTS    := test_irqpath.c
CHECKS   := vector_table_decoded:2 irq_entry_calls_nvic_handle_irq:3
# The kernel below does not link: there is nothing to boot. That is this stage's flip.
BROKEN_BELOW := undefined reference to .nvic_do_IRQ.
GDB_TESTS := v7m
