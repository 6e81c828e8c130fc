import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// A piece of the route language that issue #21 adds, numbered as in the grammar plan, for the pieces
/// the ported apps rely on.
///
/// A piece counts as present when a small route file written in its syntax loads and routes its probe
/// links as the plan says; the rows that need a missing piece wait for it (see ``RouterPort``).
enum Piece: String, CaseIterable, Sendable, Comparable, CustomStringConvertible {
  /// 1: a route limited to some hosts or schemes (`"hosts"`, `"schemes"`, `"hosts": ["*"]`).
  case hostScope = "1 host/scheme scope"
  /// 2: `"customSchemeHost": "listed"` reads a listed host after a custom scheme as the host.
  case customSchemeHost = "2 custom scheme carrying a host"
  /// 3: a value set `{section:(a|b)}`.
  case valueSet = "3 value set"
  /// 3b: an app-defined kind declared in the table's `"kinds"` and used as `{code:sku}`.
  case kinds = "3b app-defined kind"
  /// 5a: the open query dictionary `{name*}` written as a query item.
  case queryDictionary = "5a open query dictionary"
  /// 5b: a literal query value selects a route (`?ref=failed_payment`).
  case queryValue = "5b query value selects a route"
  /// 5c: a route that applies only when an item is absent (`?!token`).
  case queryAbsent = "5c absent-only item"
  /// 8: the fragment read as a path (`/#/room/{room}`), for hash-routed links.
  case fragment = "8 fragment as a path"
  /// 9: a link inside a link, routed again (`{target:link}` on a route that follows it).
  case nestedLink = "9 link in a link"

  var description: String { rawValue }

  static func < (lhs: Piece, rhs: Piece) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }

  /// Pieces whose branch has been merged: the port then fails if the probe does not find the piece,
  /// which means the merged syntax differs from the plan and the route files must follow it.
  static let merged: Set<Piece> = [
    .nestedLink, .queryDictionary, .queryValue, .queryAbsent, .hostScope, .customSchemeHost, .valueSet,
    .fragment,
    .kinds,
  ]

  /// A route file in the piece's syntax, and links with the route each must reach (`nil`: no route).
  var probe: (json: String, links: [(String, String?)]) {
    switch self {
    case .hostScope:
      (
        """
        {"schemes": ["https"], "hosts": ["a.example", "b.example"],
         "routes": [{"name": "x", "pattern": "/x", "hosts": ["a.example"]}]}
        """,
        [("https://a.example/x", "x"), ("https://b.example/x", nil)]
      )
    case .customSchemeHost:
      (
        """
        {"schemes": ["app"], "hosts": ["w.example"], "customSchemeHost": "listed",
         "routes": [{"name": "p", "pattern": "/p/{id}"}]}
        """,
        [("app://w.example/p/1", "p")]
      )
    case .valueSet:
      (
        """
        {"schemes": ["app"], "routes": [{"name": "s", "pattern": "/s/{section:(a|b)}"}]}
        """,
        [("app://s/a", "s"), ("app://s/c", nil)]
      )
    case .kinds:
      (
        """
        {"schemes": ["app"], "kinds": {"sku": {"characters": "A-Z0-9-", "minLength": 3}},
         "routes": [{"name": "p", "pattern": "/p/{code:sku}"}, {"name": "q", "pattern": "/p/{slug}"}]}
        """,
        [("app://p/ABC-1", "p"), ("app://p/abc", "q")]
      )
    case .queryDictionary:
      (
        """
        {"schemes": ["app"], "routes": [{"name": "d", "pattern": "/d?{rest*}"},
                                        {"name": "e", "pattern": "/e?q={q}&{rest*}"}]}
        """,
        [("app://d?x=2", "d"), ("app://e?q=1&x=2", "e")]
      )
    case .queryValue:
      (
        """
        {"schemes": ["app"], "routes": [{"name": "v", "pattern": "/v?ref=a"},
                                        {"name": "w", "pattern": "/v?ref={ref?}"}]}
        """,
        [("app://v?ref=a", "v"), ("app://v?ref=b", "w")]
      )
    case .queryAbsent:
      (
        """
        {"schemes": ["app"], "routes": [{"name": "n", "pattern": "/n?!t"}]}
        """,
        [("app://n", "n"), ("app://n?t=1", nil)]
      )
    case .fragment:
      (
        """
        {"schemes": ["app"], "routes": [{"name": "r", "pattern": "/#/room/{id}"}, {"name": "h", "pattern": "/"}]}
        """,
        [("app://#/room/1", "r"), ("app://#/other", "h")]
      )
    case .nestedLink:
      (
        """
        {"schemes": ["app"], "routes": [{"name": "d", "pattern": "/d?url={t:link}", "follow": "t"},
                                        {"name": "s", "pattern": "/s"}]}
        """,
        [("app://d?url=/s", "s")]
      )
    }
  }

  /// Why the piece is missing (the probe's error or wrong answer), or `nil` when it is present.
  var missingBecause: String? { Self.detection[self] ?? nil }

  var isPresent: Bool { missingBecause == nil }

  static let present: Set<Piece> = Set(allCases.filter(\.isPresent))

  private static let detection: [Piece: String?] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0, $0.runProbe()) })

  private func runProbe() -> String? {
    let (json, links) = probe
    do {
      let router = try Router(RouteTable(json: Data(json.utf8)))
      for (link, expected) in links {
        let route = (try? router.match(link))?.route
        if route != expected {
          return "\(link) reached \(route ?? "no route"), not \(expected ?? "no route")"
        }
      }
      return nil
    } catch {
      return "\(error)"
    }
  }
}

