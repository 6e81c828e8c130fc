import Foundation

/// Decides offline, the way iOS does, whether an https URL opens an app under an
/// apple-app-site-association file.
///
/// The matcher compiles the document once and can be shared freely. For each `details` entry in order,
/// its rules are tried in order and the first that matches decides: a plain rule opens the entry's
/// apps, an `exclude` rule (or a `NOT ` legacy path) ends the search for those apps as blocked. An app
/// that an earlier entry already decided is not considered again by later entries, so across entries
/// the earliest one wins. iOS 13+ reads `components` and ignores `paths` when both are present.
///
/// ```swift
/// let matcher = AASAMatcher(document: document)
/// try matcher.match("https://example.com/buy/42", domain: "example.com")
/// // match ABCDE12345.com.example.app (details[0], rule 1)
/// ```
public struct AASAMatcher: Sendable {
  /// The document this matcher decides for.
  public let document: AASADocument
  private let details: [(appIDs: [String], rules: [CompiledRule])]

  /// Compiles a document's rules.
  ///
  /// Each components entry is layered over its detail's `defaults`, then over `applinks.defaults`.
  ///
  /// - Parameter document: The apple-app-site-association document.
  public init(document: AASADocument) {
    self.document = document
    let appLinks = document.appLinks ?? AASAAppLinks()
    let variables = SubstitutionVariableTable(custom: appLinks.substitutionVariables)
    details = appLinks.details.map { detail in
      let rules: [CompiledRule]
      if let components = detail.components {
        let defaults = (detail.defaults ?? AASAComponent()).layered(over: appLinks.defaults)
        rules = components.map { CompiledRule($0.layered(over: defaults), variables: variables) }
      } else {
        rules = (detail.paths ?? []).map { CompiledRule(legacyPath: $0) }
      }
      return (detail.effectiveAppIDs, rules)
    }
  }

  /// Decides what iOS would do with a URL.
  ///
  /// - Parameters:
  ///   - url: An absolute http(s) URL; its text is compared as written (`absoluteString`).
  ///   - domain: The host the file is served from (`*.example.com` for subdomains), compared
  ///     case-insensitively; `nil` to skip the host check.
  /// - Returns: ``AASAMatchResult/match(appIDs:detailIndex:ruleIndex:)``,
  ///   ``AASAMatchResult/blocked(appIDs:detailIndex:ruleIndex:)``, or ``AASAMatchResult/none`` (also for
  ///   another host or a scheme other than http and https).
  public func match(_ url: URL, domain: String? = nil) -> AASAMatchResult {
    (try? match(url.absoluteString, domain: domain)) ?? .none
  }

  /// Decides what iOS would do with a URL given as text.
  ///
  /// The text may also be a path reference such as `/buy/42?x=1#top`; it has no host, so the host
  /// check is skipped for it.
  ///
  /// - Parameters:
  ///   - urlString: An absolute http(s) URL, or a path starting with `/`, compared as written.
  ///   - domain: The host the file is served from (`*.example.com` for subdomains), compared
  ///     case-insensitively; `nil` to skip the host check.
  /// - Returns: The decision, as for the `URL` overload.
  /// - Throws: ``AASAMatchError`` when the text is neither an absolute URL nor a path.
  public func match(_ urlString: String, domain: String? = nil) throws(AASAMatchError) -> AASAMatchResult {
    var steps = 0
    return match(try LinkURLParts(urlString), domain: domain, steps: &steps)
  }

  /// The decision for a split URL, counting the automaton states visited in `steps`.
  func match(_ url: LinkURLParts, domain: String?, steps: inout Int) -> AASAMatchResult {
    if let scheme = url.scheme, scheme != "https", scheme != "http" { return .none }
    if let domain, let host = url.host, !Self.host(host, belongsTo: domain) { return .none }
    var decided: Set<String> = []
    var firstBlock: AASAMatchResult?
    for (detailIndex, detail) in details.enumerated() {
      let appIDs = detail.appIDs.filter { !decided.contains($0) }
      guard !appIDs.isEmpty else { continue }
      guard let ruleIndex = detail.rules.firstIndex(where: { $0.matches(url, steps: &steps) }) else {
        continue
      }
      guard detail.rules[ruleIndex].exclude else {
        return .match(appIDs: appIDs, detailIndex: detailIndex, ruleIndex: ruleIndex)
      }
      decided.formUnion(appIDs)
      firstBlock = firstBlock ?? .blocked(appIDs: appIDs, detailIndex: detailIndex, ruleIndex: ruleIndex)
    }
    return firstBlock ?? .none
  }

  private static func host(_ host: String, belongsTo domain: String) -> Bool {
    var domain = domain.lowercased()
    if domain.hasPrefix("applinks:") {
      domain.removeFirst("applinks:".count)
    }
    while domain.hasSuffix(".") {
      domain.removeLast()
    }
    if domain.hasPrefix("*.") {
      return host.hasSuffix(domain.dropFirst())
    }
    return host == domain
  }
}
