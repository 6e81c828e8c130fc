import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// The reader scans runs of plain bytes with one bounds check a run, decodes plain query text without
/// a copy when it holds no escape and no `+`, reads a UUID in one pass and writes plain JSON text whole.
/// These cases pin the edges of those runs (an escape first, last, alone, next to a separator), so the
/// short paths give exactly the answers of the rules.
@Suite("Reading runs")
struct ReadingRunTests {
  static let table = RouteTable(
    schemes: ["myapp"], hosts: ["example.com"],
    routes: [
      RouteDefinition("item", "/i/{name}"),
      RouteDefinition("token", "/t/{token:uuid}"),
      RouteDefinition("search", "/s?q={query}"),
    ])

  static func router() throws -> Router { try Router(table) }

  static func build(_ pattern: String) throws -> Router {
    try Router(RouteTable(schemes: ["myapp"], routes: [RouteDefinition("a", pattern)]))
  }

  /// Every printable byte, raw and escaped, in one segment: a run broken by escapes at every place.
  @Test func everyPrintableByteReadsBackInOneSegment() throws {
    var link = "myapp://i/"
    var expected = ""
    for value in 0x21...0x7E {
      let character = Character(Unicode.Scalar(UInt8(value)))
      expected.append(character)
      if "%/?#".contains(character) || value % 3 == 0 {
        link += String(format: "%%%02X", value)
      } else {
        link.append(character)
      }
    }
    let match = try #require(try Self.router().match(link))
    #expect(match.parameters.string("name") == expected)
  }

  @Test(arguments: [
    ("myapp://i/abc", "abc"),
    ("myapp://i/%41bc", "Abc"),
    ("myapp://i/ab%43", "abC"),
    ("myapp://i/%41", "A"),
    ("myapp://i/a%20b%2Fc", "a b/c"),
    ("https://example.com/i/x%25y?z=1", "x%y"),
    ("https://example.com/i/a+b#f", "a+b"),
  ])
  func segmentsAreDecodedAcrossRuns(url: String, value: String) throws {
    let match = try #require(try Self.router().match(url))
    #expect(match.route == "item")
    #expect(match.parameters.string("name") == value)
  }

  @Test func badEscapesAtEveryPlaceOfARunAreErrors() {
    let urls = [
      "myapp://i/%4", "myapp://i/a%", "myapp://i/%zz", "myapp://i/a%0Ab", "myapp://i/a?x=%",
      "myapp://i/a#%G1",
    ]
    for url in urls {
      #expect(throws: LinkError.self, "\(url)") { try Self.router().match(url) }
    }
  }

  @Test(arguments: [
    ("myapp://s?q=plain", "plain", [QueryItem]()),
    ("myapp://s?q=a+b", "a b", []),
    ("myapp://s?q=a%2Bb", "a+b", []),
    ("myapp://s?q=%41&x+y=1%20", "A", [QueryItem(name: "x y", value: "1 ")]),
    ("myapp://s?q=v&flag&e=", "v", [QueryItem(name: "flag", value: nil), QueryItem(name: "e", value: "")]),
  ])
  func queryTextIsDecodedWithAndWithoutEscapes(url: String, query: String, rest: [QueryItem]) throws {
    let match = try #require(try Self.router().match(url))
    #expect(match.route == "search")
    #expect(match.parameters.string("query") == query)
    #expect(match.query == rest)
  }

  @Test func aUUIDIsReadInOnePassInAnyCase() throws {
    let text = "0123abcd-EF45-6789-aBcD-0123456789ef"
    let match = try #require(try Self.router().match("myapp://t/\(text)"))
    #expect(match.parameters.uuid("token") == UUID(uuidString: text))
    #expect(ParameterType.uuid.value(from: text) == .uuid(UUID(uuidString: text)!))
  }

  @Test func aUUIDBrokenAnywhereIsNotAUUID() throws {
    let text = Array("0123abcd-ef45-6789-abcd-0123456789ef")
    for position in text.indices {
      var broken = text
      broken[position] = text[position] == "-" ? "0" : "g"
      let candidate = String(broken)
      #expect(!ParameterType.uuid.accepts(candidate), "\(candidate)")
      #expect(try Self.router().match("myapp://t/\(candidate)") == nil, "\(candidate)")
    }
    #expect(!ParameterType.uuid.accepts(String(text.dropLast())))
    #expect(!ParameterType.uuid.accepts(String(text) + "0"))
  }

  @Test func plainJSONTextIsWrittenWholeAndTheRestEscaped() {
    #expect(JSONString.quoted("plain text ~ 123") == #""plain text ~ 123""#)
    #expect(JSONString.quoted("a\"b") == #""a\"b""#)
    #expect(JSONString.quoted("a\\b") == #""a\\b""#)
    #expect(JSONString.quoted("a\u{7F}") == #""a\u007F""#)
    #expect(JSONString.quoted("a\u{1F}") == #""a\u001F""#)
    #expect(JSONString.quoted("<a>", alsoEscaping: ["<"]) == #""\u003Ca>""#)
  }

  @Test func patternBodiesAreCheckedByTheirBytes() {
    for pattern in ["/{a{b}", "/{a:b+}", "/{a:number}", "/x?k={v}{w}", "/x?k={v}}"] {
      #expect(throws: RouteTableError.self, "\(pattern)") { try Self.build(pattern) }
    }
    let router = try? Self.build("/{a:int}/{b}")
    #expect(
      router?.patterns.first?.segments == [
        .parameter(name: "a", type: .int), .parameter(name: "b", type: .string),
      ])
  }
}
