//! `boardctl serve --port 0` as a player (and the browser tests) start it:
//! one line on standard output names the address, and the server answers
//! there over the loopback interface.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// The server, stopped when the test ends (also when it fails).
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `boardctl` with `args` and reads its first line of standard
/// output (the listening line).
fn start(args: &[&str]) -> (Server, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardctl starts");
    let mut server = Server(child);
    let stdout = server.0.stdout.take().expect("standard output");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("a line on standard output");
    (server, line)
}

/// One HTTP/1.1 exchange on a new connection: the raw answer.
fn exchange(address: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(address).expect("the server accepts connections");
    stream
        .write_all(request.as_bytes())
        .expect("the request is sent");
    let mut answer = String::new();
    stream
        .read_to_string(&mut answer)
        .expect("the answer is read");
    answer
}

#[test]
fn serve_on_port_0_prints_its_address_and_answers_on_loopback() {
    let (_server, line) = start(&["serve", "--port", "0"]);
    let address = line
        .trim_end()
        .strip_prefix("listening on http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("not the listening line: {line:?}"))
        .to_string();
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    let port: u16 = address
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a port");
    assert_ne!(port, 0);

    let answer = exchange(
        &address,
        "GET /api/profiles HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("russian-draughts/russian@2"));

    let body = r#"{"profile":"morris/nine-mens-morris","moves":["d2"]}"#;
    let request = format!(
        "POST /api/game HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let answer = exchange(&address, &request);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"side_to_move\":\"Black\""));

    let answer = exchange(
        &address,
        "POST /api/game HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: 3\r\nConnection: close\r\n\r\n{x}",
    );
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("\"code\":\"bad-json\""));

    // Still up after the bad request.
    let answer = exchange(
        &address,
        "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer
            .to_ascii_lowercase()
            .contains("content-type: text/html")
    );
}

#[test]
fn a_host_other_than_loopback_is_warned_about() {
    let (mut server, line) = start(&["serve", "--port", "0", "--host", "0.0.0.0"]);
    assert!(line.starts_with("listening on http://0.0.0.0:"), "{line}");
    let stderr = server.0.stderr.take().expect("standard error");
    let mut warning = String::new();
    BufReader::new(stderr)
        .read_line(&mut warning)
        .expect("a warning");
    assert!(warning.starts_with("warning: "), "{warning}");
    assert!(warning.contains("other machines"), "{warning}");
}

#[test]
fn a_port_in_use_is_an_error_not_a_panic() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = taken.local_addr().expect("an address").port().to_string();
    let output = Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .args(["serve", "--port", &port])
        .output()
        .expect("boardctl runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: cannot listen on 127.0.0.1:"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}
