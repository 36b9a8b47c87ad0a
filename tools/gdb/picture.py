# SPDX-License-Identifier: GPL-2.0
# A picture of the high pages (vectors at 0xffff0000, stubs at 0xffff1000) and of the
# signal page, read from a live guest just before it powers off (after its tests ran):
# which words hold what, and who may read them. Only what is the same on every boot is
# printed: the signal page's base and offset are random, so they appear as names.
# Writes the picture to the file named by the environment variable PICTURE.
import os

import gdb

POISON = 0xE7FDDEF1


def classify(page, words, regions, text):
    """One label per word: a known region, poison, a kernel text pointer, or other data."""
    labels = []
    for i, w in enumerate(words):
        addr = page + 4 * i
        label = next((n for s, e, n in regions if s <= addr < e), None)
        if label is None:
            label = "poison" if w == POISON else "zero" if w == 0 else \
                "kernel text pointer" if text[0] <= w < text[1] else "other data"
        labels.append(label)
    return labels


def runs(labels):
    out, start = [], 0
    for i in range(1, len(labels) + 1):
        if i == len(labels) or labels[i] != labels[start]:
            out.append((start * 4, i * 4 - 1, labels[start]))
            start = i
    return out


def draw(title, base, words, regions, text, who, offset_name=None):
    lines = ["%s: %s" % (title, who)]
    for s, e, label in runs(classify(base, words, regions, text)):
        if offset_name and label != "poison":
            lines.append("  %-28s  %s" % (offset_name, label))
        else:
            lines.append("  +0x%03x..+0x%03x  %-14s  %s"
                         % (s, e, "%d words" % ((e - s + 1) // 4), label))
    return lines


def page_words(base):
    """The page's 1024 words in one read (a word at a time costs a round trip each)."""
    try:
        return list(gdb.selected_inferior().read_memory(base, 4096).cast("I"))
    except gdb.MemoryError:
        return None


def lowmem_of(page_ptr):
    """Kernel address of a struct page's memory (FLATMEM, ARM_PATCH_PHYS_VIRT)."""
    mem_map = int(gdb.parse_and_eval("(unsigned long)mem_map"))
    size = int(gdb.parse_and_eval("sizeof(struct page)"))
    pfn = (page_ptr - mem_map) // size + int(gdb.parse_and_eval("__pv_phys_pfn_offset"))
    return phys_to_virt(pfn << 12)


def picture():
    text = (sym_addr("_stext"), sym_addr("_etext"))
    fiq = fiq_address()
    regions = [(VECTORS, VECTORS + 0x20, "exception vectors")]
    if word(fiq) == 0xE25EF004:		# subs pc, lr, #4: a handler set_fiq_handler() put there
        regions.insert(0, (fiq, fiq + 12, "FIQ handler (fiqmark.ko)"))
    # .stubs is linked at its run-time address; __stubs_start/_end bound its load image.
    first = min(a for a in (sym_addr(n) for n in STUBS) if a is not None) & ~0x1F
    regions.append((first, first + sym_addr("__stubs_end") - sym_addr("__stubs_start"),
                    "vector stubs"))
    ks, ke = sym_addr("__kuser_helper_start"), sym_addr("__kuser_helper_end")
    if ks is not None:		# linked in .text, copied to the top of the page
        regions.append((VECTORS + 0x1000 - (ke - ks), VECTORS + 0x1000, "kuser helpers"))
    codes = sym_addr("sigreturn_codes")
    codes_words = [word(codes + 4 * i) for i in range(17)] if codes else []
    out = []
    for base, title in ((VECTORS, "0xffff0000 vectors page"),
                        (VECTORS + 0x1000, "0xffff1000 stubs page")):
        words = page_words(base)
        if words is None:
            out.append("%s: not mapped" % title)
            continue
        page_regions = list(regions)
        for off in range(0, 4096 - 68, 4):	# the sigreturn code, wherever it was copied
            if codes_words and words[off // 4:off // 4 + 17] == codes_words:
                page_regions.append((base + off, base + off + 68, "sigreturn code (17 words)"))
        out += draw(title, base, words, page_regions, text, access(base))
    sp = sym_addr("signal_page")
    page_ptr = word(sp) if sp is not None else 0
    if not page_ptr:
        out.append("[sigpage]: none in this kernel")
    else:
        base = lowmem_of(page_ptr)
        words = page_words(base)
        off = word(sym_addr("signal_return_offset"))
        rest = [w for i, w in enumerate(words) if not off <= 4 * i < off + 68]
        out.append("[sigpage] at a random address per process: user read and execute")
        out.append("  %-28s  %s" % ("+signal_return_offset", "sigreturn code (17 words)"
                                    if words[off // 4:off // 4 + 17] == codes_words
                                    else "not the sigreturn code"))
        out.append("  %-28s  %s" % ("elsewhere", "poison" if all(w == POISON for w in rest)
                                    else "not poisoned: whatever the page held"))
    return "\n".join(out) + "\n"


def picture_part():
    """The picture, at the guest's power-off (where a walk may stand already), to PICTURE."""
    if gdb.selected_frame().name() != "kernel_power_off":
        gdb.execute("break kernel_power_off", to_string=True)
        yield
    text_out = picture()
    with open(os.environ["PICTURE"], "w") as f:
        f.write(text_out)
    gdb.write(text_out)
    report("picture")


part(picture_part)
