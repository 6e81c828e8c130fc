// deeplink-bench --scaling: the value sets' dimensions (words in one set, sets at one place, word length).
import DeepLinking
import Foundation

extension Scaling {
  /// The value sets' dimensions: the words of one set, the sets at one place of the table and the
  /// length of a word. A segment is looked up once in the words of every set at its node, so matching
  /// a word, missing every set (a plain route answers) and explaining a miss stay flat as the words or
  /// the sets double, and grow with the length of the segment only.
  static func valueSets(scale: Int) -> [ScalingDimension] {
    let first = max(1, 2_048 / scale)
    let sizes = (0..<5).map { first << $0 }
    let metrics = ["build", "match", "other word", "explain"]
    /// Builds the table, checks what each link reaches, and times it.
    func step(_ routes: [RouteDefinition], hit: String, hitRoute: Int, other: String, miss: String)
      -> ScalingStep
    {
      let (router, buildSeconds) = timedBuild(RouteTable(schemes: ["myapp"], routes: routes))
      expectRoutes(
        router, [(hit, hitRoute), (other, routes.count - 1), (miss, nil)],
        else: "the value-set table does not route as expected")
      return ScalingStep(seconds: [buildSeconds] + matchSeconds(router, [hit, other], explaining: miss))
    }
    return [
      ScalingDimension(
        name: "value-set-words", unit: "words", sizes: sizes, metrics: metrics, showsMemory: false
      ) { size in
        // One set of `size` words beside a plain route; the miss has a segment too many.
        let words = (0..<size).map { "w\($0)" }.joined(separator: "|")
        return step(
          [RouteDefinition("set", "/s/{x:(\(words))}"), RouteDefinition("plain", "/s/{y}/more")],
          hit: "myapp://s/w\(size - 1)", hitRoute: 0, other: "myapp://s/zz/more", miss: "myapp://s/zz")
      },
      ScalingDimension(
        name: "value-set-routes", unit: "routes", sizes: sizes, metrics: metrics, showsMemory: false
      ) { size in
        // `size` routes whose two-word sets share one place of the table, beside a plain route.
        var routes = (0..<size).map { RouteDefinition("r\($0)", "/s/{x:(a\($0)|b\($0))}") }
        routes.append(RouteDefinition("plain", "/s/{y}/more"))
        return step(
          routes, hit: "myapp://s/b\(size - 1)", hitRoute: size - 1, other: "myapp://s/zz/more",
          miss: "myapp://s/zz")
      },
      ScalingDimension(
        // Up to 4 KiB, so that the links stay within the default 8 KiB limit.
        name: "value-set-word-length", unit: "bytes", sizes: (0..<5).map { max(2, 256 / scale) << $0 },
        metrics: metrics, showsMemory: false
      ) { size in
        // Three words of `size` bytes that differ only in their last byte.
        let stem = String(repeating: "w", count: size - 1)
        let words = ["a", "b", "c"].map { stem + $0 }.joined(separator: "|")
        return step(
          [RouteDefinition("set", "/s/{x:(\(words))}"), RouteDefinition("plain", "/s/{y}/more")],
          hit: "myapp://s/\(stem)c", hitRoute: 0, other: "myapp://s/\(stem)d/more", miss: "myapp://s/\(stem)d"
        )
      },
    ]
  }
}
