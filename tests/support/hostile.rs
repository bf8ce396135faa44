//! Helpers shared by the hostile-input tests of several crates, included
//! with `#[path = "../../../tests/support/hostile.rs"] mod support;`: a
//! generated input stream, a watchdog and a peak-memory probe. Each test
//! file uses only some of them.
#![allow(dead_code)]

use std::io::{self, Read};
use std::sync::mpsc;
use std::time::Duration;

/// Bytes `prefix`, then `body` `count` times, then `suffix`, made as read.
pub struct Generated {
    parts: Vec<(Vec<u8>, u64)>,
    part: usize,
    done_in_part: u64,
    offset: usize,
}

impl Generated {
    pub fn new(prefix: &[u8], body: &[u8], count: u64, suffix: &[u8]) -> Self {
        Generated {
            parts: vec![
                (prefix.to_vec(), 1),
                (body.to_vec(), count),
                (suffix.to_vec(), 1),
            ],
            part: 0,
            done_in_part: 0,
            offset: 0,
        }
    }

    pub fn len(&self) -> u64 {
        self.parts.iter().map(|(b, n)| b.len() as u64 * n).sum()
    }
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut written = 0;
        while written < buf.len() {
            let Some((bytes, count)) = self.parts.get(self.part) else {
                break;
            };
            if self.done_in_part >= *count || bytes.is_empty() {
                self.part += 1;
                self.done_in_part = 0;
                self.offset = 0;
                continue;
            }
            let n = (bytes.len() - self.offset).min(buf.len() - written);
            buf[written..written + n].copy_from_slice(&bytes[self.offset..self.offset + n]);
            written += n;
            self.offset += n;
            if self.offset == bytes.len() {
                self.offset = 0;
                self.done_in_part += 1;
            }
        }
        Ok(written)
    }
}

/// Runs `body` on another thread and fails if it takes longer than
/// `limit` (a hang detector, not a speed measurement).
pub fn within<T: Send + 'static>(limit: Duration, body: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(body());
    });
    match rx.recv_timeout(limit) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("no result within {limit:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("the work panicked"),
    }
}

/// Peak resident set size of this process so far, in KiB.
pub fn peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/self/status")
}

/// Runs the test `name` alone in a child process (this test binary, `--exact
/// name`) and returns its peak RSS in KiB; in the child, runs `body` and
/// prints its peak. Tests running in parallel threads would otherwise share
/// one high-water mark.
pub fn isolated(name: &str, body: impl FnOnce()) -> Option<u64> {
    if std::env::var("HOSTILE_CHILD").as_deref() == Ok(name) {
        body();
        // The test harness prints `test NAME ... ` first, on the same line.
        println!("HOSTILE_PEAK_KIB={}", peak_rss_kib());
        return None;
    }
    let exe = std::env::current_exe().expect("test binary path");
    let output = std::process::Command::new(exe)
        .args([
            name,
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("HOSTILE_CHILD", name)
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{name} failed in its child process:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let peak = stdout
        .lines()
        .find_map(|l| l.split("HOSTILE_PEAK_KIB=").nth(1))
        .and_then(|v| v.trim().parse().ok())
        .expect("the child prints its peak");
    eprintln!("{name}: peak RSS {} MiB", peak / 1024);
    Some(peak)
}

/// KiB in a MiB (peaks are in KiB).
pub const MIB: u64 = 1024;
