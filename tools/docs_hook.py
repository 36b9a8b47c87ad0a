"""mkdocs hook: stage pages show their patches' hunks; hashes and kernel files become links.

A line `{{ hunk 0001 2 }}` in docs/labs/<id>.md becomes a diff block holding hunk 2 of
patches/<id>/0001-*.patch. The build fails (an error, and mkdocs.yml has strict: true) when a
page and its patches disagree, so a patch cannot change under its explanation unnoticed.
In prose, commit hashes link to Linus's tree and kernel source paths to elixir, at the 6.1
release in mkdocs.yml's extra: linux_version. The built site works from disk (file://): the
search index is written as a script too (tools/docs_theme/). Old addresses lead on: each page's
directory address, and a renamed stage's (labs/renamed). Under each hunk the page says whether
the port to each later kernel series (labs/series; patches/<id>/<series>/) makes the same change,
and a paragraph of its own says how it differs where it does. A walkthrough's capture included
alone in a fence (docs/labs/walks/<file>) becomes one tab per kernel series that has it
(docs/labs/walks/<series>/<file>). See docs/engine.md, "The docs".
"""
import html
import json
import logging
import os
import posixpath
import re
from difflib import SequenceMatcher

from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.docs_hook")  # under "mkdocs": strict mode counts it

# {{ hunk 0001 2 }}, or a later series' port's own hunk: {{ hunk 6.12 0001 2 }}
REF = re.compile(r"\{\{ hunk (?:([\w.]+) )?(\d{4}) ([1-9]\d*) \}\}")
LOOKS_LIKE_REF = re.compile(r"^\s*\{\{\s*hunk\b")
HUNK = re.compile(r"@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
HEADING = re.compile(r"#{1,6}\s")
PORT_NOTE = '??? note "Linux {}: how the port differs"'  # collapsed; its paths are not linked

# Links: the shape every generated or hand-written link to these two sites must have.
KORG = "https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id="
ELIXIR = "https://elixir.bootlin.com/linux/v{}/source/"
KORG_LINK = re.compile(re.escape(KORG) + r"[0-9a-f]{9,40}")
ELIXIR_LINK = r"https://elixir\.bootlin\.com/linux/v{}/source/[\w.+-]+(/[\w.+-]+)*(#L\d+)?"
# The same hashes as tools/sources.sh: 9 to 40 hex digits, at least one letter and one digit.
HASH = r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{9,40}"
TOPDIRS = ("arch block certs crypto Documentation drivers fs include init io_uring ipc kernel lib "
           "mm net rust samples scripts security sound tools usr virt").split()
KPATH = r"(?:%s)(?:/[\w+-]+(?:\.[\w+-]+)*)+" % "|".join(TOPDIRS)  # no trailing "." or "/"
PLAIN = re.compile(r"(?<![\w/.:-])(?:(%s)|(%s))(?![\w/-])" % (HASH, KPATH))
# In a code span, all of it: a hash, or a path (a directory may end in "/", a file may have a
# line number, a glob links its directory).
SPAN = re.compile(r"(%s)|((?:%s)(?=/)(?:/[\w+-]+(?:\.[\w+-]+)*)*)(/\S*\*\S*|/)?(?::(\d+))?"
                  % (HASH, "|".join(TOPDIRS)))
# What the linker leaves alone: code spans (checked whole), links, autolinks, HTML, bare URLs.
TOKEN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)|!?\[[^\]]*\]\([^)]*\)|\[[^\]]*\]\[[^\]]*\]"
                   r"|<[^>\s]+>|https?://\S+", re.S)

