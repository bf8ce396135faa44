//! The web page's files, `crates/boardctl/web/` embedded in the binary,
//! served with their content types; `/` is `index.html`.

use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use include_dir::{Dir, include_dir};

/// The embedded directory.
static WEB: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/web");

/// The content type of a file, by its extension.
pub fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "txt" | "md" | "pdn" => "text/plain; charset=utf-8",
        "toml" => "application/toml",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// The embedded file at `path` (no leading `/`; a directory means its
/// `index.html`).
pub fn file(path: &str) -> Option<(&'static str, &'static [u8])> {
    let path = path.trim_start_matches('/');
    let path = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    WEB.get_file(&path)
        .map(|f| (content_type(&path), f.contents()))
}

/// Answers a path outside `/api/` with its embedded file, or 404.
pub async fn serve_file(uri: Uri) -> Response {
    match file(uri.path()) {
        Some((kind, bytes)) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            bytes,
        )
            .into_response(),
        None => super::error::ApiError::new(
            StatusCode::NOT_FOUND,
            "not-found",
            format!("no page or file at {}", uri.path()),
        )
        .into_response(),
    }
}
