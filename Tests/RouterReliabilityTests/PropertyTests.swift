import DeepLinkRouting
import DeepLinkingTestSupport
import Foundation
import Testing

/// Properties of the router over generated values: build then match is the identity (or a typed
/// build error), decoding happens exactly once, and the order of a table never changes an answer.
@Suite("Reliability: properties")
struct ReliabilityPropertyTests {
  static let table = RouteTable(
    schemes: ["app"],
    hosts: ["example.com"],
    routes: [
      RouteDefinition("new", "/items/new"),
      RouteDefinition("byNumber", "/items/{id:int}"),
      RouteDefinition("byToken", "/items/{token:uuid}"),
      RouteDefinition("bySlug", "/items/{slug}"),
      RouteDefinition("files", "/items/{slug}/files/{path+}"),
      RouteDefinition("docs", "/docs/{path*}"),
      RouteDefinition("find", "/find?q={query}&page={page:int?}"),
      RouteDefinition("pair", "/pair/{left}/{right}"),
    ]
  )

  /// Either a typed build error that says why (shadowed, not round-trippable, a dot segment), or an
  /// exact round trip.
  static func checkRoundTrip(
    _ router: Router, _ route: String, _ values: RouteParameters, form: LinkForm,
    shadowed: inout Int, refused: inout Int, dotted: inout Int
  ) {
    let link: String
    do {
      link = try router.urlString(for: route, values, form: form)
    } catch {
      switch error.code {
      case .shadowed: shadowed += 1
      case .notRoundTrippable: refused += 1
      // A path value that is a dot segment, which browsers remove: refused, and only that.
      case .dotSegment where error.value == "." || error.value == "..": dotted += 1
      default: Issue.record("\(route) \(values): unexpected build error \(error)")
      }
      return
    }
    do {
      let match = try router.match(link)
      #expect(match?.route == route, "\(link)")
      var expected = values.dictionary
      for (name, value) in expected {
        if case .string(let text) = value,
          router.pattern(named: route)?.segments.contains(.oneOrMore(name: name)) == true
            || router.pattern(named: route)?.segments.contains(.zeroOrMore(name: name)) == true
        {
          expected[name] = .segments(
            text.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
        }
      }
      #expect(match?.parameters.dictionary == expected, "\(link)")
    } catch {
      Issue.record("\(link), built by the router, does not read: \(error)")
    }
  }

  @Test(arguments: [LinkForm.universalLink, LinkForm.customScheme])
  func everyParameterKindRoundTrips(form: LinkForm) throws {
    let router = try Router(Self.table)
    var random = SeededGenerator(seed: ReliabilitySettings.seed &+ 1)
    var shadowed = 0
    var refused = 0
    var dotted = 0
    var exact = 0
    for _ in 0..<2_000 {
      let text =
        random.chance(0.3) ? random.pick(AwkwardValues.strings) : AwkwardValues.unicodeString(using: &random)
      let other = AwkwardValues.unicodeString(using: &random)
      let (_, uuid) = AwkwardValues.mixedCaseUUID(using: &random)
      let number =
        random.chance(0.2)
        ? random.pick([Int.min, Int.max, 0, -1]) : Int.random(in: Int.min...Int.max, using: &random)
      var parts: [String] = []
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        parts.append(AwkwardValues.unicodeString(using: &random))
      }
      let cases: [(String, RouteParameters)] = [
        ("bySlug", ["slug": .string(text)]),
        ("byNumber", ["id": .int(number)]),
        ("byToken", ["token": .uuid(uuid)]),
        ("files", ["slug": .string(other), "path": .segments(parts)]),
        ("docs", ["path": .segments(random.chance(0.2) ? [] : parts)]),
        ("find", ["query": .string(text), "page": .int(number)]),
        ("find", ["query": .string(other)]),
        ("pair", ["left": .string(text), "right": .string(other)]),
      ]
      for (route, values) in cases {
        let before = shadowed + refused + dotted
        Self.checkRoundTrip(
          router, route, values, form: form, shadowed: &shadowed, refused: &refused, dotted: &dotted)
        if shadowed + refused + dotted == before { exact += 1 }
      }
    }
    // "new" shadows the slug "new" only, and the path refuses "." and ".." only; everything else must
    // round-trip exactly.
    #expect(dotted > 0, "the awkward values hold dot segments")
    #expect(
      exact + dotted > 15_900,
      "exact \(exact), shadowed \(shadowed), refused \(refused), dot segments \(dotted)")
  }

  @Test func controlAndBidiCharactersAreATypedBuildError() throws {
    let router = try Router(Self.table)
    for scalar: UInt32 in [0x00, 0x09, 0x0A, 0x1B, 0x7F, 0x85, 0x061C, 0x200E, 0x202E, 0x2066, 0x2069] {
      let text = "a" + String(Character(Unicode.Scalar(scalar) ?? "x")) + "b"
      #expect {
        try router.urlString(for: "bySlug", ["slug": .string(text)])
      } throws: { error in
        guard let error = error as? URLBuildError, error.code == .notRoundTrippable else {
          return false
        }
        return true
      }
    }
    #expect(throws: URLBuildError(route: "bySlug", reason: .shadowed(by: "new"))) {
      try router.urlString(for: "bySlug", ["slug": .string("new")])
    }
  }

  @Test func percentDecodingHappensExactlyOnce() throws {
    let router = try Router(Self.table)
    var random = SeededGenerator(seed: ReliabilitySettings.seed &+ 2)
    let fixed = ["%41", "%2541", "%252F", "a%2Fb", "%", "%%", "100%", "%E2%9C%93"]
    for index in 0..<1_000 {
      let value = index < fixed.count ? fixed[index] : AwkwardValues.unicodeString(using: &random)
      // Encoding the value once more must give back the value itself, never its decoded form.
      let once = ReferenceCoding.encodeAll(value)
      let pathMatch = try router.match("https://example.com/items/\(once)/files/\(once)")
      #expect(pathMatch?.parameters.string("slug") == value, "\(once)")
      #expect(pathMatch?.parameters.segments("path") == [value], "\(once)")
      let queryMatch = try router.match("app://find?q=\(once)")
      #expect(queryMatch?.parameters.string("query") == value, "\(once)")
    }
    let match = try router.match("https://example.com/items/%2541")
    #expect(match?.parameters.string("slug") == "%41")
  }

  @Test func specificityDoesNotDependOnRegistrationOrder() throws {
    var random = SeededGenerator(seed: ReliabilitySettings.seed &+ 3)
    for _ in 0..<60 {
      let reference = ReliabilityDifferentialTests.table(using: &random)
      let links = (0..<100).map { _ in ReliabilityDifferentialTests.link(for: reference, using: &random) }
      let router = try Router(reference.table)
      let answers = links.map { ReliabilityDifferentialTests.outcome(of: router, $0) }
      for _ in 0..<3 {
        var shuffled = reference.table
        shuffled.routes.shuffle(using: &random)
        let other = try Router(shuffled)
        for (link, answer) in zip(links, answers) {
          #expect(
            ReliabilityDifferentialTests.outcome(of: other, link) == answer, "\(link) in \(shuffled.routes)")
        }
      }
    }
  }
}
