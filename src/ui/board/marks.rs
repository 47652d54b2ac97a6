//! Drawings on the board (demo mode, the teacher at the projector): arrows and circles in
//! four pens, drawn with a second button or the Draw tool, and the squares "Show moves"
//! marks. Pure data and rules here — which drawing a gesture makes, and that drawing the same
//! again takes it away — so they are tested natively; the board view draws them.

use crate::rules::types::Square;

/// The pen colours: distinct for colour-blind eyes too (green and red differ in lightness).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Pen {
    Green,
    Red,
    Blue,
    Yellow,
}

impl Pen {
    pub const ALL: [Pen; 4] = [Pen::Green, Pen::Red, Pen::Blue, Pen::Yellow];

    pub fn key(self) -> &'static str {
        match self {
            Pen::Green => "green",
            Pen::Red => "red",
            Pen::Blue => "blue",
            Pen::Yellow => "yellow",
        }
    }

    pub fn colour(self) -> &'static str {
        match self {
            Pen::Green => "#0f9d3a",
            Pen::Red => "#e0192d",
            Pen::Blue => "#1f5fe0",
            Pen::Yellow => "#ffc400",
        }
    }
}

/// A drawing on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    Arrow(Square, Square, Pen),
    Circle(Square, Pen),
}

impl Mark {
    fn same_place(&self, other: &Mark) -> bool {
        match (self, other) {
            (Mark::Arrow(a, b, _), Mark::Arrow(c, d, _)) => a == c && b == d,
            (Mark::Circle(a, _), Mark::Circle(b, _)) => a == b,
            _ => false,
        }
    }
}

/// Adds a finished drawing: the same drawing again removes it, the same place in another
/// pen changes its colour.
pub fn toggle(list: &mut Vec<Mark>, mark: Mark) {
    match list.iter().position(|m| m.same_place(&mark)) {
        Some(i) if list[i] == mark => {
            list.remove(i);
        }
        Some(i) => list[i] = mark,
        None => list.push(mark),
    }
}

/// The drawings of each position drawn on (its key, see `Session::position_key`): a lesson
/// draws on a few dozen positions at most, so a list, which costs the first load less code
/// than a map.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Drawings(Vec<(String, Vec<Mark>)>);

impl Drawings {
    /// The drawings on the position `key`.
    pub fn on(&self, key: &str) -> &[Mark] {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map_or(&[], |(_, marks)| marks)
    }

    /// Adds a finished drawing on the position `key` (see [`toggle`]).
    pub fn toggle(&mut self, key: String, mark: Mark) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, marks)) => toggle(marks, mark),
            None => self.0.push((key, vec![mark])),
        }
    }

    /// Whether any position has a drawing.
    pub fn any(&self) -> bool {
        self.0.iter().any(|(_, marks)| !marks.is_empty())
    }
}

/// An arrow or circle being drawn: the pointer, where it started, where it is now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Drawing {
    pub pointer: i32,
    pub from: Square,
    pub to: Option<Square>,
}

impl Drawing {
    /// The drawing it makes: released on its own square a circle, on another an arrow, off
    /// the board nothing.
    pub fn finish(self, pen: Pen) -> Option<Mark> {
        let to = self.to?;
        Some(if to == self.from {
            Mark::Circle(to, pen)
        } else {
            Mark::Arrow(self.from, to, pen)
        })
    }
}

/// "Show moves": where a piece may go, each square with whether it captures and whether
/// the move would leave its own king to be taken (king-capture games).
#[derive(Clone, PartialEq, Debug)]
pub struct Shown {
    pub from: Square,
    pub dests: Vec<(Square, bool, bool)>,
}

/// Everything drawn over the pieces: the drawings of the position on screen, the one being
/// drawn (with its pen), and the squares of "Show moves".
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Overlay {
    pub marks: Vec<Mark>,
    pub drawing: Option<(Drawing, Pen)>,
    pub shown: Option<Shown>,
}

impl Overlay {
    /// Nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.marks.is_empty() && self.drawing.is_none() && self.shown.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawing_the_same_again_removes_it_and_another_pen_recolours_it() {
        let mut list = Vec::new();
        let arrow = Mark::Arrow(Square(12), Square(28), Pen::Green);
        toggle(&mut list, arrow);
        toggle(&mut list, Mark::Circle(Square(4), Pen::Red));
        assert_eq!(list.len(), 2);
        toggle(&mut list, Mark::Arrow(Square(12), Square(28), Pen::Blue));
        assert_eq!(list[0], Mark::Arrow(Square(12), Square(28), Pen::Blue));
        toggle(&mut list, Mark::Arrow(Square(12), Square(28), Pen::Blue));
        assert_eq!(list, [Mark::Circle(Square(4), Pen::Red)]);
    }

    #[test]
    fn each_position_keeps_its_own_drawings() {
        let mut drawings = Drawings::default();
        assert!(!drawings.any());
        let arrow = Mark::Arrow(Square(12), Square(28), Pen::Green);
        let circle = Mark::Circle(Square(4), Pen::Red);
        drawings.toggle("start".into(), arrow);
        drawings.toggle("after e4".into(), circle);
        drawings.toggle("start".into(), circle);
        assert_eq!(drawings.on("start"), [arrow, circle]);
        assert_eq!(drawings.on("after e4"), [circle]);
        assert_eq!(drawings.on("elsewhere"), []);
        drawings.toggle("after e4".into(), circle);
        assert!(drawings.on("after e4").is_empty() && drawings.any());
        drawings.toggle("start".into(), arrow);
        drawings.toggle("start".into(), circle);
        assert!(!drawings.any());
    }

    #[test]
    fn a_gesture_makes_a_circle_an_arrow_or_nothing() {
        let d = |to| Drawing {
            pointer: 1,
            from: Square(12),
            to,
        };
        assert_eq!(
            d(Some(Square(12))).finish(Pen::Red),
            Some(Mark::Circle(Square(12), Pen::Red))
        );
        assert_eq!(
            d(Some(Square(20))).finish(Pen::Red),
            Some(Mark::Arrow(Square(12), Square(20), Pen::Red))
        );
        assert_eq!(d(None).finish(Pen::Red), None);
    }
}
