# SPDX-License-Identifier: GPL-2.0
# Walkthrough of 05-nvic-handler-name (tools/gdb/walk.py), on mps2 (Cortex-M3, no MMU): the
# first interrupt, from the vector table to the call the commit renames. The kernel has no
# debug information on this target: gdb knows its symbols, not its types.
VTOR = 0xE000ED08
NAMES = ["initial SP", "Reset", "NMI", "HardFault", "MemManage", "BusFault", "UsageFault",
         "-", "-", "-", "-", "SVCall", "DebugMonitor", "-", "PendSV", "SysTick"]


def reg(n):
    return int(gdb.parse_and_eval("$" + n)) & 0xFFFFFFFF


def exception():
    return reg("xpsr") & 0x1FF


def table():
    base, exc = word(VTOR), exception()
    out = ["VTOR 0x%08x <%s>; active exception %d: external interrupt %d of the NVIC" % (
        base, sym(base), exc, exc - 16)]
    for i in list(range(1, 16)) + [exc]:
        w = word(base + 4 * i)
        name = NAMES[i] if i < 16 else "IRQ %d" % (i - 16)
        out.append("slot %3d %-13s 0x%08x  %s" % (i, name, w, sym(w & ~1)))
    return "\n".join(out) + "\n"


def call_site():
    """The instruction before nvic_handle_irq's return address: the call."""
    lr = reg("lr") & ~1
    KEPT["lr"] = lr
    return "returns to 0x%08x <%s>\n%s" % (lr, sym(lr), gdb.execute("x/i 0x%x" % (lr - 4),
                                                                     to_string=True))


def bl_target(at):
    """Where the Thumb-2 BL at AT branches (the ARMv7-M encoding T1)."""
    hi, lo = (int(h) for h in gdb.selected_inferior().read_memory(at, 4).cast("H"))
    s, j1, j2 = (hi >> 10) & 1, (lo >> 13) & 1, (lo >> 11) & 1
    off = (s << 24) | ((1 - (j1 ^ s)) << 23) | ((1 - (j2 ^ s)) << 22) | \
        ((hi & 0x3FF) << 12) | ((lo & 0x7FF) << 1)
    return (at + 4 + off - (1 << 25 if s else 0)) & 0xFFFFFFFF


walkthrough(
    Stop("the first interrupt enters the kernel", at="*__irq_entry", show=[table],
         says="""The CPU took the interrupt through the table VTOR points to: slot 16 + the NVIC
         line (here the board's timer), which holds __irq_entry with the Thumb bit set. On
         ARMv7-M there is no vector page to hide: the table is plain kernel data, and the
         hardware pushes r0-r3, r12, lr, pc and xPSR before the first instruction runs.""",
         checks=[("VTOR holds vector_table", lambda: (word(VTOR), sym_addr("vector_table"))),
                 ("the active slot holds __irq_entry, Thumb bit set",
                  lambda: (word(word(VTOR) + 4 * exception()), sym_addr("__irq_entry") | 1))]),
    Stop("__irq_entry calls the NVIC driver", at="*nvic_handle_irq", show=[call_site],
         says="""The call the commit renames: the baseline's entry code called nvic_do_IRQ, which
         the reviewed driver no longer had, and the kernel below this stage does not link. Here
         the bl goes to nvic_handle_irq, and the handler brackets itself with irq_enter() and
         irq_exit().""",
         checks=[("the call comes from __irq_entry",
                  lambda: sym(KEPT["lr"]).startswith("__irq_entry")),
                 ("the bl before the return address branches to nvic_handle_irq (System.map)",
                  lambda: (bl_target(KEPT["lr"] - 4), sym_addr("nvic_handle_irq")))]),
    bases=[])
