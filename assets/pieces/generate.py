#!/usr/bin/env python3
"""Write the standalone piece SVGs (and the app icon) from src/ui/piece_art.rs.

The Rust file is the single source of the path data; this script only reads
its string literals. Run from anywhere:

    python3 assets/pieces/generate.py

Writes assets/pieces/{w,b}{K,Q,R,B,N,P}.svg and assets/icon.svg.
"""
import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SOURCE = ROOT / "src" / "ui" / "piece_art.rs"

# const name in piece_art.rs -> file letter
PIECES = {"KING": "K", "QUEEN": "Q", "ROOK": "R", "BISHOP": "B", "KNIGHT": "N", "PAWN": "P"}

# army -> (fill, outline, contrast)
ARMIES = {
    "w": ("#fdfdfd", "#222", "#222"),
    "b": ("#2b2b2b", "#111", "#eee"),
}

STROKE_WIDTH = 3


def read_layers(source: str) -> dict:
    """Return {CONST_NAME: [(path_data, kind), ...]} from the Rust source."""
    pieces = {}
    for m in re.finditer(r"^const (\w+): &\[Layer\] = &\[(.*?)\n\];", source, re.S | re.M):
        name, body = m.group(1), m.group(2)
        layers = []
        for lm in re.finditer(
            r'Layer\s*\{\s*d:\s*"((?:[^"\\]|\\.)*)",\s*kind:\s*LayerKind::(\w+),?\s*\}', body
        ):
            d = re.sub(r"\\\n\s*", "", lm.group(1))  # Rust line continuations
            d = " ".join(d.split())
            layers.append((d, lm.group(2)))
        pieces[name] = layers
    missing = set(PIECES) - set(pieces)
    if missing:
        raise SystemExit(f"piece_art.rs: missing {sorted(missing)}")
    return pieces


def layer_paths(layers, fill, outline, contrast, indent="  "):
    out = []
    for d, kind in layers:
        if kind == "Body":
            style = (f'fill="{fill}" stroke="{outline}" stroke-width="{STROKE_WIDTH}" '
                     f'stroke-linejoin="round"')
        elif kind == "Detail":
            style = (f'fill="none" stroke="{contrast}" stroke-width="{STROKE_WIDTH}" '
                     f'stroke-linecap="round" stroke-linejoin="round"')
        elif kind == "DetailFill":
            style = f'fill="{contrast}" stroke="none"'
        else:
            raise SystemExit(f"unknown LayerKind::{kind}")
        out.append(f'{indent}<path d="{d}" {style}/>')
    return "\n".join(out)


def piece_svg(layers, fill, outline, contrast) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">\n'
        + layer_paths(layers, fill, outline, contrast)
        + "\n</svg>\n"
    )


def icon_svg(layers) -> str:
    # A friendly white knight on a rounded square in the board's dark-square
    # green, with a soft light disc behind it. The knight's drawing spans about
    # x 19..78, y 8..91 (outline included), so it is re-centred and shrunk a
    # little to leave a margin inside the rounded corners.
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="512" height="512">\n'
        '  <rect x="0" y="0" width="100" height="100" rx="22" ry="22" fill="#769656"/>\n'
        '  <circle cx="50" cy="50" r="38" fill="#eeeed2" opacity="0.35"/>\n'
        '  <g transform="translate(50 51) scale(0.86) translate(-48.5 -49.5)">\n'
        + layer_paths(layers, "#fdfdfd", "#222", "#222", indent="    ")
        + "\n  </g>\n</svg>\n"
    )


def main():
    pieces = read_layers(SOURCE.read_text(encoding="utf-8"))
    for army, colours in ARMIES.items():
        for name, letter in PIECES.items():
            path = HERE / f"{army}{letter}.svg"
            path.write_text(piece_svg(pieces[name], *colours), encoding="utf-8")
            print("wrote", path.relative_to(ROOT))
    icon = ROOT / "assets" / "icon.svg"
    icon.write_text(icon_svg(pieces["KNIGHT"]), encoding="utf-8")
    print("wrote", icon.relative_to(ROOT))


if __name__ == "__main__":
    main()
