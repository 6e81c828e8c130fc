/// Verifies that an apple-app-site-association document lets through exactly the routed links.
///
/// For every route it generates probes and decides each through ``AASAMatcher``, comparing with what
/// the routes accept (``RoutePathShape/routes(_:)``):
/// - links that must open the app: the route's sample link (``RoutePathShape/sampleLink``), and the
///   parent of a `{name*}` route;
/// - links that must not, unless another route accepts them: one segment more, one segment fewer (for
///   a `{name+}` route, the empty catch-all), each literal replaced by another, each required query item
///   missing, each literal query value replaced, each absent-only item present, and the whole path
///   without its query; then `/` and `/definitely-not-routed`.
///
/// A probe some route accepts must open the app. The paths AASA cannot keep out (``AASAWidening``) are
/// probed as well and reported as widenings, never as failures.
///
/// Routes are indexed by their first literal segment, and the matcher indexes its rules by their
/// literal prefix, so the check costs about the number of probes, not probes times routes.
///
/// ```swift
/// let report = AASAConsistencyCheck(shapes: shapes).run(on: try generator.document())
/// if !report.isConsistent { print(report) }
/// ```
package struct AASAConsistencyCheck: Hashable, Sendable {
  /// The routes' paths.
  package var shapes: [RoutePathShape]

  /// Creates a check for a set of routes.
  ///
  /// - Parameter shapes: The routes' paths.
  package init(shapes: [RoutePathShape]) {
    self.shapes = shapes
  }

  /// The probes of one route, each with whether the route itself must accept it.
  static func probes(for shape: RoutePathShape) -> (open: [String], closed: [String]) {
    let query = String(shape.sampleLink.dropFirst(shape.samplePath.count))
    func link(_ segments: [String]) -> String {
      "/" + segments.joined(separator: "/") + query
    }
    var minimal = shape.sampleSegments
    var open = [shape.sampleLink]
    if shape.endsWithOptionalCatchAll {
      minimal.removeLast()
      open.append(link(minimal))
    }
    var closed: [String] = []
    if !shape.hasCatchAll {
      closed.append(link(minimal + ["extra"]))
    }
    if !minimal.isEmpty {
      closed.append(link(Array(minimal.dropLast())))
    }
    for (index, piece) in shape.pieces.enumerated() {
      guard case .literal(let text) = piece else { continue }
      var segments = shape.sampleSegments
      segments[index] = "not-" + RoutePathShape.encode(text)
      closed.append(link(segments))
    }
    if !shape.requiredQueryItems.isEmpty {
      closed.append(shape.samplePath)
      for missing in shape.requiredQueryItems.indices {
        let items = shape.requiredQueryItems.enumerated().map { index, name in
          RoutePathShape.encode(name) + (index == missing ? "=" : "=sample")
        }
        closed.append(shape.samplePath + "?" + items.joined(separator: "&"))
      }
    }
    // Each stated value changed (a literal value to another, an absent-only item present).
    for key in shape.queryValues.keys.sorted() {
      var changed = shape
      if shape.queryValues[key] == "" {
        changed.queryValues[key] = nil
        changed.requiredQueryItems.append(key)
      } else {
        changed.queryValues[key] = "not-" + (shape.queryValues[key] ?? "")
      }
      closed.append(changed.sampleLink)
    }
    return (open, closed)
  }

  /// Probes a document.
  ///
  /// - Parameter document: The document to verify (generated, or the one deployed).
  /// - Returns: The report; ``AASAConsistencyReport/isConsistent`` tells whether it passed.
  package func run(on document: AASADocument) -> AASAConsistencyReport {
    let matcher = AASAMatcher(document: document)
    func decide(_ link: String) -> AASAMatchResult {
      guard let parts = try? LinkURLParts(link) else { return .none }
      var steps = 0
      return matcher.match(parts, domain: nil, steps: &steps)
    }
    // A shape with an optional last piece is probed as each of its variants, as its rules are written.
    let shapes = self.shapes.flatMap(\.variants)
    let routes = RouteIndex(shapes)
    var checks: [AASAConsistencyReport.Check] = []
    var seen: Set<String> = []
    var closed: [(link: String, route: String?)] = []
    for shape in shapes {
      let probes = Self.probes(for: shape)
      for sample in probes.open where seen.insert(sample).inserted {
        checks.append(.init(path: sample, route: shape.name, kind: .routedSample, result: decide(sample)))
      }
      closed += probes.closed.map { ($0, shape.name) }
    }
    closed += [("/", nil), ("/definitely-not-routed", nil)]
    let widenings = shapes.flatMap(AASAWidening.widenings(of:))
    let widened = Set(widenings.map(\.example))
    for (link, _) in closed where !widened.contains(link) && seen.insert(link).inserted {
      if let owner = routes.route(accepting: link) {
        checks.append(.init(path: link, route: owner, kind: .routedSample, result: decide(link)))
      } else if let owner = routes.route(accepting: link, typed: false) {
        // Another route's integer or UUID parameter admits it: AASA cannot keep it out.
        checks.append(.init(path: link, route: owner, kind: .widening, result: decide(link)))
      } else {
        checks.append(.init(path: link, route: nil, kind: .unroutedPath, result: decide(link)))
      }
    }
    for widening in widenings where seen.insert(widening.example).inserted {
      let owner = routes.route(accepting: widening.example)
      checks.append(
        .init(
          path: widening.example, route: owner ?? widening.route,
          kind: owner == nil ? .widening : .routedSample,
          result: decide(widening.example)))
    }
    return AASAConsistencyReport(checks: checks)
  }
}

/// The routes indexed by the literal segments they start with (a trie of literal prefixes), so a link
/// is compared only with the routes whose leading literals it has: a few, however many routes share
/// a first segment.
struct RouteIndex {
  private let shapes: [RoutePathShape]
  /// One node per distinct leading-literal prefix: its children by the next literal, and the routes
  /// whose leading literals end there (their next piece is a parameter, a catch-all, or nothing).
  private var children: [[String: Int]] = [[:]]
  private var routesEndingAt: [[Int]] = [[]]

  init(_ shapes: [RoutePathShape]) {
    self.shapes = shapes
    for (index, shape) in shapes.enumerated() {
      var node = 0
      for piece in shape.pieces {
        guard case .literal(let text) = piece else { break }
        if let next = children[node][text] {
          node = next
        } else {
          children.append([:])
          routesEndingAt.append([])
          children[node][text] = children.count - 1
          node = children.count - 1
        }
      }
      routesEndingAt[node].append(index)
    }
  }

  /// The name of the first route, in table order, that accepts a link.
  func route(accepting link: String, typed: Bool = true) -> String? {
    let path = link.prefix { $0 != "?" }
    var candidates = routesEndingAt[0]
    var node = 0
    for segment in path.split(separator: "/") {
      guard let next = children[node][PercentDecoding.decode(String(segment))] else { break }
      node = next
      candidates += routesEndingAt[node]
    }
    return candidates.sorted().first { shapes[$0].routes(link, typed: typed) }.map { shapes[$0].name }
  }
}
