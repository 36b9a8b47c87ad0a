# SPDX-License-Identifier: GPL-2.0
# Batch gdb test for 05-nvic-handler-name (mps2): stop in nvic_handle_irq() at the first
# interrupt and show the ARMv7-M vector table the CPU took it through. VTOR (in the system
# control block, readable by the debugger in handler mode) must hold the kernel's
# vector_table; the active exception number (IPSR) says which slot; every external slot
# holds __irq_entry, and the call into the driver came from there.
import gdb

VTOR = 0xE000ED08
NAMES = ["initial SP", "Reset", "NMI", "HardFault", "MemManage", "BusFault", "UsageFault",
         "-", "-", "-", "-", "SVCall", "DebugMonitor", "-", "PendSV", "SysTick"]

def v7m():
    # At its first instruction, before the prologue: lr is still the return into the caller.
    gdb.execute("break *0x%x" % sym_addr("nvic_handle_irq"), to_string=True)
    yield
    pc = int(gdb.parse_and_eval("$pc")) & 0xFFFFFFFF
    check("stopped in nvic_handle_irq", pc == sym_addr("nvic_handle_irq"), "pc 0x%08x" % pc)
    table, vtor = sym_addr("vector_table"), word(VTOR)
    check("VTOR holds vector_table (0x%08x)" % table, vtor == table, "VTOR 0x%08x" % vtor)
    exc = int(gdb.parse_and_eval("$xpsr")) & 0x1FF
    gdb.write("active exception %d: external interrupt %d of the NVIC\n" % (exc, exc - 16))
    for i in list(range(16)) + [exc]:
        w = word(table + 4 * i)
        gdb.write("slot %3d %-13s 0x%08x  %s\n" % (
            i, NAMES[i] if i < 16 else "IRQ %d" % (i - 16), w, sym(w & ~1) if i else ""))
    irq_entry = sym_addr("__irq_entry")
    check("slot %d holds __irq_entry, Thumb bit set" % exc, word(table + 4 * exc) == irq_entry | 1,
          "0x%08x" % word(table + 4 * exc))
    lr = int(gdb.parse_and_eval("$lr")) & 0xFFFFFFFF
    gdb.write("nvic_handle_irq returns to 0x%08x <%s>\n" % (lr, sym(lr & ~1)))
    check("it was called from __irq_entry", sym(lr & ~1).startswith("__irq_entry"), sym(lr & ~1))
    report("gdb v7m test")


part(v7m)
