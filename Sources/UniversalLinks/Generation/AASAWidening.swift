import DeepLinkRouting
import Foundation

/// A set of paths a generated apple-app-site-association file lets through although the route does
/// not accept them, because the AASA pattern language cannot tell them apart.
///
/// Everything else is exact: segment counts, literals, required query items and empty catch-alls are
/// expressed with exclusions and query patterns. What remains:
/// - an integer parameter admits any text (AASA has no "digits only");
/// - a UUID parameter admits any 36 characters shaped like a UUID (no "hex digits only");
/// - a boolean, decimal or URL parameter admits any text (no "true or false", "a number", "http(s)");
/// - a value set admits any text (AASA cannot list words for one segment);
/// - a parameter of an app-defined kind admits any text after the kind's prefix (AASA cannot say
///   which characters, or how many);
/// - a tested catch-all admits any segments (AASA cannot count pairs, `{terms:pairs*}`, nor type each
///   segment, `{ids:int+}`);
/// - in a route ending in a catch-all, a parameter before a later literal admits several segments
///   (`/u/{id}/files/{path+}` lets `/u/1/2/files/x` through): `?*` crosses `/`, and an exclusion that
///   kept those paths out would also block routed ones such as `/u/1/files/files/x`.
///
/// The app's router still refuses such a link, so it opens the app and shows its "no route" handling.
package struct AASAWidening: Hashable, Sendable, CustomStringConvertible {
  /// The route's name.
  package var route: String
  /// The parameter's name.
  package var parameter: String
  /// What AASA cannot express.
  package var kind: ErrorCode<AASAWidening>
  /// A percent-encoded path the file lets through and the route refuses.
  package var example: String

  /// Creates a widening.
  ///
  /// - Parameters:
  ///   - route: The route's name.
  ///   - parameter: The parameter's name.
  ///   - kind: What AASA cannot express.
  ///   - example: A path the file lets through and the route refuses.
  package init(route: String, parameter: String, kind: ErrorCode<AASAWidening>, example: String) {
    self.route = route
    self.parameter = parameter
    self.kind = kind
    self.example = example
  }

  /// Why the file lets the example through.
  package var reason: String {
    if kind == .queryRule {
      return "AASA cannot state the query item \(parameter), so the rule does not require it"
    }
    if kind == .spansSegments {
      return
        "a literal stands between {\(parameter)} and the catch-all, and no exclusion can keep paths of more segments out, so it may span several segments"
    }
    if kind == .fragmentPath {
      return
        "the # pattern's wildcards cross '/' and take any text after the fragment's path (a pattern of * takes a link without a fragment), and no exclusion restricts the fragment, so a fragment with more segments opens the app"
    }
    if kind == .valueSetText {
      return "AASA cannot list the words {\(parameter)} accepts, so it admits any text"
    }
    if kind == .kindText {
      return
        "AASA cannot say which characters {\(parameter)} holds or how many, so it admits any text after its kind's prefix"
    }
    if kind == .pairsText {
      return
        "AASA cannot count the segments {\(parameter)} takes in pairs or type its operands, so it admits any segments there"
    }
    if kind == .typedRunText {
      return "AASA cannot type the segments {\(parameter)} takes, so it admits any segments there"
    }
    if kind == .emptyTemplateText {
      return "AASA's * inside the segment template also admits an empty {\(parameter)}"
    }
    let checks = [("range-text", ValueCheck.rangeLimit), ("https-text", ValueCheck.httpsLimit)]
    let limit =
      (ParameterType.allCases.compactMap(\.aasaWidening).map { ($0.code, $0.limit) } + checks)
      .first { $0.0 == kind.description }?.1
    return (limit ?? "AASA cannot say what {NAME} accepts, so it admits more")
      .replacingOccurrences(of: "{NAME}", with: "{\(parameter)}")
  }

  /// `route NAME: {param} REASON (e.g. PATH)`.
  package var description: String {
    "route \(route): \(reason) (e.g. \(example))"
  }

  /// Whether a literal stands between two pieces of a path: a parameter before a catch-all with a
  /// literal between may span the segments of that literal too, and so may one after it (the pieces
  /// after a catch-all are read from the link's end).
  static func literalBetween(_ one: Int, _ other: Int, in pieces: [RoutePathShape.Piece]) -> Bool {
    let range = one < other ? (one + 1)..<other : (other + 1)..<one
    return pieces[range].contains {
      if case .literal = $0 { return true }
      return false
    }
  }

  /// The widenings of one route's generated rules, piece by piece.
  ///
  /// - Parameter shape: The route's shape.
  /// - Returns: One widening per integer or UUID parameter, and one per parameter that can span
  ///   segments.
  package static func widenings(of shape: RoutePathShape) -> [AASAWidening] {
    var widenings: [AASAWidening] = []
    for (index, piece) in shape.pieces.enumerated() {
      if case .template(let template) = piece {
        for case .parameter(let name, let type) in template.parts {
          var segments = shape.sampleSegments
          let widening = type.aasaWidening
          segments[index] = RoutePathShape.encode(
            RoutePathShape.sampleText(of: template, replacing: name, with: widening?.example ?? ""))
          let query = shape.sampleLink.dropFirst(shape.samplePath.count)
          widenings.append(
            .init(
              route: shape.name, parameter: name,
              kind: widening.map { ErrorCode($0.code) } ?? .emptyTemplateText,
              example: "/" + segments.joined(separator: "/") + query))
        }
        continue
      }
      func example(_ segment: String) -> String {
        var segments = shape.sampleSegments
        segments[index] = segment
        let query = shape.sampleLink.dropFirst(shape.samplePath.count)
        return "/" + segments.joined(separator: "/") + query
      }
      if case .valueSet(let name, let set) = piece {
        var text = "sample"
        while set.accepts(text) { text += "_" }
        widenings.append(
          .init(
            route: shape.name, parameter: name, kind: .valueSetText,
            example: example(RoutePathShape.encode(text))))
        if let catchAll = shape.catchAllIndex, Self.literalBetween(index, catchAll, in: shape.pieces) {
          widenings.append(
            .init(route: shape.name, parameter: name, kind: .spansSegments, example: example("sample/extra")))
        }
        continue
      }
      if case .kind(let name, let kind) = piece {
        // A check the pattern's `?*` says in full (any text in lower case) widens nothing.
        if let widening = kind.aasaWidening {
          widenings.append(
            .init(
              route: shape.name, parameter: name,
              kind: kind.check == nil ? .kindText : ErrorCode(widening.code),
              example: example(RoutePathShape.encode(widening.example))))
        }
        if let catchAll = shape.catchAllIndex, Self.literalBetween(index, catchAll, in: shape.pieces) {
          widenings.append(
            .init(
              route: shape.name, parameter: name, kind: .spansSegments,
              example: example(RoutePathShape.encode(kind.sampleValue) + "/extra")))
        }
        continue
      }
      guard case .parameter(let name, let type) = piece else { continue }
      if let widening = type.aasaWidening {
        widenings.append(
          .init(
            route: shape.name, parameter: name, kind: ErrorCode(widening.code),
            example: example(widening.example)))
      }
      if let catchAll = shape.catchAllIndex, Self.literalBetween(index, catchAll, in: shape.pieces) {
        widenings.append(
          .init(route: shape.name, parameter: name, kind: .spansSegments, example: example("sample/extra")))
      }
    }
    if shape.fragmentPieces != nil, let hash = shape.sampleLink.firstIndex(of: "#") {
      // One segment more in the fragment's path.
      let fragment = shape.sampleLink[hash...]
      let path = fragment.prefix { $0 != "?" }
      let example =
        shape.sampleLink[..<hash] + path + (path.hasSuffix("/") || path == "#" ? "" : "/") + "extra"
        + fragment.dropFirst(path.count)
      widenings.append(
        .init(route: shape.name, parameter: "#", kind: .fragmentPath, example: String(example)))
      // A `#` pattern of `*` (a fragment without `/` that may be empty: `/#{rest*}`) also takes a
      // link without a fragment, which iOS compares as an empty one.
      if (try? AASAGenerator.fragmentPatterns(for: shape))?.contains("*") == true {
        widenings.append(
          .init(route: shape.name, parameter: "#", kind: .fragmentPath, example: shape.samplePath))
      }
    }
    for (name, rule, example) in shape.refusedRuns {
      widenings.append(
        .init(
          route: shape.name, parameter: name, kind: rule.isPairs ? .pairsText : .typedRunText,
          example: example))
    }
    for item in shape.unstatedQueryItems {
      // A link without the item (or, for an absent-only item, with it) that the file lets through.
      let example =
        item.hasPrefix("!")
        ? shape.sampleLink + (shape.sampleLink.contains("?") ? "&" : "?")
          + RoutePathShape.encode(String(item.dropFirst().prefix { $0 != "|" })) + "=sample"
        : shape.sampleLink
      widenings.append(.init(route: shape.name, parameter: item, kind: .queryRule, example: example))
    }
    return widenings
  }
}

