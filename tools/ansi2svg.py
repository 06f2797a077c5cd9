#!/usr/bin/env python3
"""Draws a terminal capture (`tmux capture-pane -p -e`) as an SVG, to look at colours as a person
would see them on a light or a dark terminal. A checking tool for developers, not a product
feature (`locflow shot` draws the explorer's own frames).

usage: tools/ansi2svg.py CAPTURE.ansi -o OUT.svg [--theme dark|light] [--cols N]
Then: rsvg-convert OUT.svg -o OUT.png
"""
import argparse, re, sys, unicodedata
from xml.sax.saxutils import escape

THEMES = {"dark": ("#d0d0d0", "#1c1c1c"), "light": ("#202020", "#fbfbf8")}
BASE16 = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
          "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]


def xterm(n):
    if n < 16:
        return BASE16[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    v = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (v, v, v)


def width(ch):
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def parse(text):
    """Rows of cells (char, fg, bg, bold, dim, reverse); colours None = the terminal's own."""
    rows = []
    fg = bg = None
    bold = dim = rev = False
    for line in text.split("\n"):
        cells = []
        i = 0
        while i < len(line):
            m = re.match(r"\x1b\[([0-9;]*)m", line[i:])
            if m:
                codes = [int(c) if c else 0 for c in m.group(1).split(";")]
                k = 0
                while k < len(codes):
                    c = codes[k]
                    if c == 0: fg = bg = None; bold = dim = rev = False
                    elif c == 1: bold = True
                    elif c == 2: dim = True
                    elif c == 22: bold = dim = False
                    elif c == 7: rev = True
                    elif c == 27: rev = False
                    elif c == 39: fg = None
                    elif c == 49: bg = None
                    elif 30 <= c <= 37: fg = BASE16[c - 30]
                    elif 40 <= c <= 47: bg = BASE16[c - 40]
                    elif 90 <= c <= 97: fg = BASE16[c - 90 + 8]
                    elif 100 <= c <= 107: bg = BASE16[c - 100 + 8]
                    elif c in (38, 48) and k + 2 < len(codes) and codes[k + 1] == 5:
                        if c == 38: fg = xterm(codes[k + 2])
                        else: bg = xterm(codes[k + 2])
                        k += 2
                    k += 1
                i += len(m.group(0))
                continue
            if line[i] == "\x1b":  # another escape: skip it
                m = re.match(r"\x1b[\[\]()][0-9;?]*[A-Za-z]?", line[i:])
                i += len(m.group(0)) if m else 1
                continue
            ch = line[i]
            w = width(ch)
            if w:
                cells.append((ch, fg, bg, bold, dim, rev, w))
            i += 1
        rows.append(cells)
    while rows and not rows[-1]:
        rows.pop()
    return rows


def svg(rows, theme, cols):
    dfg, dbg = THEMES[theme]
    cw, ch = 9, 19
    h = len(rows) * ch
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{cols * cw}" height="{h}" viewBox="0 0 {cols * cw} {h}">',
           f'<rect width="100%" height="100%" fill="{dbg}"/>',
           '<g font-family="DejaVu Sans Mono, NanumGothicCoding, monospace" font-size="15">']
    for y, cells in enumerate(rows):
        x = 0
        for (c, fg, bg, bold, dim, rev, w) in cells:
            f, b = fg or dfg, bg
            if rev:
                f, b = (bg or dbg), (fg or dfg)
            if b:
                out.append(f'<rect x="{x * cw}" y="{y * ch}" width="{w * cw}" height="{ch}" fill="{b}"/>')
            if c != " ":
                attrs = ' font-weight="bold"' if bold else ""
                if dim:
                    attrs += ' opacity="0.6"'
                out.append(f'<text x="{x * cw}" y="{y * ch + 14}" fill="{f}"{attrs} textLength="{w * cw}" lengthAdjust="spacingAndGlyphs">{escape(c)}</text>')
            x += w
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("capture")
    ap.add_argument("-o", required=True)
    ap.add_argument("--theme", choices=list(THEMES), default="dark")
    ap.add_argument("--cols", type=int, default=0)
    a = ap.parse_args()
    rows = parse(open(a.capture, encoding="utf-8", errors="replace").read())
    cols = a.cols or max((sum(c[6] for c in r) for r in rows), default=80)
    open(a.o, "w", encoding="utf-8").write(svg(rows, a.theme, cols))


if __name__ == "__main__":
    sys.exit(main())