# An old address: the script keeps the #anchor, the meta refresh works without scripts.
REDIRECT = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{what}</title>
<meta name="robots" content="noindex"><link rel="canonical" href="{url}">
<script>location.replace({js} + location.hash)</script>
<meta http-equiv="refresh" content="0; url={url}"></head>
<body><p>{what}: <a href="{url}">{url}</a></p></body></html>
"""
RENAMED = re.compile(r"([a-z0-9][a-z0-9-]*) ([a-z0-9][a-z0-9-]*)")  # as tools/stages.sh reads it

top = "."  # the repository, set in on_config
version = None  # extra: linux_version of mkdocs.yml
kseries = []  # labs/series' first column: the first series' patches are patches/<id>/*.patch
NOTE = None  # the start of a paragraph that says how a later series' port differs: "6.12: "
seen = set()  # stages whose page was checked: a stage without a page is an error too
pages = set()  # the built pages, as paths in the site: labs/<id>.html
stages = []  # labs/order: each has a learner's page docs/labs/<id>.md, checked by check_template
unconfirmed = set()  # hashes that docs/sources.md does not confirm: not linked


def parse_patch(path):
    """The hunks of one `git format-patch` file, in order: (file name, lines from the @@ line)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    # The message may quote anything; the diff starts after the first "---" line.
    i = lines.index("---") + 1 if "---" in lines else 0
    hunks, name = [], None
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("diff --git "):
            name = line.split(" b/", 1)[-1]
            continue
        m = HUNK.match(line)
        if not (m and name):
            continue
        # Count the lines the header promises, so that a "-- " signature or a line that merely
        # starts like a header is never taken for part of a hunk.
        old, new = int(m.group(1) or 1), int(m.group(2) or 1)
        body = [line]
        while (old > 0 or new > 0) and i < len(lines):
            body.append(lines[i])
            kind = lines[i][:1]
            i += 1
            if kind != "\\":  # a "\ No newline at end of file" line counts for neither side
                old -= kind != "+"
                new -= kind != "-"
        while i < len(lines) and lines[i].startswith("\\"):  # "\ No newline at end of file"
            body.append(lines[i])
            i += 1
        hunks.append((name, body))
    return hunks


def load_series(*folder):
    """{"0001": (patch file name, hunks)} for patches/<stage>[/<series>]/, or None without it."""
    pdir = os.path.join(top, "patches", *folder)
    if not os.path.isdir(pdir):
        return None
    series = {}
    for fname in sorted(os.listdir(pdir)):
        if fname.endswith(".patch"):
            series[fname[:4]] = (fname, parse_patch(os.path.join(pdir, fname)))
    return series


def change(hunk):
    """What a hunk does: its file and its -/+ lines (a port's context and line numbers move)."""
    name, body = hunk
    return name, [line for line in body[1:] if line[:1] in "-+"]


def compare(series, port):
    """How a port's patches differ from the first series', hunk by hunk: (same, under, alone).

    same[p, n] is the port's hunk of patch p that makes the change of hunk n, or None; under[p, n]
    lists, for such a differing hunk, the port's hunks of the same file that match none, each
    going with the differing hunk most like it (10's two hunks each get their own); alone lists
    the port's hunks left over, which the page shows with {{ hunk <series> p m }}.
    """
    same, under, alone = {}, {}, []
    for p in sorted(set(series) | set(port)):
        old = series[p][1] if p in series else []
        new = port[p][1] if p in port else []
        free = list(range(1, len(new) + 1))
        for n, hunk in enumerate(old, 1):
            same[p, n] = next((m for m in free if change(new[m - 1]) == change(hunk)), None)
            if same[p, n]:
                free.remove(same[p, n])
            else:
                under[p, n] = []
        for m in free:
            name, lines = change(new[m - 1])
            near = [n for n in under if n[0] == p and old[n[1] - 1][0] == name]
            if near:  # by characters: a port's changed line rarely equals the first series' line
                alike = [SequenceMatcher(None, "\n".join(change(old[n - 1])[1]),
                                         "\n".join(lines)).ratio() for _, n in near]
                under[near[alike.index(max(alike))]].append(m)
            else:
                alone.append((p, m))
    return same, under, alone


