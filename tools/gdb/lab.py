# SPDX-License-Identifier: GPL-2.0
# gdb commands of the 3.11 review lab (32-bit ARM, short-descriptor page tables), under one
# prefix so that they meet neither the kernel's lx- commands nor GEF's or pwndbg's:
#   lab vectors      decode the 8 exception vectors at 0xffff0000, targets as symbols
#   lab stubs        where each vector stub lives, its handler table, the SWI literal
#   lab pte ADDR     walk the page tables for ADDR: descriptor bits and who may read it
#   lab sigpage      the current task's signal return code: [sigpage] or the vectors page
#   lab kuser        the kuser helpers at the top of the vectors page and their version word
#   lab fiq          where a FIQ handler goes (vector_fiq_offset) and what is there now
# and functions for expressions, as the kernel's $lx_current():
#   $lab_current()   the current task (a struct task_struct *)
#   $lab_sigpage()   where the current task's signals return (its [sigpage], or 0xffff0500)
#   $lab_fiq()       where set_fiq_handler() writes on this kernel
import os

import gdb

VECTORS = 0xFFFF0000
SLOTS = ["reset", "undef", "swi", "pabt", "dabt", "addrexcptn", "irq", "fiq"]
STUBS = ["vector_rst", "vector_irq", "vector_dabt", "vector_pabt", "vector_und",
         "vector_addrexcptn", "vector_fiq"]
MOVS_PC_LR = 0xE1B0F00E


def word(addr):
    return int(gdb.selected_inferior().read_memory(addr, 4).cast("I")[0])


def sym(addr):
    out = gdb.execute("info symbol 0x%x" % addr, to_string=True).strip()
    if out.startswith("No symbol"):
        return "?"
    name = out.split(" in section")[0].replace(" + ", "+")
    return name


def sym_addr(name):
    try:
        return int(gdb.parse_and_eval("(unsigned int)&%s" % name))
    except gdb.error:
        return None


def decode(pc, insn):
    """(text, branch target or None, literal address or None) of one ARM instruction."""
    if insn & 0x0F000000 == 0x0A000000:
        off = ((insn & 0xFFFFFF) ^ 0x800000) - 0x800000
        t = (pc + 8 + off * 4) & 0xFFFFFFFF
        return "b     0x%08x <%s>" % (t, sym(t)), t, None
    if insn & 0x0F7FF000 == 0x051FF000:
        imm = insn & 0xFFF
        lit = pc + 8 + imm if insn & (1 << 23) else pc + 8 - imm
        return "ldr   pc, [pc, #%s0x%x]" % ("" if insn & (1 << 23) else "-", imm), None, lit
    if insn & 0x0F000000 == 0x0F000000:
        return "svc   0x%06x" % (insn & 0xFFFFFF), None, None
    return "(not a b/ldr pc/svc)", None, None


