import Foundation
import Testing

@testable import DeepLinkCommands

/// Every command that takes options, `deeplink aasa match` and the like included.
@MainActor func leafCommands() -> [CommandSpec] {
  DeepLinkTool.commands.flatMap { $0.spec.subcommands.isEmpty ? [$0.spec] : $0.spec.subcommands }
}

/// Runs `arguments` through `/usr/bin/env` (a shell and its words) and returns what it writes to
/// standard output; the run must exit with status 0.
func shellOutput(_ arguments: [String], in workingDirectory: URL? = nil) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  process.currentDirectoryURL = workingDirectory
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "\(arguments)")
  return String(decoding: data, as: UTF8.self)
}

@Suite("deeplink completion")
struct CompletionTests {
  /// Runs the bash script's completion function for a command line being typed; returns the offers.
  func bashCompletions(_ script: String, typed words: [String], in workingDirectory: URL? = nil) throws
    -> [String]
  {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("deeplink.bash")
    try Data(script.utf8).write(to: file)
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let output = try shellOutput(
      [
        "bash", "-c",
        "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _deeplink; printf '%s\\n' \"${COMPREPLY[@]}\"",
      ], in: workingDirectory)
    return output.split(separator: "\n").map(String.init)
  }

  @Test(.enabled(if: executableOnPath("bash"), "needs bash"))
  func bashOffersFileNamesWholeAndUnexpanded() async throws {
    let script = await ToolRun.run(["completion", "bash"]).output
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "completion-files-\(UUID())")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("my site"), withIntermediateDirectories: true)
    for name in ["my routes.json", "*", "other.json"] {
      try Data("{}".utf8).write(to: directory.appendingPathComponent(name))
    }
    #expect(
      try bashCompletions(script, typed: ["deeplink", "route", "--routes", ""], in: directory).sorted() == [
        "*", "my routes.json", "my site", "other.json",
      ])
    #expect(
      try bashCompletions(script, typed: ["deeplink", "aasa", "check", "--file", "my"], in: directory)
        .sorted()
        == ["my routes.json", "my site"])
    #expect(
      try bashCompletions(script, typed: ["deeplink", "route", "--routes", "*"], in: directory) == ["*"])
    #expect(
      try bashCompletions(script, typed: ["deeplink", "site", "--out", "my"], in: directory) == ["my site"])
    // Options are still offered as words, and a `*` typed where an option goes expands to nothing.
    #expect(try bashCompletions(script, typed: ["deeplink", "url", "--f"], in: directory) == ["--fragment"])
    #expect(try bashCompletions(script, typed: ["deeplink", "url", "*"], in: directory) == [])
  }

  @Test(.enabled(if: executableOnPath("bash"), "needs bash"))
  func bashScriptParses() async throws {
    try expectShellAccepts(
      await ToolRun.run(["completion", "bash"]).output, shell: "bash", arguments: ["-n"])
  }

  /// Text no shell may read as anything but itself: quotes, `$`, backquotes, a newline, a backslash.
  static let hostileWord = "it's \"$HOME\" `id` $(id) \\ \n; } # *"

  @Test(
    "Each shell reads its quoting function's word back as the text",
    .enabled(if: executableOnPath("bash"), "needs bash"), arguments: ["bash", "zsh", "fish"])
  @MainActor func quotingRoundTrips(shell: String) throws {
    guard executableOnPath(shell) else { return }
    let word =
      shell == "fish"
      ? ShellCompletion.fishQuoted(Self.hostileWord) : ShellCompletion.singleQuoted(Self.hostileWord)
    #expect(try shellOutput([shell, "-c", "printf '%s' \(word)"]) == Self.hostileWord, "\(shell): \(word)")
  }

  @Test(.enabled(if: executableOnPath("bash"), "needs bash"))
  func bashOffersCommandsSubcommandsAndEachCommandsOptions() async throws {
    let run = await ToolRun.run(["completion", "bash"])
    #expect(run.status == 0)
    let script = run.output
    #expect(try bashCompletions(script, typed: ["deeplink", "ro"]) == ["route"])
    #expect(
      try bashCompletions(script, typed: ["deeplink", "aasa", ""]).sorted() == [
        "--help", "check", "generate", "match",
      ])
    #expect(
      try bashCompletions(script, typed: ["deeplink", "aasa", "generate", "--"]).sorted()
        == ["--app-id", "--domain", "--help", "--json", "--no-legacy-paths", "--routes", "--web-credentials"])
    for command in await leafCommands() {
      let offered = try bashCompletions(script, typed: ["deeplink"] + command.path + ["--"])
      #expect(Set(offered) == Set(command.allOptions.map { "--" + $0.name }), "\(command.fullName)")
    }
  }

  @Test(.enabled(if: executableOnPath("zsh"), "needs zsh (apt-get install -y zsh)"))
  func zshScriptParses() async throws {
    let run = await ToolRun.run(["completion", "zsh"])
    #expect(run.output.hasPrefix("#compdef deeplink\n"))
    try expectShellAccepts(run.output, shell: "zsh", arguments: ["-n"])
  }

  @Test(.enabled(if: executableOnPath("fish"), "needs fish (apt-get install -y fish)"))
  func fishScriptParsesAndNamesEveryOption() async throws {
    let run = await ToolRun.run(["completion", "fish"])
    try expectShellAccepts(run.output, shell: "fish", arguments: ["--no-execute"])
    for command in await leafCommands() {
      for option in command.allOptions {
        #expect(run.output.contains("__fish_seen_subcommand_from \(command.path.last ?? "")"))
        #expect(run.output.contains("-l \(option.name)"), "\(command.fullName) --\(option.name)")
      }
    }
  }

  @Test func unknownShellIsAUsageError() async {
    let run = await ToolRun.run(["completion", "bsh"])
    #expect(run.status == 2)
    #expect(run.error.contains("did you mean 'bash'?"))
  }

  func expectShellAccepts(_ script: String, shell: String, arguments: [String]) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID()).\(shell)")
    try Data(script.utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [shell] + arguments + [file.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
  }
}