def diff_block(fname, hunks, n, port=None):
    name, body = hunks[n - 1]
    fence = "```"
    while fence in "\n".join(body):  # a longer fence than any run of backticks inside
        fence += "`"
    title = f"{name} ({port + ' ' if port else ''}{fname[:4]}, hunk {n} of {len(hunks)})"
    return ["", f'{fence}diff title="{title}"', *body, fence, ""]


def port_block(port, fname, hunks, ms):
    """A port's hunks ms of one patch, collapsed (pymdownx.details): the page reads as 6.1's."""
    what = "hunk" if len(ms) == 1 else "hunks"
    out = ["", f'??? example "Linux {port}: the port\'s {what}"']
    for m in ms:
        out += ["    " + line if line else line for line in diff_block(fname, hunks, m, port)]
    return out


def show_hunks(markdown, where, series, ports):
    """Replace each hunk reference by its diff block; check that the page shows the series.

    ports: {later series: its patches for this stage, or None where the first series' apply
    unchanged}. Under each hunk the page says what each port does with it: the hook notes "the
    same change", or the page has a paragraph "<series>: ..." that says how the port differs
    (rendered as a note, followed by the port's own hunks of that file).
    """
    cmp = {s: compare(series, port) for s, port in ports.items() if port and series is not None}
    lines, out, fence, shown, shown_port = markdown.split("\n"), [], None, [], []
    section, noted = None, set()  # the hunk (p, n) whose notes may follow, the ports that did

    def close():  # the next hunk or heading: each port that differs here must have said how
        for s, (same, _, _) in cmp.items():
            if section and same[section] is None and s not in noted:
                fname, hunks = series[section[0]]
                log.error(f"{where}: hunk {section[1]} of {fname} differs in the {s} port "
                          f"({s}/): under {{{{ hunk {section[0]} {section[1]} }}}}, add "
                          f"a paragraph '{s}: ...' that says how")
        noted.clear()

    if series is not None and ports and not all(ports.values()):
        same = ", ".join(s for s, port in ports.items() if not port)
        at = next((i + 1 for i, line in enumerate(lines) if line.startswith("# ")), 0)
        lines[at:at] = ["", f'<small class="lab-port">{same}: this stage\'s patches apply '
                        "unchanged.</small>"]
    i = 0
    while i < len(lines):
        line, i = lines[i], i + 1
        m = FENCE.match(line)
        if fence:  # inside a code block: leave it alone (engine.md shows the syntax in one)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            out.append(line)
            continue
        if m:
            fence = m.group(1)
        note = series is not None and (i < 2 or not lines[i - 2].strip()) and NOTE.match(line)
        if note and not m:
            para = [line]
            while i < len(lines) and lines[i].strip() and not (
                    FENCE.match(lines[i]) or HEADING.match(lines[i])
                    or LOOKS_LIKE_REF.match(lines[i])):
                para.append(lines[i])
                i += 1
            out.extend(port_note(where, series, ports, cmp, section, noted, note.group(1), para))
            continue
        if HEADING.match(line):
            close()
            section = None
        if not LOOKS_LIKE_REF.match(line):
            out.append(line)
            continue
        close()
        section = None
        ref = REF.fullmatch(line)
        if not ref:
            log.error(f"{where}: '{line}' is not a hunk reference: write {{{{ hunk 0001 2 }}}}")
        elif series is None:
            log.error(f"{where}: '{line}': this page is not a stage page with patches")
        elif ref.group(1):
            out.extend(port_hunk(where, line, ports, cmp, shown_port, *ref.groups()))
            continue
        elif ref.group(2) not in series:
            log.error(f"{where}: '{line}': no patch {ref.group(2)}-*.patch in this stage")
        else:
            fname, hunks = series[ref.group(2)]
            n = int(ref.group(3))
            if n > len(hunks):
                log.error(f"{where}: '{line}': {fname} has {len(hunks)} hunks")
            elif (ref.group(2), n) in shown:
                log.error(f"{where}: '{line}': hunk shown twice")
            else:
                section = (ref.group(2), n)
                shown.append(section)
                if not shown[:-1] and cmp:  # one line per page, before the first hunk
                    out += [f'<small class="lab-port">Linux {", ".join(cmp)}: each hunk below '
                            "is the same change in the port, unless a note under it says how "
                            "the port differs.</small>", ""]
                out.extend(diff_block(fname, hunks, n))
                continue
        out.append(line)
    close()
    if series is not None:
        want = [(p, n) for p in series for n in range(1, len(series[p][1]) + 1)]
        for p, n in want:
            if (p, n) not in shown:
                fname, hunks = series[p]
                name, body = hunks[n - 1]
                log.error(f"{where}: hunk {n} of {fname} ({name} {body[0].split(' @@')[0]} @@) "
                      f"is not shown: add {{{{ hunk {p} {n} }}}} where the page explains it")
        if shown != [ref for ref in want if ref in shown]:
            log.error(f"{where}: hunks shown out of the series' order: "
                  + ", ".join(f"{p} {n}" for p, n in shown))
    for s, (_, _, alone) in cmp.items():
        for p, m in alone:
            if (s, p, m) not in shown_port:
                fname, hunks = ports[s][p]
                name, body = hunks[m - 1]
                log.error(f"{where}: hunk {m} of {s}/{fname} ({name} {body[0].split(' @@')[0]} "
                          f"@@) is the port's own and not shown: add {{{{ hunk {s} {p} {m} }}}} "
                          "where the page explains it")
    return "\n".join(out)


