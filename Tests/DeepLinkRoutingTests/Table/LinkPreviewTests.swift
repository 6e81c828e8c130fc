import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// Link previews as a route file states them: read with the route, written back, and refused with the
/// field, the line and the column when a template does not parse, an image is not https, or a name is
/// not a path parameter a web server can fill in.
@Suite("Link previews in the route table")
struct LinkPreviewTests {
  static let file = """
    {"schemes": ["myapp"], "hosts": ["example.com"],
     "routes": [
      {"name": "clip", "pattern": "/channel/video/{clipId}",
       "preview": {"title": "Clip {clipId}", "description": "Watch {{live}} in the app",
                   "image": "https://cdn.example.com/clips/{clipId}.jpg"}},
      {"name": "search", "pattern": "/channel/search/{query}"}]}
    """

  @Test func aRouteFileReadsAndWritesBackAPreview() throws {
    let table = try RouteTable(json: Data(Self.file.utf8))
    #expect(
      table.routes[0].preview
        == LinkPreview(
          title: "Clip {clipId}", description: "Watch {{live}} in the app",
          image: "https://cdn.example.com/clips/{clipId}.jpg"))
    #expect(table.routes[1].preview == nil)
    #expect(try RouteTable(json: table.jsonData()) == table)
    _ = try Router(table)
  }

  @Test func templatesSplitIntoTextAndParameters() throws {
    #expect(
      try LinkPreview.pieces(of: "Clip {clipId} of {{all}} }}")
        == [.text("Clip "), .parameter("clipId"), .text(" of {all} }")])
    #expect(try LinkPreview.pieces(of: "{a}{b}") == [.parameter("a"), .parameter("b")])
    #expect(try LinkPreview.pieces(of: "") == [])
    for bad in ["Clip {clipId", "Clip }", "{}", "{a b}", "{a-b}", "{{a}"] {
      #expect(throws: LinkPreviewProblem.self, "\(bad)") { try LinkPreview.pieces(of: bad) }
    }
  }

  @Test(arguments: [
    (#"{"title": "Clip {clipId"}"#, "title", 5, "is not closed"),
    (#"{"title": "x", "image": "http://cdn.example.com/{clipId}.jpg"}"#, "image", 5, "https URL"),
    (#"{"title": "x", "image": "https://{clipId}.example.com/a.jpg"}"#, "image", 5, "https URL"),
    // A value next to the host would write into it (`/channel/video/@evil.example%3F`).
    (#"{"title": "x", "image": "https://cdn.example.com{clipId}.jpg"}"#, "image", 5, "ends at a '/'"),
    (#"{"title": "x", "image": "https://c{clipId}"}"#, "image", 5, "ends at a '/'"),
    (#"{"title": "x", "image": "https://cdn.example.com:{clipId}/a.jpg"}"#, "image", 5, "ends at a '/'"),
    (#"{"title": "x", "image": "https://user@cdn.example.com/{clipId}.jpg"}"#, "image", 5, "ends at a '/'"),
    (#"{"title": "x", "image": "https://cdn.example.com?{clipId}"}"#, "image", 5, "ends at a '/'"),
    (#"{"title": "x", "image": "https://*.example.com/{clipId}.jpg"}"#, "image", 5, "ends at a '/'"),
    (#"{"title": "x", "image": "https:///{clipId}.jpg"}"#, "image", 5, "ends at a '/'"),
    (#"{"title": ""}"#, "title", 5, "needs a title"),
    (#"{"title": "x", "description": "a } b"}"#, "description", 5, "closes no"),
  ])
  func aTemplateThatCannotBeWrittenIsRefusedWhereTheFileSaysIt(
    _ preview: String, _ field: String, _ line: Int, _ words: String
  ) throws {
    let json = """
      {"hosts": ["example.com"],
       "routes": [
        {"name": "a", "pattern": "/a"},
        {"name": "clip", "pattern": "/channel/video/{clipId}",
         "preview": \(preview)}]}
      """
    let error = #expect(throws: RouteTableError.self) { try RouteTable(json: Data(json.utf8)) }
    #expect(error?.code == .invalidPreview)
    #expect(error?.key == field)
    #expect(error?.route == "clip")
    #expect(error?.location == "routes[1].preview.\(field)")
    #expect(error?.line == line)
    #expect(error?.column != nil)
    #expect(error?.detail?.contains(words) == true, "\(String(describing: error))")
  }

  @Test func aPreviewObjectIsCheckedLikeEveryObjectOfTheFile() throws {
    let misspelt =
      #"{"hosts": ["example.com"], "routes": [{"name": "a", "pattern": "/a", "preview": {"title": "A", "imgae": "https://x.example/a.png"}}]}"#
    let unknown = #expect(throws: RouteTableError.self) { try RouteTable(json: Data(misspelt.utf8)) }
    #expect(unknown?.code == .unknownKey)
    #expect(unknown?.suggestion == "image")
    let untitled =
      #"{"hosts": ["example.com"], "routes": [{"name": "a", "pattern": "/a", "preview": {"description": "A"}}]}"#
    let missing = #expect(throws: RouteTableError.self) { try RouteTable(json: Data(untitled.utf8)) }
    #expect(missing?.code == .missingKey)
    #expect(missing?.key == "title")
    let number =
      #"{"hosts": ["example.com"], "routes": [{"name": "a", "pattern": "/a", "preview": {"title": 1}}]}"#
    #expect(throws: RouteTableError.self) { try RouteTable(json: Data(number.utf8)) }
  }

  /// A web server fills in only what it reads from the path, one segment per value: a catch-all, a
  /// value inside a segment template, a query item and the fragment are refused, each naming the
  /// parameters it could use.
  @Test(arguments: [
    ("/channel/video/{clipId}", "Clip {clip}", "{clipId}"),
    ("/files/{path+}", "File {path}", "the route's path has none"),
    ("/orders/{id:int}.json", "Order {id}", "the route's path has none"),
    ("/search?q={query}", "Search {query}", "the route's path has none"),
    ("/#/room/{room}", "Room {room}", "the route's path has none"),
    ("/shop/{section}#/item/{item}", "{item}", "{section}"),
  ])
  func aNameTheServerCannotFillInIsRefused(_ pattern: String, _ title: String, _ listed: String) throws {
    let table = RouteTable(
      hosts: ["example.com"], routes: [RouteDefinition("page", pattern, preview: LinkPreview(title: title))])
    let error = #expect(throws: RouteTableError.self) { try Router(table) }
    #expect(error?.code == .invalidPreview)
    #expect(error?.key == "title")
    #expect(error?.route == "page")
    #expect(error?.description.contains(listed) == true, "\(String(describing: error))")
  }

  @Test(arguments: [
    "https://cdn.example.com/clips/{clipId}.jpg", "HTTPS://CDN.example.com:8443/{clipId}",
    "https://[2001:db8::1]/c/{clipId}.png", "https://cdn.example.com/",
    "https://cdn.example.com/a?v={clipId}",
  ])
  func anImageWhoseHostIsWrittenOutIsAccepted(_ image: String) throws {
    let table = RouteTable(
      hosts: ["example.com"],
      routes: [RouteDefinition("clip", "/c/{clipId}", preview: LinkPreview(title: "x", image: image))])
    _ = try Router(table)
  }

  @Test func everyOneSegmentPathValueMayBeNamed() throws {
    let table = RouteTable(
      hosts: ["example.com"], kinds: ["sku": ValueKind(characters: "A-Z0-9-")],
      routes: [
        RouteDefinition(
          "product", "/shop/{section:(men|women)}/{code:sku}/{id:int}/{slug?}",
          preview: LinkPreview(
            title: "{code} in {section}", description: "Item {id}: {slug}",
            image: "https://cdn.example.com/{code}/{id}.png"))
      ])
    _ = try Router(table)
  }
}