/// `--help` and the documents cannot drift apart: every option the tool has is documented, and every
/// option a document shows on a `deeplink` command line exists on that command.
@Suite("deeplink documentation")
struct CommandDocumentationTests {
  static let documents = [
    "README.md", "Sources/DeepLinking/Documentation.docc/TestingLinksWithTheCLI.md",
  ]

  func text(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func everyOptionOfEveryCommandIsDocumented() async throws {
    let documented = try Self.documents.map(text).joined(separator: "\n")
    for command in await leafCommands() {
      #expect(documented.contains(command.fullName), "\(command.fullName) is not documented")
      for option in command.options {
        // The option must appear on a line that names its command.
        let lines = documented.split(separator: "\n").filter {
          $0.contains(command.fullName + " ") && $0.contains("--" + option.name)
        }
        #expect(!lines.isEmpty, "\(command.fullName) --\(option.name) is in --help but not in the documents")
      }
    }
  }

  @Test func everyOptionTheDocumentsShowExists() async throws {
    let commands = await leafCommands()
    for document in Self.documents {
      for line in try text(document).split(separator: "\n") {
        // The most specific command the line names (`deeplink aasa match` over `deeplink aasa`).
        guard
          let command = commands.filter({ line.contains($0.fullName + " ") || line.hasSuffix($0.fullName) })
            .max(by: { $0.path.count < $1.path.count })
        else { continue }
        let options = optionWords(in: String(line))
        for option in options where command.option(named: option) == nil && option != "version" {
          Issue.record("\(document): '\(command.fullName)' has no option --\(option): \(line)")
        }
      }
    }
  }

  /// The `--name` words of a line.
  func optionWords(in line: String) -> [String] {
    var names: [String] = []
    var rest = Substring(line)
    while let range = rest.range(of: "--") {
      let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
      if let first = name.first, first.isLetter { names.append(String(name)) }
      rest = rest[range.upperBound...]
    }
    return names
  }
}

@Suite("deeplink site and nginx")
struct SiteNginxTests {
  static let nginxAvailable = executableOnPath("nginx") && executableOnPath("openssl")