def port_note(where, series, ports, cmp, section, noted, s, para):
    """A paragraph "<series>: ..." under a hunk that the port changes: a note, then its hunks."""
    head = f"{where}: '{para[0][:40]}...'"
    if section is None:
        log.error(f"{head} is under no hunk: it goes after the {{{{ hunk ... }}}} it is about")
    elif s in noted:
        log.error(f"{head}: a second {s} note under {{{{ hunk {section[0]} {section[1]} }}}}")
    elif not ports[s]:
        log.error(f"{head}: stale: the patches of this stage apply to {s} unchanged "
                  f"(there is no {s}/ port)")
    elif cmp[s][0][section]:
        log.error(f"{head}: stale: hunk {cmp[s][0][section]} of {s}/{series[section[0]][0]} "
                  f"makes the same change as {{{{ hunk {section[0]} {section[1]} }}}}")
    else:
        noted.add(s)
        fname, hunks = ports[s][section[0]] if section[0] in ports[s] else (None, None)
        text = [para[0][len(s) + 1:].lstrip()] + para[1:]
        text[0] = text[0][:1].upper() + text[0][1:]  # "6.12: the ..." under the title "Linux 6.12"
        out = ["", PORT_NOTE.format(s), ""] + ["    " + line for line in text] + [""]
        ms = cmp[s][1][section]
        return out + (port_block(s, fname, hunks, ms) + [""] if ms else [])
    noted.add(s)
    return para


def port_hunk(where, line, ports, cmp, shown_port, s, p, m):
    """{{ hunk <series> p m }}: a port's hunk that goes with no hunk of the first series."""
    m, port = int(m), ports.get(s)
    if s not in ports:
        log.error(f"{where}: '{line}': labs/series has no later series {s}")
    elif not port or p not in port:
        log.error(f"{where}: '{line}': no patch {s}/{p}-*.patch in this stage")
    elif m > len(port[p][1]):
        log.error(f"{where}: '{line}': {s}/{port[p][0]} has {len(port[p][1])} hunks")
    elif (s, p, m) in shown_port:
        log.error(f"{where}: '{line}': hunk shown twice")
    elif (p, m) not in cmp[s][2]:
        log.error(f"{where}: '{line}': that hunk goes with a hunk of the {kseries[0]} patches, "
                  f"under which the page shows it (or says it is the same change)")
    else:
        shown_port.append((s, p, m))
        return port_block(s, port[p][0], port[p][1], [m]) + [""]
    return [line]