/// A value a ported row expects a route parameter to hold.
enum Expected: Sendable, Hashable, CustomStringConvertible {
  case text(String)
  case int(Int)
  case bool(Bool)
  /// An absolute URL, compared by its text.
  case url(String)
  case segments([String])
  /// The open query dictionary of piece 5a; an empty one also accepts a parameter left out.
  case dictionary([String: String])

  var description: String {
    switch self {
    case .text(let value): "\"\(value)\""
    case .int(let value): "\(value)"
    case .bool(let value): "\(value)"
    case .url(let value): "<\(value)>"
    case .segments(let value): "\(value)"
    case .dictionary(let value): "\(value.sorted { $0.key < $1.key })"
    }
  }

  func holds(_ actual: ParameterValue?) -> Bool {
    switch self {
    case .text(let value): actual?.stringValue == value
    case .int(let value): actual?.intValue == value
    case .bool(let value): actual?.boolValue == value
    case .url(let value): actual?.urlValue?.absoluteString == value
    case .segments(let value): actual?.segmentsValue == value
    case .dictionary(let value):
      // The dictionary's case is not on main yet: read whatever single value the case carries.
      actual.map { Mirror(reflecting: $0).children.first?.value as? [String: String] } == .some(value)
        || (value.isEmpty && actual == nil)
    }
  }
}

/// One link of an app's own router tests and what the app's router answers for it, as a port row.
struct PortRow: Sendable, CustomTestStringConvertible {
  /// The link, as the app's router receives it.
  var url: String
  /// The route that must match, or `nil` where the app's test expects no destination.
  var route: String?
  /// Every parameter the match must hold (no others).
  var values: [String: Expected] = [:]
  /// The pieces of the grammar plan the row relies on; empty when main routes it today.
  var needs: Set<Piece> = []
  /// The test in the app's test file the link comes from.
  var source: String
  /// Why the package answers differently from the app on purpose; the row asserts the package's answer.
  var difference: String? = nil

  var testDescription: String { url }
}

/// Loads a ported route file and checks rows against it.
enum RouterPort {
  /// Table keys that belong to a piece.
  static let tableKeyPieces: [String: Piece] = ["customSchemeHost": .customSchemeHost, "kinds": .kinds]

