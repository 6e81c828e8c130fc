/// One `<intent-filter>` of an Android app for links: its schemes, hosts and paths, and whether it
/// asks Android to verify its hosts (`android:autoVerify`).
///
/// Android combines every `<data>` element of one filter: a link opens the app when its scheme is one
/// of ``schemes``, its host one of ``hosts`` and its path matches one of ``paths``, whichever elements
/// they came from. So two routes on different hosts need two filters, or each opens on the other's
/// host. A filter without hosts reads no path: every link of its schemes opens it; a filter with
/// hosts but without paths opens every path of its hosts.
///
/// A filter read from a manifest may also say more than the generator writes: scheme-specific parts
/// (``schemeSpecificParts``), MIME types (``mimeTypes``) and, from Android 15 (API 35),
/// `<uri-relative-filter-group>` elements (``relativeFilterGroups``). ``opens(_:apiLevel:)`` reads
/// each as Android's `IntentFilter.matchData` does on a device of the given API level, which ignores
/// what its version does not know.
///
/// ```swift
/// let filter = AndroidIntentFilter(
///   schemes: ["https"], hosts: [.init(host: "example.com")],
///   paths: [AndroidPathPattern(.advancedGlob, "/channel/video/[^/]+")], autoVerify: true)
/// filter.opens("https://example.com/channel/video/42")  // true
/// ```
package struct AndroidIntentFilter: Hashable, Sendable {
  /// One `android:host` with its `android:port`.
  package struct Authority: Hashable, Sendable, CustomStringConvertible {
    /// The host: `example.com`, `*.example.com` (its subdomains, not itself), or `*` (any host).
    package var host: String
    /// The port, or `nil` for any port.
    package var port: Int?

    /// Creates an authority.
    ///
    /// - Parameters:
    ///   - host: The host, lower case (Android asks for lower case).
    ///   - port: The port, or `nil` for any.
    package init(host: String, port: Int? = nil) {
      self.host = host
      self.port = port
    }

    /// `example.com` or `example.com:8443`.
    package var description: String { host + (port.map { ":\($0)" } ?? "") }

    /// Whether Android admits a link's host and port with this entry, as `IntentFilter.AuthorityEntry`
    /// does: a leading `*` keeps the rest as a suffix (`*.example.com` admits `a.example.com`, not
    /// `example.com`; `*` admits any host, the empty one of `https:///p` too), compared by Java's
    /// `compareToIgnoreCase`, one UTF-16 unit at a time.
    func admits(host linkHost: String, port linkPort: Int?) -> Bool {
      if let port, port != linkPort { return false }
      let wild = host.hasPrefix("*")
      let expected = Array((wild ? String(host.dropFirst()) : host).utf16)
      var actual = Array(linkHost.utf16)
      if wild {
        guard actual.count >= expected.count else { return false }
        actual = Array(actual.suffix(expected.count))
      }
      return actual.count == expected.count && zip(actual, expected).allSatisfy(Self.sameIgnoringCase)
    }

    /// Two UTF-16 units as `compareToIgnoreCase` compares them: equal, or equal once both are upper
    /// case, or once both are then lower case. Java maps case one unit at a time (its simple case
    /// mapping); a mapping that gives several characters leaves the unit as it is.
    static func sameIgnoringCase(_ left: UInt16, _ right: UInt16) -> Bool {
      left == right || folded(left) == folded(right)
    }

    /// A UTF-16 unit upper-cased, then lower-cased, as `compareToIgnoreCase` maps it (an ASCII unit
    /// without looking its case up): two units it finds equal fold to the same unit.
    static func folded(_ unit: UInt16) -> UInt16 {
      if unit < 0x80 { return unit >= 65 && unit <= 90 ? unit + 32 : unit }
      func mapped(_ unit: UInt16, _ mapping: (Unicode.Scalar.Properties) -> String) -> UInt16 {
        guard let scalar = Unicode.Scalar(UInt32(unit)) else { return unit }
        let result = mapping(scalar.properties).unicodeScalars
        guard result.count == 1, let first = result.first, first.value <= 0xFFFF else { return unit }
        return UInt16(first.value)
      }
      return mapped(mapped(unit, \.uppercaseMapping), \.lowercaseMapping)
    }
  }

  /// The schemes (`android:scheme`), lower case; Android compares them exactly.
  package var schemes: [String]
  /// The hosts (`android:host`, `android:port`).
  package var hosts: [Authority]
  /// The path conditions; a link's path must match one.
  package var paths: [AndroidPathPattern]
  /// The conditions on the scheme-specific part (`android:ssp`, `sspPrefix`, `sspPattern`, and from
  /// API 31 `sspAdvancedPattern`, `sspSuffix`), read from API 19: the decoded text between the
  /// scheme's `:` and the fragment (`+445551234` in `tel:+445551234`, `//example.com/p` in
  /// `https://example.com/p`). With any, a link opens the filter when it matches one of them, or
  /// else through ``hosts`` and ``paths`` as without.
  package var schemeSpecificParts: [AndroidPathPattern] = []
  /// The MIME types (`android:mimeType`): a link has no type, so a filter with any never opens it.
  package var mimeTypes: [String] = []
  /// The `<uri-relative-filter-group>` elements (Android 15, API 35), in document order: read with
  /// ``paths`` once the link's host matched.
  package var relativeFilterGroups: [AndroidRelativeFilterGroup] = []
  /// Whether the filter asks Android to verify its hosts (`android:autoVerify="true"`).
  package var autoVerify: Bool
  /// The routes the filter is for, in table order (written as comments).
  package var routes: [String]
  /// Whether the filter has `action.VIEW` and the categories `DEFAULT` and `BROWSABLE`, which a link
  /// from a browser needs; `true` for generated filters.
  package var isBrowsable: Bool

  /// The newest Android API level whose rules the matcher knows (Android 15): the level
  /// ``opens(_:apiLevel:)`` assumes unless told.
  package static let newestAPILevel = 35
  /// The API level from which Android reads `<uri-relative-filter-group>` (Android 15).
  package static let relativeFilterGroupAPILevel = 35
  /// The API level from which Android reads the `ssp` attributes (Android 4.4).
  package static let schemeSpecificPartAPILevel = 19

  /// Creates a filter.
  ///
  /// - Parameters:
  ///   - schemes: The schemes.
  ///   - hosts: The hosts.
  ///   - paths: The path conditions.
  ///   - autoVerify: Whether Android verifies the hosts.
  ///   - routes: The routes the filter is for.
  ///   - isBrowsable: Whether the filter has `action.VIEW`, `DEFAULT` and `BROWSABLE`.
  package init(
    schemes: [String], hosts: [Authority], paths: [AndroidPathPattern], autoVerify: Bool,
    routes: [String] = [], isBrowsable: Bool = true
  ) {
    self.schemes = schemes
    self.hosts = hosts
    self.paths = paths
    self.autoVerify = autoVerify
    self.routes = routes
    self.isBrowsable = isBrowsable
  }

  /// Whether Android opens the app with this filter for a link, as `IntentFilter.matchData` decides
  /// for a link of no MIME type on a device of `apiLevel`: the scheme exactly; then a
  /// scheme-specific part condition, or the host (without case) and port, and the decoded path
  /// against each path condition or relative filter group; and no MIME type in the filter. A
  /// condition the device does not read (`pathAdvancedPattern` below API 31) is left out, so a
  /// filter left without path conditions opens every path of its hosts. A malformed advanced pattern
  /// matches nothing (Android refuses the manifest).
  ///
  /// - Parameters:
  ///   - link: An absolute link such as `https://example.com/p/1` or `myapp://p/1`.
  ///   - apiLevel: The device's API level (default ``newestAPILevel``).
  /// - Returns: Whether the filter matches it.
  package func opens(_ link: String, apiLevel: Int = newestAPILevel) -> Bool {
    guard let uri = AndroidURI(link) else { return false }
    return decision(uri, apiLevel: apiLevel) != nil
  }

  func opens(_ uri: AndroidURI, apiLevel: Int = newestAPILevel) -> Bool {
    decision(uri, apiLevel: apiLevel) != nil
  }

  /// The condition that opened a link, or `nil` when the filter does not open it.
  enum Decision: Hashable {
    /// The scheme alone (a filter without hosts or scheme-specific parts).
    case scheme
    /// A scheme-specific part condition.
    case schemeSpecificPart(AndroidPathPattern)
    /// The host, the filter reading no path.
    case host
    /// A path condition.
    case path(AndroidPathPattern)
    /// The relative filter group at this index, which allows the link.
    case group(Int)
  }

  /// `IntentFilter.matchData` for a link without a MIME type.
  func decision(_ uri: AndroidURI, apiLevel: Int) -> Decision? {
    guard isBrowsable, !schemes.isEmpty, schemes.contains(uri.scheme) else { return nil }
    var decision: Decision? = .scheme
    let parts =
      apiLevel >= Self.schemeSpecificPartAPILevel
      ? schemeSpecificParts.filter { $0.kind.minimumAPILevel <= apiLevel } : []
    if !parts.isEmpty {
      decision = parts.first { (try? $0.matches(uri.schemeSpecificPart)) == true }.map {
        .schemeSpecificPart($0)
      }
    }
    if case .schemeSpecificPart = decision {
    } else if !hosts.isEmpty {
      guard let host = uri.host, hosts.contains(where: { $0.admits(host: host, port: uri.port) }) else {
        return nil
      }
      let readPaths = paths.filter { $0.kind.minimumAPILevel <= apiLevel }
      let groups = apiLevel >= Self.relativeFilterGroupAPILevel ? relativeFilterGroups : []
      if readPaths.isEmpty && groups.isEmpty {
        decision = .host
      } else if let path = uri.path, let matched = readPaths.first(where: { (try? $0.matches(path)) == true })
      {
        decision = .path(matched)
      } else if let group = AndroidRelativeFilterGroup.deciding(groups, uri), groups[group].allows {
        decision = .group(group)
      } else {
        return nil
      }
    }
    guard let decision, mimeTypes.isEmpty else { return nil }
    return decision
  }
}

