//! `ompv lsp`: a Language Server (LSP 3.17 over standard input/output) that verifies each C
//! file when the editor opens or saves it and publishes the answer as diagnostics. A check
//! runs in a worker process of its own ([`crate::isolate::job`]) and is cancelled when the
//! file changes, is saved again or closed, so an answer never describes an older text than
//! the one saved. A hover on a pragma shows its PPL block and contract ([`hover`]).

mod diagnostics;
mod hover;
mod position;

use crate::cli::LspArgs;
use crate::exit::ExitCode;
use crate::isolate::job::{Cancel, Job};
use crate::output;
use crate::report::FileReport;
use crossbeam_channel::{select, Receiver, Sender};
use lsp_server::{Connection, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    LogMessage, Notification as _, PublishDiagnostics,
};
use lsp_types::request::{HoverRequest, Request as _};
use lsp_types::{
    Hover, HoverContents, HoverParams, HoverProviderCapability, InitializeParams, LogMessageParams,
    MarkupContent, MarkupKind, MessageType, PositionEncodingKind, PublishDiagnosticsParams,
    SaveOptions, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Url,
};
use position::Encoding;
use std::collections::HashMap;
use std::ffi::OsString;
use std::time::Duration;

pub fn run(args: &LspArgs) -> ExitCode {
    let limit = match file_timeout(&args.verify) {
        Ok(l) => l,
        Err(e) => {
            output::errln(&format!(
                "error: the options after `--` are not options of `ompv verify`: {}",
                e.render()
                    .to_string()
                    .lines()
                    .next()
                    .unwrap_or("")
                    .trim_start_matches("error: ")
            ));
            return ExitCode::InputError;
        }
    };
    match serve(args.verify.clone(), limit) {
        Ok(()) => ExitCode::Verified,
        Err(e) => {
            output::errln(&format!("error: ompv lsp: {e}"));
            ExitCode::InputError
        }
    }
}

/// `--file-timeout` of the `verify` options (which are checked here, before any file is).
fn file_timeout(verify: &[OsString]) -> Result<Option<Duration>, clap::Error> {
    use clap::FromArgMatches;
    let line = ["ompv", "verify"]
        .into_iter()
        .map(OsString::from)
        .chain(verify.iter().cloned())
        .chain([OsString::from("options-check.c")]);
    let matches = crate::commands::meta::command().try_get_matches_from(line)?;
    match crate::cli::Cli::from_arg_matches(&matches)?.command {
        crate::cli::Command::Verify(v) => Ok(v.output.file_timeout()),
        _ => Ok(None),
    }
}

/// An open document.
struct Document {
    /// The text in the editor (full synchronisation), for hovers.
    text: String,
    /// Bumped by every change, save and close: a check's answer counts only for its own.
    generation: u64,
    /// The check running for this generation.
    running: Option<Cancel>,
}

/// A finished check: the document, the generation it was started for, its report.
type Done = (Url, u64, FileReport);

struct Server {
    connection: Connection,
    encoding: Encoding,
    verify: Vec<OsString>,
    limit: Option<Duration>,
    documents: HashMap<Url, Document>,
    done: (Sender<Done>, Receiver<Done>),
}

