import Foundation
import Testing

@testable import DeepLinkRouting

/// Parameters are entries in order, however they were built: by a match, from pairs, grown by name,
/// shrunk by name. Equality and hashing follow the entries in order.
@Suite("Route parameters: order, equality and hashing")
struct RouteParametersTests {
  static func parameters(_ count: Int) -> RouteParameters {
    RouteParameters((0..<count).map { (name: "p\($0)", value: ParameterValue.int($0)) })
  }

  @Test("Every size reads back its entries in order", arguments: 0...5)
  func readsBack(_ count: Int) {
    let parameters = Self.parameters(count)
    #expect(parameters.count == count)
    #expect(parameters.map(\.name) == (0..<count).map { "p\($0)" })
    for index in 0..<count {
      #expect(parameters.int("p\(index)") == index)
      #expect(parameters[index].value == .int(index))
    }
    #expect(parameters["p\(count)"] == nil)
    #expect(parameters.dictionary.count == count)
    #expect(parameters.description == (0..<count).map { "p\($0)=\($0)" }.joined(separator: " "))
  }

  @Test("Equal entries are equal and hash alike, however they were built", arguments: 0...5)
  func equalityAndHashing(_ count: Int) {
    let built = Self.parameters(count)
    var grown = RouteParameters()
    for index in 0..<count { grown["p\(index)"] = .int(index) }
    // Grown past the size, then shrunk back.
    var shrunk = Self.parameters(count + 3)
    for index in count..<(count + 3) { shrunk["p\(index)"] = nil }
    for other in [grown, shrunk] {
      #expect(other == built)
      #expect(other.hashValue == built.hashValue)
      #expect(Set([other, built]).count == 1)
    }
    #expect(built != Self.parameters(count + 1))
    if count > 0 {
      var changed = built
      changed["p0"] = .string("other")
      #expect(changed != built)
      #expect(changed.string("p0") == "other")
      #expect(changed.map(\.name) == built.map(\.name))
    }
  }

  @Test("Order counts in equality")
  func orderCounts() {
    let forward: RouteParameters = ["a": .int(1), "b": .int(2)]
    let backward: RouteParameters = ["b": .int(2), "a": .int(1)]
    #expect(forward != backward)
    #expect(forward.dictionary == backward.dictionary)
  }

  @Test("A match with many parameters keeps them all")
  func manyParametersFromAMatch() throws {
    let router = try Router(
      RouteTable(
        hosts: ["example.com"],
        routes: [RouteDefinition("deep", "/{a}/{b:int}/{c}/{d:uuid}/{rest+}?q={q}")]))
    let uuid = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
    let match = try #require(try router.match("https://example.com/x/2/z/\(uuid)/r/s?q=v&o=1"))
    #expect(match.parameters.map(\.name) == ["a", "b", "c", "d", "rest", "q"])
    #expect(match.parameters.string("a") == "x")
    #expect(match.parameters.int("b") == 2)
    #expect(match.parameters.uuid("d") == UUID(uuidString: uuid))
    #expect(match.parameters.segments("rest") == ["r", "s"])
    #expect(match.parameters.string("q") == "v")
    #expect(match.query == [QueryItem(name: "o", value: "1")])
  }

  /// A match is a value: a changed copy leaves the original as it was, and equality and hashing
  /// follow the fields, not whether two matches share their storage.
  @Test("A copied match is independent; equal fields make equal matches")
  func matchesAreValues() throws {
    let router = try Router(
      RouteTable(schemes: ["myapp"], routes: [RouteDefinition("item", "/items/{id:int}")]))
    let original = try #require(try router.match("myapp://items/7?x=1#top"))
    var copy = original
    #expect(copy == original)
    copy.route = "other"
    copy.parameters["id"] = .int(8)
    copy.query.append(QueryItem(name: "y", value: nil))
    copy.fragment = nil
    copy.url = "myapp://items/8"
    #expect(original.route == "item")
    #expect(original.parameters.int("id") == 7)
    #expect(original.query == [QueryItem(name: "x", value: "1")])
    #expect(original.fragment == "top")
    #expect(original.url == "myapp://items/7?x=1#top")
    #expect(copy != original)

    let rebuilt = RouteMatch(
      route: "item", parameters: ["id": .int(7)], query: [QueryItem(name: "x", value: "1")], fragment: "top",
      origin: .customScheme("myapp"), url: "myapp://items/7?x=1#top")
    #expect(rebuilt == original)
    #expect(rebuilt.hashValue == original.hashValue)
    #expect(Set([rebuilt, original, copy]).count == 2)
  }
}
