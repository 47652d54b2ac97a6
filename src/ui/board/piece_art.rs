//! Our own piece drawings: path data in a 100x100 box, drawn for this project
//! (not copied from any existing set).
//!
//! Every piece stands on the same rounded base slab (y = 80..90, x = 24..76),
//! centred on x = 50. Heights: king ~82% of the box, queen ~79%, bishop ~76%,
//! knight ~80%, rook ~72%, pawn ~66%. The knight faces left.
//!
//! A piece is a list of [`Layer`]s painted bottom first. Later body layers
//! overlap earlier ones and hide their outlines where they join (the collar
//! covers the join of head and skirt, the base covers the bottom of the
//! skirt), so no layer needs a "union" of shapes.
//!
//! Path data uses only absolute `M`, `L`, `C`, `Q`, `A` and `Z` commands and
//! no transforms, so it can go straight into an SVG `<path d="...">` or a
//! canvas `Path2D`.
//!
//! Rendering styles, one per [`LayerKind`] (stroke widths in box units, i.e.
//! for a 100x100 `viewBox`):
//!
//! | kind         | fill            | stroke          | stroke-width | joins / caps |
//! |--------------|-----------------|-----------------|--------------|--------------|
//! | `Body`       | army colour     | dark outline    | 3            | `stroke-linejoin="round"` |
//! | `Detail`     | `none`          | contrast colour | 3            | `stroke-linecap="round" stroke-linejoin="round"` |
//! | `DetailFill` | contrast colour | `none`          | –            | – |
//!
//! The "contrast colour" is the colour that stands out on the army colour:
//! dark (the outline colour) on light armies such as white or yellow, light
//! on dark armies such as black. The standalone files in `assets/pieces/`
//! (white: fill `#fdfdfd`, outline `#222`, detail `#222`; black: fill
//! `#2b2b2b`, outline `#111`, detail `#eee`) are generated from this file by
//! `assets/pieces/generate.py`, which reads the string literals below:
//! this file is the single source of the paths. Keep each piece a
//! `const NAME: &[Layer] = &[ ... ];` of plain `Layer { d: "...", kind: ... }`
//! items so the script can keep reading it.

/// One layer of a piece drawing.
pub struct Layer {
    /// SVG path data in the 100x100 box (absolute M/L/C/Q/A/Z only).
    pub d: &'static str,
    /// How the layer is painted; see the module docs for the exact style.
    pub kind: LayerKind,
}

/// How a [`Layer`] is painted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LayerKind {
    /// The piece's silhouette: `fill` = army colour, `stroke` = dark outline,
    /// `stroke-width` 3, `stroke-linejoin` round.
    Body,
    /// Lines on top of the body (slits, bricks, mane, nostril):
    /// `fill` none, `stroke` = contrast colour, `stroke-width` 3,
    /// `stroke-linecap` round, `stroke-linejoin` round.
    Detail,
    /// Small solid marks on top of the body (the knight's eye):
    /// `fill` = contrast colour, no stroke.
    DetailFill,
}

/// The layers of a piece, bottom first. `role_index`: 0 pawn, 1 knight,
/// 2 bishop, 3 rook, 4 queen, 5 king. Any other index gives an empty slice.
pub fn piece_layers(role_index: usize) -> &'static [Layer] {
    match role_index {
        0 => PAWN,
        1 => KNIGHT,
        2 => BISHOP,
        3 => ROOK,
        4 => QUEEN,
        5 => KING,
        _ => &[],
    }
}

// The shared base slab is repeated in every piece so each path stays a plain
// string literal: "M 28 80 L 72 80 Q 76 80 76 84 L 76 86 Q 76 90 72 90 L 28 90 Q 24 90 24 86 L 24 84 Q 24 80 28 80 Z"

/// Pawn: a round head on a collar and a flared skirt.
const PAWN: &[Layer] = &[
    Layer {
        d: "M 31 81 C 33 69 40 62 42 54 L 58 54 C 60 62 67 69 69 81 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 36 38 A 14 14 0 1 1 64 38 A 14 14 0 1 1 36 38 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 39 50 L 61 50 A 4 4 0 0 1 61 58 L 39 58 A 4 4 0 0 1 39 50 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 28 80 L 72 80 Q 76 80 76 84 L 76 86 Q 76 90 72 90 L 28 90 Q 24 90 24 86 L 24 84 Q 24 80 28 80 Z",
        kind: LayerKind::Body,
    },
];

/// Knight: a horse head facing left, with two ears, mane, eye, nostril and smile.
const KNIGHT: &[Layer] = &[
    Layer {
        d: "M 57 21 L 63 9 L 67 23 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 30 81 C 31 72 38 65 44 60 C 38 62 31 63 26 60 C 20 57 19 49 24 45 C 30 36 38 26 48 20 L 52 10 L 60 19 C 72 26 78 44 76 60 C 75 70 72 76 72 81 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 28 80 L 72 80 Q 76 80 76 84 L 76 86 Q 76 90 72 90 L 28 90 Q 24 90 24 86 L 24 84 Q 24 80 28 80 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 64 28 C 70 38 71 52 68 66",
        kind: LayerKind::Detail,
    },
    Layer {
        d: "M 27 50 L 29 52 M 27 57 Q 31 58 34 56",
        kind: LayerKind::Detail,
    },
    Layer {
        d: "M 40 34 A 4 4 0 1 1 48 34 A 4 4 0 1 1 40 34 Z",
        kind: LayerKind::DetailFill,
    },
];