fn serve(verify: Vec<OsString>, limit: Option<Duration>) -> Result<(), String> {
    let (connection, io_threads) = Connection::stdio();
    let (id, params) = connection.initialize_start().map_err(|e| e.to_string())?;
    let params: InitializeParams = serde_json::from_value(params).map_err(|e| e.to_string())?;
    let utf8 = params
        .capabilities
        .general
        .and_then(|g| g.position_encodings)
        .is_some_and(|e| e.contains(&PositionEncodingKind::UTF8));
    let encoding = if utf8 {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    };
    let capabilities = ServerCapabilities {
        position_encoding: Some(if utf8 {
            PositionEncodingKind::UTF8
        } else {
            PositionEncodingKind::UTF16
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    };
    let result = serde_json::json!({
        "capabilities": capabilities,
        "serverInfo": { "name": "ompv", "version": env!("CARGO_PKG_VERSION") },
    });
    connection
        .initialize_finish(id, result)
        .map_err(|e| e.to_string())?;
    let mut server = Server {
        connection,
        encoding,
        verify,
        limit,
        documents: HashMap::new(),
        done: crossbeam_channel::unbounded(),
    };
    let outcome = server.main_loop();
    server.cancel_all();
    drop(server);
    io_threads.join().map_err(|e| e.to_string())?;
    outcome
}

impl Server {
    fn main_loop(&mut self) -> Result<(), String> {
        let receiver = self.connection.receiver.clone();
        let done = self.done.1.clone();
        loop {
            select! {
                recv(receiver) -> message => {
                    let Ok(message) = message else { return Ok(()) };
                    match message {
                        Message::Request(request) => {
                            let shutdown = self
                                .connection
                                .handle_shutdown(&request)
                                .map_err(|e| e.to_string())?;
                            if shutdown {
                                return Ok(());
                            }
                            self.request(request);
                        }
                        Message::Notification(n) => self.notification(n),
                        Message::Response(_) => {}
                    }
                }
                recv(done) -> finished => {
                    if let Ok((uri, generation, report)) = finished {
                        self.finished(uri, generation, report);
                    }
                }
            }
        }
    }

    fn send(&self, message: Message) {
        let _ = self.connection.sender.send(message);
    }

    fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) {
        self.send(Message::Notification(Notification::new(
            N::METHOD.to_string(),
            params,
        )));
    }

    fn log(&self, message: String) {
        self.notify::<LogMessage>(LogMessageParams {
            typ: MessageType::INFO,
            message,
        });
    }

    fn request(&mut self, request: Request) {
        let response = if request.method == HoverRequest::METHOD {
            match serde_json::from_value::<HoverParams>(request.params) {
                Ok(p) => Response::new_ok(request.id, self.hover(&p)),
                Err(e) => Response::new_err(
                    request.id,
                    lsp_server::ErrorCode::InvalidParams as i32,
                    e.to_string(),
                ),
            }
        } else {
            Response::new_err(
                request.id,
                lsp_server::ErrorCode::MethodNotFound as i32,
                format!("ompv lsp does not answer `{}`", request.method),
            )
        };
        self.send(Message::Response(response));
    }

    fn hover(&self, p: &HoverParams) -> Option<Hover> {
        let at = &p.text_document_position_params;
        let document = self.documents.get(&at.text_document.uri)?;
        let path = at.text_document.uri.to_file_path().ok()?;
        let offset = self.encoding.offset(&document.text, at.position);
        let text = hover::at(&path, &document.text, offset)?;
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: format!("```text\n{}```", text),
            }),
            range: None,
        })
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(p) =
                    serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params)
                {
                    let d = p.text_document;
                    self.documents.insert(
                        d.uri.clone(),
                        Document {
                            text: d.text,
                            generation: 0,
                            running: None,
                        },
                    );
                    self.check(&d.uri);
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(p) =
                    serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
                {
                    let uri = p.text_document.uri;
                    if let Some(d) = self.documents.get_mut(&uri) {
                        // Full synchronisation: the last change holds the whole text.
                        if let Some(last) = p.content_changes.into_iter().last() {
                            d.text = last.text;
                        }
                    }
                    self.stop(&uri, "the file changed");
                }
            }
            DidSaveTextDocument::METHOD => {
                if let Ok(p) =
                    serde_json::from_value::<lsp_types::DidSaveTextDocumentParams>(n.params)
                {
                    self.check(&p.text_document.uri);
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(p) =
                    serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
                {
                    let uri = p.text_document.uri;
                    self.stop(&uri, "the file was closed");
                    self.documents.remove(&uri);
                    self.publish(uri, Vec::new());
                }
            }
            _ => {}
        }
    }

    /// Cancels the check running for `uri`, if any, saying why.
    fn stop(&mut self, uri: &Url, why: &str) {
        let Some(d) = self.documents.get_mut(uri) else {
            return;
        };
        d.generation += 1;
        if let Some(c) = d.running.take() {
            c.cancel();
            self.log(format!("ompv: the check of {uri} was cancelled: {why}"));
        }
    }

    fn cancel_all(&mut self) {
        for d in self.documents.values_mut() {
            if let Some(c) = d.running.take() {
                c.cancel();
            }
        }
    }

    /// Starts a check of the saved file behind `uri` (C files only).
    fn check(&mut self, uri: &Url) {
        self.stop(uri, "the file was saved again");
        let Ok(path) = uri.to_file_path() else {
            self.log(format!("ompv: {uri} is not a file on disk: not checked"));
            return;
        };
        if path.extension().is_none_or(|e| e != "c") {
            return;
        }
        let Some(document) = self.documents.get_mut(uri) else {
            return;
        };
        let generation = document.generation;
        let name = path.display().to_string();
        let args = std::iter::once(OsString::from("verify"))
            .chain(self.verify.iter().cloned())
            .chain([path.clone().into_os_string()])
            .collect();
        let tx = self.done.0.clone();
        let uri = uri.clone();
        match Job::start(args, &path, &name) {
            Ok((job, cancel)) => {
                document.running = Some(cancel);
                let limit = self.limit;
                std::thread::spawn(move || {
                    if let Some(report) = job.wait(limit) {
                        let _ = tx.send((uri, generation, report));
                    }
                });
            }
            Err(report) => {
                let _ = tx.send((uri, generation, *report));
            }
        }
    }

    /// Publishes a finished check, unless the document changed since it started.
    fn finished(&mut self, uri: Url, generation: u64, report: FileReport) {
        let Some(d) = self.documents.get_mut(&uri) else {
            return;
        };
        if d.generation != generation {
            return;
        }
        d.running = None;
        let Ok(path) = uri.to_file_path() else { return };
        self.log(format!(
            "ompv: {}: {} ({} ms)",
            path.display(),
            report.verdict.as_str(),
            report.time.as_millis()
        ));
        let diagnostics = diagnostics::of_report(&report, &path, self.encoding);
        self.publish(uri, diagnostics);
    }

    fn publish(&self, uri: Url, diagnostics: Vec<lsp_types::Diagnostic>) {
        self.notify::<PublishDiagnostics>(PublishDiagnosticsParams {
            uri,
            diagnostics,
            version: None,
        });
    }
}
