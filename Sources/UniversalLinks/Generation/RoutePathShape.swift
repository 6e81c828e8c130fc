import DeepLinkRouting
import Foundation

/// The path of one route, as much of it as the server files need: the pattern's own pieces
/// (``RoutePattern/Segment``), and what its query asks that AASA can say.
///
/// This is the input of ``AASAGenerator``, ``AASAConsistencyCheck``, the Android filters and nginx; a
/// route table describes each route with one (``shapes(from:)``). ``init(name:template:)`` reads a
/// pattern with the router's own reader; its query part (`?q={query}`) is ignored there, while a shape
/// made from a router's pattern keeps the names of its required query items in
/// ``requiredQueryItems``, and generated rules then require them too.
package struct RoutePathShape: Hashable, Sendable, CustomStringConvertible {
  /// One piece of the path: the pattern's own piece (``RoutePattern/Segment``), never
  /// ``RoutePattern/Segment/fragment``, which splits a route's pieces into ``pieces`` and
  /// ``fragmentPieces``.
  package typealias Piece = RoutePattern.Segment

  /// The route's name, used in the generated `comment` and in reports.
  package var name: String
  /// The path's pieces, one per segment (a catch-all stands for the remaining segments).
  package var pieces: [Piece]
  /// The names of the query items the route requires (decoded), such as `q` for `?q={query}`; a link
  /// without one of them, or with it empty, is not the route's.
  package var requiredQueryItems: [String]
  /// The query items whose value the route states exactly (decoded name to value): a literal value
  /// (`ref=failed_payment`), or `""` for an item that must be absent (`!invite`), as AASA reads an
  /// absent item.
  package var queryValues: [String: String] = [:]
  /// The query items (as written in the pattern) the route declares but AASA cannot state: alternative
  /// keys, keys compared without case, literal text AASA cannot write. Generated rules leave them out,
  /// and each is listed as an ``AASAWidening``.
  package var unstatedQueryItems: [String] = []
  /// For a route that reads the fragment as a path (`/#/room/{id}`), the fragment's pieces (none for
  /// `/#/`); `nil` for a route that ignores the fragment. The query fields then describe the query
  /// inside the fragment, and AASA states the fragment as the `#` pattern.
  package var fragmentPieces: [Piece]?
  /// Whether the fragment starts with `/` (`/#/room/{id}`) rather than with its first segment
  /// (`/#narrow/{rest*}`): the router reads `#/x` and `#x` as different fragments, and the `#`
  /// pattern, the samples and the examples keep the route's own start.
  package var fragmentStartsWithSlash = true
  /// The pattern's tested catch-alls (`{terms:pairs*}`, `{ids:int+}`), which the pieces state as their
  /// catch-alls: each is listed as a widening (`pairs-text`, `typed-run-text`).
  package var testedRuns: [RoutePattern.Segment] = []

  /// For each tested catch-all, a link the server files let through that its rule refuses: a segment
  /// of another type where the run is (`/compare/x` for `{ids:int+}`), one segment where pairs are (an
  /// odd count); the sample link for a run in the fragment. A run whose element holds every segment
  /// tried gives none.
  package var refusedRuns: [(name: String, rule: RunRule, example: String)] {
    testedRuns.compactMap { segment in
      guard case .testedRun(let name, let rule) = segment,
        let refused = rule.isPairs ? "odd" : rule.refusedSegment
      else { return nil }
      guard fragmentPieces == nil, let index = pieces.firstIndex(where: \.isCatchAll) else {
        return (name, rule, sampleLink)
      }
      var segments = sampleSegments
      segments[index] = refused
      return (name, rule, "/" + segments.joined(separator: "/") + sampleLink.dropFirst(samplePath.count))
    }
  }

  /// The fragment's pieces as a shape of their own (its path patterns, variants and samples), or `nil`.
  package var fragmentShape: RoutePathShape? {
    fragmentPieces.map { RoutePathShape(name: name, pieces: $0) }
  }

  /// Creates a shape from its pieces.
  ///
  /// - Parameters:
  ///   - name: The route's name.
  ///   - pieces: The path's pieces; no pieces is the root path `/`.
  ///   - requiredQueryItems: The names of the query items the route requires.
  package init(name: String, pieces: [Piece], requiredQueryItems: [String] = []) {
    self.name = name
    self.pieces = pieces
    self.requiredQueryItems = requiredQueryItems
  }

  /// Reads a route template such as `/channel/video/{clipId}` or `/docs/{path*}` with the router's
  /// own reader (``RoutePattern``); its query part restricts nothing here.
  ///
  /// - Parameters:
  ///   - name: The route's name.
  ///   - template: The route's pattern.
  /// - Throws: ``UnreadableTextError`` (`invalid-route-template`) with the pattern error's message when
  ///   the pattern does not parse.
  package init(name: String, template: String) throws(UnreadableTextError) {
    let pattern: RoutePattern
    do {
      pattern = try RoutePattern(template)
    } catch {
      throw .invalidRouteTemplate(template, error.message)
    }
    // A tested catch-all is stated as its catch-all (``RoutePattern/Segment/serverPiece``).
    self.init(name: name, pieces: pattern.pathSegments.map(\.serverPiece))
    fragmentPieces = pattern.readsFragment ? pattern.fragmentSegments.map(\.serverPiece) : nil
    fragmentStartsWithSlash = !pattern.readsFragment || pattern.fragmentStartsWithSlash
    testedRuns = pattern.segments.filter { if case .testedRun = $0 { true } else { false } }
  }

  /// The template text, e.g. `/users/{id:int}/files/{path+}`; `/` for the root.
  package var description: String {
    text(of: pieces) + (fragmentText ?? "")
  }

  /// The fragment as the pattern writes it (`#/room/{id}`, `#narrow/{rest*}`), or `nil` for a route
  /// that ignores the fragment.
  package var fragmentText: String? {
    fragmentPieces.map { pieces in
      let path = text(of: pieces)
      return "#" + (fragmentStartsWithSlash ? path : String(path.dropFirst()))
    }
  }

  /// Pieces written as a path template, `/` for none; a tested catch-all as the pattern writes it
  /// (`{ids:int+}`), not as the catch-all its pieces state.
  private func text(of pieces: [Piece]) -> String {
    "/"
      + pieces.map { piece in
        guard piece.isCatchAll,
          let run = testedRuns.first(where: { $0.parameterNames == piece.parameterNames })
        else { return piece.shapeText }
        return run.description
      }.joined(separator: "/")
  }

  /// The shapes the rules are written for: the shape itself, or, when its last piece is optional,
  /// the shape without it and the shape with it as a parameter, so each is stated exactly (AASA has
  /// no "one segment or none").
  package var variants: [RoutePathShape] {
    if case .optional(let parameter, let type) = pieces.last {
      var without = self
      without.pieces.removeLast()
      var present = self
      present.pieces[present.pieces.count - 1] = .parameter(name: parameter, type: type)
      return without.variants + present.variants
    }
    // A middle `{name*}`: AASA's `*` between two `/` needs a segment there, so the path without it is
    // a rule of its own, and the path with it is `{name+}`.
    if let index = catchAllIndex, index < pieces.count - 1, case .zeroOrMore(let parameter) = pieces[index] {
      var without = self
      without.pieces.remove(at: index)
      var some = self
      some.pieces[index] = .oneOrMore(name: parameter)
      return [without, some]
    }
    return [self]
  }

  /// The index of the catch-all piece, if the shape has one.
  package var catchAllIndex: Int? { pieces.firstIndex(where: \.isCatchAll) }

  /// Whether the shape has a catch-all anywhere, so it accepts any number of further segments.
  package var hasCatchAll: Bool { catchAllIndex != nil }

  /// Whether the last piece is a zero-or-more catch-all, so the path without it is routed too.
  package var endsWithOptionalCatchAll: Bool {
    if case .zeroOrMore = pieces.last { return true }
    return false
  }

  /// Whether the last piece is a catch-all (`{name+}` or `{name*}`), so the route accepts any number
  /// of further segments.
  package var endsWithCatchAll: Bool {
    switch pieces.last {
    case .oneOrMore, .zeroOrMore: true
    default: false
    }
  }

  /// A percent-encoded path this route accepts: literals as written, each parameter type's sample
  /// value (`sample`, `0`, a fixed UUID), `a/b` for catch-alls.
  package var samplePath: String {
    "/" + sampleSegments.joined(separator: "/")
  }

  /// ``samplePath`` with `name=sample` for each required query item, then `name=value` for each
  /// literal value: a link this route accepts.
  package var sampleLink: String {
    let items =
      requiredQueryItems.map { Self.encode($0) + "=sample" }
      + queryValues.sorted { $0.key < $1.key }.filter { !$0.value.isEmpty }.map {
        Self.encode($0.key) + "=" + Self.encode($0.value)
      }
    let query = items.isEmpty ? "" : "?" + items.joined(separator: "&")
    // A fragment route's query is the fragment's, after the fragment's path.
    if let fragmentPieces {
      return samplePath + (fragmentStartsWithSlash ? "#/" : "#")
        + Self.sampleSegments(of: fragmentPieces).joined(separator: "/") + query
    }
    return samplePath + query
  }

  /// The percent-encoded segments of ``samplePath``, one per piece.
  var sampleSegments: [String] { Self.sampleSegments(of: pieces) }

  /// The percent-encoded sample segments of some pieces, one per piece.
  static func sampleSegments(of pieces: [Piece]) -> [String] {
    pieces.map(\.sampleSegment)
  }

  /// A decoded segment the template accepts: each parameter's sample value between its literals.
  static func sampleText(of template: SegmentTemplate, replacing name: String? = nil, with text: String = "")
    -> String
  {
    let samples = template.sampleValues
    return template.parts.map { part in
      switch part {
      case .literal(let literal): literal
      case .parameter(let parameter, _): parameter == name ? text : samples[parameter]?.description ?? ""
      }
    }.joined()
  }

  /// A template as written in a pattern, its literals percent-encoded.
  static func encode(template: SegmentTemplate) -> String {
    template.parts.map { part in
      switch part {
      case .literal(let text): encode(text)
      case .parameter(let name, .string): "{\(name)}"
      case .parameter(let name, let type): "{\(name):\(type.rawValue)}"
      }
    }.joined()
  }

  /// Whether this route accepts a percent-encoded path, with the router's segment rules: empty
  /// segments are dropped, each segment is decoded once, literals compare by their bytes (no Unicode
  /// normalisation, ``ReadingRules/isSameLiteral(_:_:)``); a query after `?`
  /// must hold every required item with a non-empty value.
  ///
  /// - Parameter link: A percent-encoded path such as `/users/42`, with an optional query.
  /// - Returns: Whether the route matches it.
  package func routes(_ link: String) -> Bool {
    routes(link, typed: true)
  }

  /// ``routes(_:)``, optionally reading integer and UUID parameters as plain text, as the generated
  /// AASA rules read them (see ``AASAWidening``).
  func routes(_ link: String, typed: Bool) -> Bool {
    // The fragment: ignored, or, for a fragment route, a path of its own holding the route's query.
    let hash = link.firstIndex(of: "#")
    var parts = link[..<(hash ?? link.endIndex)].split(
      separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    if let fragmentShape {
      guard let hash, link[link.index(after: hash)...].hasPrefix("/") == fragmentStartsWithSlash else {
        return false
      }
      let fragment = link[link.index(after: hash)...].split(
        separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
      let segments = fragment[0].split(separator: "/").map { PercentDecoding.decode(String($0)) }
      guard fragmentShape.variants.contains(where: { $0.pathAccepts(segments, typed: typed) }) else {
        return false
      }
      parts = [parts[0]] + fragment.dropFirst()
    }
    let path = String(parts[0])
    if !queryValues.isEmpty {
      // The first value of each name, decoded; absent reads as "".
      var first: [String: String] = [:]
      for item in parts.count > 1 ? parts[1].split(separator: "&") : [] {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = PercentDecoding.decode(pair[0].replacingOccurrences(of: "+", with: " "))
        let value =
          pair.count == 2 ? PercentDecoding.decode(pair[1].replacingOccurrences(of: "+", with: " ")) : ""
        if first[name] == nil { first[name] = value }
      }
      guard queryValues.allSatisfy({ ReadingRules.isSameLiteral(first[$0.key] ?? "", $0.value) }) else {
        return false
      }
    }
    if !requiredQueryItems.isEmpty {
      let items = parts.count > 1 ? parts[1].split(separator: "&") : []
      let present = Set(
        items.compactMap { item -> String? in
          let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
          guard pair.count == 2, !pair[1].isEmpty else { return nil }
          return PercentDecoding.decode(pair[0].replacingOccurrences(of: "+", with: " "))
        })
      guard requiredQueryItems.allSatisfy(present.contains) else { return false }
    }
    let segments = path.split(separator: "/").map { PercentDecoding.decode(String($0)) }
    return variants.contains { $0.pathAccepts(segments, typed: typed) }
  }

  /// Whether the pieces of a shape without an optional piece accept decoded segments: the pieces
  /// before a catch-all read the first segments, those after it the last ones, and the catch-all
  /// what lies between (at least one for `{name+}`).
  private func pathAccepts(_ segments: [String], typed: Bool) -> Bool {
    func accepts(_ piece: Piece, _ segment: String) -> Bool { piece.accepts(decoded: segment, typed: typed) }
    guard let index = catchAllIndex else {
      return pieces.count == segments.count && zip(pieces, segments).allSatisfy(accepts)
    }
    let after = pieces.count - index - 1
    var fewest = index + after
    if case .oneOrMore = pieces[index] { fewest += 1 }
    guard segments.count >= fewest else { return false }
    return zip(pieces[..<index], segments).allSatisfy(accepts)
      && zip(pieces[(index + 1)...], segments.suffix(after)).allSatisfy(accepts)
  }

  /// The characters a path segment may hold unencoded (RFC 3986 `pchar`).
  static let segmentCharacters: Set<Unicode.Scalar> = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".unicodeScalars
  )

  /// A literal segment percent-encoded the way browsers write it (upper-case hex).
  static func encode(_ text: String) -> String {
    var encoded = ""
    for scalar in text.unicodeScalars {
      if segmentCharacters.contains(scalar) {
        encoded.unicodeScalars.append(scalar)
      } else {
        for byte in String(scalar).utf8 {
          let hex = String(byte, radix: 16, uppercase: true)
          encoded += "%" + (hex.count == 1 ? "0" : "") + hex
        }
      }
    }
    return encoded
  }
}
