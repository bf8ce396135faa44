//! `fmt --to json`: one JSON object per game, one per line — its tags
//! and, per ply of the main line, the move as written, in canonical form,
//! its start, landings and captured pieces (labels), and the position
//! after it. The schema is `docs/fmt.schema.json` (described in
//! `docs/fmt.md`).

use super::FileOutput;
use crate::check::plies::{Plies, Step, parse_ply};
use crate::check::record::RecordedGame;
use crate::check::rules::RulesCache;
use crate::check::verify::move_diagnostic;
use crate::registry::GameTask;
use board_core::Game;
use serde_json::{Map, Value, json};

/// Appends the JSON line of one game to `out`.
pub fn game_json(rec: &RecordedGame, cache: &mut RulesCache, out: &mut FileOutput) {
    if rec.problems_only {
        return;
    }
    let value = match cache.game_for(rec) {
        Ok(engine) => engine.run(Json(rec)),
        Err(d) => {
            let mut v = base(rec, None, None);
            v["error"] = json!({ "line": d.span.start.line, "message": d.message });
            v
        }
    };
    out.bytes.extend_from_slice(value.to_string().as_bytes());
    out.bytes.push(b'\n');
}

/// The fields every game object has, with `plies` empty.
fn base(rec: &RecordedGame, rules: Option<String>, start: Option<String>) -> Value {
    let mut tags = Map::new();
    for (name, value, _) in rec.tag_pairs() {
        tags.entry(name.to_string())
            .or_insert_with(|| Value::String(value.to_string()));
    }
    json!({
        "game": rec.index,
        "line": rec.start.line,
        "rules": rules,
        "tags": tags,
        "start": start,
        "plies": [],
        "result": null,
        "error": null,
    })
}

struct Json<'a>(&'a RecordedGame);

impl GameTask for Json<'_> {
    type Output = Value;
    fn run<G: Game>(self, g: &G) -> Value {
        let rec = self.0;
        let label = |n: board_core::NodeId| g.graph().label(n).to_string();
        let first_side = g.side_to_move(&g.start_position());
        let mut position = match g.position_from_tags(rec) {
            Ok(Some(p)) => p,
            Ok(None) => g.start_position(),
            Err(e) => {
                let mut v = base(rec, Some(g.header().id().to_string()), None);
                v["error"] = json!({
                    "line": rec.start.line,
                    "message": format!("invalid start position: {e}"),
                });
                return v;
            }
        };
        let mut v = base(
            rec,
            Some(g.header().id().to_string()),
            Some(g.write_position(&position)),
        );
        let shift = u32::from(g.side_to_move(&position) != first_side);
        let mut plies_out = Vec::new();
        let mut ply = 0u32;
        let mut depth = 0usize;
        let mut error = Value::Null;
        let mut result = Value::Null;
        let mut plies = Plies::new(g, rec);
        while let Some(step) = plies.next() {
            match step {
                Step::Open(_) => depth += 1,
                Step::Close => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                Step::Ply { text, span } => {
                    let k = ply + shift;
                    let number = crate::move_number(k as usize);
                    match parse_ply(g, &position, text, span) {
                        Ok(parsed) => {
                            let parts = g.describe_move(&position, &parsed.mv);
                            let canonical = g.write_move(&position, &parsed.mv);
                            let side = g.side_name(g.side_to_move(&position));
                            g.play(&mut position, &parsed.mv);
                            ply += 1;
                            plies_out.push(json!({
                                "ply": ply,
                                "number": number,
                                "side": side,
                                "written": text,
                                "move": canonical,
                                "from": parts.from.map(label),
                                "landings": parts.landings.into_iter().map(label).collect::<Vec<_>>(),
                                "captured": parts.captured.into_iter().map(label).collect::<Vec<_>>(),
                                "position": g.write_position(&position),
                            }));
                        }
                        Err(e) => {
                            let d = move_diagnostic(g, &number, text, span, &e);
                            error = json!({ "line": span.start.line, "message": d.message });
                            break;
                        }
                    }
                }
                Step::Unknown(span) => {
                    error = json!({
                        "line": span.start.line,
                        "message": "unknown move `-`: the main line stops here",
                    });
                    break;
                }
                Step::Setup { fen, text, span } => match fen.map(|f| g.parse_position(f)) {
                    Some(Ok(p)) => position = p,
                    _ => {
                        error = json!({
                            "line": span.start.line,
                            "message": format!("set-up command `/{text}/` has no valid position"),
                        });
                        break;
                    }
                },
                Step::Result { text, .. } => result = Value::String(text.to_string()),
                Step::Number { .. } | Step::Problem(_) | Step::Note(_) => {}
            }
        }
        if result.is_null() {
            if let Some(tag) = rec.tag_with_span("Result") {
                result = Value::String(tag.0.to_string());
            }
        }
        v["plies"] = Value::Array(plies_out);
        v["result"] = result;
        v["error"] = error;
        v
    }
}
