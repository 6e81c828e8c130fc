import Foundation
import Testing

@testable import DeepLinkRouting

@Suite("Destinations declared once, through Codable")
struct CodableDestinationTests {
  enum Gender: String, Hashable, Sendable, Codable { case women, men }
  enum Sort: String, Hashable, Sendable, Codable { case newest, price }

  enum Screen: Hashable, Sendable, Codable {
    case home
    case clip(id: String)
    case page(number: Int)
    case level(value: UInt8)
    case user(id: UUID)
    case files(path: [String])
    case browse(path: [String])
    case search(query: String, page: Int?, sort: Sort?)
    case shop(gender: Gender)
    case unrouted
  }

  static let table = RouteTable(
    schemes: ["myapp"], hosts: ["example.com"],
    routes: [
      RouteDefinition("home", "/"),
      RouteDefinition("clip", "/clip/{id}"),
      RouteDefinition("page", "/page/{number:int}"),
      RouteDefinition("level", "/level/{value:int}"),
      RouteDefinition("user", "/user/{id:uuid}"),
      RouteDefinition("files", "/files/{path+}"),
      RouteDefinition("browse", "/browse/{path*}"),
      RouteDefinition("search", "/search?q={query}&page={page:int?}&sort={sort?}"),
      RouteDefinition("shop", "/shop/{gender}"),
    ])

  static let userID = UUID(
    uuid: (0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E, 0x5F))

