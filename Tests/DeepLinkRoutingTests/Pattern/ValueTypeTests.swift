import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// `{name:bool}`, `{name:decimal}` and `{name:url}` as an app meets them: in the path and the query,
/// ranked against the other kinds, built back, read into typed destinations, refused with a reason.
@Suite("Booleans, decimals and URLs in links")
struct ValueTypeTests {
  static let table = RouteTable(
    schemes: ["app"], hosts: ["example.com"],
    routes: [
      RouteDefinition("flag", "/flags/{name}/{on:bool}"),
      RouteDefinition("map", "/map?lat={lat:decimal}&lon={lon:decimal}&zoom={zoom:int?}"),
      RouteDefinition("open", "/open-url?url={url:url}"),
      RouteDefinition("tip", "/tip/{amount:decimal}"),
      RouteDefinition("tipInt", "/tip/{amount:int}"),
      RouteDefinition("tipText", "/tip/{amount}"),
      RouteDefinition("settings", "/settings?enabled={enabled:bool?}"),
    ])

  static func match(_ link: String) throws -> RouteMatch? {
    try Router(table).match(link)
  }

  @Test(arguments: [("true", true), ("false", false)])
  func aBooleanReadsFromTheLowerCaseWords(_ text: String, _ value: Bool) throws {
    let match = try #require(try Self.match("app://flags/dark/\(text)"))
    #expect(match.route == "flag")
    #expect(match.parameters["on"] == .bool(value))
  }

  @Test(arguments: ["TRUE", "True", "1", "0", "yes", "no", "tru", "truee", "%20true"])
  func otherSpellingsOfABooleanAreNoMatch(_ text: String) throws {
    #expect(try Self.match("app://flags/dark/\(text)") == nil)
  }

  @Test func aBooleanQueryItemThatDoesNotFitIsNoMatchAndExplained() throws {
    #expect(try Self.match("app://settings?enabled=true")?.parameters["enabled"] == .bool(true))
    #expect(try Self.match("app://settings")?.parameters["enabled"] == nil)
    #expect(try Self.match("app://settings?enabled=TRUE") == nil)
    let miss = try #require(try Router(Self.table).explain("app://settings?enabled=TRUE"))
    #expect(miss.route == "settings")
    #expect(miss.code == .queryItemType)
    #expect(miss.expected == "enabled={enabled:bool?}")
    #expect(miss.found == "TRUE")
    let segment = try #require(try Router(Self.table).explain("app://flags/dark/maybe"))
    #expect(segment.route == "flag")
    #expect(segment.description == #"route 'flag': segment 3 "maybe" is not true or false ({on:bool})"#)
  }

  @Test func decimalsReadInPlainDigits() throws {
    let match = try #require(try Self.match("app://map?lat=52.37&lon=-12.5&zoom=3"))
    #expect(match.route == "map")
    #expect(match.parameters["lat"] == .decimal(52.37))
    #expect(match.parameters["lon"] == .decimal(-12.5))
    #expect(match.parameters["zoom"] == .int(3))
    #expect(try Self.match("app://map?lat=007.50&lon=4")?.parameters["lat"] == .decimal(7.5))
  }

  @Test(arguments: [
    "1e5", "1E5", "+1", ".5", "5.", "inf", "-inf", "nan", "0x1p3", "1,5", "1.2.3", "-", "", "%201",
    String(repeating: "9", count: 400),
  ])
  func numbersOutsideThePlainDecimalFormAreNoMatch(_ text: String) throws {
    #expect(try Self.match("app://map?lat=\(text)&lon=1") == nil)
    let miss = try #require(try Router(Self.table).explain("app://map?lat=\(text)&lon=1"))
    #expect(miss.route == "map")
    #expect(miss.expected == "lat={lat:decimal}")
  }

  @Test func anIntegerRanksBeforeADecimalAndADecimalBeforeText() throws {
    #expect(try Self.match("app://tip/5")?.route == "tipInt")
    #expect(try Self.match("app://tip/5")?.parameters["amount"] == .int(5))
    #expect(try Self.match("app://tip/5.25")?.route == "tip")
    #expect(try Self.match("app://tip/5.25")?.parameters["amount"] == .decimal(5.25))
    #expect(try Self.match("app://tip/1e3")?.route == "tipText")
    // The order of the table decides nothing.
    let reversed = RouteTable(schemes: ["app"], routes: Self.table.routes.reversed())
    #expect(try Router(reversed).match("app://tip/5")?.route == "tipInt")
    #expect(try Router(reversed).match("app://tip/5.25")?.route == "tip")
  }