# The learner's pages besides the stage pages: what they show runs as the learner (no engine).
LEARNER_PAGES = {"index.md", "glossary.md", "capstone.md", "checklist.md", "tmpfile-bug.md",
                 "reviewing.md"}
# What a learner runs; every other goal of the Makefile is the engine's or the maintainer's.
LEARNER_GOALS = set("run walk debug gdb grade replay tree help docs docs-serve where container "
                    "kernels-import repro bisect".split())
CARD = ("Goal", "Before this", "Difficulty and time", "Review first")
BOX = re.compile(r"\?\?\?\+? ")  # a collapsed box: what is inside is for who opens it


def open_lines(markdown):
    """The page's lines outside collapsed boxes, as (line number, line), code blocks included."""
    inside = False
    for n, line in enumerate(markdown.split("\n"), 1):
        if BOX.match(line):
            inside = True
        elif line.strip() and not line.startswith(("    ", "\t")):
            inside = False
        if not inside:
            yield n, line


def check_commands(markdown, where):
    """No engine command where a learner reads: in code spans and code blocks outside boxes."""
    fence = None
    for n, line in open_lines(markdown):
        m = FENCE.match(line)
        if m:
            fence = None if fence and m.group(1)[0] == fence[0] else fence or m.group(1)
            continue
        found = re.findall(r"^\s*(?:\$ )?make\s+(.*)", line) if fence else \
            re.findall(r"`make\s+([^`]*)`", line)
        for args in found:
            goal = next((w for w in args.split() if "=" not in w and not w.startswith("-")), "")
            if goal and goal not in LEARNER_GOALS and re.fullmatch(r"[a-z][\w-]*", goal):
                log.error(f"{where}:{n}: 'make {goal}' is not a learner's command: in a "
                          "collapsed box (??? ...) if the page needs it at all")


def card_time(stage):
    """'moderate · about 60 min' from the card of docs/labs/<stage>.md, or None."""
    with open(os.path.join(top, "docs", "labs", stage + ".md"), encoding="utf-8") as f:
        m = re.search(r"\*\*Difficulty and time:\*\* (easy|moderate|hard) · about (\d+) minutes",
                      f.read())
    return m and f"{m[1]} · about {m[2]} min"


def check_stage_list(markdown, where):
    """The index lists every stage of labs/order, in order, with its card's difficulty and time:
    the card is where they are written, the index's list is checked against it."""
    listed = re.findall(r"^- \[([\w-]+)\]\(labs/\1\.md\): (.*)", markdown, re.M)
    if [s for s, _ in listed] != stages:
        log.error(f"{where}: its stage list is not labs/order: {[s for s, _ in listed]}")
    for s, rest in listed:
        want = card_time(s) if s in stages else None
        if want and not rest.startswith(want):
            log.error(f"{where}: {s} says '{rest[:30]}...', its card '{want}'")