/// A `<uri-relative-filter-group>` of an intent filter (Android 15, API 35): conditions on the
/// link's path, query and fragment that must all hold, and whether a link they all match is
/// allowed (`android:allow`, default `true`) or blocked.
///
/// Android reads a filter's groups in document order, once the link's host matched and no path
/// condition did: the first group whose conditions all match decides; a link no group matches is not
/// opened by them.
package struct AndroidRelativeFilterGroup: Hashable, Sendable {
  /// Whether a link the group matches opens the app (`android:allow="true"`) or not.
  package var allows: Bool
  /// The conditions, all of which a link must match; a group without any matches nothing.
  package var conditions: [AndroidRelativeFilter]

  /// Creates a group.
  ///
  /// - Parameters:
  ///   - allows: Whether a link the group matches opens the app.
  ///   - conditions: The conditions.
  package init(allows: Bool, conditions: [AndroidRelativeFilter]) {
    self.allows = allows
    self.conditions = conditions
  }

  /// Whether every condition matches the link (`UriRelativeFilterGroup.matchData`).
  func matches(_ uri: AndroidURI) -> Bool {
    !conditions.isEmpty && conditions.allSatisfy { $0.matches(uri) }
  }

  /// The index of the first group that matches the link (`UriRelativeFilterGroup.matchGroupsToUri`).
  static func deciding(_ groups: [AndroidRelativeFilterGroup], _ uri: AndroidURI) -> Int? {
    groups.firstIndex { $0.matches(uri) }
  }
}

