import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// Constants: values a route adds to its matches (`initialTab`), never read from the link, never
/// written into it, read by a typed destination like any parameter.
@Suite("Route constants")
struct ConstantValueTests {
  static let table = RouteTable(
    schemes: ["shop"], hosts: ["shop.example"],
    routes: [
      RouteDefinition("product", "/p/{id:int}", constants: ["initialTab": .string("overview")]),
      RouteDefinition("reviews", "/p/{id:int}/reviews", constants: ["initialTab": .string("reviews")]),
      RouteDefinition(
        "search", "/search?q={query}&page={page:int?}",
        constants: ["initialTab": .string("results"), "compact": .bool(true), "limit": .int(20)]),
      RouteDefinition("cart", "/cart", constants: ["modal": .bool(true), "ratio": .decimal(0.5)]),
    ])

  @Test func aMatchCarriesTheRoutesConstantsAfterItsValues() throws {
    let router = try Router(Self.table)
    let reviews = try #require(try router.match("https://shop.example/p/42/reviews"))
    #expect(reviews.route == "reviews")
    #expect(Array(reviews.parameters.map(\.name)) == ["id", "initialTab"])
    #expect(reviews.parameters["initialTab"] == .string("reviews"))
    #expect(
      try router.match("shop://p/42")?.parameters == ["id": .int(42), "initialTab": .string("overview")])
    let search = try #require(try router.match("shop://search?q=lamp&page=2"))
    #expect(
      search.parameters == [
        "query": .string("lamp"), "page": .int(2), "compact": .bool(true), "initialTab": .string("results"),
        "limit": .int(20),
      ])
    #expect(
      try router.match("shop://cart")?.parameters == ["modal": .bool(true), "ratio": .decimal(0.5)])
  }

  @Test func aQueryItemOfTheSameNameDoesNotOverrideAConstant() throws {
    let router = try Router(Self.table)
    for link in [
      "https://shop.example/p/42/reviews?initialTab=photos", "shop://p/42/reviews?initialTab=photos&x=1",
    ] {
      let match = try #require(try router.match(link))
      #expect(match.parameters["initialTab"] == .string("reviews"), "\(link)")
      #expect(match.query.contains(QueryItem(name: "initialTab", value: "photos")), "\(link)")
    }
    let search = try #require(try router.match("shop://search?q=a&initialTab=x&limit=1"))
    #expect(search.parameters["initialTab"] == .string("results"))
    #expect(search.parameters["limit"] == .int(20))
  }

  @Test func aBuiltLinkDoesNotCarryConstantsAndTakesOnlyTheirOwnValue() throws {
    let router = try Router(Self.table)
    #expect(try router.urlString(for: "reviews", ["id": .int(42)]) == "https://shop.example/p/42/reviews")
    #expect(
      try router.urlString(for: "reviews", ["id": .int(42), "initialTab": .string("reviews")])
        == "https://shop.example/p/42/reviews")
    // A value given as text is compared as text, as typed values are read from text.
    #expect(
      try router.urlString(for: "search", ["query": .string("a"), "limit": .string("20")])
        == "https://shop.example/search?q=a")
    do {
      _ = try router.urlString(for: "reviews", ["id": .int(42), "initialTab": .string("photos")])
      Issue.record("built a link for another constant")
    } catch {
      #expect(error.code == .notTheConstant)
      #expect(error.parameter == "initialTab" && error.value == "photos")
      #expect(error.description.contains("'initialTab' is a constant of the route, 'reviews'"), "\(error)")
    }
  }

  @Test func aConstantNamedLikeAParameterIsRefused() throws {
    for route in [
      RouteDefinition("p", "/p/{id}", constants: ["id": .string("1")]),
      RouteDefinition("q", "/q?tab={initialTab}", constants: ["initialTab": .string("a")]),
      RouteDefinition("d", "/d?{initialTab*}", constants: ["initialTab": .string("a")]),
      RouteDefinition("e", "/e", constants: ["": .string("a")]),
    ] {
      do {
        _ = try Router(RouteTable(schemes: ["app"], routes: [route]))
        Issue.record("built \(route.name)")
      } catch {
        #expect(error.code == .invalidConstant, "\(error)")
        #expect(error.route == route.name)
      }
    }
  }

  @Test func theRouteFileReadsConstantsOfEachJSONType() throws {
    let json = """
      {"schemes": ["shop"], "hosts": ["shop.example"], "routes": [
        {"name": "product", "pattern": "/p/{id:int}", "constants": {"initialTab": "overview"}},
        {"name": "reviews", "pattern": "/p/{id:int}/reviews", "constants": {"initialTab": "reviews"}},
        {"name": "search", "pattern": "/search?q={query}&page={page:int?}",
         "constants": {"initialTab": "results", "compact": true, "limit": 20}},
        {"name": "cart", "pattern": "/cart", "constants": {"modal": true, "ratio": 0.5}}]}
      """
    let table = try RouteTable(json: Data(json.utf8))
    #expect(table == Self.table)
    #expect(try RouteTable(json: table.jsonData()) == table)
    for (constants, found) in [
      (#"{"tab": ["a"]}"#, "an array"), (#"{"tab": null}"#, "null"), (#"["tab"]"#, "an array"),
    ] {
      let bad =
        #"{"schemes": ["a"], "routes": [{"name": "r", "pattern": "/r", "constants": "# + constants + "}]}"
      do {
        _ = try RouteTable(json: Data(bad.utf8))
        Issue.record("read \(constants)")
      } catch {
        #expect(error.code == .wrongType, "\(error)")
        #expect(error.route == "r")
        #expect(error.line == 1, "\(error)")
        #expect(error.description.contains("found \(found)"), "\(error)")
      }
    }
  }

  @Test func aConstantThatClashesIsLocatedInTheRouteFile() throws {
    let json = """
      {"schemes": ["app"], "routes": [
        {"name": "r", "pattern": "/r/{tab}",
         "constants": {"mode": "a", "tab": "b"}}]}
      """
    let located = try Fixtures.routeFileError(json)
    #expect(located.code == .invalidConstant)
    #expect(located.location == "routes[0].constants.tab")
    #expect(located.line == 3 && located.column == 31, "\(located)")
    #expect(located.description.contains("the constant 'tab' is a parameter of the pattern"), "\(located)")
  }

  @Test func routeDefinitionsEncodedWithoutConstantsStillDecode() throws {
    let route = RouteDefinition("r", "/r", constants: ["tab": .string("a")])
    let decoded = try JSONDecoder().decode(RouteDefinition.self, from: JSONEncoder().encode(route))
    #expect(decoded == route)
    let older = #"{"name": "r", "pattern": "/r", "requiresVerifiedLink": false, "requiresSignIn": false}"#
    #expect(
      try JSONDecoder().decode(RouteDefinition.self, from: Data(older.utf8)) == RouteDefinition("r", "/r"))
  }
}

