import Foundation
import Testing

@testable import DeepLinkRouting

/// A match the app refuses falls through to the next route: a typed destination that turns down an id,
/// a value out of range or an unknown raw value lets the next route in precedence order take the link.
@Suite("Refused matches fall through")
struct FallThroughTests {
  enum Section: String, Codable, Hashable, Sendable { case general, privacy }

  enum Screen: Hashable, Sendable, Codable {
    case item(id: Int)
    case itemSlug(slug: String)
    case settings(section: Section)
    case page(path: [String])

    init(from decoder: any Decoder) throws {
      // The synthesized reading, then the app's own check: an item id below 1 does not exist.
      let decoded = try Plain(from: decoder)
      if case .item(let id) = decoded.screen, id < 1 { throw NoSuchItem(id: id) }
      self = decoded.screen
    }

    func encode(to encoder: any Encoder) throws {
      try Plain(screen: self).encode(to: encoder)
    }
  }

  /// The same cases, read and written as Swift synthesizes them.
  struct Plain: Codable {
    var screen: Screen

    init(screen: Screen) { self.screen = screen }

    enum Synthesized: Codable {
      case item(id: Int)
      case itemSlug(slug: String)
      case settings(section: Section)
      case page(path: [String])
    }

    init(from decoder: any Decoder) throws {
      switch try Synthesized(from: decoder) {
      case .item(let id): screen = .item(id: id)
      case .itemSlug(let slug): screen = .itemSlug(slug: slug)
      case .settings(let section): screen = .settings(section: section)
      case .page(let path): screen = .page(path: path)
      }
    }

    func encode(to encoder: any Encoder) throws {
      let plain: Synthesized =
        switch screen {
        case .item(let id): .item(id: id)
        case .itemSlug(let slug): .itemSlug(slug: slug)
        case .settings(let section): .settings(section: section)
        case .page(let path): .page(path: path)
        }
      try plain.encode(to: encoder)
    }
  }

  static let table = RouteTable(
    schemes: ["myapp"], hosts: ["shop.example"],
    routes: [
      RouteDefinition("item", "/items/{id:int}"),
      RouteDefinition("itemSlug", "/items/{slug}"),
      RouteDefinition("settings", "/settings/{section}"),
      RouteDefinition("page", "/{path+}"),
    ])

  static var screens: DestinationRouter<Screen> { get throws { try DestinationRouter<Screen>(table: table) } }

  @Test func anIdTheAppRefusesFallsToTheNextRoute() throws {
    #expect(try Self.screens.destination(for: "myapp://items/5") == .item(id: 5))
    #expect(try Self.screens.destination(for: "myapp://items/0") == .itemSlug(slug: "0"))
    #expect(try Self.screens.destination(for: "myapp://items/-3") == .itemSlug(slug: "-3"))
    #expect(try Self.screens.match("myapp://items/0")?.match.route == "itemSlug")
  }

  @Test func anUnknownRawValueFallsToTheCatchAll() throws {
    #expect(try Self.screens.destination(for: "myapp://settings/privacy") == .settings(section: .privacy))
    #expect(
      try Self.screens.destination(for: "myapp://settings/other") == .page(path: ["settings", "other"]))
  }

  @Test func theRouterAloneStillAnswersWithTheMostSpecificRoute() throws {
    #expect(try Self.screens.router.match("myapp://items/0")?.route == "item")
  }

  @Test func whenEveryCandidateIsRefusedTheFirstIsReported() throws {
    let screens = DestinationRouter<String>(
      router: try Router(Self.table), destination: { _ in nil }, values: { _ in nil })
    let found = try #require(try screens.match("myapp://items/0"))
    #expect(found.match.route == "item")
    #expect(found.destination == nil)
    #expect(try screens.destination(for: "myapp://items/0") == nil)
    #expect(try screens.match("myapp://") == nil)
  }

  @Test func candidatesComeInPrecedenceOrderAndStopAtTheBound() throws {
    // Twenty routes match /a/a/a; refused one by one, they are offered most specific first, and only
    // the first sixteen.
    let patterns = [
      "/{r*}", "/{r+}", "/a/{r*}", "/a/{r+}", "/{x}/a/{r*}", "/{x}/{y}/{r+}", "/{x}/a/{r+}", "/a/{x}/{r+}",
      "/a/a/{r+}", "/a/a/{r*}", "/a/a/a/{r*}", "/{x}/{y}/{z}", "/{x}/{y}/a", "/{x}/a/{y}", "/{x}/a/a",
      "/a/{x}/{y}", "/a/{x}/a", "/a/a/{x}", "/a/a/a", "/a/{x}/a/{r*}",
    ]
    let table = RouteTable(
      schemes: ["myapp"], hosts: [], routes: patterns.map { RouteDefinition($0, $0) })
    let offered = LockedList()
    let screens = DestinationRouter<String>(
      router: try Router(table),
      destination: { match in
        offered.append(match.route)
        return nil
      }, values: { _ in nil })
    #expect(try screens.match("myapp:///a/a/a")?.match.route == "/a/a/a")
    let order = offered.values
    #expect(order.count == Router.maxCandidates)
    #expect(Set(order).count == order.count)
    #expect(order.prefix(4) == ["/a/a/a", "/a/a/a/{r*}", "/a/a/{x}", "/a/a/{r+}"])
    #expect(!order.contains("/{r*}"))
  }

  @Test func refusalsDoNotHideRoutesOfTheSameShape() throws {
    // `/x/{a:int}/end` and `/y/{a:int}/end` share a shape; refusing the first route's match must not
    // mark the shape as failed, so a later route of that shape at the same depth is still found.
    let table = RouteTable(
      schemes: ["myapp"], hosts: [],
      routes: [
        RouteDefinition("first", "/{k}/{a:int}/end"),
        RouteDefinition("second", "/{k}/{a}/end"),
      ])
    let screens = DestinationRouter<String>(
      router: try Router(table),
      destination: { $0.route == "first" ? nil : $0.route }, values: { _ in nil })
    #expect(try screens.destination(for: "myapp:///q/1/end") == "second")
  }
}

/// The app's refusal of an item id that cannot exist.
struct NoSuchItem: Error {
  var id: Int
}

/// A list appended to from a `@Sendable` closure.
final class LockedList: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []

  func append(_ value: String) {
    lock.lock()
    list.append(value)
    lock.unlock()
  }

  var values: [String] {
    lock.lock()
    defer { lock.unlock() }
    return list
  }
}