  /// The route file's JSON.
  static func fileData(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: "\(name).routes", withExtension: "json"))
    return try Data(contentsOf: url)
  }

  /// The route names of a route file, in order.
  static func routeNames(_ name: String) throws -> [String] {
    let object = try #require(try JSONSerialization.jsonObject(with: fileData(name)) as? [String: Any])
    let routes = try #require(object["routes"] as? [[String: Any]])
    return routes.compactMap { $0["name"] as? String }
  }

  /// The route file with the routes and table keys that need a piece main does not have left out:
  /// the full file once every piece it uses is present.
  static func table(_ name: String, routeNeeds: [String: Set<Piece>]) throws -> RouteTable {
    var object = try #require(try JSONSerialization.jsonObject(with: fileData(name)) as? [String: Any])
    for (key, piece) in tableKeyPieces where !piece.isPresent { object[key] = nil }
    let routes = try #require(object["routes"] as? [[String: Any]])
    object["routes"] = routes.filter { route in
      let routeName = route["name"] as? String ?? ""
      return (routeNeeds[routeName] ?? []).isSubset(of: Piece.present)
    }
    return try RouteTable(json: JSONSerialization.data(withJSONObject: object))
  }

  /// Checks a row whose pieces are all present: its route and every value, or no route.
  static func check(_ row: PortRow, with router: Router) {
    let match: RouteMatch?
    do {
      match = try router.match(row.url)
    } catch {
      // A link the package refuses (a foreign scheme or host) has no destination, as the app's nil.
      #expect(row.route == nil, "\(row.url): refused (\(error)), the app reaches \(row.route ?? "-")")
      return
    }
    guard let expected = row.route else {
      #expect(match == nil, "\(row.url): reached \(match?.route ?? "-"), the app reaches no destination")
      return
    }
    guard let match else {
      Issue.record("\(row.url): no route, the app reaches \(expected)")
      return
    }
    #expect(match.route == expected, "\(row.url)")
    let actual = match.parameters.dictionary
    for (name, value) in row.values {
      #expect(
        value.holds(actual[name]),
        "\(row.url): \(name) is \(actual[name].map { "\($0)" } ?? "absent"), not \(value)")
    }
    let extra = Set(actual.keys).subtracting(row.values.keys)
    #expect(extra.isEmpty, "\(row.url): values the app does not read from the link: \(extra.sorted())")
  }

  /// Checks a row once its pieces are present; until then records it as a known issue naming them.
  static func checkOrWait(_ row: PortRow, with router: Router) {
    let missing = row.needs.filter { !$0.isPresent }.sorted()
    guard missing.isEmpty else {
      let pieces = missing.map { "\($0) (\($0.missingBecause ?? ""))" }.joined(separator: "; ")
      withKnownIssue("waits for \(pieces)") {
        Issue.record(
          "\(row.url) waits for GRAMMAR-PLAN \(missing.map(\.description).joined(separator: ", "))")
      }
      return
    }
    check(row, with: router)
  }

  /// What every port checks about its own rows and route file: each route's pieces are stated, each
  /// row's route exists, a row needs at least the pieces of the route it reaches, and the full file
  /// loads once every piece it uses is present.
  static func checkConsistency(_ name: String, rows: [PortRow], routeNeeds: [String: Set<Piece>]) throws {
    let names = try routeNames(name)
    #expect(Set(names) == Set(routeNeeds.keys), "routes without stated pieces, or stated for no route")
    for row in rows {
      if let route = row.route {
        #expect(names.contains(route), "\(row.url): no route named \(route) in \(name).routes.json")
        #expect(
          (routeNeeds[route] ?? []).isSubset(of: row.needs),
          "\(row.url): the route \(route) needs \((routeNeeds[route] ?? []).sorted())")
      }
    }
    _ = try Router(table(name, routeNeeds: routeNeeds))
    if routeNeeds.values.reduce(into: Set<Piece>(), { $0.formUnion($1) }).isSubset(of: Piece.present) {
      _ = try Router(RouteTable(json: fileData(name)))
    }
  }

  /// A piece recorded as merged must be found by its probe.
  static func checkMergedPiecesArePresent() {
    for piece in Piece.merged.sorted() {
      #expect(piece.isPresent, "\(piece) is merged but its probe says: \(piece.missingBecause ?? "")")
    }
  }
}
