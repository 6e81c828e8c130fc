import DeepLinkRouting
import Foundation
import RouteFiles

/// Decides offline, the way iOS does, whether an https URL opens an app under an
/// apple-app-site-association file.
///
/// The matcher compiles the document once and can be shared freely. For each `details` entry in order,
/// its rules are tried in order and the first that matches decides: a plain rule opens the entry's
/// apps, an `exclude` rule (or a `NOT ` legacy path) ends the search for those apps as blocked. An app
/// that an earlier entry already decided is not considered again by later entries, so across entries
/// the earliest one wins; every app that some entry lets through is listed. iOS 13+ reads `components`
/// and ignores `paths` when both are present. An app ID without its team prefix
/// (`com.example.app`) can never be claimed by an app, so it never opens.
///
/// Limits, so that a decision costs at most a few million steps: a pattern over
/// ``maximumPatternLength`` bytes makes its rule ignored, and a URL whose
/// path, query or fragment is over ``maximumURLComponentLength`` bytes is not matched
/// (``AASAMatchResult/none``). Rules are indexed by the literal text their path pattern starts with, so a URL
/// is only tried against the rules whose prefix its path begins with.
///
/// ```swift
/// let matcher = AASAMatcher(document: document)
/// if let url = URL(string: "https://example.com/buy/42") {
///   matcher.match(url, domain: "example.com")
///   // match ABCDE12345.com.example.app (details[0], rule 1)
/// }
/// ```
package struct AASAMatcher: Sendable {
  /// The longest pattern, in UTF-8 bytes, a rule may hold; a rule with a longer one is ignored.
  package static let maximumPatternLength = 1024
  /// The longest path, query or fragment, in UTF-8 bytes, a URL may hold to be matched.
  package static let maximumURLComponentLength = 1024

  /// A rule the matcher ignores, with where it is and why.
  package struct IgnoredRule: Hashable, Sendable, CustomStringConvertible {
    /// The index of its entry in `applinks.details`.
    package var detailIndex: Int
    /// Its index in the entry's `components` (or `paths`).
    package var ruleIndex: Int
    /// Why it is ignored.
    package var reason: String

    /// `details[0], rule 3: reason`.
    package var description: String {
      "details[\(detailIndex)], rule \(ruleIndex): \(reason)"
    }
  }

  /// The document this matcher decides for.
  package let document: AASADocument
  /// The rules never tried because a pattern is over ``maximumPatternLength`` bytes.
  package let ignoredRules: [IgnoredRule]
  /// The app IDs of the document that no app can claim (no team prefix), in document order.
  package let invalidAppIDs: [String]
  private let details: [CompiledDetail]

  /// One `details` entry, compiled and indexed.
  private struct CompiledDetail: Sendable {
    let appIDs: [String]
    let rules: [CompiledRule]
    /// One index per (caseSensitive, percentEncoded) combination the rules use, with a rule of it.
    let indexes: [(representative: Int, index: LiteralPrefixIndex)]

    init(appIDs: [String], rules: [CompiledRule]) {
      self.appIDs = appIDs
      self.rules = rules
      var indexes: [(representative: Int, index: LiteralPrefixIndex)] = []
      for (position, rule) in rules.enumerated() where rule.overlongPattern == nil {
        let slot =
          indexes.firstIndex {
            rules[$0.representative].caseSensitive == rule.caseSensitive
              && rules[$0.representative].percentEncoded == rule.percentEncoded
          }
          ?? {
            indexes.append((position, LiteralPrefixIndex()))
            return indexes.count - 1
          }()
        indexes[slot].index.insert(rule.literalPrefix.unicodeScalars, value: position)
      }
      self.indexes = indexes
    }

    /// The first rule that matches, trying only the rules whose literal prefix the path begins with.
    func firstMatch(_ url: LinkURLParts, steps: inout Int) -> Int? {
      var candidates: [Int] = []
      for (representative, index) in indexes {
        let subject = rules[representative].pathSubject(url)
        candidates += index.values(alongPrefixesOf: subject.unicodeScalars)
      }
      if indexes.count > 1 { candidates.sort() }
      return candidates.first { rules[$0].matches(url, steps: &steps) }
    }
  }

  /// Compiles a document's rules.
  ///
  /// Each components entry is layered over its detail's `defaults`, then over `applinks.defaults`.
  ///
  /// - Parameter document: The apple-app-site-association document.
  package init(document: AASADocument) {
    self.document = document
    let appLinks = document.appLinks ?? AASAAppLinks()
    let variables = SubstitutionVariableTable(custom: appLinks.substitutionVariables)
    var ignored: [IgnoredRule] = []
    var invalid: [String] = []
    var details: [CompiledDetail] = []
    for (detailIndex, detail) in appLinks.details.enumerated() {
      let rules: [CompiledRule]
      if let components = detail.components {
        let defaults = (detail.defaults ?? AASAComponent()).layered(over: appLinks.defaults)
        rules = components.map { CompiledRule($0.layered(over: defaults), variables: variables) }
      } else {
        rules = (detail.paths ?? []).map { CompiledRule(legacyPath: $0) }
      }
      for (ruleIndex, rule) in rules.enumerated() {
        if let pattern = rule.overlongPattern {
          ignored.append(
            IgnoredRule(
              detailIndex: detailIndex, ruleIndex: ruleIndex,
              reason:
                "a pattern of \(pattern.utf8.count) bytes is over the \(Self.maximumPatternLength)-byte limit; the rule is ignored"
            ))
        }
      }
      let appIDs = detail.effectiveAppIDs.filter { appID in
        guard AASAValidator.checkAppID(appID).isEmpty else {
          if !invalid.contains(appID) { invalid.append(appID) }
          return false
        }
        return true
      }
      details.append(CompiledDetail(appIDs: appIDs, rules: rules))
    }
    self.details = details
    ignoredRules = ignored
    invalidAppIDs = invalid
  }

  /// Decides what iOS would do with a URL.
  ///
  /// - Parameters:
  ///   - url: An absolute http(s) URL; its text is compared as written (`absoluteString`).
  ///   - domain: The host the file is served from (`*.example.com` for subdomains), compared
  ///     case-insensitively; `nil` to skip the host check.
  /// - Returns: ``AASAMatchResult/match(appIDs:detailIndex:ruleIndex:)``,
  ///   ``AASAMatchResult/blocked(appIDs:detailIndex:ruleIndex:)``, or ``AASAMatchResult/none`` (also for
  ///   another host, a scheme other than http and https, or a URL over the length limits).
  package func match(_ url: URL, domain: String? = nil) -> AASAMatchResult {
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
  /// - Throws: ``UnreadableTextError`` when the text is neither an absolute URL nor a path, or its path,
  ///   query or fragment is over ``maximumURLComponentLength`` bytes.
  package func match(_ urlString: String, domain: String? = nil) throws(UnreadableTextError)
    -> AASAMatchResult
  {
    try decide(urlString, domain: domain).result
  }

  /// Decides what iOS would do with a URL, with every app each entry lets through or blocks.
  ///
  /// - Parameters:
  ///   - urlString: An absolute http(s) URL, or a path starting with `/`, compared as written.
  ///   - domain: The host the file is served from, or `nil` to skip the host check.
  /// - Returns: The decision and the claims behind it.
  /// - Throws: ``UnreadableTextError`` as `match(_:domain:)` for text does.
  package func decide(_ urlString: String, domain: String? = nil) throws(UnreadableTextError)
    -> AASAMatchDecision
  {
    let url = try LinkURLParts(urlString)
    for (name, part) in [("path", url.path), ("query", url.query ?? ""), ("fragment", url.fragment ?? "")]
    where part.utf8.count > Self.maximumURLComponentLength {
      throw .unmatchableURL(
        urlString.count > 80 ? String(urlString.prefix(80)) + "..." : urlString,
        "the \(name) is \(part.utf8.count) bytes; URLs whose path, query or fragment is over \(Self.maximumURLComponentLength) bytes are not matched"
      )
    }
    var steps = 0
    return decide(url, domain: domain, steps: &steps)
  }

  /// The decision for a split URL, counting the automaton states visited in `steps`.
  func match(_ url: LinkURLParts, domain: String?, steps: inout Int) -> AASAMatchResult {
    decide(url, domain: domain, steps: &steps).result
  }

  private func decide(_ url: LinkURLParts, domain: String?, steps: inout Int) -> AASAMatchDecision {
    if let scheme = url.scheme, scheme != "https", scheme != "http" { return AASAMatchDecision(claims: []) }
    if let domain, let host = url.host, !Self.host(host, belongsTo: domain) {
      return AASAMatchDecision(claims: [])
    }
    var decided: Set<String> = []
    var claims: [AASAMatchDecision.Claim] = []
    for (detailIndex, detail) in details.enumerated() {
      let appIDs = detail.appIDs.filter { !decided.contains($0) }
      guard !appIDs.isEmpty, let ruleIndex = detail.firstMatch(url, steps: &steps) else { continue }
      decided.formUnion(appIDs)
      claims.append(
        AASAMatchDecision.Claim(
          appIDs: appIDs, detailIndex: detailIndex, ruleIndex: ruleIndex,
          opens: !detail.rules[ruleIndex].exclude))
    }
    return AASAMatchDecision(claims: claims)
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

extension AASAMatcher {
  /// Reads an apple-app-site-association file the way Apple's matcher reads it.
  ///
  /// Unlike ``AASADocument/init(jsonData:)``, a value in a `?` dictionary that is not a string
  /// (`true`, a number) does not void the file: that one query condition is skipped, as Apple's tool
  /// skips it, and its place is returned.
  ///
  /// - Parameter data: The file's bytes.
  /// - Returns: The document, and the places of the skipped query values.
  /// - Throws: ``AssociationFileDecodingError`` for text that is not JSON or any other value of the wrong type.
  package static func document(
    readingAsApple data: Data
  ) throws(AssociationFileDecodingError) -> (document: AASADocument, skippedQueryValues: [JSONPath]) {
    var value = try AssociationFileDecodingError.json(in: data)
    var skipped: [JSONPath] = []
    value.updateMember("applinks") { appLinks in
      appLinks.updateMember("defaults") {
        skipNonStringQueryValues(
          &$0, at: JSONPath.root.appending(key: "applinks").appending(key: "defaults"), skipped: &skipped)
      }
      appLinks.updateMember("details") { details in
        let detailsPath = JSONPath.root.appending(key: "applinks").appending(key: "details")
        details.updateElements { detail, step in
          let detailPath: JSONPath =
            switch step {
            case .index(let index): detailsPath.appending(index: index)
            case .key(let key): detailsPath.appending(key: key)
            }
          detail.updateMember("defaults") {
            skipNonStringQueryValues(&$0, at: detailPath.appending(key: "defaults"), skipped: &skipped)
          }
          detail.updateMember("components") { components in
            components.updateElements { component, step in
              guard case .index(let index) = step else { return }
              skipNonStringQueryValues(
                &component, at: detailPath.appending(key: "components").appending(index: index),
                skipped: &skipped)
            }
          }
        }
      }
    }
    var decoder = AASADecoder()
    return (try decoder.document(value), skipped)
  }

  private static func skipNonStringQueryValues(
    _ component: inout JSONValue, at path: JSONPath, skipped: inout [JSONPath]
  ) {
    component.updateMember("?") { query in
      guard case .object(let items) = query.kind else { return }
      var kept: [JSONMember] = []
      for item in items {
        if case .string = item.value.kind {
          kept.append(item)
        } else {
          skipped.append(path.appending(key: "?").appending(key: item.key))
        }
      }
      query.kind = .object(kept)
    }
  }
}

/// One step into a JSON container: an array index or an object key.
private enum JSONStep {
  case index(Int)
  case key(String)
}

extension JSONValue {
  /// Updates the members named `key` of an object; nothing for other values.
  fileprivate mutating func updateMember(_ key: String, _ update: (inout JSONValue) -> Void) {
    guard case .object(var members) = kind else { return }
    for position in members.indices where members[position].key == key {
      update(&members[position].value)
    }
    kind = .object(members)
  }

  /// Updates every element of an array, or every member value of an object.
  fileprivate mutating func updateElements(_ update: (inout JSONValue, JSONStep) -> Void) {
    switch kind {
    case .array(var elements):
      for position in elements.indices { update(&elements[position], .index(position)) }
      kind = .array(elements)
    case .object(var members):
      for position in members.indices { update(&members[position].value, .key(members[position].key)) }
      kind = .object(members)
    default:
      break
    }
  }
}
