import DeepLinkRouting
import Foundation

/// The path of one route, as much of it as AASA generation needs: literal segments, typed parameters
/// and catch-alls (one per route, anywhere).
///
/// This is the input of ``AASAGenerator`` and of ``AASAConsistencyCheck``; a route table can describe
/// each route with one. ``init(name:template:)`` reads the router's template syntax:
/// `/users/{id:int}/files/{path+}`, `{name}`, `{name:int}`, `{name:uuid}`, `{name+}` (one or more
/// segments), `{name*}` (zero or more segments, last only). In a template, a query part
/// (`?q={query}`) is ignored; a shape made from a router's pattern keeps the names of its required
/// query items in ``requiredQueryItems``, and generated rules then require them too.
package struct RoutePathShape: Hashable, Sendable, CustomStringConvertible {
  /// One piece of the path.
  package enum Piece: Hashable, Sendable {
    /// A literal segment, unencoded (`café`, `a b`).
    case literal(String)
    /// One segment holding a parameter.
    case parameter(name: String, type: ParameterType)
    /// One or more segments (`{name+}`): the remaining ones when last; in the middle, those before
    /// the pieces after it (at most one catch-all per shape).
    case oneOrMore(name: String)
    /// Zero or more segments (`{name*}`), last or in the middle as `{name+}` is.
    case zeroOrMore(name: String)
    /// One segment holding literal text around parameters (`wire-{code:uuid}`).
    case template(SegmentTemplate)
    /// A last segment that may be absent (`{slug?}`, `{n:int?}`); last piece only. The rules are
    /// written for each of ``variants``.
    case optional(name: String, type: ParameterType)

    /// Whether the piece is a catch-all (`{name+}`, `{name*}`).
    var isCatchAll: Bool {
      switch self {
      case .oneOrMore, .zeroOrMore: true
      case .literal, .parameter, .template, .optional, .valueSet, .kind: false
      }
    }
    /// One segment that is one of a fixed set of words (`{section:(general|privacy)}`).
    case valueSet(name: String, set: ValueSet)
    /// One segment of an app-defined kind (`{code:sku}`); AASA says its prefix, if any, and `*`.
    case kind(name: String, kind: AppKind)
  }

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

  /// Reads a route template such as `/channel/video/{clipId}` or `/docs/{path*}`.
  ///
  /// - Parameters:
  ///   - name: The route's name.
  ///   - template: The path template; anything from `?` on is ignored.
  /// - Throws: ``UnreadableTextError`` for an empty segment, an unterminated or empty `{}`, an unknown
  ///   parameter type, or a catch-all that is not the last piece.
  package init(name: String, template: String) throws(UnreadableTextError) {
    func failure(_ reason: String) -> UnreadableTextError {
      .invalidRouteTemplate(template, reason)
    }
    // The query starts at the first "?" outside braces (`{slug?}` is an optional segment).
    var depth = 0
    let queryStart =
      template.firstIndex { character in
        if character == "{" { depth += 1 }
        if character == "}" { depth -= 1 }
        return character == "?" && depth == 0
      } ?? template.endIndex
    let path = template[..<queryStart]
    var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if segments.first == "" { segments.removeFirst() }
    if segments.last == "" { segments.removeLast() }
    var pieces: [Piece] = []
    for (index, segment) in segments.enumerated() {
      guard !segment.isEmpty else { throw failure("empty segment (\"//\")") }
      let isWhole =
        segment.hasPrefix("{") && segment.hasSuffix("}")
        && segment.dropFirst().dropLast().allSatisfy {
          $0 != "{" && $0 != "}"
        }
      if (!isWhole && (segment.contains("{") || segment.contains("}"))) || segment.contains(":(") {
        // A segment template or a value set: read by the router's own rule.
        do {
          let pattern = try RoutePattern("/" + segment)
          switch pattern.segments.first {
          case .template(let template): pieces.append(.template(template))
          case .valueSet(let name, let set): pieces.append(.valueSet(name: name, set: set))
          default: throw failure("unterminated or empty parameter \"\(segment)\"")
          }
        } catch let error as RoutePatternError {
          throw failure(error.message)
        } catch {
          throw failure("\(error)")
        }
        continue
      }
      guard segment.hasPrefix("{") else {
        pieces.append(.literal(segment))
        continue
      }
      guard segment.hasSuffix("}"), segment.count > 2 else {
        throw failure("unterminated or empty parameter \"\(segment)\"")
      }
      var body = String(segment.dropFirst().dropLast())
      var isOptional = false
      if body.hasSuffix("?") {
        guard index == segments.count - 1 else {
          throw failure("optional parameter \"\(segment)\" must be the last piece")
        }
        body.removeLast()
        isOptional = true
      }
      if body.hasSuffix("+") || body.hasSuffix("*") {
        guard !isOptional, !pieces.contains(where: \.isCatchAll) else {
          throw failure("a second catch-all \"\(segment)\": a path has at most one")
        }
        let kind = body.removeLast()
        pieces.append(kind == "+" ? .oneOrMore(name: body) : .zeroOrMore(name: body))
        continue
      }
      let parts = body.split(separator: ":", maxSplits: 1).map(String.init)
      guard let parameterName = parts.first, !parameterName.isEmpty else {
        throw failure("parameter without a name: \"\(segment)\"")
      }
      let typeName = parts.count > 1 ? parts[1] : "string"
      guard let type = ParameterType(rawValue: typeName) else {
        throw failure("unknown parameter type \"\(typeName)\" (string, int or uuid)")
      }
      pieces.append(
        isOptional ? .optional(name: parameterName, type: type) : .parameter(name: parameterName, type: type))
    }
    self.init(name: name, pieces: pieces)
  }

  /// The template text, e.g. `/users/{id:int}/files/{path+}`; `/` for the root.
  package var description: String {
    Self.text(of: pieces) + (fragmentPieces.map { "#" + Self.text(of: $0) } ?? "")
  }

  /// Pieces written as a path template, `/` for none.
  private static func text(of pieces: [Piece]) -> String {
    "/"
      + pieces.map { piece in
        switch piece {
        case .literal(let text): text
        case .parameter(let name, .string): "{\(name)}"
        case .parameter(let name, let type): "{\(name):\(type.rawValue)}"
        case .oneOrMore(let name): "{\(name)+}"
        case .zeroOrMore(let name): "{\(name)*}"
        case .template(let template): Self.encode(template: template)
        case .optional(let name, .string): "{\(name)?}"
        case .optional(let name, let type): "{\(name):\(type.rawValue)?}"
        case .valueSet(let name, let set):
          "{\(name):(\(set.members.map(Self.encode).joined(separator: "|")))}"
        case .kind(let name, let kind): "{\(name):\(kind.name)}"
        }
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
      return samplePath + "#/" + Self.sampleSegments(of: fragmentPieces).joined(separator: "/") + query
    }
    return samplePath + query
  }

  /// The percent-encoded segments of ``samplePath``, one per piece.
  var sampleSegments: [String] { Self.sampleSegments(of: pieces) }

  /// The percent-encoded sample segments of some pieces, one per piece.
  static func sampleSegments(of pieces: [Piece]) -> [String] {
    pieces.map { piece in
      switch piece {
      case .literal(let text): Self.encode(text)
      case .parameter(_, let type), .optional(_, let type): Self.encode(type.sampleValue.description)
      case .oneOrMore, .zeroOrMore: "a/b"
      case .template(let template): Self.encode(Self.sampleText(of: template))
      case .valueSet(_, let set): Self.encode(set.members[0])
      case .kind(_, let kind): Self.encode(kind.sampleValue)
      }
    }
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
      guard let hash, link[link.index(after: hash)...].hasPrefix("/") else { return false }
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
    func accepts(_ piece: Piece, _ segment: String) -> Bool {
      switch piece {
      case .literal(let text): ReadingRules.isSameLiteral(segment, text)
      case .parameter(_, let type), .optional(_, let type): Self.accepts(segment, as: typed ? type : .string)
      case .template(let template): template.accepts(segment, folds: false, typed: typed)
      case .valueSet(_, let set): typed ? set.accepts(segment) : !segment.isEmpty
      // Untyped, as the AASA rule reads it: the prefix, then anything.
      case .kind(_, let kind):
        typed ? kind.accepts(segment) : !segment.isEmpty && segment.utf8.starts(with: kind.prefixText.utf8)
      case .oneOrMore, .zeroOrMore: true
      }
    }
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

  static func accepts(_ segment: String, as type: ParameterType) -> Bool {
    type.value(from: segment) != nil
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
