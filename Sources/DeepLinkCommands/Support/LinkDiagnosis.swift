import DeepLinking
import RouteFiles
import UniversalLinks

/// What `deeplink doctor` found for one link: each hop a phone takes, what it decided, and the
/// findings with their fixes.
struct LinkDiagnosis {
  /// How bad a finding is, by what a phone does, on the scale the association-file checks use: a
  /// note breaks nothing; a warning is a link that does not open yet (the CDN lags) or that no route
  /// takes; an error is a phone opening the browser where the app should open, or the app getting a
  /// link it cannot route.
  typealias Severity = AssociationFileDiagnostic.Severity

  /// One step of the link's way to the app: a fetch or a decision.
  struct Hop {
    /// `short-link`, `entitlements`, `origin`, `apple-cdn`, `route-table`, `intent-filter`, `assetlinks`
    /// (one per host fetched), `browser`, `redirect`.
    var name: String
    /// The URL fetched, or `nil` for a decision made locally.
    var url: String?
    /// What the hop decided, in a few words.
    var result: String
  }

  /// One finding: how bad, which hop, what a phone does, and the fix in one line.
  struct Finding {
    var severity: Severity
    var code: String
    var hop: String
    var message: String
    var fix: String
  }

  /// The link as given.
  var link: String
  /// The route the app's router picks, or `nil` when none takes the link.
  var route: String?
  /// The long link a short link redirects to, as the short-link file says, when the link is one.
  var shortLinkTarget: String?
  /// Whether that route opens only from a verified link.
  var requiresVerifiedLink: Bool?
  /// What a phone does with the link, in a few words ("opens the app today").
  var verdict = ""
  var hops: [Hop] = []
  var findings: [Finding] = []

  /// The worst severity found, or `nil` when nothing was.
  var worst: Severity? { findings.map(\.severity).max() }

  /// Whether something breaks a phone: the `--ci` failure.
  var breaksAPhone: Bool { worst == .error }

  mutating func add(_ severity: Severity, _ code: String, hop: String, _ message: String, fix: String) {
    findings.append(Finding(severity: severity, code: code, hop: hop, message: message, fix: fix))
  }

  /// The report as text: the link, a line per hop, the findings with their fixes, and the verdict.
  /// Every line quotes the server or the input, so each is escaped for the terminal.
  var text: [String] {
    var lines = [link]
    let width = max(12, (hops.map(\.name.count).max() ?? 0) + 2)
    func row(_ name: String, _ value: String) -> String {
      "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + value
    }
    if let route {
      lines.append(
        row("router", "route \(route)" + (requiresVerifiedLink == true ? " (requires a verified link)" : "")))
    } else {
      lines.append(row("router", "no route takes the link"))
    }
    for hop in hops {
      lines.append(row(hop.name, (hop.url.map { "\($0): " } ?? "") + hop.result))
    }
    for finding in findings {
      lines.append("  \(finding.severity.rawValue)[\(finding.code)] \(finding.hop): \(finding.message)")
      lines.append("    fix: \(finding.fix)")
    }
    lines.append("  verdict: \(verdict)")
    return lines.map(Printable.escaped)
  }

  /// The report as one JSON object:
  /// `{"url", "verdict", "severity", "route", "requiresVerifiedLink", "hops", "findings"}`.
  var json: JSONValue {
    .object([
      ("url", .string(link)), ("verdict", .string(verdict)),
      ("severity", worst.map { .string($0.rawValue) } ?? .null),
      ("route", route.map(JSONValue.string) ?? .null),
      ("requiresVerifiedLink", requiresVerifiedLink.map(JSONValue.bool) ?? .null),
      (
        "hops",
        .array(
          hops.map {
            .object([
              ("hop", .string($0.name)), ("url", $0.url.map(JSONValue.string) ?? .null),
              ("result", .string($0.result)),
            ])
          })
      ),
      (
        "findings",
        .array(
          findings.map {
            .object([
              ("severity", .string($0.severity.rawValue)), ("code", .string($0.code)),
              ("hop", .string($0.hop)),
              ("message", .string($0.message)), ("fix", .string($0.fix)),
            ])
          })
      ),
    ])
  }
}
