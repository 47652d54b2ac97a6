//! A custom game's options in words, from the message catalogue (`options.txt`, looked up by
//! the keys the rules core names: [`title_message`] ...), for the rules screen's rows, the
//! saved rule sets and the line under the menu.

use crate::rules::options::{choice_message, explain_message, title_message};
use crate::text::{msg, text_by_key};

/// An option's title: "Castling" (a native test checks every option has one; the key stands
/// in otherwise).
pub fn title(key: &str) -> String {
    text_by_key(&title_message(key)).map_or_else(|| key.to_string(), str::to_string)
}

/// An option's plain sentence.
pub fn explain(key: &str) -> &'static str {
    text_by_key(&explain_message(key)).unwrap_or_default()
}

/// The words for an option's value: "Rule Zero: any corner piece"; a value the catalogue has
/// no words for (e.g. from the command line) as is.
pub fn choice(key: &str, value: &str) -> String {
    text_by_key(&choice_message(key, value))
        .map_or_else(|| msg::rules_other_value(&value), str::to_string)
}

/// `key=value` option words (as saved, and as [`RuleSet::changed_options`] writes them) in
/// words: "Castling: Rule Zero: any corner piece · King crosses the middle: On".
///
/// [`RuleSet::changed_options`]: crate::rules::RuleSet::changed_options
pub fn in_words<'a>(option_words: impl IntoIterator<Item = &'a str>) -> String {
    option_words
        .into_iter()
        .map(|word| match word.split_once('=') {
            Some((key, value)) => msg::options_chosen(&title(key), &choice(key, value)),
            None => word.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" · ")
}