  @Test func withoutACertificateThePlaceholdersAreMarked() async throws {
    let out = temporaryDirectory()
    let run = await ToolRun.run(["site", "--app-id", demoAppID, "--out", out])
    #expect(run.status == 0, "\(run.error)")
    let nginx = try contents(out, "nginx.conf")
    #expect(nginx.contains("ssl_certificate /REPLACE/"))
    #expect(nginx.contains("ssl_certificate_key /REPLACE/"))
    #expect(nginx.contains("root \(out)/public;"))
  }

  @Test func certificateOptionsGoTogether() async {
    let run = await ToolRun.run(["site", "--app-id", demoAppID, "--certificate", "c.pem", "--out", "x"])
    #expect(run.status == 2)
    #expect(run.error.contains("--certificate and --certificate-key together"))
  }

  @Test(
    "nginx accepts the generated configuration (nginx -t)",
    .enabled(if: nginxAvailable, "needs nginx and openssl on PATH (apt-get install -y nginx)"),
    .timeLimit(.minutes(1)))
  func nginxAcceptsTheConfiguration() async throws {
    let work = temporaryDirectory()
    try await SiteServedTests.certificate(in: work)
    let out = "\(work)/site with space"
    let site = await ToolRun.run([
      "site", "--app-id", demoAppID, "--certificate", "\(work)/cert.pem", "--certificate-key",
      "\(work)/key.pem", "--out", out,
    ])
    #expect(site.status == 0, "\(site.error)")
    let main = """
      pid \(work)/nginx.pid;
      error_log \(work)/error.log;
      events {}
      http {
          include "\(out)/nginx.conf";
      }

      """
    try Data(main.utf8).write(to: URL(fileURLWithPath: "\(work)/main.conf"))
    // nginx -t reports on standard error; runBounded throws with the exit status when it refuses.
    _ = try await runBounded(
      "nginx", ["-t", "-q", "-e", "\(work)/error.log", "-p", work, "-c", "\(work)/main.conf"], seconds: 30)

    // The same configuration with the placeholders left in is refused: it cannot go live unchanged.
    let placeholders = await ToolRun.run(["site", "--app-id", demoAppID, "--out", "\(work)/unfinished"])
    #expect(placeholders.status == 0)
    try Data(main.replacingOccurrences(of: out, with: "\(work)/unfinished").utf8)
      .write(to: URL(fileURLWithPath: "\(work)/unfinished.conf"))
    await #expect(throws: BrowserTestFailure.self) {
      _ = try await runBounded(
        "nginx", ["-t", "-q", "-e", "\(work)/error.log", "-p", work, "-c", "\(work)/unfinished.conf"],
        seconds: 30)
    }
  }
}