def check_template(markdown, where, stage):
    """A stage page: the card, then See it, Your turn (with make grade), Done when, and last the
    collapsed "Sources and ports" (docs/engine.md, "The stage page")."""
    lines = markdown.split("\n")
    heads = {line[3:].strip(): n for n, line in enumerate(lines) if line.startswith("## ")}
    card = next((n for n, line in enumerate(lines) if line.startswith('!!! abstract "Stage card"')),
                None)
    if card is None:
        log.error(f'{where}: no card: !!! abstract "Stage card" under the title')
    else:
        body = []
        for line in lines[card + 1:]:
            if line.strip() and not line.startswith("    "):
                break
            body.append(line.strip())
        for field in CARD:
            if not any(b.startswith(f"**{field}:**") for b in body):
                log.error(f"{where}: the card has no '**{field}:**' paragraph")
    want = ["See it", "Your turn", "Done when"]
    for h in want:
        if h not in heads:
            log.error(f"{where}: no section '## {h}'")
    at = [heads[h] for h in want if h in heads]
    if at != sorted(at) or (card is not None and at and card > at[0]):
        log.error(f"{where}: the card, '## See it', '## Your turn' and '## Done when' go in "
                  "that order")
    if "Your turn" in heads:
        turn = lines[heads["Your turn"]:min([n for n in heads.values() if n > heads["Your turn"]]
                                          or [len(lines)])]
        if not any(re.search(rf"\bmake grade STAGE={re.escape(stage)}\b", t) for t in turn):
            log.error(f"{where}: '## Your turn' does not give 'make grade STAGE={stage}'")
    if "Done when" in heads:
        rest = lines[heads["Done when"] + 1:]
        end = next((n for n, t in enumerate(rest) if t.startswith(("#", "???"))), len(rest))
        if not any(re.match(r"[-*] ", t) for t in rest[:end]):
            log.error(f"{where}: '## Done when' has no list to tick")
    # A page that names its stage below names labs/order's.
    below = stages[stages.index(stage) - 1] if stages.index(stage) else "pristine"
    for named in re.findall(r"\*\*Stage below:\*\*\s+([\w-]+)", markdown):
        if named != below:
            log.error(f"{where}: 'Stage below: {named}', but labs/order puts {below} below it")
    boxes = [n for n, line in enumerate(lines) if line.startswith('??? info "Sources and ports"')]
    if len(boxes) != 1:
        log.error(f'{where}: {len(boxes)} boxes ??? info "Sources and ports", not one')
    elif "Done when" in heads and boxes[0] < heads["Done when"]:
        log.error(f'{where}: ??? info "Sources and ports" goes last, after "## Done when"')


def kernel_url(path, line=None):
    """elixir's page for a path of the kernel tree, or None for one of the lab's own (tools/)."""
    if path.endswith((".o", ".ko")) or os.path.exists(os.path.join(top, *path.split("/")[:2])):
        return None
    return ELIXIR.format(version) + path + (f"#L{line}" if line else "")


def commit_url(h):
    return None if any(h.startswith(u) or u.startswith(h) for u in unconfirmed) else KORG + h


def link_plain(text, paths=True):
    def link(m):
        url = commit_url(m.group(1)) if m.group(1) else paths and kernel_url(m.group(2))
        return f"[{m.group(0)}]({url})" if url else m.group(0)
    return PLAIN.sub(link, text)


def link_token(m, paths=True):
    """A code span that is exactly a hash or a kernel path becomes a link; the rest stays."""
    span = m.group(2) and SPAN.fullmatch(m.group(2).strip())
    if not span:
        return m.group(0)
    url = commit_url(span.group(1)) if span.group(1) else (
        paths and kernel_url(span.group(2), span.group(4)))
    return f"[{m.group(0)}]({url})" if url else m.group(0)


def link_prose(markdown):
    """Link hashes and kernel paths in each paragraph, outside code blocks and headings."""
    out, para, fence, paths = [], [], None, True
    notes = [PORT_NOTE.format(s) for s in kseries[1:]]

    def flush():  # a whole paragraph at once: a code span may run over a line break
        text, pos, linked = "\n".join(para), 0, []
        for m in TOKEN.finditer(text):
            linked += [link_plain(text[pos:m.start()], paths), link_token(m, paths)]
            pos = m.end()
        if para:
            out.extend(("".join(linked) + link_plain(text[pos:], paths)).split("\n"))
        para.clear()

    for line in markdown.split("\n"):
        m = FENCE.match(line)
        if not fence and line[:1].strip():  # at the margin: a later series' note starts or ends
            flush()
            # Its paths are that series' files, which elixir's 6.1 release may not have.
            paths = line not in notes
        if fence or m or not line.strip() or re.match(r"\s*(#|!!!|\?\?\?|\[[^\]]+\]:)", line):
            flush()  # code, blank line, heading, admonition title, link definition: as they are
            if fence and m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            elif not fence and m:
                fence = m.group(1)
            out.append(line)
        else:
            para.append(line)
    flush()
    return "\n".join(out)


