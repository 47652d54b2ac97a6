//! The Files tab: the tournament out (the app's own backup with every score, FIDE TRF-16 for
//! pairing programs, the standings as CSV), each to copy or download, and a tournament file
//! in (backup or TRF, pasted). A file that does not read is refused with the reason and
//! changes nothing.

use super::desk::Desk;
use crate::rules::ruleset::Mode;
use crate::text::case::capitalise;
use crate::text::msg;
use crate::tournament::csv::standings_csv;
use crate::tournament::event::Tournament;
use crate::ui::platform::files::download_href;
use crate::ui::platform::time::random;
use crate::ui::screens::transfer::CopyField;
use leptos::prelude::*;

/// A tournament file read whole: the app's backup (JSON) or TRF-16.
fn read(text: &str) -> Result<Tournament, String> {
    let text = text.trim_start_matches('\u{feff}').trim();
    if text.starts_with('{') {
        Tournament::from_json(text)
    } else {
        Tournament::from_trf(text).map_err(|e| e.to_string())
    }
}

fn export(
    label: &'static str,
    text: String,
    file: String,
    mime: &'static str,
    testid: &'static str,
) -> impl IntoView {
    let href = download_href(mime, &text);
    view! {
        <div class="export">
            <CopyField label text rows=4 area_id=testid button_id="copy-export" button=msg::tournament_copy() />
            <a class="button small" href=href download=file data-testid=format!("{testid}-download")>
                {msg::tournament_download()}
            </a>
        </div>
    }
}

#[component]
pub fn FilesTab(desk: Desk) -> impl IntoView {
    let pasted = RwSignal::new(String::new());
    let outcome = RwSignal::new(None::<Result<(), String>>);
    let open = move |_| match read(&pasted.get_untracked()) {
        Ok(mut t) => {
            if t.id() == 0 {
                t.set_id((random() * 9.0e15) as u64 + 1);
            }
            desk.put(t);
            desk.round.set(None);
            desk.picking.set(None);
            pasted.set(String::new());
            outcome.set(Some(Ok(())));
        }
        Err(why) => outcome.set(Some(Err(msg::tournament_file_error(&why)))),
    };
    let exports = move || {
        let t = desk.tournament.get()?;
        let base = file_name(t.name());
        let trf = match t.to_trf() {
            Ok(text) => export(
                msg::tournament_export_trf(),
                text,
                format!("{base}.trf"),
                "text/plain",
                "export-trf",
            )
            .into_any(),
            Err(why) => view! { <p class="error">{capitalise(&why)}</p> }.into_any(),
        };
        let sharp = (t.rules().mode == Mode::Sharp)
            .then(|| view! { <p class="explain">{msg::tournament_trf_sharp_note()}</p> });
        Some(view! {
            {export(msg::tournament_export_json(), t.to_json(), format!("{base}.json"), "application/json", "export-json")}
            {trf}
            {sharp}
            {export(msg::tournament_export_csv(), standings_csv(&t), format!("{base}.csv"), "text/csv", "export-csv")}
        })
    };
    view! {
        <section class="files-tab" data-testid="files-tab">
            {exports}
            <label class="field wide">
                <span>{msg::tournament_import_paste()}</span>
                <textarea
                    data-testid="import-tournament"
                    rows="4"
                    spellcheck="false"
                    prop:value=move || pasted.get()
                    on:input=move |ev| pasted.set(event_target_value(&ev))
                ></textarea>
            </label>
            {move || desk.tournament.with(|t| t.is_some()).then(|| view! { <p class="explain">{msg::tournament_replace_warning()}</p> })}
            <div class="row">
                <button data-testid="open-tournament" on:click=open>{msg::tournament_import()}</button>
            </div>
            {move || outcome.get().map(|o| match o {
                Ok(()) => view! { <p class="ok" role="status" data-testid="import-ok">{msg::tournament_import_done()}</p> }.into_any(),
                Err(e) => view! { <p class="error" role="alert" data-testid="import-error">{e}</p> }.into_any(),
            })}
        </section>
    }
}

/// A file name from the tournament's name: letters, digits and dashes.
fn file_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "tournament".into()
    } else {
        out
    }
}
