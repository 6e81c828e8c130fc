/// Verifies that an apple-app-site-association document lets through exactly the routed paths.
///
/// For every route it probes a sample path (``RoutePathShape/samplePath``, and the parent of a
/// `{name*}` route), which must open the app; then `/`, `/definitely-not-routed` and the parent of
/// every route without a catch-all, which must not, unless some route accepts them. Paths that only a
/// widened parameter admits (`/users/42/extra` for `/users/{id:int}`, or the parent
/// `/channel/sub/x/video` of one route under `/channel/sub/{id}` of another) are reported as
/// widenings.
///
/// ```swift
/// let report = AASAConsistencyCheck(shapes: shapes).run(on: try generator.document())
/// if !report.isConsistent { print(report) }
/// ```
public struct AASAConsistencyCheck: Hashable, Sendable {
  /// The routes' paths.
  public var shapes: [RoutePathShape]

  /// Creates a check for a set of routes.
  ///
  /// - Parameter shapes: The routes' paths.
  public init(shapes: [RoutePathShape]) {
    self.shapes = shapes
  }

  /// Probes a document.
  ///
  /// - Parameter document: The document to verify (generated, or the one deployed).
  /// - Returns: The report; ``AASAConsistencyReport/isConsistent`` tells whether it passed.
  public func run(on document: AASADocument) -> AASAConsistencyReport {
    let matcher = AASAMatcher(document: document)
    func decide(_ path: String) -> AASAMatchResult {
      (try? matcher.match(path)) ?? .none
    }
    func isRouted(_ path: String) -> Bool {
      shapes.contains { $0.routes(path) }
    }
    var checks: [AASAConsistencyReport.Check] = []
    for shape in shapes {
      var samples = [shape.sampleLink]
      if shape.endsWithOptionalCatchAll {
        samples.append(RoutePathShape(name: shape.name, pieces: shape.pieces.dropLast()).samplePath)
      }
      for sample in samples {
        checks.append(.init(path: sample, route: shape.name, kind: .routedSample, result: decide(sample)))
      }
    }
    var probes = ["/", "/definitely-not-routed"]
    for shape in shapes where !shape.pieces.isEmpty && !shape.endsWithOptionalCatchAll {
      probes.append(RoutePathShape(name: shape.name, pieces: shape.pieces.dropLast()).samplePath)
    }
    // A route's path without its required query items is not the route's link.
    for shape in shapes where !shape.requiredQueryItems.isEmpty {
      probes.append(shape.samplePath)
    }
    var seen: Set<String> = []
    for probe in probes where !isRouted(probe) && seen.insert(probe).inserted {
      // `/channel/sub/sample/video` is not routed, but `/channel/sub/{id}` admits it once `{id}`
      // widens to `?*`: the AASA language cannot keep it out, so it is a widening, not a failure.
      if let widened = shapes.first(where: { $0.admitsWhenWidened(probe) }) {
        checks.append(.init(path: probe, route: widened.name, kind: .widening, result: decide(probe)))
      } else {
        checks.append(.init(path: probe, route: nil, kind: .unroutedPath, result: decide(probe)))
      }
    }
    for shape in shapes {
      for widened in wideningProbes(for: shape) where !isRouted(widened) && seen.insert(widened).inserted {
        checks.append(.init(path: widened, route: shape.name, kind: .widening, result: decide(widened)))
      }
    }
    return AASAConsistencyReport(checks: checks)
  }

  /// Paths the AASA language cannot keep out for this route: an extra segment after a parameter, and
  /// non-numeric text for an integer.
  private func wideningProbes(for shape: RoutePathShape) -> [String] {
    var probes: [String] = []
    for (index, piece) in shape.pieces.enumerated() {
      guard case .parameter(_, let type) = piece, type != .uuid else { continue }
      var segments = shape.sampleSegments
      if type == .int {
        segments[index] = "not-a-number"
        probes.append("/" + segments.joined(separator: "/"))
      }
      segments[index] = "sample/extra"
      probes.append("/" + segments.joined(separator: "/"))
    }
    return probes
  }
}
