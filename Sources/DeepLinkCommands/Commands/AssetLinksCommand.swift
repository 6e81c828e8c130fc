import Foundation
import UniversalLinks

/// `deeplink assetlinks`: checks Android `assetlinks.json` files.
@MainActor
enum AssetLinksCommand: ToolSubcommand {
  static let spec = CommandSpec(
    path: ["assetlinks"],
    usage: "<subcommand> [options]",
    summary: "Check an Android assetlinks.json file.",
    discussion: "Works with the Digital Asset Links file Android reads to verify App Links.",
    options: [],
    epilogue: "",
    subcommands: [Check.spec]
  )

  private static let subcommands: [any ToolSubcommand.Type] = [Check.self]

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    try await ToolCommand.dispatch(words, group: spec, subcommands: subcommands, streams: streams)
  }

  /// `deeplink assetlinks check`.
  @MainActor
  enum Check: ToolSubcommand {
    static let spec = CommandSpec(
      path: ["assetlinks", "check"],
      usage: "(--file FILE | --url https://HOST [--timeout SECONDS]) [--json]",
      summary: "Report the mistakes that stop Android from verifying App Links.",
      discussion: """
        Checks an assetlinks.json file: the namespace (android_app or web), package-name syntax,
        SHA-256 fingerprints (32 upper-case hex pairs joined by ':'; lower case is a warning), relations
        (delegate_permission/common.handle_all_urls, delegate_permission/common.get_login_creds; other
        strings grant nothing), misspelled keys and duplicates, and the Android 15 dynamic rules
        (relation_extensions, dynamic_app_link_components): a field of the wrong type, an empty one
        or a rule without "/", "?" or "#" makes Android discard every rule of the statement silently
        and open all that the manifest's filters claim (dynamic-rules-discarded, a warning); keys
        Google does not document are unknown keys; rules given twice for one app, or where Android
        does not read them, are reported too. Severity follows what breaks on a
        phone: error, an app cannot be verified; warning, verification may fail or a grant is lost;
        note, nothing breaks. Prints one line per finding,
          error[code] path: message
        then a summary line.
        With --url the file is fetched as Android's verifier fetches it: from
        https://HOST/.well-known/assetlinks.json only, with the certificate verified, no redirect
        followed (a 3xx is an error, with its Location), status 200, Content-Type application/json
        (anything else is an error), at most 128 KB read. A fetch that fails is an error finding
        (redirect, http-status, content-type, file-too-large, fetch-timeout, certificate-not-trusted,
        fetch-failed); otherwise the body is checked as a file would be.
        """,
      options: WellKnownFetch.checkerOptions(for: .assetLinks),
      epilogue: WellKnownFetch.checkerExitStatus
    )

    static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
      try await AASACommand.Check.check(words, streams, spec: spec, file: .assetLinks) { data in
        AssetLinksValidator().validate(data: data)
      }
    }
  }
}