@Suite("deeplink site and nginx: hostile route files")
struct SiteNginxHostileTests {
  /// A route file whose names try to end their comment and whose literals hold what nginx reads
  /// specially: `$`, `;`, `{`-free braces of text, quotes, spaces, backslashes.
  static let hostileRoutes = #"""
    {"schemes": ["myapp"], "hosts": ["example.com"], "routes": [
      {"name": "promo\n    location / { return 302 https://attacker.example/; }\n#", "pattern": "/promo"},
      {"name": "shell $(id) `id` \"quoted\" ; } <script>", "pattern": "/a$b/c;d/{id}"},
      {"name": "q", "pattern": "/we\"ird/x'y/sp%20ace/back\\slash/t\\t"},
      {"name": "bidi \u202e\u001b[31m", "pattern": "/x/{rest*}"}
    ]}
    """#

  @Test(
    "nginx accepts the configuration of a hostile route file, and it holds no injected directive",
    .enabled(if: SiteNginxTests.nginxAvailable, "needs nginx and openssl on PATH (apt-get install -y nginx)"),
    .timeLimit(.minutes(1)))
  func hostileRouteFile() async throws {
    let work = temporaryDirectory()
    try await SiteServedTests.certificate(in: work)
    let routes = try temporaryRouteFile(Self.hostileRoutes)
    let out = "\(work)/site \"with\" ; {space}"
    let site = await ToolRun.run([
      "site", "--routes", routes, "--app-id", demoAppID, "--certificate", "\(work)/cert.pem",
      "--certificate-key", "\(work)/key.pem", "--out", out,
    ])
    #expect(site.status == 0, "\(site.error)")
    let nginx = try contents(out, "nginx.conf")
    #expect(!nginx.contains("\n    location / {"), "\(nginx)")
    let live = nginx.split(separator: "\n").map { line in
      line.prefix { $0 != "#" }
    }
    #expect(!live.contains { $0.contains("attacker") || $0.contains("return") }, "\(nginx)")
    let main = """
      pid \(work)/nginx.pid;
      error_log \(work)/error.log;
      events {}
      http {
          include "\(out.replacingOccurrences(of: "\"", with: "\\\""))/nginx.conf";
      }

      """
    try Data(main.utf8).write(to: URL(fileURLWithPath: "\(work)/main.conf"))
    _ = try await runBounded(
      "nginx", ["-t", "-q", "-e", "\(work)/error.log", "-p", work, "-c", "\(work)/main.conf"], seconds: 30)

    // A directory nginx would read as a variable is refused with the reason, not written.
    let dollar = await ToolRun.run([
      "site", "--routes", routes, "--app-id", demoAppID, "--out", "\(work)/$host",
    ])
    #expect(dollar.status == 2)
    #expect(dollar.error.contains("variable"), "\(dollar.error)")
  }

  @Test(
    "a kind's length nginx cannot say is refused at the route file; the largest it can, nginx loads",
    .enabled(if: SiteNginxTests.nginxAvailable, "needs nginx and openssl on PATH (apt-get install -y nginx)"),
    .timeLimit(.minutes(1)))
  func kindLengthsNginxCanSay() async throws {
    func routes(_ length: Int, key: String) -> String {
      #"{"schemes": ["myapp"], "hosts": ["example.com"], "kinds": {"code": {"characters": "a-z", "#
        + #""\#(key)": \#(length)}}, "routes": [{"name": "p", "pattern": "/p/{c:code}"}]}"#
    }
    let work = temporaryDirectory()
    try await SiteServedTests.certificate(in: work)
    for key in ["maxLength", "minLength"] {
      let out = temporaryDirectory()
      let refused = await ToolRun.run([
        "site", "--routes", try temporaryRouteFile(routes(65_536, key: key)), "--app-id", demoAppID,
        "--out", out,
      ])
      #expect(refused.status == 2, "\(key): \(refused.output)")
      #expect(
        refused.error.contains("kinds.code.\(key)") && refused.error.contains("65535"), "\(refused.error)")
      #expect(refused.error.contains("line 1"), "\(refused.error)")
      #expect(!FileManager.default.fileExists(atPath: out + "/nginx.conf"))

      let largest = await ToolRun.run([
        "site", "--routes", try temporaryRouteFile(routes(65_535, key: key)), "--app-id", demoAppID,
        "--certificate", "\(work)/cert.pem", "--certificate-key", "\(work)/key.pem", "--out",
        "\(work)/site-\(key)",
      ])
      try #require(largest.status == 0, "\(largest.error)")
      let main =
        "pid \(work)/nginx.pid;\nerror_log \(work)/error.log;\nevents {}\n"
        + "http {\n    include \(work)/site-\(key)/nginx.conf;\n}\n"
      try Data(main.utf8).write(to: URL(fileURLWithPath: "\(work)/main.conf"))
      _ = try await runBounded(
        "nginx", ["-t", "-q", "-e", "\(work)/error.log", "-p", work, "-c", "\(work)/main.conf"], seconds: 30)
    }
  }

  @Test("A table whose app scheme a browser runs makes no fallback page")
  func scriptSchemeIsRefused() async throws {
    let routes = try temporaryRouteFile(
      #"{"schemes": ["javascript"], "hosts": ["example.com"], "routes": [{"name": "a", "pattern": "/a"}]}"#)
    let out = temporaryDirectory()
    let run = await ToolRun.run(["site", "--routes", routes, "--app-id", demoAppID, "--out", out])
    #expect(run.status == 2)
    #expect(run.error.contains("appURL \"javascript://\""), "\(run.error)")
    #expect(!FileManager.default.fileExists(atPath: out + "/public/fallback.html"))
  }
}