/// One condition of a ``AndroidRelativeFilterGroup``: a pattern on the link's path, query or fragment.
package struct AndroidRelativeFilter: Hashable, Sendable, CustomStringConvertible {
  /// The part of the link a condition reads.
  package enum Part: String, Hashable, Sendable, CaseIterable {
    /// The decoded path (`android:path`, `pathPrefix`, ...).
    case path
    /// Each item of the decoded query (`android:query`, `queryPrefix`, ...): the query split at
    /// `&` (or, when that gives one piece, at `;`), as Java's `String.split` splits it.
    case query
    /// The decoded fragment (`android:fragment`, `fragmentPrefix`, ...).
    case fragment
  }

  /// The part of the link read.
  package var part: Part
  /// The pattern and how it is read.
  package var pattern: AndroidPathPattern

  /// Creates a condition.
  ///
  /// - Parameters:
  ///   - part: The part of the link read.
  ///   - pattern: The pattern.
  package init(_ part: Part, _ pattern: AndroidPathPattern) {
    self.part = part
    self.pattern = pattern
  }

  /// `queryPrefix="ref="`.
  package var description: String { "\(pattern.kind.attribute(of: part.rawValue))=\"\(pattern.pattern)\"" }

  /// Whether the condition matches the link (`UriRelativeFilter.matchData`).
  func matches(_ uri: AndroidURI) -> Bool {
    func matches(_ text: String?) -> Bool {
      guard let text else { return false }
      return (try? pattern.matches(text)) == true
    }
    switch part {
    case .path: return matches(uri.path)
    case .fragment: return matches(uri.fragment)
    case .query:
      guard let query = uri.query else { return false }
      var items = Self.javaSplit(query, "&")
      if items.count == 1 { items = Self.javaSplit(query, ";") }
      return items.contains { matches($0) }
    }
  }

  /// Java's `String.split` at one character: the pieces, the empty ones at the end left out (all of
  /// them for a text of separators only); a text without the separator is one piece, itself.
  static func javaSplit(_ text: String, _ separator: Unicode.Scalar) -> [String] {
    let unit = UInt16(separator.value)
    let units = Array(text.utf16)
    guard units.contains(unit) else { return [text] }
    var pieces = units.split(separator: unit, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF16.self)
    }
    while pieces.last?.isEmpty == true { pieces.removeLast() }
    return pieces
  }
}