  @Test(arguments: [
    ("myapp://", Screen.home),
    ("myapp://clip/a%2Fb%20c", .clip(id: "a/b c")),
    ("https://example.com/page/-42", .page(number: -42)),
    ("myapp://level/255", .level(value: 255)),
    ("myapp://user/e621e1f8-c36c-495a-93fc-0c247a3e6e5f", .user(id: userID)),
    ("myapp://files/a/b%2Fc/d", .files(path: ["a", "b/c", "d"])),
    ("myapp://browse", .browse(path: [])),
    ("myapp://browse/x", .browse(path: ["x"])),
    ("myapp://search?q=goals", .search(query: "goals", page: nil, sort: nil)),
    ("myapp://search?q=goals&page=3", .search(query: "goals", page: 3, sort: nil)),
    ("myapp://search?sort=price&q=goals&page=3", .search(query: "goals", page: 3, sort: .price)),
    ("myapp://shop/men", .shop(gender: .men)),
  ])
  func everyParameterKindReads(_ url: String, _ expected: Screen) throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    #expect(try screens.destination(for: url) == expected)
  }

  @Test(arguments: [
    "myapp://shop/aliens",  // a raw value the enum does not know
    "myapp://search?q=goals&sort=cheapest",  // the same, in an optional query item
    "myapp://level/256",  // does not fit in UInt8
    "myapp://level/-1",
    "myapp://nowhere",  // no route at all
  ])
  func valuesRefusedAsDataNameNoDestination(_ url: String) throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    #expect(try screens.destination(for: url) == nil)
  }

  @Test func destinationsWriteTheirRouteValues() throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    #expect(screens.routeValues(for: .home) == RouteValues("home"))
    #expect(
      screens.routeValues(for: .search(query: "a", page: 2, sort: nil))
        == RouteValues("search", ["query": .string("a"), "page": .int(2)]))
    #expect(
      screens.routeValues(for: .shop(gender: .women)) == RouteValues("shop", ["gender": .string("women")]))
    #expect(
      screens.routeValues(for: .user(id: Self.userID)) == RouteValues("user", ["id": .uuid(Self.userID)]))
    #expect(
      screens.routeValues(for: .files(path: ["a", "b"]))
        == RouteValues("files", ["path": .segments(["a", "b"])]))
    #expect(screens.routeValues(for: .level(value: 7)) == RouteValues("level", ["value": .int(7)]))
    let url = try screens.url(
      for: .search(query: "goal highlights", page: nil, sort: .newest), form: .customScheme)
    #expect(url.absoluteString == "myapp://search?q=goal%20highlights&sort=newest")
  }

  @Test func everyDestinationComesBackFromItsLink() throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    try screens.checkRoundTrip(
      [
        .home, .clip(id: "x y/z?"), .page(number: -4), .level(value: 0), .user(id: Self.userID),
        .files(path: ["a b", "c/d"]), .browse(path: []), .search(query: "a&b", page: nil, sort: nil),
        .search(query: "q", page: 9, sort: .price), .shop(gender: .men),
      ],
      forms: [.universalLink, .customScheme])
  }

  @Test func aDestinationWithoutARouteFailsTheRoundTrip() throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    let error = try #require(throws: DestinationRouter<Screen>.RoundTripError.self) {
      try screens.checkRoundTrip([.home, .unrouted])
    }
    #expect(error.destination == .unrouted)
    #expect(error.url == nil)
    #expect(error.reason == .noLink(URLBuildError(route: "unrouted", reason: .unknownRoute)))
    #expect(error.description == "unrouted: no preferred link: route 'unrouted': no such route")
  }

  enum Wide: Hashable, Sendable, Codable {
    case clip(id: UInt64)
    case search(query: String, page: Int??)
  }

  static let wideTable = RouteTable(
    schemes: ["myapp"],
    routes: [
      RouteDefinition("clip", "/clip/{id:int}"),
      RouteDefinition("search", "/search?q={query}&page={page:int?}"),
    ])

  /// A value the destination holds but a link cannot: the error names the route and the label and says
  /// what is wrong, instead of "no such route" about the whole destination.
  @Test func aValueThatCannotBeWrittenNamesItsRouteAndLabel() throws {
    let screens = try DestinationRouter<Wide>(table: Self.wideTable)
    #expect(try screens.url(for: .clip(id: 7)).absoluteString == "myapp://clip/7")
    #expect(
      try screens.url(for: .search(query: "q", page: .some(.some(2)))).absoluteString
        == "myapp://search?q=q&page=2")
    #expect(try screens.url(for: .search(query: "q", page: nil)).absoluteString == "myapp://search?q=q")

    let tooBig = try #require(throws: URLBuildError.self) { try screens.url(for: .clip(id: UInt64.max)) }
    #expect(tooBig.code == .unwritableValue)
    #expect(tooBig.code.description == "unwritable-value")
    #expect(tooBig.route == "clip")
    #expect(tooBig.parameter == "id")
    #expect(
      tooBig.description
        == "route 'clip': parameter 'id': 18446744073709551615 does not fit in Int, the type of a route's integer values"
    )

    let nilInside = try #require(throws: URLBuildError.self) {
      try screens.url(for: .search(query: "q", page: .some(nil)))
    }
    #expect(nilInside.code == .unwritableValue)
    #expect(nilInside.route == "search")
    #expect(nilInside.parameter == "page")
    #expect(
      nilInside.description
        == "route 'search': parameter 'page': the value is nil (such as .some(nil) in a double optional); a parameter needs a value, and only an absent optional query item is left out"
    )
    #expect(screens.routeValues(for: .clip(id: UInt64.max)) == nil)

    let roundTrip = try #require(throws: DestinationRouter<Wide>.RoundTripError.self) {
      try screens.checkRoundTrip([.clip(id: UInt64.max)])
    }
    #expect(roundTrip.reason == .noLink(tooBig))
  }

  // MARK: Closure-form routers

  enum Tag: Hashable, Sendable, CustomStringConvertible {
    case tag(String)
    case share
    var description: String {
      switch self {
      case .tag(let name): "tag(\(name))"
      case .share: "share"
      }
    }
  }

  /// A closure router whose reading lowercases a tag its writing keeps: they have drifted apart.
  static func tags() throws -> DestinationRouter<Tag> {
    try DestinationRouter<Tag>(
      table: RouteTable(schemes: ["myapp"], routes: [RouteDefinition("tag", "/tag/{name}")]),
      destination: { match in match.parameters.string("name").map { .tag($0.lowercased()) } },
      values: { tag in
        switch tag {
        case .tag(let name): RouteValues("tag", ["name": .string(name)])
        case .share: nil
        }
      })
  }

  @Test func theRoundTripCheckNamesTheDestinationTheLinkAndWhatCameBack() throws {
    let tags = try Self.tags()
    try tags.checkRoundTrip([.tag("swift")])
    let error = try #require(throws: DestinationRouter<Tag>.RoundTripError.self) {
      try tags.checkRoundTrip([.tag("swift"), .tag("Swift")], forms: [.customScheme])
    }
    #expect(error.destination == .tag("Swift"))
    #expect(error.url == "myapp://tag/Swift")
    #expect(error.reason == .cameBack(.tag("swift")))
    #expect(error.description == "tag(Swift) -> myapp://tag/Swift: reads back as tag(swift)")

    let noLink = try #require(throws: DestinationRouter<Tag>.RoundTripError.self) {
      try tags.checkRoundTrip([.share])
    }
    #expect(noLink.reason == .noLink(URLBuildError(route: "share", reason: .unknownRoute)))
  }

  @Test func aLinkThatReadsAsNothingIsReported() throws {
    let nothing = try DestinationRouter<Tag>(
      table: RouteTable(schemes: ["myapp"], routes: [RouteDefinition("tag", "/tag/{name}")]),
      destination: { _ in nil },
      values: { _ in RouteValues("tag", ["name": .string("x")]) })
    let error = try #require(throws: DestinationRouter<Tag>.RoundTripError.self) {
      try nothing.checkRoundTrip([.tag("x")])
    }
    #expect(error.description == "tag(x) -> myapp://tag/x: reads back as no destination")
  }
}

