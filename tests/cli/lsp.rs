//! `ompv lsp` driven by a scripted client over standard input/output, as an editor drives it:
//! initialize, didOpen (a race is published with the other access as related information),
//! a hover on a pragma (its PPL block and contract), an edit that cancels a running check, a
//! save that replaces the diagnostics, shutdown and exit.

use crate::cli_support;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A racy shift and its race-free twin (every iteration reads before any writes: two loops).
const RACY: &str = "\
void shift_left(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    a[i] = a[i + 1];
}

int main(void)
{
  int a[8] = {0};
  shift_left(8, a);
  return a[0];
}
";

const RACE_FREE: &str = "\
void shift_left(int n, int *a, int *b)
{
  #pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    b[i] = a[i + 1];
}

int main(void)
{
  int a[8] = {0};
  int b[8] = {0};
  shift_left(8, a, b);
  return b[0];
}
";

struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: mpsc::Receiver<Value>,
    next_id: i64,
}

impl Client {
    fn start(env: &[(&str, &str)]) -> Client {
        let mut c = cli_support::command(&["lsp"]);
        c.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        for (k, v) in env {
            c.env(k, v);
        }
        let mut child = c.spawn().expect("ompv lsp starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, incoming) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                r.read_exact(&mut body).expect("the whole message");
                let v: Value = serde_json::from_slice(&body).expect("JSON");
                if tx.send(v).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            incoming,
            next_id: 1,
        }
    }

    fn send(&mut self, v: Value) {
        let body = v.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its response (other messages before it are kept in `seen`).
    fn request(&mut self, method: &str, params: Value, seen: &mut Vec<Value>) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait_for(seen, |m| m["id"] == id && m.get("method").is_none())
    }

    /// The first message that `want` accepts, within two minutes; the others are kept in `seen`.
    fn wait_for(&self, seen: &mut Vec<Value>, want: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok(m) if want(&m) => return m,
                Ok(m) => seen.push(m),
                Err(_) => panic!("no such message in time; seen: {seen:#?}"),
            }
        }
    }

    fn initialize(&mut self, root: &Path) {
        let mut seen = Vec::new();
        let r = self.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": url(root),
                "capabilities": {"general": {"positionEncodings": ["utf-16"]}}
            }),
            &mut seen,
        );
        let caps = &r["result"]["capabilities"];
        assert_eq!(caps["positionEncoding"], "utf-16", "{r}");
        assert_eq!(caps["hoverProvider"], true, "{r}");
        assert_eq!(r["result"]["serverInfo"]["name"], "ompv", "{r}");
        self.notify("initialized", json!({}));
    }

    /// Shuts down and exits; the server must end with exit code 0.
    fn shutdown(mut self) {
        let mut seen = Vec::new();
        let r = self.request("shutdown", Value::Null, &mut seen);
        assert!(r.get("error").is_none(), "{r}");
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "ompv lsp ends with {status}");
                return;
            }
            assert!(Instant::now() < deadline, "ompv lsp does not exit");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

fn is_diagnostics_for(m: &Value, uri: &str) -> bool {
    m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
}

fn open(client: &mut Client, uri: &str, text: &str) {
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "c", "version": 1, "text": text}}),
    );
}

