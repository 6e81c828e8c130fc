import Foundation
import Testing

@testable import DeepLinkRouting

/// Every parameter type walked through every consumer of its description: reading, writing, the
/// trie and its search, precedence, near-miss messages, destination samples and the server-file
/// answers. A new type that forgets one answer, or gives one that disagrees with another, fails here.
@Suite("Parameter types: one description, every consumer")
struct ParameterTypeRulesTests {
  /// The pattern text of a one-parameter segment of `type`: `{x}` or `{x:TYPE}`.
  private static func segment(_ type: ParameterType) -> String {
    RoutePattern.Segment.parameter(name: "x", type: type).description
  }

  @Test func precedenceOrdersEveryTypeOnceNarrowestFirst() {
    let ordered = ParameterType.bySpecificity
    #expect(Set(ordered) == Set(ParameterType.allCases))
    #expect(ordered.count == ParameterType.allCases.count)
    #expect(ordered.map(\.specificity) == Array(0..<ordered.count))
    // A type that accepts any text comes after every type that narrows it.
    let firstAny = ordered.firstIndex { $0.acceptsAnyText } ?? ordered.count
    #expect(ordered[firstAny...].allSatisfy { $0.acceptsAnyText })
    #expect(ParameterType.allCases.filter(\.acceptsAnyText).count == 1)
    // The search finds a type by its rank through the inverse of `specificity`, and counts the ranks.
    #expect(ParameterType.rankCount == ordered.count)
    #expect((0..<ParameterType.rankCount).map { ParameterType(specificity: $0) } == ordered)
    #expect(ParameterType(specificity: -1) == nil)
    #expect(ParameterType(specificity: ParameterType.rankCount) == nil)
    // The kinds a plan packs: every type, then the four that are not types, each its own number.
    #expect(RoutePlan.Parameter.Kind.count == RoutePlan.Parameter.Kind.allCases.count)
    for kind in RoutePlan.Parameter.Kind.allCases {
      #expect(RoutePlan.Parameter.Kind(number: kind.number) == kind)
    }
    #expect(RoutePlan.Parameter.Kind(number: UInt8(RoutePlan.Parameter.Kind.count)) == nil)
  }

  @Test(arguments: ParameterType.allCases)
  func sampleReadsWritesAndMatches(_ type: ParameterType) throws {
    let sample = type.sampleValue
    let text = sample.description
    #expect(type.value(from: text) == sample)
    #expect(type.accepts(text))
    #expect(type.written(sample) == sample)
    #expect(type.written(.segments([text])) == nil)
    #expect(type.value(from: "") == nil)

    let router = try Router(
      RouteTable(schemes: ["app"], routes: [RouteDefinition("t", "/t/\(Self.segment(type))")]))
    let built = try router.urlString(for: "t", ["x": sample])
    let match = try #require(try router.match(built))
    #expect(match.route == "t")
    #expect(match.parameters["x"] == sample)
    // The same value given as text builds the same link.
    #expect(try router.urlString(for: "t", ["x": .string(text)]) == built)
  }

  @Test(arguments: ParameterType.allCases)
  func aSegmentTheTypeRefusesIsANearMissNamingTheType(_ type: ParameterType) throws {
    guard let refused = type.aasaWidening?.example else {
      // A type that admits any text refuses no segment; its AASA pattern is exact.
      #expect(type.acceptsAnyText)
      #expect(type.aasaSegmentPattern == "?*")
      return
    }
    #expect(type.value(from: refused) == nil)
    #expect(!type.accepts(refused))
    let router = try Router(
      RouteTable(schemes: ["app"], routes: [RouteDefinition("t", "/t/\(Self.segment(type))")]))
    let link = "app:///t/\(refused)"
    #expect(try router.match(link) == nil)
    let miss = try #require(try router.explain(link))
    #expect(miss.route == "t")
    #expect(miss.code == .expectedType)
    #expect(miss.description.contains("is not \(type.expectation) (\(Self.segment(type)))"))
    #expect(type.written(.string(refused)) == nil)
    #expect(throws: URLBuildError.self) { try router.urlString(for: "t", ["x": .string(refused)]) }
  }

  @Test func eachSampleTakesTheNarrowestTypeThatAcceptsIt() throws {
    let router = try Router(
      RouteTable(
        schemes: ["app"],
        routes: ParameterType.allCases.map { RouteDefinition("\($0)", "/t/\(Self.segment($0))") }))
    for type in ParameterType.allCases {
      let text = type.sampleValue.description
      let expected = try #require(ParameterType.bySpecificity.first { $0.accepts(text) })
      // A value whose text holds a `/` (a URL) stands in one segment percent-encoded.
      let segment = text.replacingOccurrences(of: "/", with: "%2F")
      let match = try #require(try router.match("app:///t/\(segment)"))
      #expect(match.route == "\(expected)", "\(text)")
      // Each kind is a child of its own in the trie.
      #expect(
        router.parameterChild(of: try #require(router.literalChild(of: 0, key: "t")), type: type) != nil)
    }
  }

  @Test(arguments: ParameterType.allCases)
  func theNginxRegexAcceptsTheSampleAndRefusesWhatTheTypeRefuses(_ type: ParameterType) throws {
    let regex = try NSRegularExpression(pattern: "^(?:\(type.segmentRegex))$")
    func fullMatch(_ text: String) -> Bool {
      regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    #expect(fullMatch(type.sampleValue.description))
    if let refused = type.aasaWidening?.example { #expect(!fullMatch(refused)) }
    #expect(!fullMatch("a/b"))
  }

  @Test(arguments: ParameterType.allCases)
  func aDestinationSampleFitsItsType(_ type: ParameterType) {
    #expect(type.accepts(type.sampleValue.description))
    #expect(type.written(type.sampleValue) == type.sampleValue)
  }
}
