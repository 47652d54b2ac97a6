//! What the board shows when it is not the game as it stands: an earlier position of the
//! game, or a line beside it (a variation played on an earlier position in demo mode, or a
//! rule's demonstration). The game state holds one [`Review`]; looking back is
//! [`super`]'s.

use crate::ui::board::Tracked;
use crate::ui::game::session::Session;

/// What the board shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum View {
    /// The game as it stands: moves are played in it.
    Live,
    /// The main line after this many moves (fewer than played).
    Main(usize),
    /// The side line after this many moves of its game.
    Line(usize),
}

#[derive(Clone, PartialEq, Debug)]
pub enum LineKind {
    /// Branches off the main line after `from` moves.
    Variation { from: usize },
    /// A demonstration position of a rule.
    Side { title: String, note: String },
}

/// A variation or a demonstration: a game of its own, never saved.
#[derive(Clone, Debug)]
pub struct Line {
    pub kind: LineKind,
    pub session: Session,
}

impl Line {
    /// The first move index that belongs to the line (earlier ones are the main line's).
    pub fn base(&self) -> usize {
        match self.kind {
            LineKind::Variation { from } => from,
            LineKind::Side { .. } => 0,
        }
    }

    pub fn is_side(&self) -> bool {
        matches!(self.kind, LineKind::Side { .. })
    }
}

#[derive(Clone, Copy)]
pub struct Review {
    pub view: Tracked<View>,
    pub line: Tracked<Option<Line>>,
    /// The session on screen when it is not the live one (kept in step with `view`).
    pub shown: Tracked<Option<Session>>,
}

impl Review {
    pub fn new() -> Review {
        Review {
            view: Tracked::new(View::Live),
            line: Tracked::new(None),
            shown: Tracked::new(None),
        }
    }
}

impl Default for Review {
    fn default() -> Self {
        Review::new()
    }
}

impl Review {
    /// Runs `f` on the session shown, or else on `live` (tracked); `f` runs exactly once.
    pub fn with_shown<R>(&self, live: Tracked<Session>, f: impl FnOnce(&Session) -> R) -> R {
        let mut f = Some(f);
        let shown = self
            .shown
            .with(|s| s.as_ref().map(|s| (f.take().expect("runs once"))(s)));
        match shown {
            Some(out) => out,
            None => live.with(|s| (f.take().expect("runs once"))(s)),
        }
    }
}