class Vectors(gdb.Command):
    """Decode the eight exception vectors at 0xffff0000."""

    def __init__(self):
        super().__init__("lab vectors", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        for i, name in enumerate(SLOTS):
            pc = VECTORS + 4 * i
            insn = word(pc)
            text, _, lit = decode(pc, insn)
            line = "0x%08x  %-10s %08x  %s" % (pc, name, insn, text)
            if lit is not None:
                where = page_of(lit)
                try:
                    v = word(lit)
                    line += "  ; literal 0x%08x (%s) = 0x%08x <%s>" % (lit, where, v, sym(v))
                except gdb.MemoryError:
                    line += "  ; literal 0x%08x unreadable" % lit
            gdb.write(line + "\n")


def page_of(addr):
    if addr & 0xFFFFF000 == VECTORS:
        return "vector page"
    if addr & 0xFFFFF000 == VECTORS + 0x1000:
        return "stubs page"
    return "elsewhere"


class Stubs(gdb.Command):
    """Where the vector stubs live, with their handler tables (USR and SVC entries)."""

    def __init__(self):
        super().__init__("lab stubs", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        addrs = {n: sym_addr(n) for n in STUBS}
        starts = sorted(a for a in addrs.values() if a is not None)
        for name in STUBS:
            a = addrs[name]
            if a is None:
                gdb.write("%-18s (not in this kernel)\n" % name)
                continue
            line = "%-18s 0x%08x  %-12s %s" % (name, a, page_of(a), access(a))
            # The handler table follows the stub's 'movs pc, lr', before the next stub.
            end = min([b for b in starts if b > a] + [a + 0x60])
            for off in range(0, end - a, 4):
                if word(a + off) == MOVS_PC_LR:
                    tab = a + off + 4
                    line += "\n%18s table 0x%08x: usr <%s>, svc <%s>" % (
                        "", tab, sym(word(tab)), sym(word(tab + 12)))
                    break
            gdb.write(line + "\n")
        _, _, lit = decode(VECTORS + 8, word(VECTORS + 8))
        if lit is not None:
            gdb.write("swi literal        0x%08x  %-12s %s = <%s>\n" % (
                lit, page_of(lit), access(lit), sym(word(lit))))


AP = {0: ("none", "none"), 1: ("read-write", "none"), 2: ("read-write", "read"),
      3: ("read-write", "read-write"), 4: ("none", "none"), 5: ("read", "none"),
      6: ("read", "read"), 7: ("read", "read")}


def pv_offset():
    """Physical minus virtual for the linear map (readable once the MMU is on)."""
    try:
        return int(gdb.parse_and_eval("__pv_offset")) & 0xFFFFFFFF
    except gdb.error:
        return (0x40000000 - 0xC0000000) & 0xFFFFFFFF


def phys_to_virt(p):
    return (p - pv_offset()) & 0xFFFFFFFF


def virt_to_phys(v):
    return (v + pv_offset()) & 0xFFFFFFFF


def pgd_base(addr):
    if addr < 0xC0000000:
        try:
            mm = current()["mm"]
            if int(mm):
                return int(mm["pgd"]), "current->mm->pgd"
        except gdb.error:
            pass
    return int(gdb.parse_and_eval("(unsigned int)&swapper_pg_dir")), "swapper_pg_dir"


def walk(addr):
    """dict describing the translation of addr, or None if it is not mapped."""
    base, which = pgd_base(addr)
    l1a = base + (addr >> 20) * 4
    l1 = word(l1a)
    r = {"pgd": which, "l1_addr": l1a, "l1": l1, "domain": (l1 >> 5) & 0xF}
    if l1 & 3 == 2:
        ap = ((l1 >> 13) & 4) | ((l1 >> 10) & 3)
        r.update(kind="section", desc=l1, ap=ap, xn=(l1 >> 4) & 1)
        return r
    if l1 & 3 != 1:
        return None
    hwa = phys_to_virt(l1 & 0xFFFFFC00) + ((addr >> 12) & 0xFF) * 4
    hw = word(hwa)
    if hw & 2 == 0:
        return None
    ap = ((hw >> 7) & 4) | ((hw >> 4) & 3)
    r.update(kind="small page", desc=hw, desc_addr=hwa, ap=ap, xn=hw & 1,
             linux=word(hwa - 2048))
    return r


def access(addr):
    r = walk(addr)
    if r is None:
        return "not mapped"
    k, u = AP[r["ap"]]
    return "user %s, kernel %s%s" % (u, k, ", no-exec" if r["xn"] else "")


class Pte(gdb.Command):
    """pte ADDR: walk the two-level page tables and say who may read ADDR."""

    def __init__(self):
        super().__init__("lab pte", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        if not arg:
            raise gdb.GdbError("usage: pte ADDR")
        addr = int(gdb.parse_and_eval(arg)) & 0xFFFFFFFF
        r = walk(addr)
        if r is None:
            gdb.write("0x%08x: not mapped\n" % addr)
            return
        gdb.write("0x%08x: L1 0x%08x at 0x%08x (%s), domain %d\n" % (
            addr, r["l1"], r["l1_addr"], r["pgd"], r["domain"]))
        gdb.write("  %s descriptor 0x%08x: AP[2:0]=%d%d%d XN=%d\n" % (
            r["kind"], r["desc"], r["ap"] >> 2, (r["ap"] >> 1) & 1, r["ap"] & 1, r["xn"]))
        if "linux" in r:
            lx = r["linux"]
            flags = [n for b, n in ((7, "RDONLY"), (8, "USER"), (9, "XN")) if lx & (1 << b)]
            gdb.write("  Linux pte 0x%08x: %s\n" % (lx, " ".join(flags) or "-"))
        gdb.write("  %s\n" % access(addr))


def current():
    """The running task. scripts/gdb's $lx_current() has no 32-bit ARM support. ARMv7
    kernels keep it in TPIDRURO while in the kernel, and in the per-CPU __entry_task, which
    on a uniprocessor kernel is a plain variable; older CPUs use the variable __current."""
    for name in ("__entry_task", "__current"):
        try:
            return gdb.parse_and_eval(name)
        except gdb.error:
            pass
    raise gdb.GdbError("cannot find the current task in this kernel")


def sigreturn_code():
    """(address of the code the kernel returns signals through, where it lives)."""
    base = int(current()["mm"]["context"]["sigpage"])
    off = sym_addr("signal_return_offset")
    if base and off is not None:
        return base + word(off), ("[sigpage] at 0x%08x + signal_return_offset 0x%x"
                                  % (base, word(off)))
    return VECTORS + 0x500, "vectors page (KERN_SIGRETURN_CODE)"


SIGRETURN_NAMES = ["sigreturn (ARM)", "", "sigreturn (Thumb)",
                   "rt_sigreturn (ARM)", "", "rt_sigreturn (Thumb)"]


class Sigpage(gdb.Command):
    """Where the current task's signals return: [sigpage] (48be69a026b2) or 0xffff0500."""

    def __init__(self):
        super().__init__("lab sigpage", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        task = current()
        code, where = sigreturn_code()
        gdb.write("task %s (pid %d): mm->context.sigpage = 0x%08x\n" % (
            task["comm"].string(), int(task["pid"]), int(task["mm"]["context"]["sigpage"])))
        gdb.write("signal return code at 0x%08x, in the %s; %s\n" % (code, where, access(code)))
        for i, name in enumerate(SIGRETURN_NAMES):
            try:
                gdb.write("  0x%08x  %08x  %s\n" % (code + 4 * i, word(code + 4 * i), name))
            except gdb.MemoryError:
                gdb.write("  0x%08x  (not mapped in this task yet)\n" % (code + 4 * i))
                break


KUSER = [(0xFFFF0F60, "__kuser_cmpxchg64"), (0xFFFF0FA0, "__kuser_memory_barrier"),
         (0xFFFF0FC0, "__kuser_cmpxchg"), (0xFFFF0FE0, "__kuser_get_tls")]
POISON = 0xE7FDDEF1


class Kuser(gdb.Command):
    """The kuser helpers and __kuser_helper_version, as user space would call them."""

    def __init__(self):
        super().__init__("lab kuser", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        linked = sym_addr("__kuser_helper_start") is not None
        gdb.write("kernel built with kuser helpers: %s; page 0xffff0000: %s\n" % (
            "yes" if linked else "no", access(VECTORS)))
        v = word(0xFFFF0FFC)
        gdb.write("  0xffff0ffc  %08x  __kuser_helper_version%s\n" % (
            v, " (poison: no helpers)" if v == POISON else " = %d helpers" % v))
        for addr, name in KUSER:
            w = word(addr)
            gdb.write("  0x%08x  %08x  %s%s\n" % (addr, w, name,
                                                    " (poison)" if w == POISON else ""))


class Fiq(gdb.Command):
    """Where set_fiq_handler() writes (vector_fiq_offset), and the words there now."""

    def __init__(self):
        super().__init__("lab fiq", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        at = fiq_address()
        gdb.write("FIQ handler goes to 0x%08x (%s), %s; %s\n" % (
            at, "vector_fiq_offset" if at != VECTORS + 0x1C else "the FIQ vector itself",
            page_of(at), access(at)))
        for i in range(4):
            w = word(at + 4 * i)
            gdb.write("  0x%08x  %08x  %s\n" % (at + 4 * i, w, decode(at + 4 * i, w)[0]))


def fiq_address():
    """Where this kernel's set_fiq_handler() copies a handler."""
    off = sym_addr("vector_fiq_offset")
    return VECTORS + (off if off is not None else 0x1C)


class Lab(gdb.Command):
    """The 3.11 review lab's commands: lab vectors, stubs, pte ADDR, sigpage, kuser, fiq.
Each has its own help (help lab vectors). Functions: $lab_current(), $lab_sigpage(), $lab_fiq()."""

    def __init__(self):
        super().__init__("lab", gdb.COMMAND_DATA, prefix=True)


class Function(gdb.Function):
    """A lab function of no argument: $lab_NAME() is GET()."""

    def __init__(self, name, get, doc):
        self.__doc__ = doc
        super().__init__(name)
        self.get = get

    def invoke(self):
        return self.get()


Lab()
Function("lab_current", current, "The current task, a struct task_struct *.")
Function("lab_sigpage", lambda: sigreturn_code()[0],
         "Where the current task's signals return: its [sigpage], or 0xffff0500.")
Function("lab_fiq", fiq_address, "Where set_fiq_handler() writes a FIQ handler on this kernel.")
Vectors()
Stubs()
Pte()
Sigpage()
Kuser()
Fiq()


# The batch tests' tally and their parts (tools/gdb/parts.py), beside this file.
gdb.execute("source " + os.path.join(os.path.dirname(os.path.abspath(__file__)), "parts.py"))
