import Foundation
import Testing

@testable import UniversalLinks

@Suite("The matcher answers as Apple's does, within bounded work")
struct MatcherFidelityTests {
  static let first = "ABCDE12345.com.example.first"
  static let second = "ABCDE12345.com.example.second"

  @Test("Every app any detail lets through is listed; a blocked URL names its rule and opens none")
  func claims() throws {
    let matcher = AASAMatcher(
      document: AASADocument(
        appLinks: AASAAppLinks(details: [
          AASADetail(
            appIDs: [Self.first], components: [AASAComponent(path: "/x", exclude: true), AASAComponent()]),
          AASADetail(
            appIDs: [Self.second], components: [AASAComponent(path: "/y", exclude: true), AASAComponent()]),
        ])))
    #expect(
      try matcher.match("/z") == .match(appIDs: [Self.first, Self.second], detailIndex: 0, ruleIndex: 1))
    #expect(try matcher.match("/x") == .match(appIDs: [Self.second], detailIndex: 1, ruleIndex: 1))
    let decision = try matcher.decide("/x")
    #expect(decision.claims.map(\.opens) == [false, true])
    let onlyBlocked = AASAMatcher(
      document: AASADocument(
        appLinks: AASAAppLinks(details: [
          AASADetail(appIDs: [Self.first], components: [AASAComponent(path: "/x", exclude: true)])
        ])))
    let blocked = try onlyBlocked.match("/x")
    #expect(!blocked.opensApp)
    #expect(blocked.description == "blocked by details[0], rule 0 (for \(Self.first))")
  }

  @Test("An app ID without a team prefix never opens")
  func invalidAppID() throws {
    let matcher = AASAMatcher(
      document: AASADocument(
        appLinks: AASAAppLinks(details: [
          AASADetail(appIDs: ["com.example.app"], components: [AASAComponent()])
        ])))
    #expect(try matcher.match("/x") == .none)
    #expect(matcher.invalidAppIDs == ["com.example.app"])
  }

  @Test("A query value that is not a string is skipped, as Apple skips it; other wrong types still fail")
  func nonStringQueryValue() throws {
    let data = Data(
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.first"], "components": [{"/": "/a", "?": {"flag": true, "id": "?*"}}]}]}}"#
        .utf8)
    #expect(throws: AssociationFileDecodingError.self) { try AASADocument(jsonData: data) }
    let read = try AASAMatcher.document(readingAsApple: data)
    #expect(read.skippedQueryValues.map(\.description) == [#"applinks.details[0].components[0]["?"].flag"#])
    let matcher = AASAMatcher(document: read.document)
    #expect(try matcher.match("/a?id=1").opensApp)
    #expect(try !matcher.match("/a").opensApp)
    let bad = Data(#"{"applinks": {"details": [{"appIDs": 3}]}}"#.utf8)
    #expect(throws: AssociationFileDecodingError.self) { try AASAMatcher.document(readingAsApple: bad) }
  }

  @Test("Patterns over 1,024 bytes are ignored; URL parts over 1,024 bytes are refused")
  func limits() throws {
    // Matches "/a", but is over the limit.
    let long = "/a" + String(repeating: "*", count: 1100)
    let matcher = AASAMatcher(
      document: AASADocument(
        appLinks: AASAAppLinks(details: [
          AASADetail(
            appIDs: [Self.first], components: [AASAComponent(path: long), AASAComponent(path: "/b")])
        ])))
    #expect(matcher.ignoredRules.map(\.ruleIndex) == [0])
    #expect(try !matcher.match("/a").opensApp)
    #expect(throws: UnreadableTextError.self) { try matcher.match("/" + String(repeating: "b", count: 1100)) }
    #expect(try matcher.match("/b").opensApp)
    #expect(throws: UnreadableTextError.self) {
      try matcher.match("/b?" + String(repeating: "q", count: 1025))
    }
  }

  @Test("Many wildcard rules on a long path stay fast")
  func worstCase() throws {
    let pattern = "/" + String(repeating: "*a", count: 500) + "*b"
    let components = (0..<120).map { _ in AASAComponent(path: pattern) }
    let matcher = AASAMatcher(
      document: AASADocument(
        appLinks: AASAAppLinks(details: [AASADetail(appIDs: [Self.first], components: components)])))
    let start = Date()
    #expect(try !matcher.match("/" + String(repeating: "a", count: 1000)).opensApp)
    #expect(Date().timeIntervalSince(start) < 60)
  }

  @Test("The literal-prefix index returns the values under every prefix of a text, in order")
  func prefixIndex() {
    var index = LiteralPrefixIndex()
    index.insert("p/".unicodeScalars, value: 2)
    index.insert("".unicodeScalars, value: 0)
    index.insert("p/x".unicodeScalars, value: 1)
    index.insert("q".unicodeScalars, value: 3)
    #expect(index.values(alongPrefixesOf: "p/xy".unicodeScalars) == [0, 1, 2])
    #expect(index.values(alongPrefixesOf: "q".unicodeScalars) == [0, 3])
    #expect(index.smallestValue(alongPrefixesOf: "p/x".unicodeScalars) == 0)
  }
}
