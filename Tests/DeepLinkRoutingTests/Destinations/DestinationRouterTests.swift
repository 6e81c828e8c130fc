import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

@Suite("Typed destinations")
struct DestinationRouterTests {
  enum Screen: Hashable, Sendable {
    case home
    case clip(id: String)
    case page(number: Int)
    case share
  }

  static func screens() throws -> DestinationRouter<Screen> {
    try DestinationRouter<Screen>(
      table: RouteTable(
        schemes: ["myapp"], hosts: ["example.com"],
        routes: [
          RouteDefinition("home", "/"), RouteDefinition("clip", "/clip/{id}"),
          RouteDefinition("page", "/page/{n:int}"),
        ]),
      destination: { match in
        switch match.route {
        case "home": .home
        case "clip": match.parameters.string("id").map { .clip(id: $0) }
        case "page": match.parameters.int("n").map { .page(number: $0) }
        default: nil
        }
      },
      values: { screen in
        switch screen {
        case .home: RouteValues("home")
        case .clip(let id): RouteValues("clip", ["id": .string(id)])
        case .page(let number): RouteValues("page", ["n": .int(number)])
        case .share: nil
        }
      })
  }

  @Test func linksBecomeDestinations() throws {
    let screens = try Self.screens()
    #expect(try screens.destination(for: "myapp://clip/12345") == .clip(id: "12345"))
    #expect(try screens.destination(for: "https://example.com/page/3") == .page(number: 3))
    #expect(try screens.destination(for: "myapp://") == .home)
    #expect(try screens.destination(for: "myapp://unknown") == nil)
    let url = try #require(URL(string: "myapp://clip/a%2Fb"))
    #expect(try screens.destination(for: url) == .clip(id: "a/b"))
  }

  @Test(arguments: [Screen.home, .clip(id: "x y/z"), .page(number: -4)])
  func destinationsRoundTrip(_ screen: Screen) throws {
    let screens = try Self.screens()
    for form in [LinkForm.universalLink, .customScheme] {
      let url = try screens.url(for: screen, form: form)
      #expect(try screens.destination(for: url) == screen, "\(url)")
    }
  }

  @Test func destinationWithoutALinkIsAnError() throws {
    let screens = try Self.screens()
    #expect(throws: URLBuildError.self) { try screens.url(for: .share) }
  }

  @Test func sameDeclarationFromAFile() throws {
    let file = """
      {"schemes": ["myapp"], "hosts": ["example.com"],
       "routes": [{"name": "home", "pattern": "/"}, {"name": "clip", "pattern": "/clip/{id}"}, {"name": "page", "pattern": "/page/{n:int}"}]}
      """
    let table = try RouteTable(json: Data(file.utf8))
    let inSwift = try Self.screens()
    #expect(table == inSwift.router.table)
  }
}

extension DestinationRouterTests {
  /// Reads three strings from a list, whatever the list holds.
  struct ThreeItems: Decodable {
    init(from decoder: any Decoder) throws {
      var list = try decoder.unkeyedContainer()
      for _ in 0..<3 { _ = try list.decode([String].self) }
    }
  }

  /// Reads three strings from a list.
  struct ThreeStrings: Decodable {
    init(from decoder: any Decoder) throws {
      var list = try decoder.unkeyedContainer()
      for _ in 0..<3 { _ = try list.decode(String.self) }
    }
  }

  @Test func aCatchAllReadPastItsEndSaysWhatIsMissingAndWhere() throws {
    func missing(_ read: () throws -> Void) -> (description: String, index: Int?)? {
      do {
        try read()
        return nil
      } catch DecodingError.valueNotFound(_, let context) {
        return (context.debugDescription, context.codingPath.last?.intValue)
      } catch {
        return nil
      }
    }
    let segments = ParameterDecoder(value: .segments(["a", "b"]), codingPath: [])
    let afterSegments = try #require(missing { _ = try ThreeStrings(from: segments) })
    #expect(afterSegments.description == "no segment left")
    #expect(afterSegments.index == 2)
    let pairs = ParameterDecoder(value: .pairs([QueryItem(name: "channel", value: "42")]), codingPath: [])
    let afterPairs = try #require(missing { _ = try ThreeItems(from: pairs) })
    #expect(afterPairs.description == "no pair left")
    #expect(afterPairs.index == 1)
  }

  /// Reads every pair, then one more as labelled values.
  struct LabelsPastTheEnd: Decodable {
    init(from decoder: any Decoder) throws {
      var list = try decoder.unkeyedContainer()
      while !list.isAtEnd { _ = try list.decode([String].self) }
      _ = try list.nestedContainer(keyedBy: SegmentIndex.self)
    }
  }

  /// Reads every pair, then one more as a list.
  struct ListPastTheEnd: Decodable {
    init(from decoder: any Decoder) throws {
      var list = try decoder.unkeyedContainer()
      while !list.isAtEnd { _ = try list.decode([String].self) }
      _ = try list.nestedUnkeyedContainer()
    }
  }

  @Test func aPairListOpenedPastItsEndIsRefusedNotRead() {
    for pairs in [[], [QueryItem(name: "channel", value: "42")]] {
      let decoder = ParameterDecoder(value: .pairs(pairs), codingPath: [])
      #expect(throws: DecodingError.self) { try LabelsPastTheEnd(from: decoder) }
      #expect(throws: DecodingError.self) { try ListPastTheEnd(from: decoder) }
    }
  }
}