def check_links(html, where):
    """Every link to git.kernel.org or elixir has the shape above, at the configured version."""
    for url in re.findall(r'href="([^"]*)"', html):
        if "git.kernel.org" in url and not KORG_LINK.fullmatch(url):
            log.error(f"{where}: {url}: commit links go to {KORG}<hash>")
        if "elixir.bootlin.com" in url and not re.fullmatch(
                ELIXIR_LINK.format(re.escape(version)), url):
            log.error(f"{where}: {url}: file links go to {ELIXIR.format(version)}<path>")


def on_config(config):
    global top, version, kseries, NOTE
    top = os.path.dirname(os.path.abspath(config["config_file_path"]))
    with open(os.path.join(top, "labs", "series"), encoding="utf-8") as f:
        kseries = [line.split()[0] for line in f if line.strip() and not line.startswith("#")]
    NOTE = re.compile(r"(%s): " % "|".join(map(re.escape, kseries[1:])) if kseries[1:] else "$^")
    with open(os.path.join(top, "labs", "order"), encoding="utf-8") as f:
        stages[:] = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    # A hash docs/sources.md marks "not confirmed" in its table is named, never linked.
    with open(os.path.join(top, "docs", "sources.md"), encoding="utf-8") as f:
        unconfirmed.clear()
        unconfirmed.update(re.findall(r"^\| `([0-9a-f]{9,40})` .*not confirmed", f.read(), re.M))
    navs = re.findall(r"labs/([\w-]+)\.md", json.dumps(config["nav"]))
    if [n for n in navs if n in stages] != stages:
        log.error(f"mkdocs.yml: nav's stage pages are not in labs/order's order: {navs}")
    version = str(config["extra"].get("linux_version", ""))
    if not re.fullmatch(re.escape(kseries[0]) + r"\.\d+", version):
        log.error(f"mkdocs.yml: extra: linux_version is '{version}', not {kseries[0]}.N")
    seen.clear()
    pages.clear()
    return config


# A fence holding only a walkthrough's capture of the first series.
WALK_FENCE = re.compile(r'^( *)```\n\1--8<-- "docs/labs/walks/([\w.-]+\.txt)"\n\1```$', re.M)


def series_tabs(markdown):
    """Each walkthrough capture in a tab per series that has one, when a later series has
    another; a series whose capture is the same is named under the block."""
    def read(path):
        with open(os.path.join(top, path), encoding="utf-8") as f:
            return f.read()

    def tabs(m):
        ind, name = m[1], m[2]
        first = read(f"docs/labs/walks/{name}")
        found = [(s, f"docs/labs/walks/{s}/{name}") for s in kseries[1:]]
        # A series with captures but not this one: the manifest's UNSTABLE keeps the run out.
        none = [s for s, p in found if os.path.isdir(os.path.join(top, os.path.dirname(p))) and
                not os.path.exists(os.path.join(top, p))]
        found = [(s, p) for s, p in found if os.path.exists(os.path.join(top, p))]
        same = [s for s, p in found if read(p) == first]
        found = [(s, p) for s, p in found if s not in same]
        notes = "".join(f"\n\n{ind}Linux {s} shows the same, line for line." for s in same) + \
            "".join(f"\n\n{ind}Linux {s}: no capture, as the lab runs no walkthrough on this "
                    "kernel there (it is not stable on that series)." for s in none)
        if not found:
            return m[0] + notes
        return "\n\n".join(f'{ind}=== "Linux {s}"\n\n{ind}    ```\n{ind}    --8<-- "{p}"\n'
                             f'{ind}    ```'
                             for s, p in [(kseries[0], f"docs/labs/walks/{name}")] + found) + notes
    return WALK_FENCE.sub(tabs, markdown)


