import Foundation
import Testing

@testable import ChannelNavigation

@Suite("ChannelCatalog")
struct ChannelCatalogTests {
  func catalog(_ json: String) throws(ChannelError) -> ChannelCatalog {
    try ChannelCatalog(data: Data(json.utf8))
  }

  func error(_ json: String) -> ChannelError? {
    #expect(throws: ChannelError.self) { try catalog(json) }
  }

  // MARK: Demo

  @Test("the demo catalog loads from the bundle with the entities the samples use")
  func demo() throws {
    let demo = try ChannelCatalog.demo
    #expect(demo.id == "demo")
    #expect(demo.clip(id: "12345") != nil)
    #expect(try #require(demo.clipList(id: "678")).clipIds.contains("12345"))
    #expect(demo.subChannel(id: "sports") != nil)
    #expect(demo.allClips.count >= 12)
    #expect(demo.search("highlights").count >= 4)
  }

  @Test("lookups find entities in sub-channels and say where they are defined")
  func lookups() throws {
    let demo = try ChannelCatalog.demo
    #expect(demo.clip(id: "20001")?.title == "Cup Final Highlights")
    #expect(demo.subChannelId(ofClip: "20001") == "sports")
    #expect(demo.subChannelId(ofClip: "12345") == nil)
    #expect(demo.subChannelId(ofClipList: "780") == "sports")
    #expect(demo.clip(id: "999") == nil)
    #expect(demo.clipList(id: "999") == nil)
    #expect(demo.subChannel(id: "music") == nil)
    #expect(demo.clips(inList: "678").map(\.id) == ["12345", "12346", "12349", "20001"])
    #expect(demo.clips(inList: "999").isEmpty)
  }

  @Test("a catalog survives an encode/decode round trip")
  func roundTrip() throws {
    let demo = try ChannelCatalog.demo
    let data = try JSONEncoder().encode(demo)
    #expect(try ChannelCatalog(data: data) == demo)
  }