extension AASAGenerator {
  /// Every path set the generated rules let through that a route refuses, route by route, in table
  /// order; see ``AASAWidening``.
  package var widenings: [AASAWidening] {
    let stated = substitutionVariableNames
    return shapes.flatMap(\.variants).flatMap { shape in
      AASAWidening.widenings(of: shape).filter { widening in
        // A value set the file lists as a substitution variable admits its words only.
        guard widening.kind == .valueSetText else { return true }
        return !(shape.pieces + (shape.fragmentPieces ?? [])).contains { piece in
          if case .valueSet(widening.parameter, let set) = piece { return stated[set.members] != nil }
          return false
        }
      }
    }
  }
}

/// What AASA cannot express, as `--json` prints it: a code that can gain values.
extension ErrorCode where Subject == AASAWidening {
  /// An integer parameter admits any text.
  package static let integerText = Self("integer-text")
  /// A UUID parameter admits any 36 characters with its dashes.
  package static let uuidText = Self("uuid-text")
  /// A parameter admits several segments.
  package static let spansSegments = Self("spans-segments")
  /// A plain parameter inside a segment template admits empty text: AASA's `*` matches nothing too.
  package static let emptyTemplateText = Self("empty-template-text")
  /// A query item AASA cannot state (alternative keys, keys without case, literal text it cannot
  /// write) is left out of the rule.
  package static let queryRule = Self("query-rule")
  /// A value set (`{section:(general|privacy)}`) admits any text: AASA cannot list words.
  package static let valueSetText = Self("value-set-text")
  /// A route that reads the fragment as a path: its `#` pattern's wildcards cross `/` and take the
  /// fragment's query as any text, and no exclusion restricts the fragment.
  package static let fragmentPath = Self("fragment-path")
  /// A parameter of an app-defined kind (`{code:sku}`) admits any text after the kind's prefix.
  package static let kindText = Self("kind-text")
  /// A pair catch-all (`{terms:pairs*}`) is stated as its catch-all: a run of odd length, or an operand
  /// not of its operator's type, opens the app and matches no route.
  package static let pairsText = Self("pairs-text")
  /// A typed catch-all (`{ids:int+}`) is stated as its catch-all: a segment not of its type or kind
  /// opens the app and matches no route.
  package static let typedRunText = Self("typed-run-text")
}