/// Destination types that do not fit their routes, each caught when the router is built.
@Suite("Destinations that do not fit their routes")
struct DestinationMismatchTests {
  enum Clip: Hashable, Sendable, Codable { case clip(id: String) }
  enum MisspelledLabel: Hashable, Sendable, Codable { case clip(clipID: String) }
  enum ReadsInt: Hashable, Sendable, Codable { case page(number: Int) }
  enum ReadsUUID: Hashable, Sendable, Codable { case user(id: UUID) }
  enum ReadsList: Hashable, Sendable, Codable { case files(path: [String]) }
  enum ReadsText: Hashable, Sendable, Codable { case files(path: String) }
  enum ReadsDate: Codable, Hashable, Sendable { case day(on: Date) }
  enum ReadsBool: Hashable, Sendable, Codable { case flag(on: Bool) }
  enum Unlabeled: Hashable, Sendable, Codable { case clip(String) }
  enum UnlabeledOptional: Hashable, Sendable, Codable { case clip(String?) }
  enum OptionalLabelNotInPattern: Hashable, Sendable, Codable { case clip(id: String, autoplay: String?) }
  enum RequiredPage: Hashable, Sendable, Codable { case search(query: String, page: Int) }
  struct Item: Hashable, Sendable, Codable { var id: String }
  enum Nested: Hashable, Sendable, Codable { case item(value: Item) }

  static func table(_ name: String, _ pattern: String) -> RouteTable {
    RouteTable(schemes: ["myapp"], routes: [RouteDefinition(name, pattern)])
  }

