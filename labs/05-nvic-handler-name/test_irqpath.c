// SPDX-License-Identifier: GPL-2.0
/*
 * Checks for 05-nvic-handler-name, run in the mps2 guest. Without an MMU or an MPU, user
 * code may read the kernel's memory: the test reads the kernel's vector table and the code
 * of __irq_entry where System.map says they are, and grades the learner's decoders against
 * System.map. That this program runs at all means the kernel linked and booted.
 */
#include "v7m/sys.h"
#include "irqpath.h"

static uint32_t word(uint32_t a)
{
	return *(volatile uint32_t *)a;
}

static uint16_t half(uint32_t a)
{
	return *(volatile uint16_t *)a;
}

/* Slot i of the table as the kernel's entry-v7m.S fills it. */
static uint32_t expected(int i)
{
	if (i == 0)
		return 0;
	if (i >= 16)
		return lab_symbol("__irq_entry");
	return lab_symbol(i == 11 ? "vector_swi" : i == 14 ? "__pendsv_entry" : "__invalid_entry");
}

static int table_decoded(void)
{
	uint32_t table = lab_symbol("vector_table"), end = lab_symbol_after(table);
	int n = (end - table) / 4, ok = table && n > 16;

	for (int i = 0; ok && i < n; i++)
		if (v7m_handler(word(table + 4 * i)) != expected(i)) {
			lab_note("slot decoded wrongly (slot, then word): ", i);
			lab_note("  ", word(table + 4 * i));
			ok = 0;
		}
	if (ok)
		lab_note("vector table slots, all matching System.map: ", n);
	return ok;
}

static int entry_calls_driver(void)
{
	uint32_t entry = lab_symbol("__irq_entry"), end = lab_symbol_after(entry);
	uint32_t want = lab_symbol("nvic_handle_irq"), found = 0;

	for (uint32_t pc = entry; entry && pc + 4 <= end; pc += 2)
		if (t2_is_bl(half(pc), half(pc + 2))) {
			uint32_t to = t2_bl_target(pc, half(pc), half(pc + 2));

			lab_note("BL in __irq_entry, to ", to);
			found |= to == want;
			pc += 2;
		}
	if (!found)
		lab_note("no BL to nvic_handle_irq; System.map has it at ", want);
	return found && want;
}

int main(int argc, char **argv)
{
	(void)argc, (void)argv;
	lab_puts("    TAP version 13\n    1..2\n");
	lab_tap(table_decoded(), "vector_table_decoded");
	lab_tap(entry_calls_driver(), "irq_entry_calls_nvic_handle_irq");
	return lab_tap_end();
}