  @Test("optional fields and sections may be left out")
  func minimal() throws {
    let minimal = try catalog(#"{"id": "c", "title": "C", "subChannels": [{"id": "s", "title": "S"}]}"#)
    #expect(minimal.clips.isEmpty)
    #expect(minimal.subChannel(id: "s")?.clips == [])
  }

  // MARK: Bad input

  @Test(
    "data that is not JSON says so, and where",
    arguments: [
      (
        "{\"id\": \"c\",\n  \"title\": }",
        "invalid JSON: unexpected character '}', expected a value at line 2, column 12"
      ),
      (
        "{\"id\": \"c\", \"title\": ",
        "invalid JSON: unexpected end of input, expected a value at line 1, column 22"
      ),
      ("", "invalid JSON: unexpected end of input, expected a value at line 1, column 1"),
    ]
  )
  func invalidJSON(json: String, message: String) throws {
    let problem = try #require(error(json))
    guard problem.code == .invalidJSON else {
      Issue.record("expected invalidJSON, got \(problem)")
      return
    }
    #expect(problem.description.hasPrefix("invalid JSON: "))
    #expect(problem.description == message)
  }

  @Test("a document that is not an object says what was expected")
  func notAnObject() {
    let problem = error("[1, 2]")
    guard problem?.code == .wrongType else {
      Issue.record("expected wrongType")
      return
    }
    #expect(problem?.path == "(root)")
  }

  @Test(
    "shape errors name the path",
    arguments: [
      (#"{"title": "C"}"#, ChannelError.missingField(path: "id")),
      (#"{"id": "c", "title": "C", "clips": [{"id": "1"}]}"#, .missingField(path: "clips[0].title")),
      (
        #"{"id": "c", "title": "C", "clips": [{"id": 1, "title": "T"}]}"#,
        .wrongType(path: "clips[0].id", expected: "String")
      ),
      (#"{"id": "c", "title": null}"#, .wrongType(path: "title", expected: "String")),
      (
        #"{"id": "c", "title": "C", "subChannels": [{"id": "s", "title": "S", "clipLists": [{"id": "l", "title": "L"}]}]}"#,
        .missingField(path: "subChannels[0].clipLists[0].clipIds")
      ),
    ]
  )
  func shapeErrors(json: String, expected: ChannelError) {
    #expect(error(json) == expected)
  }

  @Test("a clip list naming an unknown clip is refused with its path")
  func unknownClipReference() {
    let json = #"""
      {"id": "c", "title": "C",
       "clips": [{"id": "1", "title": "One"}],
       "clipLists": [{"id": "a", "title": "A", "clipIds": ["1"]}, {"id": "b", "title": "B", "clipIds": []},
                     {"id": "c", "title": "C", "clipIds": ["1", "999"]}]}
      """#
    let problem = error(json)
    #expect(problem == .unknownClip(path: "clipLists[2].clipIds[1]", id: "999"))
    #expect(problem?.description == #"clipLists[2].clipIds[1]: unknown clip "999""#)
  }

  @Test("duplicate ids are refused, across sub-channels too, naming both places")
  func duplicates() {
    let json = #"""
      {"id": "c", "title": "C", "clips": [{"id": "1", "title": "One"}],
       "subChannels": [{"id": "s", "title": "S", "clips": [{"id": "1", "title": "Again"}]}]}
      """#
    let problem = error(json)
    #expect(
      problem
        == .duplicateId(path: "subChannels[0].clips[0].id", kind: "clip", id: "1", firstPath: "clips[0].id"))
    #expect(
      problem?.description == #"subChannels[0].clips[0].id: duplicate clip id "1", first used at clips[0].id"#
    )
  }

  @Test("a clip and a clip list may share an id; two sub-channels may not")
  func idSpaces() throws {
    _ = try catalog(
      #"{"id": "c", "title": "C", "clips": [{"id": "1", "title": "T"}], "clipLists": [{"id": "1", "title": "L", "clipIds": ["1"]}]}"#
    )
    let json =
      #"{"id": "c", "title": "C", "subChannels": [{"id": "s", "title": "S"}, {"id": "s", "title": "T"}]}"#
    #expect(
      error(json)
        == .duplicateId(
          path: "subChannels[1].id", kind: "sub-channel", id: "s", firstPath: "subChannels[0].id"))
  }

  @Test("empty and blank ids are refused", arguments: [#""""#, #""  ""#])
  func emptyIds(id: String) {
    let json =
      #"{"id": "c", "title": "C", "clips": [{"id": "1", "title": "T"}, {"id": \#(id), "title": "U"}]}"#
    #expect(error(json) == .emptyId(path: "clips[1].id"))
  }

  @Test("a negative duration is refused")
  func negativeDuration() {
    let json = #"{"id": "c", "title": "C", "clips": [{"id": "1", "title": "T", "duration": -3}]}"#
    #expect(error(json) == .invalidValue(path: "clips[0].duration", reason: "duration must not be negative"))
  }

  @Test("building a catalog in code validates too")
  func codeValidation() {
    #expect(throws: ChannelError.unknownClip(path: "clipLists[0].clipIds[0]", id: "x")) {
      try ChannelCatalog(id: "c", title: "C", clipLists: [.init(id: "l", title: "L", clipIds: ["x"])])
    }
  }

  // MARK: Loading from URLs

  @Test("a file URL loads, a missing file and an unsupported scheme are typed errors")
  func fileURLs() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("channel.json")
    try Data(#"{"id": "f", "title": "File", "clips": [{"id": "1", "title": "T"}]}"#.utf8).write(to: file)

    #expect(try ChannelCatalog(contentsOf: file).id == "f")
    #expect(try await ChannelCatalog.load(from: file).clip(id: "1") != nil)

    let missing = directory.appendingPathComponent("missing.json")
    await #expect {
      try await ChannelCatalog.load(from: missing)
    } throws: { error in
      guard let error = error as? ChannelError, error.code == .unreadable else { return false }
      return error.url == missing.absoluteString
    }

    let ftp = try #require(URL(string: "ftp://example.com/channel.json"))
    await #expect(throws: ChannelError.unsupportedURL("ftp://example.com/channel.json")) {
      try await ChannelCatalog.load(from: ftp)
    }
    #expect(throws: ChannelError.unsupportedURL("https://example.com/c.json")) {
      try ChannelCatalog(contentsOf: try #require(URL(string: "https://example.com/c.json")))
    }
  }

  // MARK: Search

  @Test("search ranks exact and prefix title matches before word and substring matches")
  func ranking() throws {
    let catalog = try ChannelCatalog(
      id: "c",
      title: "C",
      clips: [
        .init(id: "substring", title: "Weeklyhighlightsreel"),
        .init(id: "description", title: "Recap", description: "All the highlights"),
        .init(id: "word", title: "Cup Final Highlights"),
        .init(id: "prefix", title: "Highlights of the Week"),
        .init(id: "exact", title: "Highlights"),
        .init(id: "none", title: "Weather"),
      ]
    )
    #expect(
      catalog.search("highlights").map(\.id) == ["exact", "prefix", "word", "substring", "description"])
  }

  @Test(
    "search ignores case, diacritics and surrounding space",
    arguments: ["cafe", "CAFÉ", "  Café  ", "lisbon cafe"])
  func folding(query: String) throws {
    #expect(try ChannelCatalog.demo.search(query).map(\.id) == ["12348"])
  }

  @Test("every query word must match")
  func allWords() throws {
    let demo = try ChannelCatalog.demo
    #expect(demo.search("tennis highlights").map(\.id) == ["20002"])
    #expect(demo.search("tennis risotto").isEmpty)
  }

  @Test("a blank query finds nothing", arguments: ["", "   ", "!!"])
  func blank(query: String) throws {
    #expect(try ChannelCatalog.demo.search(query).isEmpty)
  }

  @Test("search can be limited to a sub-channel")
  func subChannelSearch() throws {
    let demo = try ChannelCatalog.demo
    let results = demo.search("highlights", subChannelId: "sports").map(\.id)
    #expect(results == ["20001", "20002"])
    #expect(demo.search("highlights", subChannelId: "unknown").isEmpty)
  }
}