  static func error<Destination: Codable & Hashable & Sendable>(
    _ type: Destination.Type, _ name: String, _ pattern: String
  ) throws -> RouteTableError {
    try #require(throws: RouteTableError.self) {
      _ = try DestinationRouter<Destination>(table: table(name, pattern))
    }
  }

  @Test func aRouteWithoutACase() throws {
    let error = try Self.error(Clip.self, "clips", "/clips/{id}")
    #expect(error.route == "clips")
    #expect(error == RouteTableError(route: "clips", reason: .noCase(type: "Clip")))
    #expect(
      error.description
        == "route 'clips': Clip has no case named after the route (route names are the destination's case names)"
    )
  }

  @Test func aLabelThePatternLacks() throws {
    let error = try Self.error(MisspelledLabel.self, "clip", "/clip/{clipId}")
    #expect(
      error == RouteTableError(route: "clip", reason: .labelNotInPattern("clipID", parameters: ["clipId"])))
    #expect(
      error.description
        == "route 'clip': the case reads 'clipID', which the pattern does not declare (it declares only clipId)"
    )
  }

  @Test func anOptionalLabelThePatternLacks() throws {
    let error = try Self.error(OptionalLabelNotInPattern.self, "clip", "/clip/{id}")
    #expect(
      error == RouteTableError(route: "clip", reason: .labelNotInPattern("autoplay", parameters: ["id"])))
  }

  @Test func aParameterTheCaseLacks() throws {
    let error = try Self.error(Clip.self, "clip", "/clip/{id}/{slug}")
    #expect(error == RouteTableError(route: "clip", reason: .parameterNotInCase("slug")))
    #expect(
      error.description
        == "route 'clip': the pattern's parameter 'slug' is not a label of the case, so its link would lose it"
    )
  }

  @Test func anIgnoredOptionalQueryItem() throws {
    let error = try Self.error(Clip.self, "clip", "/clip/{id}?t={start:int?}")
    #expect(error == RouteTableError(route: "clip", reason: .parameterNotInCase("start")))
  }

  @Test func anIntegerReadFromText() throws {
    let error = try Self.error(ReadsInt.self, "page", "/page/{number}")
    #expect(
      error
        == RouteTableError(
          route: "page",
          reason: .typeMismatch(
            label: "number", reads: "Int", pattern: "{number}", suggestion: "{number:int}")))
    #expect(
      error.description
        == "route 'page': 'number' is read as Int, but the pattern gives {number}; write {number:int}")
  }

  @Test func anIntegerReadFromAQueryItem() throws {
    let error = try Self.error(ReadsInt.self, "page", "/list?p={number}")
    #expect(
      error
        == RouteTableError(
          route: "page",
          reason: .typeMismatch(
            label: "number", reads: "Int", pattern: "p={number}", suggestion: "p={number:int}"))
    )
  }

  @Test func aUUIDReadFromText() throws {
    let error = try Self.error(ReadsUUID.self, "user", "/user/{id}")
    #expect(
      error
        == RouteTableError(
          route: "user",
          reason: .typeMismatch(label: "id", reads: "UUID", pattern: "{id}", suggestion: "{id:uuid}")))
  }

  @Test func textReadFromAnInteger() throws {
    let error = try Self.error(Clip.self, "clip", "/clip/{id:int}")
    #expect(
      error
        == RouteTableError(
          route: "clip",
          reason: .typeMismatch(label: "id", reads: "String", pattern: "{id:int}", suggestion: "{id}")))
  }

  @Test func segmentsAndText() throws {
    let list = try Self.error(ReadsList.self, "files", "/files/{path}")
    #expect(
      list
        == RouteTableError(
          route: "files",
          reason: .typeMismatch(
            label: "path", reads: "Array<String>", pattern: "{path}",
            suggestion: "{path+} or {path*} (last in the path)")))
    let text = try Self.error(ReadsText.self, "files", "/files/{path+}")
    #expect(
      text
        == RouteTableError(
          route: "files",
          reason: .typeMismatch(label: "path", reads: "String", pattern: "{path+}", suggestion: "{path}")))
  }

  @Test func aTypeNoParameterGives() throws {
    let error = try Self.error(ReadsDate.self, "day", "/day/{on}")
    #expect(
      error
        == RouteTableError(
          route: "day",
          reason: .typeMismatch(label: "on", reads: "Double", pattern: "{on}", suggestion: "{on:decimal}")))
  }

  @Test func aBooleanReadFromTextIsToldToSayBool() throws {
    let error = try Self.error(ReadsBool.self, "flag", "/flag/{on}")
    #expect(
      error
        == RouteTableError(
          route: "flag",
          reason: .typeMismatch(label: "on", reads: "Bool", pattern: "{on}", suggestion: "{on:bool}")))
    #expect(
      error.description == "route 'flag': 'on' is read as Bool, but the pattern gives {on}; write {on:bool}")
  }

  @Test func aStructureInOneParameter() throws {
    let error = try Self.error(Nested.self, "item", "/item/{value}")
    #expect(
      error
        == RouteTableError(
          route: "item",
          reason: .typeMismatch(label: "value", reads: "labelled values", pattern: "{value}", suggestion: nil)
        ))
  }

  @Test func unlabeledValuesAskForLabels() throws {
    let error = try Self.error(Unlabeled.self, "clip", "/clip/{id}")
    #expect(error == RouteTableError(route: "clip", reason: .unlabeledValue(caseName: "clip", key: "_0")))
    #expect(
      error.description
        == "route 'clip': the associated value '_0' of case 'clip' has no label; label it with the pattern's "
        + "parameter name, as in `case clip(id: String)`")
    let optional = try Self.error(UnlabeledOptional.self, "clip", "/clip/{id}")
    #expect(optional == RouteTableError(route: "clip", reason: .unlabeledValue(caseName: "clip", key: "_0")))
  }

  @Test func anOptionalQueryItemReadAsRequired() throws {
    let error = try Self.error(RequiredPage.self, "search", "/search?q={query}&page={page:int?}")
    #expect(error == RouteTableError(route: "search", reason: .optionalItemRequired("page")))
    #expect(
      error.description
        == "route 'search': 'page' is an optional query item, so the case must read it as an Optional")
  }

  @Test func theTableIsCheckedBeforeTheDestinations() throws {
    let error = try Self.error(Clip.self, "clip", "/clip/{id")
    #expect(error.code == .invalidPattern, "\(error)")
    #expect(error.patternError?.code == .unbalancedBrace, "\(error)")
  }

  @Test func aRouterAlreadyBuiltIsCheckedToo() throws {
    let router = try Router(Self.table("clip", "/clip/{id:int}"))
    #expect(throws: RouteTableError.self) { _ = try DestinationRouter<Clip>(router: router) }
    let fitting = try Router(Self.table("clip", "/clip/{id}"))
    #expect(try DestinationRouter<Clip>(router: fitting).destination(for: "myapp://clip/7") == .clip(id: "7"))
  }
}
