import DeepLinkingTestSupport
import Testing

@testable import DeepLinkRouting

/// Two routes are refused when, and only when, they match exactly the same set of links.
@Suite("Router: duplicate routes are exactly those with the same links")
struct RouteDuplicateTests {
  static func refuses(_ first: String, _ second: String) -> Bool {
    do {
      _ = try Router(
        RouteTable(schemes: ["app"], routes: [RouteDefinition("one", first), RouteDefinition("two", second)]))
      return false
    } catch {
      return error == RouteTableError(route: "two", reason: .ambiguous(with: "one"))
    }
  }

  @Test(arguments: [
    ("/x/{r+}", "/x/{a}/{r*}"),
    ("/x/{a}/{r+}", "/x/{a}/{b}/{r*}"),
    ("/{r+}", "/{a}/{r*}"),
    ("/x/{n:int}/{r+}", "/x/{m:int}/{a}/{r*}"),
    ("/s?q={a}", "/s?q={b}&p={p?}"),
    ("/s?q={a:int?}", "/s?q={b:int?}&p={p?}"),
  ])
  func sameLinksAreRefused(_ first: String, _ second: String) {
    #expect(Self.refuses(first, second))
    #expect(Self.refuses(second, first))
  }

  @Test(arguments: [
    ("/x", "/x?a={v:int?}"),
    ("/x?a={v:int?}", "/x?a={v:uuid?}"),
    ("/x?a={v:int?}", "/x?a={v:int}"),
    ("/x/{r+}", "/x/{r*}"),
    ("/x/{n:int}/{r*}", "/x/{r+}"),
    ("/x/{a}/{r*}", "/x/{a}/{b}"),
    ("/x/{r*}", "/x/{a}/{r*}"),
  ])
  func differentLinksAreAccepted(_ first: String, _ second: String) {
    #expect(!Self.refuses(first, second))
    #expect(!Self.refuses(second, first))
  }

  @Test func anOptionalTypedItemPresentWithABadValueRefusesItsRoute() throws {
    let router = try Router(
      RouteTable(
        schemes: ["app"], routes: [RouteDefinition("a", "/x?a={v:int?}"), RouteDefinition("b", "/x")]))
    #expect(try router.match("app:/x?a=abc")?.route == "b")
    #expect(try router.match("app:/x?a=12")?.route == "a")
    #expect(try router.match("app:/x")?.route == "a")
  }
}

extension RouteDuplicateTests {
  /// Every pair of 330 patterns: 54,285 pairs, with a router built for each.
  @Suite("Router: duplicate routes, stress run", .stress)
  struct StressTests {
    /// Every pattern over a tiny alphabet, every link up to a small length: the refusal decision agrees
    /// with "matches the same set of links" on every pair.
    @Test func refusalAgreesWithBruteForce() throws {
      let pieces = ["a", "{p:int}", "{p}"]
      var paths = [[String]()]
      var fixed = [[String]()]
      for _ in 0..<3 {
        fixed = fixed.flatMap { prefix in pieces.map { prefix + [$0] } }
        paths += fixed
      }
      var prefixes = [[String]()]
      var level = [[String]()]
      for _ in 0..<2 {
        level = level.flatMap { prefix in pieces.map { prefix + [$0] } }
        prefixes += level
      }
      for prefix in prefixes { paths += [prefix + ["{r+}"], prefix + ["{r*}"]] }
      let queries = ["", "?q={v}", "?q={v?}", "?q={v:int}", "?q={v:int?}"]
      var patterns: [String] = []
      for path in paths {
        // Parameter names must be unique within a pattern.
        let named = path.enumerated().map {
          $0.element.replacingOccurrences(of: "{p", with: "{p\($0.offset)")
        }
        for query in queries { patterns.append("/" + named.joined(separator: "/") + query) }
      }
      var links: [String] = []
      var segments = [[String]()]
      var all = [[String]()]
      for _ in 0..<4 {
        segments = segments.flatMap { prefix in ["a", "1", "b"].map { prefix + [$0] } }
        all += segments
      }
      for path in all {
        for query in ["", "?q", "?q=", "?q=x", "?q=1"] {
          links.append("app:/" + path.joined(separator: "/") + query)
        }
      }
      var linkSets: [[Bool]] = []
      for pattern in patterns {
        let router = try Router(RouteTable(schemes: ["app"], routes: [RouteDefinition("one", pattern)]))
        linkSets.append(try links.map { try router.matchIndex($0) != nil })
      }
      var disagreements: [String] = []
      var refused = 0
      for first in patterns.indices {
        for second in (first + 1)..<patterns.count {
          let same = linkSets[first] == linkSets[second]
          let refusal = RouteDuplicateTests.refuses(patterns[first], patterns[second])
          if refusal { refused += 1 }
          if same != refusal { disagreements.append("\(patterns[first]) \(patterns[second]) same: \(same)") }
        }
      }
      #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
      #expect(refused > 0)
    }
  }
}