#[test]
fn a_race_is_published_with_its_other_access_hovers_show_the_block_and_a_save_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shift.c");
    std::fs::write(&file, RACY).unwrap();
    let uri = url(&file);
    let mut client = Client::start(&[]);
    client.initialize(dir.path());
    open(&mut client, &uri, RACY);
    let mut seen = Vec::new();
    let published = client.wait_for(&mut seen, |m| is_diagnostics_for(m, &uri));
    let diagnostics = published["params"]["diagnostics"].as_array().unwrap();
    let race = diagnostics
        .iter()
        .find(|d| d["code"] == "race")
        .unwrap_or_else(|| panic!("a race diagnostic: {published:#}"));
    assert_eq!(race["severity"], 1, "an error: {race}");
    assert_eq!(race["source"], "ompv");
    // Lines are 0-based: the pragma is on line 2, both accesses on line 4 (`a[i] = a[i + 1];`,
    // characters 4 and 11).
    assert_eq!(race["range"]["start"]["line"], 2, "{race}");
    let related = race["relatedInformation"]
        .as_array()
        .expect("related information");
    for character in [4, 11] {
        assert!(
            related.iter().any(|r| r["location"]["uri"] == uri
                && r["location"]["range"]["start"] == json!({"line": 4, "character": character})),
            "both accesses are related locations: {race:#}"
        );
    }
    assert!(
        race["message"].as_str().unwrap().contains("race pair: "),
        "{race}"
    );
    // A verdict line for the file is logged.
    assert!(
        seen.iter().any(|m| m["method"] == "window/logMessage"
            && m["params"]["message"].as_str().unwrap().contains("failed")),
        "{seen:#?}"
    );

    // A hover on the `parallel for` pragma (line 2) shows its PPL block; elsewhere nothing.
    let hover = |client: &mut Client, line: u32, character: u32| {
        let mut seen = Vec::new();
        client.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
            &mut seen,
        )
    };
    let on_pragma = hover(&mut client, 2, 12);
    let text = on_pragma["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_else(|| panic!("a hover: {on_pragma}"));
    // The region is checked where `main` calls the function (with `n = 8`); its contract is the
    // inferred one.
    assert!(text.contains("region in `main` at line 3"), "{text}");
    assert!(
        text.contains("par@3  omp parallel for  for i in [0, 8 - 1)"),
        "{text}"
    );
    assert!(text.contains("context Perm(a[i + 1], 1\\2);"), "{text}");
    let off_pragma = hover(&mut client, 4, 4);
    assert!(off_pragma["result"].is_null(), "{off_pragma}");

    // The fix is typed (the hover reads the editor's text, saved or not), then saved: the race
    // is gone.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": RACE_FREE}]}),
    );
    std::fs::write(&file, RACE_FREE).unwrap();
    client.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    );
    let mut seen = Vec::new();
    let published = client.wait_for(&mut seen, |m| is_diagnostics_for(m, &uri));
    assert_eq!(
        published["params"]["diagnostics"],
        json!([]),
        "the race-free twin has no diagnostics: {published:#}"
    );
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    client.shutdown();
}

#[test]
fn an_edit_cancels_the_running_check() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shift.c");
    std::fs::write(&file, RACY).unwrap();
    let uri = url(&file);
    // The worker hangs in the region's obligation, as a long proof would.
    let mut client = Client::start(&[("OMPV_TEST_HANG_IN", "main__r3__par3")]);
    client.initialize(dir.path());
    open(&mut client, &uri, RACY);
    std::thread::sleep(Duration::from_millis(500));
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": RACE_FREE}]}),
    );
    let mut seen = Vec::new();
    let cancelled = client.wait_for(&mut seen, |m| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .unwrap()
                .contains("was cancelled: the file changed")
    });
    assert!(
        !seen.iter().any(|m| is_diagnostics_for(m, &uri)),
        "nothing was published for the old text: {seen:#?} {cancelled}"
    );
    // The saved fix (its region a line further down, so its obligation has another name and
    // does not hang) is checked and published.
    let fixed = format!("\n{RACE_FREE}");
    std::fs::write(&file, &fixed).unwrap();
    client.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    );
    let published = client.wait_for(&mut seen, |m| is_diagnostics_for(m, &uri));
    assert_eq!(
        published["params"]["diagnostics"],
        json!([]),
        "{published:#}"
    );
    client.shutdown();
}

#[test]
fn options_after_the_separator_must_be_verify_options() {
    let r = cli_support::ompv(&["lsp", "--", "--no-such-option"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("not options of `ompv verify`"), "{r:?}");
}