def on_page_markdown(markdown, page, config, files):
    uri = page.file.src_uri
    name = uri[len("labs/"):-len(".md")] if re.fullmatch(r"labs/[^/]+\.md", uri) else None
    # A stage's hunks are on its page, or on a page of their own, labs/<id>-patches.md.
    stage = name[:-len("-patches")] if name and name.endswith("-patches") else name
    if name in stages:
        check_template(markdown, "docs/" + uri, name)
    if name in stages and os.path.exists(os.path.join(top, "docs", "labs", name + "-patches.md")):
        stage = None
    if uri == "index.md":
        check_stage_list(markdown, "docs/" + uri)
    if uri in LEARNER_PAGES or name in stages:
        check_commands(markdown, "docs/" + uri)
    series = load_series(stage) if stage else None
    ports = {s: load_series(stage, s) for s in kseries[1:]} if series is not None else {}
    if stage and series is not None:
        seen.add(stage)
    return series_tabs(link_prose(show_hunks(markdown, "docs/" + uri, series, ports)))


def on_page_content(html, page, config, files):
    check_links(html, "docs/" + page.file.src_uri)
    pages.add(page.file.dest_uri)
    return html


def redirect(site, old, new, what):
    """A page at the old address (a path in the site) that leads on to the page new."""
    if old in pages:
        log.error(f"{old}: an old address of {new}, but a page of the site is there")
        return
    url = posixpath.relpath(new, posixpath.dirname(old))
    os.makedirs(os.path.dirname(os.path.join(site, old)), exist_ok=True)
    with open(os.path.join(site, old), "w", encoding="utf-8") as f:
        f.write(REDIRECT.format(what=html.escape(what), url=html.escape(url), js=json.dumps(url)))


def renamed_stages():
    """labs/renamed as {old id: the id it has now}, following an id renamed again."""
    with open(os.path.join(top, "labs", "renamed"), encoding="utf-8") as f:
        new = dict(m.groups() for m in map(RENAMED.fullmatch, f.read().split("\n")) if m)
    now = {}
    for old in new:
        now[old] = new[old]
        for _ in new:  # at most one step per line: a loop stops here, and fails below
            now[old] = new.get(now[old], now[old])
    return now


@event_priority(-100)  # after the search plugin has written its index
def on_post_build(config):
    site = config["site_dir"]
    # From file://, browsers refuse to fetch the index but run scripts: the same JSON as a script
    # (tools/docs_theme/assets/javascripts/file-search.js loads it; mkdocs-material 9.6, Debian
    # 13's, loads it itself and reads the global __index).
    with open(os.path.join(site, "search", "search_index.json"), encoding="utf-8") as f:
        index = f.read()
    with open(os.path.join(site, "search", "search_index.js"), "w", encoding="utf-8") as f:
        f.write(f"var __index = {index};\nwindow.__lab_search_index = __index;\n")
    # Links into the docs never break: a page's directory address (labs/<id>/, as the site
    # had them before use_directory_urls: false) and a renamed stage's old ones lead on.
    for page in sorted(pages):
        if posixpath.basename(page) != "index.html":
            redirect(site, page[:-len(".html")] + "/index.html", page, f"Now at {page}")
    for old, now in renamed_stages().items():
        if f"labs/{now}.html" not in pages:
            log.error(f"labs/renamed: {old} is now {now}, which has no page docs/labs/{now}.md")
            continue
        for path in (f"labs/{old}.html", f"labs/{old}/index.html"):
            redirect(site, path, f"labs/{now}.html", f"Stage {old} is now {now}")
    for stage in sorted(os.listdir(os.path.join(top, "patches"))):
        if stage not in seen and os.path.isdir(os.path.join(top, "patches", stage)):
            log.error(f"patches/{stage}/: no page docs/labs/{stage}.md shows its hunks")
