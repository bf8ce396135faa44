//! The one error shape of the API, `{"error":{"code":…,"message":…}}` with
//! a 4xx status (503 when the computer is busy), and the JSON body
//! extractor that turns every rejection into it.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// An error answer: status, stable code, message, and for a move that
/// could not be played the ply it would have been.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The stable code (`illegal-move`, `unknown-profile`; docs/api.md).
    pub code: &'static str,
    /// What is wrong, in words.
    pub message: String,
    /// The ply (from 1) of the move refused, if a move was.
    pub ply: Option<usize>,
    /// A hint, if there is one.
    pub help: Option<String>,
}

impl ApiError {
    /// An error with this status and code.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            ply: None,
            help: None,
        }
    }

    /// 400: the request is well-formed JSON but asks for something that
    /// cannot be.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// 422: the request names something that does not hold (a move, a
    /// position, a profile's text).
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// With the ply of the move refused.
    pub fn at_ply(mut self, ply: usize) -> ApiError {
        self.ply = Some(ply);
        self
    }

    /// With a hint.
    pub fn with_help(mut self, help: Option<String>) -> ApiError {
        self.help = help;
        self
    }

    /// The JSON body.
    pub fn body(&self) -> Value {
        let mut error = json!({ "code": self.code, "message": self.message });
        if let Some(ply) = self.ply {
            error["ply"] = json!(ply);
        }
        if let Some(help) = &self.help {
            error["help"] = json!(help);
        }
        json!({ "error": error })
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.body())).into_response()
    }
}

/// A JSON request body read into `T`; every way it can fail (too large,
/// not JSON, wrong field types, no JSON content type) answers with the
/// API's error shape instead of axum's text.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(rejected(&rejection)),
        }
    }
}

/// The API error of a rejected JSON body, keeping axum's status.
fn rejected(rejection: &JsonRejection) -> ApiError {
    let status = rejection.status();
    let code = match rejection {
        JsonRejection::JsonDataError(_) => "bad-field",
        JsonRejection::JsonSyntaxError(_) => "bad-json",
        JsonRejection::MissingJsonContentType(_) => "content-type",
        _ if status == StatusCode::PAYLOAD_TOO_LARGE => "body-too-large",
        _ => "bad-body",
    };
    let message = match code {
        "body-too-large" => format!(
            "the request body is larger than the limit of {} bytes",
            super::BODY_LIMIT
        ),
        "content-type" => {
            "the request body must be JSON, sent with `Content-Type: application/json`".into()
        }
        _ => rejection.body_text(),
    };
    ApiError::new(status, code, message)
}