  @Test(arguments: [
    "https%3A%2F%2Fexample.org%2Fa%3Fb%3Dc", "http%3A%2F%2Fh", "HTTPS%3A%2F%2Fexample.org",
    "https://example.org/x",
  ])
  func anHTTPURLReadsAsAURL(_ encoded: String) throws {
    let match = try #require(try Self.match("app://open-url?url=\(encoded)"))
    #expect(match.route == "open")
    let url = try #require(match.parameters["url"]?.urlValue)
    #expect(url.scheme?.lowercased().hasPrefix("http") == true)
    #expect(url.host?.isEmpty == false)
  }

  @Test(arguments: [
    "javascript%3Aalert(1)", "JavaScript:alert(document.cookie)", "javascript://example.org/alert(1)",
    "file%3A%2F%2F%2Fetc%2Fpasswd", "data:text/html,x", "ftp://example.org", "%2Fsettings", "settings",
    "https%3Aexample.org", "https%3A%2F%2F", "https%3A%2F%2F%2Fx", "https%3A%2F%2Fexa%20mple.org",
    "https%3A%2F%2F%C3%A9.example", "https%3A%2F%2Fa%5Cb",
  ])
  func anythingButAnAbsoluteHTTPURLIsNoMatch(_ encoded: String) throws {
    #expect(try Self.match("app://open-url?url=\(encoded)") == nil)
    let miss = try #require(try Router(Self.table).explain("app://open-url?url=\(encoded)"))
    #expect(miss.route == "open")
    #expect(miss.expected == "url={url:url}")
  }

