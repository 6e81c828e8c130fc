import DeepLinkingTestSupport
import Testing

@testable import DeepLinkRouting

/// Finding the separators of segment templates: linear in the segment whatever the separators (long,
/// overlapping the segment's own text, overlapping each other), counted in steps and never timed, and
/// the same split as the grammar page's rule (leftmost, after a non-empty value) states.
@Suite("Segment templates: searching for separators")
struct SegmentTemplateSearchTests {
  /// Limits that let a link hold one segment of several kilobytes.
  static let longLinks = RouteTable.Options(maxURLLength: 65_536, maxSegments: 64, maxQueryItems: 128)

  /// 64 routes `/p/{x}` + 1,000 `a` + `b<i>{y}`, each with its own separator, and a plain route at the
  /// same place that takes what no template does.
  static func longSeparatorTable() -> RouteTable {
    let run = String(repeating: "a", count: 1_000)
    return RouteTable(
      hosts: ["example.com"], options: longLinks,
      routes: (0..<64).map { RouteDefinition("t\($0)", "/p/{x}\(run)b\($0){y}") } + [
        RouteDefinition("whole", "/p/{whole}")
      ])
  }

  @Test func aLongSegmentAgainstLongSeparatorsThatItAlmostHoldsCostsLinearWork() throws {
    let router = try Router(Self.longSeparatorTable())
    let length = 8_192
    // Every separator's 1,000 `a` match at every place of the segment, and none of them ends there.
    let work = try router.searchWork("https://example.com/p/" + String(repeating: "a", count: length))
    #expect(work.route.map { router.table.routes[$0].name } == "whole")
    // Each of the 64 templates takes at most three steps per byte of the segment; comparing the
    // separator at every place, as a naive search does, takes about 64 × 7,200 × 1,000.
    #expect(work.templateSteps <= 64 * 3 * length, "\(work.templateSteps) steps")
    #expect(work.templateSteps >= 64 * length, "\(work.templateSteps) steps: the templates were not tried")
  }

  @Test func aLongSegmentThatHoldsALongSeparatorIsSplitAtItsFirstOccurrence() throws {
    let router = try Router(Self.longSeparatorTable())
    let run = String(repeating: "a", count: 1_000)
    // `x` is the text before the first occurrence of `a…ab17`, which starts 3,000 bytes in.
    let segment = String(repeating: "a", count: 4_000) + "b17" + run + "b17z"
    let match = try #require(try router.match("https://example.com/p/" + segment))
    #expect(match.route == "t17")
    #expect(match.parameters.string("x") == String(repeating: "a", count: 3_000))
    #expect(match.parameters.string("y") == run + "b17z")
    let work = try router.searchWork("https://example.com/p/" + segment)
    #expect(work.templateSteps <= 64 * 3 * segment.utf8.count, "\(work.templateSteps) steps")
  }

  /// The rule as the grammar page states it, written naively: the leading literal is the segment's
  /// start, the trailing literal its end, not overlapping; each separator is found leftmost from the
  /// second byte of its value, leaving a non-empty value after it. The values' byte ranges, or `nil`.
  static func referenceSplit(_ segment: [UInt8], _ parts: [SegmentTemplate.Part], folds: Bool) -> [[UInt8]]? {
    func same(_ left: UInt8, _ right: UInt8) -> Bool {
      left == right || (folds && ReadingRules.lowercased(left) == ReadingRules.lowercased(right))
    }
    func literal(_ part: SegmentTemplate.Part) -> [UInt8]? {
      if case .literal(let text) = part { return Array(text.utf8) }
      return nil
    }
    func occurs(_ wanted: [UInt8], at start: Int) -> Bool {
      start >= 0 && start + wanted.count <= segment.count
        && wanted.indices.allSatisfy { same(segment[start + $0], wanted[$0]) }
    }
    var low = 0
    var high = segment.count
    var pieces = parts[...]
    if let leading = pieces.first.flatMap(literal) {
      guard occurs(leading, at: 0) else { return nil }
      low = leading.count
      pieces = pieces.dropFirst()
    }
    if pieces.count > 1, let trailing = pieces.last.flatMap(literal) {
      guard low + trailing.count <= high, occurs(trailing, at: high - trailing.count) else { return nil }
      high -= trailing.count
      pieces = pieces.dropLast()
    }
    var values: [[UInt8]] = []
    var position = low
    var rest = Array(pieces)
    while !rest.isEmpty {
      if rest.count == 1 {
        values.append(Array(segment[position..<max(position, high)]))
        break
      }
      guard let separator = literal(rest[1]) else { return nil }
      guard
        let found = (position + 1..<max(position + 1, high)).first(where: { start in
          start + separator.count < high && occurs(separator, at: start)
        })
      else { return nil }
      values.append(Array(segment[position..<found]))
      position = found + separator.count
      rest.removeFirst(2)
    }
    return values
  }

  @Test func theSplitIsTheReferenceRuleOnSeparatorsThatOverlap() throws {
    var random = SeededGenerator(seed: 0x5E9A_2A70)
    let separators = ["aa", "aab", "aba", "abab", "ba", "aaab", "bAa", "abaab"]
    var fitted = 0
    for round in 0..<20_000 {
      // Two or three plain parameters, with literals around and between them.
      var parts: [SegmentTemplate.Part] = []
      if random.chance(0.3) { parts.append(.literal(random.pick(separators))) }
      let count = random.chance(0.5) ? 2 : 3
      for index in 0..<count {
        if index > 0 { parts.append(.literal(random.pick(separators))) }
        parts.append(.parameter(name: "v\(index)", type: .string))
      }
      if random.chance(0.3) { parts.append(.literal(random.pick(separators))) }
      let template = SegmentTemplate(parts: parts)
      let length = Int.random(in: 0...24, using: &random)
      let segment = (0..<length).map { _ in random.pick(Array("aabAB".utf8)) }
      for folds in [false, true] {
        var found: [[UInt8]] = []
        let fits = Bytes.with(segment) { bytes in
          template.split(bytes, folds: folds) { start, end, _ in
            found.append(Array(segment[start..<end]))
            return true
          }
        }
        let expected = Self.referenceSplit(segment, parts, folds: folds)
        #expect(
          (fits ? found : nil) == expected,
          "round \(round): \(template) on \(String(decoding: segment, as: UTF8.self)), folds \(folds)")
        if fits { fitted += 1 }
      }
    }
    // Enough of the cases fit for the values to be compared, not only the refusals.
    #expect(fitted > 2_000, "only \(fitted) segments fit")
  }

  @Test func aValueBuildsBackExactlyWhenTheSearchFindsItsSeparatorRightAfterIt() {
    var random = SeededGenerator(seed: 0xB17D_BAC4)
    for _ in 0..<5_000 {
      let separator = random.pick(["aa", "aab", "aba", "abab", "ba", "Ab"])
      let value = String(
        decoding: (0..<Int.random(in: 1...10, using: &random)).map { _ in
          random.pick(Array("abAB".utf8))
        }, as: UTF8.self)
      let whole = Array((value + separator).utf8)
      let expected = [false, true].allSatisfy { folds in
        Self.referenceSplit(
          whole + Array("z".utf8),
          [.parameter(name: "x", type: .string), .literal(separator), .parameter(name: "y", type: .string)],
          folds: folds)?.first == Array(value.utf8)
      }
      #expect(SegmentTemplate.readsBack(value, before: separator) == expected, "\(value) before \(separator)")
    }
  }
}
