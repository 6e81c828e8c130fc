import Foundation
import Testing

@testable import DeepLinkRouting

/// `{name:rest}` as a browser's forwarding routes use it: an app that opens another link hands on the
/// whole of it, its query and fragment too, as one text the link writes (Firefox's `open-url` route
/// takes the link in a query item; an `open/` route takes it after the path instead).
@Suite("The rest of a link")
struct RestOfLinkTests {
  static let table = RouteTable(
    schemes: ["myapp", "https"], hosts: ["shop.example"],
    routes: [
      RouteDefinition("open", "/open/{target:rest}"),
      RouteDefinition("openFile", "/open/file/{path*}"),
      RouteDefinition("video", "/open/video/{id:int}"),
      RouteDefinition("forward", "/{link:rest}", hosts: ["*"], schemes: ["https"]),
    ])

  static func match(_ link: String) throws -> RouteMatch? {
    try Router(table).match(link)
  }

  @Test func theRestIsTheLinkAsWrittenQueryAndFragmentIncluded() throws {
    let match = try #require(try Self.match("myapp://open/https://x.example/a?b=1#c"))
    #expect(match.route == "open")
    #expect(match.parameters["target"] == .string("https://x.example/a?b=1#c"))
    // Escapes stay escaped, and empty segments stay: the text is not decoded or tidied.
    let escaped = try #require(try Self.match("myapp://open/a%2Fb//c%20d/?q=%26#top"))
    #expect(escaped.parameters["target"] == .string("a%2Fb//c%20d/?q=%26#top"))
    let unicode = try #require(try Self.match("myapp://open/caf%C3%A9/é?x=ü"))
    #expect(unicode.parameters["target"] == .string("caf%C3%A9/é?x=ü"))
  }

  @Test func aLinkEndingAtTheRestGivesItsQueryAndFragmentOrNothing() throws {
    #expect(try Self.match("myapp://open")?.parameters["target"] == .string(""))
    #expect(try Self.match("myapp://open/")?.parameters["target"] == .string(""))
    #expect(try Self.match("myapp://open?x=1#y")?.parameters["target"] == .string("?x=1#y"))
    // A custom-scheme link written without `//` starts its first segment right after the scheme.
    let table = RouteTable(schemes: ["myapp"], routes: [RouteDefinition("all", "/{link:rest}")])
    #expect(try Router(table).match("myapp:a/b?c")?.parameters["link"] == .string("a/b?c"))
  }

  @Test func anyHostRouteForwardsTheWholePath() throws {
    let match = try #require(try Self.match("https://elsewhere.example/a/b?utm=1#frag"))
    #expect(match.route == "forward")
    #expect(match.parameters["link"] == .string("a/b?utm=1#frag"))
  }

  @Test func itRanksAfterEveryOtherPieceAtItsPlace() throws {
    #expect(try Self.match("myapp://open/video/7")?.route == "video")
    #expect(try Self.match("myapp://open/file/a/b")?.route == "openFile")
    // A query or fragment does not take a link from a catch-all: the catch-all ignores them.
    #expect(try Self.match("myapp://open/file/a?x=1")?.route == "openFile")
    #expect(try Self.match("myapp://open/video/x")?.route == "open")
    // Beside a `{name*}` at the same place, the catch-all wins every link.
    let table = RouteTable(
      schemes: ["myapp"],
      routes: [RouteDefinition("rest", "/a/{r:rest}"), RouteDefinition("star", "/a/{s*}")])
    #expect(try Router(table).match("myapp://a/x/y?z=1")?.route == "star")
  }

  @Test(arguments: [
    ("/a/{p:rest}", "/a/{q:rest}", true),
    ("/a/{p:rest}", "/a/{q*}", false),
    ("/a/{p:rest}", "/a/{q+}", false),
    ("/a/{p:rest}", "/a/{q:pairs*}", false),
    ("/a/{p:rest}", "/b/{q:rest}", false),
  ])
  func duplicates(_ first: String, _ second: String, _ duplicate: Bool) {
    Fixtures.expectDuplicates(first, second, duplicate, schemes: ["myapp"])
  }

  @Test(arguments: [
    ("/a/{p:rest}/b", ErrorCode<RoutePatternError>.restNotLast),
    ("/a/{p:rest}/", .restNotLast),
    ("/a/{p:rest}?q={q}", .restNotLast),
    ("/a/{p:rest}?{more*}", .restNotLast),
    ("/a/{p:rest}#/x", .restNotLast),
    ("/{a*}/x/{p:rest}", .secondCatchAll),
    ("/a/{p:rest}/{q:rest}", .restNotLast),
    ("/a/{1p:rest}", .invalidParameterName),
    ("/a/x-{p:rest}", .unknownType),
  ])
  func badPatternsAreRefused(_ pattern: String, _ code: ErrorCode<RoutePatternError>) {
    Fixtures.expectRefused(pattern, code: code)
  }

  @Test func aRouteFileWithARestBeforeAQueryNamesTheLineAndColumn() throws {
    let json = """
      {"schemes": ["myapp"],
       "routes": [
         {"name": "open",
          "pattern": "/open/{target:rest}?from={from}"}]}
      """
    try Fixtures.expectRouteFileError(json, route: "open", saying: "must end the pattern", line: 4)
  }

  @Test func aBuiltLinkWritesTheTextAsGivenAndReadsBack() throws {
    let router = try Router(Self.table)
    let target = "https://x.example/a?b=1#c"
    let link = try router.urlString(for: "open", ["target": .string(target)], form: .customScheme)
    #expect(link == "myapp://open/https://x.example/a?b=1#c")
    #expect(try router.match(link)?.parameters["target"] == .string(target))
    #expect(
      try router.urlString(for: "open", ["target": .string("")], form: .customScheme) == "myapp://open/")
  }

  @Test(arguments: ["a b", "a\u{7}b", "100%", "%zz", "a\u{202E}b"])
  func aTextALinkCannotCarryRawIsRefused(_ text: String) throws {
    let router = try Router(Self.table)
    do {
      _ = try router.urlString(for: "open", ["target": .string(text)], form: .customScheme)
      Issue.record("\(text) was written")
    } catch {
      #expect(error.code == .unwritableValue, "\(error)")
    }
  }

  @Test func aTextThatReadsBackOtherwiseIsRefused() throws {
    let router = try Router(Self.table)
    // `video/7` reads as the video route, `/x` loses its empty segment.
    for text in ["video/7", "/x"] {
      #expect(throws: URLBuildError.self) {
        try router.urlString(for: "open", ["target": .string(text)], form: .customScheme)
      }
    }
    #expect(throws: URLBuildError.self) {
      try router.urlString(for: "open", ["target": .segments(["a", "b"])], form: .customScheme)
    }
    #expect(throws: URLBuildError.self) {
      try router.urlString(for: "open", ["target": .string("a")], fragment: "x", form: .customScheme)
    }
  }

  enum Screen: Codable, Hashable, Sendable {
    case open(target: String)
    case openFile(path: [String])
    case video(id: Int)
    case forward(link: String)
  }

  @Test func aCodableDestinationReadsTheRestAsAString() throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    #expect(
      try screens.destination(for: "myapp://open/https://x.example/a?b=1#c")
        == .open(target: "https://x.example/a?b=1#c"))
    #expect(
      try screens.url(for: .open(target: "a/b?c=d")).absoluteString == "https://shop.example/open/a/b?c=d")
  }
}