extension AndroidIntentFilter {
  /// Whether a text is an absolute link Android can match: a scheme, `:`, and the rest.
  ///
  /// - Parameter link: The text.
  /// - Returns: Whether ``opens(_:apiLevel:)`` can read it.
  package static func isAbsoluteLink(_ link: String) -> Bool {
    guard let uri = AndroidURI(link), let first = uri.scheme.unicodeScalars.first else { return false }
    return first.properties.isAlphabetic && first.isASCII
  }

  /// What opened the app for a link, as the attribute that did (`pathAdvancedPattern="/p/[^/]+"`,
  /// `sspPrefix="+1"`, `uri-relative-filter-group 1`), or `nil` when the filter does not open it or
  /// opens it without reading the path (no hosts, or no path conditions).
  ///
  /// - Parameters:
  ///   - link: An absolute link.
  ///   - apiLevel: The device's API level (default ``newestAPILevel``).
  /// - Returns: The condition, in words.
  package func openingCondition(_ link: String, apiLevel: Int = newestAPILevel) -> String? {
    guard let uri = AndroidURI(link), let decision = decision(uri, apiLevel: apiLevel) else { return nil }
    switch decision {
    case .scheme, .host: return nil
    case .path(let pattern): return pattern.description
    case .schemeSpecificPart(let pattern):
      return "\(pattern.kind.attribute(of: "ssp"))=\"\(pattern.pattern)\""
    case .group(let index): return "uri-relative-filter-group \(index)"
    }
  }
}