/// Bishop: a pointed mitre with a slit, a ball on top, collar and skirt.
const BISHOP: &[Layer] = &[
    Layer {
        d: "M 32 81 C 36 71 43 67 44 61 L 56 61 C 57 67 64 71 68 81 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 50 23 C 60 30 66 39 65 47 C 64 55 57 60 50 60 C 43 60 36 55 35 47 C 34 39 40 30 50 23 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 45 19 A 5 5 0 1 1 55 19 A 5 5 0 1 1 45 19 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 40 57 L 60 57 A 4 4 0 0 1 60 65 L 40 65 A 4 4 0 0 1 40 57 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 28 80 L 72 80 Q 76 80 76 84 L 76 86 Q 76 90 72 90 L 28 90 Q 24 90 24 86 L 24 84 Q 24 80 28 80 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 55 33 L 46 44",
        kind: LayerKind::Detail,
    },
];

/// Rook: a castle tower with three battlements and an arched door.
const ROOK: &[Layer] = &[
    Layer {
        d: "M 33 81 L 36 44 L 64 44 L 67 81 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 27 18 L 37 18 L 37 26 L 45 26 L 45 18 L 55 18 L 55 26 L 63 26 L 63 18 L 73 18 L 73 33 L 65 44 L 35 44 L 27 33 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 28 80 L 72 80 Q 76 80 76 84 L 76 86 Q 76 90 72 90 L 28 90 Q 24 90 24 86 L 24 84 Q 24 80 28 80 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 44 79 L 44 71 A 6 6 0 0 1 56 71 L 56 79",
        kind: LayerKind::Detail,
    },
];

/// Queen: a five-pointed crown with a ball on each point.
const QUEEN: &[Layer] = &[
    Layer {
        d: "M 30 81 C 34 70 41 64 42 57 L 58 57 C 59 64 66 70 70 81 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 36 56 L 26 29 L 33 40 L 37 23 L 44 36 L 50 19 L 56 36 L 63 23 L 67 40 L 74 29 L 64 56 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 20.5 27 A 4.5 4.5 0 1 1 29.5 27 A 4.5 4.5 0 1 1 20.5 27 Z M 32.5 21 A 4.5 4.5 0 1 1 41.5 21 A 4.5 4.5 0 1 1 32.5 21 Z M 45.5 16 A 4.5 4.5 0 1 1 54.5 16 A 4.5 4.5 0 1 1 45.5 16 Z M 58.5 21 A 4.5 4.5 0 1 1 67.5 21 A 4.5 4.5 0 1 1 58.5 21 Z M 70.5 27 A 4.5 4.5 0 1 1 79.5 27 A 4.5 4.5 0 1 1 70.5 27 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 38 53 L 62 53 A 4 4 0 0 1 62 61 L 38 61 A 4 4 0 0 1 38 53 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 28 80 L 72 80 Q 76 80 76 84 L 76 86 Q 76 90 72 90 L 28 90 Q 24 90 24 86 L 24 84 Q 24 80 28 80 Z",
        kind: LayerKind::Body,
    },
];

/// King: a two-lobed crown with a curved band and a cross on top.
const KING: &[Layer] = &[
    Layer {
        d: "M 30 81 C 34 70 41 64 42 57 L 58 57 C 59 64 66 70 70 81 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 46 10 L 54 10 L 54 15 L 60 15 L 60 22 L 54 22 L 54 36 L 46 36 L 46 22 L 40 22 L 40 15 L 46 15 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 36 56 C 30 46 26 38 30 32 C 34 26 44 28 50 34 C 56 28 66 26 70 32 C 74 38 70 46 64 56 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 38 53 L 62 53 A 4 4 0 0 1 62 61 L 38 61 A 4 4 0 0 1 38 53 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 28 80 L 72 80 Q 76 80 76 84 L 76 86 Q 76 90 72 90 L 28 90 Q 24 90 24 86 L 24 84 Q 24 80 28 80 Z",
        kind: LayerKind::Body,
    },
    Layer {
        d: "M 37 46 Q 50 41 63 46",
        kind: LayerKind::Detail,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_has_a_body_and_only_plain_path_commands() {
        for role in 0..6 {
            let layers = piece_layers(role);
            assert!(
                layers.iter().any(|l| l.kind == LayerKind::Body),
                "role {role}"
            );
            for layer in layers {
                assert!(layer.d.starts_with('M'), "role {role}: {}", layer.d);
                for c in layer.d.chars().filter(|c| c.is_ascii_alphabetic()) {
                    assert!("MLCQAZ".contains(c), "role {role}: command {c}");
                }
                for num in layer.d.split(|c: char| c.is_ascii_alphabetic() || c == ' ') {
                    if !num.is_empty() {
                        let v: f64 = num.parse().expect("number");
                        assert!(
                            (0.0..=100.0).contains(&v),
                            "role {role}: {v} outside the box"
                        );
                    }
                }
            }
        }
        assert!(piece_layers(6).is_empty());
    }
}