/// A typed destination reads a route's constant through `Codable`, as it reads the route's values.
@Suite("Route constants in typed destinations")
struct ConstantDestinationTests {
  enum Tab: String, Codable, Sendable { case overview, reviews, photos }

  enum Screen: Codable, Hashable, Sendable {
    case product(id: Int, initialTab: Tab)
    case reviews(id: Int, initialTab: Tab)
  }

  static let table = RouteTable(
    schemes: ["shop"], hosts: ["shop.example"],
    routes: [
      RouteDefinition("product", "/p/{id:int}", constants: ["initialTab": .string("overview")]),
      RouteDefinition("reviews", "/p/{id:int}/reviews", constants: ["initialTab": .string("reviews")]),
    ])

  @Test func theDestinationOpensOnTheRoutesTabAndBuildsItsLinkBack() throws {
    let router = try DestinationRouter<Screen>(table: Self.table)
    #expect(try router.destination(for: "shop://p/7/reviews") == .reviews(id: 7, initialTab: .reviews))
    #expect(
      try router.destination(for: "shop://p/7/reviews?initialTab=photos")
        == .reviews(id: 7, initialTab: .reviews))
    #expect(try router.destination(for: "https://shop.example/p/7") == .product(id: 7, initialTab: .overview))
    #expect(
      try router.url(for: .reviews(id: 7, initialTab: .reviews)).absoluteString
        == "https://shop.example/p/7/reviews")
    #expect(throws: URLBuildError.self) { try router.url(for: .reviews(id: 7, initialTab: .photos)) }
  }

  @Test func aConstantTheDestinationCannotReadIsAnErrorWhenTheRouterIsBuilt() throws {
    var table = Self.table
    table.routes[1].constants = ["initialTab": .string("questions")]
    do {
      _ = try DestinationRouter<Screen>(table: table)
      Issue.record("built")
    } catch {
      #expect(error.code == .memberNotInType, "\(error)")
      #expect(error.route == "reviews" && error.label == "initialTab", "\(error)")
      #expect(error.description.contains("the route's constant 'initialTab' is 'questions'"), "\(error)")
    }
    table.routes[1].constants = ["initialTab": .int(3)]
    #expect(throws: RouteTableError.self) { try DestinationRouter<Screen>(table: table) }
    table.routes[1].constants = [:]
    #expect(throws: RouteTableError.self) { try DestinationRouter<Screen>(table: table) }
  }
}