  @Test func valuesBuildBackAndReadTheSame() throws {
    let router = try Router(Self.table)
    let map = try router.urlString(for: "map", ["lat": .decimal(0.00001), "lon": .decimal(1e20)])
    #expect(map == "https://example.com/map?lat=0.00001&lon=100000000000000000000")
    #expect(try router.match(map)?.parameters["lat"] == .decimal(0.00001))
    #expect(
      try router.urlString(for: "map", ["lat": .int(52), "lon": .string("-12.50")]).hasSuffix(
        "lat=52&lon=-12.5"))
    let flag = try router.urlString(for: "flag", ["name": .string("dark"), "on": .bool(false)])
    #expect(flag == "https://example.com/flags/dark/false")
    let target = try #require(URL(string: "https://example.org/a?b=c&d=%20"))
    let open = try router.urlString(for: "open", ["url": .url(target)])
    #expect(try router.match(open)?.parameters["url"] == .url(target))
  }

  @Test func valuesThatDoNotFitAreRefusedWhenBuildingNamingTheParameter() throws {
    let router = try Router(Self.table)
    let script = try #require(URL(string: "javascript:alert(1)"))
    let error = try #require(throws: URLBuildError.self) {
      _ = try router.urlString(for: "open", ["url": .url(script)])
    }
    #expect(error.route == "open")
    #expect(error.parameter == "url")
    #expect(error.expected == .url)
    let infinite = try #require(throws: URLBuildError.self) {
      _ = try router.urlString(for: "map", ["lat": .decimal(.infinity), "lon": .decimal(1)])
    }
    #expect(infinite.parameter == "lat")
    #expect(infinite.expected == .decimal)
    let word = try #require(throws: URLBuildError.self) {
      _ = try router.urlString(for: "flag", ["name": .string("dark"), "on": .string("yes")])
    }
    #expect(word.parameter == "on")
    #expect(word.expected == .bool)
  }

  enum Section: String, Codable, Hashable, Sendable { case general, privacy, about }

  enum Screen: Codable, Hashable, Sendable {
    case flag(name: String, on: Bool)
    case map(lat: Double, lon: Decimal, zoom: Int?)
    case open(url: URL)
    case tip(amount: Float)
    case section(section: Section)
  }

  static let screens = RouteTable(
    schemes: ["app"],
    routes: [
      RouteDefinition("flag", "/flags/{name}/{on:bool}"),
      RouteDefinition("map", "/map?lat={lat:decimal}&lon={lon:decimal}&zoom={zoom:int?}"),
      RouteDefinition("open", "/open-url?url={url:url}"),
      RouteDefinition("tip", "/tip/{amount:decimal}"),
      RouteDefinition("section", "/settings/{section}"),
    ])

  @Test func typedDestinationsReadAndWriteTheNewKinds() throws {
    let router = try DestinationRouter<Screen>(table: Self.screens)
    #expect(try router.destination(for: "app://flags/dark/true") == .flag(name: "dark", on: true))
    let map = try #require(try router.destination(for: "app://map?lat=52.37&lon=-12.5"))
    #expect(map == .map(lat: 52.37, lon: Decimal(string: "-12.5")!, zoom: nil))
    #expect(try router.destination(for: "app://tip/2.5") == .tip(amount: 2.5))
    let target = try #require(URL(string: "https://example.org/p?q=1"))
    #expect(
      try router.destination(for: "app://open-url?url=https%3A%2F%2Fexample.org%2Fp%3Fq%3D1")
        == .open(url: target))
    #expect(try router.destination(for: "app://open-url?url=javascript%3Aalert(1)") == nil)
    #expect(try router.destination(for: "app://settings/privacy") == .section(section: .privacy))
    #expect(try router.destination(for: "app://settings/other") == nil)
    for screen: Screen in [
      .flag(name: "dark", on: false), .map(lat: -0.5, lon: Decimal(string: "12.25")!, zoom: 4),
      .open(url: target),
      .tip(amount: 0.75), .section(section: .about),
    ] {
      let link = try router.url(for: screen)
      #expect(try router.destination(for: link) == screen)
    }
  }

  enum ReadsBool: Codable, Hashable, Sendable { case flag(on: Bool) }
  enum ReadsURL: Codable, Hashable, Sendable { case open(url: URL) }

  @Test func aDestinationReadingABooleanFromTextIsToldWhichPieceToWrite() throws {
    let error = try #require(throws: RouteTableError.self) {
      _ = try DestinationRouter<ReadsBool>(
        table: RouteTable(schemes: ["app"], routes: [RouteDefinition("flag", "/f/{on}")]))
    }
    #expect(
      error
        == RouteTableError(
          route: "flag",
          reason: .typeMismatch(label: "on", reads: "Bool", pattern: "{on}", suggestion: "{on:bool}")))
    let url = try #require(throws: RouteTableError.self) {
      _ = try DestinationRouter<ReadsURL>(
        table: RouteTable(schemes: ["app"], routes: [RouteDefinition("open", "/o?u={url}")]))
    }
    #expect(
      url
        == RouteTableError(
          route: "open",
          reason: .typeMismatch(label: "url", reads: "URL", pattern: "u={url}", suggestion: "u={url:url}")))
  }

  @Test func anUnknownKindNamesThePieceAndTheKindsThereAre() throws {
    let json = #"{"schemes": ["app"], "routes": [{"name": "geo", "pattern": "/geo/{lat:double}"}]}"#
    let error = try #require(throws: RouteTableError.self) {
      _ = try Router(try RouteTable(json: Data(json.utf8)))
    }
    #expect(error.route == "geo")
    #expect(error.description.contains("unknown parameter type 'double'"))
    #expect(error.description.contains("int, uuid, bool, decimal, url, address, link, string"))
  }

  @Test func aRouteFileDeclaresTheNewKinds() throws {
    let json = #"""
      {"schemes": ["app"], "routes": [
        {"name": "open", "pattern": "/open-url?url={url:url}"},
        {"name": "flag", "pattern": "/flags/{name}/{on:bool}"},
        {"name": "geo", "pattern": "/geo/{lat:decimal}/{lon:decimal}"}
      ]}
      """#
    let router = try Router(try RouteTable(json: Data(json.utf8)))
    #expect(try router.match("app://geo/52.37/4.89")?.parameters["lon"] == .decimal(4.89))
    #expect(try router.match("app://geo/52.37/4e1") == nil)
  }

  @Test func aBooleanAndTextInOnePlaceAreNotDuplicates() throws {
    let router = try Router(
      RouteTable(
        schemes: ["app"],
        routes: [
          RouteDefinition("on", "/x/{v:bool}"), RouteDefinition("text", "/x/{v}"),
          RouteDefinition("n", "/x/{v:decimal}"),
        ]))
    #expect(try router.match("app://x/true")?.route == "on")
    #expect(try router.match("app://x/-1.5")?.route == "n")
    #expect(try router.match("app://x/yes")?.route == "text")
    let duplicate = try #require(throws: RouteTableError.self) {
      _ = try Router(
        RouteTable(
          schemes: ["app"], routes: [RouteDefinition("a", "/x/{v:url}"), RouteDefinition("b", "/x/{w:url}")]))
    }
    #expect(duplicate.description.contains("'a'") || duplicate.description.contains("'b'"))
  }
}
