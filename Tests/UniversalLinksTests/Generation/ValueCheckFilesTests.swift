import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// Checks on a value walked through the server files: no association file, intent filter or nginx
/// location can say "from -90 to 90" or "https only", so each states the piece as its type and the
/// association file lists the widening (`range-text`, `https-text`) with a link it lets through that the
/// route refuses.
@Suite("Checks on a value in the server files")
struct ValueCheckFilesTests {
  static let appID = "ABCDE12345.com.example.app"

  static let router = Result {
    try Router(
      RouteTable(
        hosts: ["example.com"],
        routes: [
          RouteDefinition("month", "/calendar/{month:int(1...12)}"),
          RouteDefinition("secure", "/open/{target:url(https)}"),
          RouteDefinition("location", "/map/{lat:decimal(-90...90)}"),
        ]))
  }

  @Test func theAssociationFileListsWhatItCannotSay() throws {
    let router = try Self.router.get()
    let generator = AASAGenerator(appIDs: [Self.appID], router: router)
    let shapes = RoutePathShape.shapes(from: router)
    let document = try generator.document(includeLegacyPaths: false)
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("/calendar/12").opensApp)
    let widenings = generator.widenings.filter {
      $0.kind.description == "range-text" || $0.kind.description == "https-text"
    }
    #expect(widenings.map(\.route).sorted() == ["location", "month", "secure"])
    #expect(widenings.first { $0.route == "month" }?.example == "/calendar/13")
    #expect(widenings.first { $0.route == "location" }?.example == "/map/91")
    #expect(widenings.first { $0.route == "month" }?.reason.contains("a number in a range") == true)
    #expect(widenings.first { $0.route == "secure" }?.reason.contains("an https URL") == true)
    for widening in widenings {
      #expect(widening.reason.contains("{\(widening.parameter)}"))
      #expect(try matcher.match(widening.example).opensApp, "\(widening)")
      // The file opens the app for the link; the router takes it nowhere.
      #expect(try router.match("https://example.com" + widening.example) == nil, "\(widening)")
    }
    #expect(AASAConsistencyCheck(shapes: shapes).run(on: document).isConsistent)
  }

  @Test func androidListsTheWideningAndNginxStatesTheType() throws {
    let router = try Self.router.get()
    let android = AndroidIntentFilterGenerator(router: router)
    #expect(android.filters.contains { $0.opens("https://example.com/calendar/5") })
    #expect(android.widenings.contains { $0.route == "month" && $0.kind == .kindText })
    let shapes = RoutePathShape.shapes(from: router)
    let month = try #require(shapes.first { $0.name == "month" })
    #expect(NginxConfiguration.locationRegex(for: month) == #"^/calendar/-?[0-9]+/?$"#)
    let secure = try #require(shapes.first { $0.name == "secure" })
    let regex = try NSRegularExpression(pattern: NginxConfiguration.locationRegex(for: secure))
    func accepts(_ path: String) -> Bool {
      regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }
    #expect(accepts("/open/https://example.org/a"))
    #expect(accepts("/open/HTTPS://example.org"))
    #expect(!accepts("/open/http://example.org/a"))
  }

  @Test func textInLowerCaseWidensOnlyASetOfWords() throws {
    let router = try Router(
      RouteTable(
        hosts: ["example.com"],
        routes: [
          RouteDefinition("settings", "/settings/{section:(newtab|general)(lower)}"),
          RouteDefinition("tag", "/tags/{tag:string(lower)}"),
        ]))
    let generator = AASAGenerator(appIDs: [Self.appID], router: router)
    let document = try generator.document(includeLegacyPaths: false)
    let matcher = AASAMatcher(document: document)
    // The file is case-sensitive and cannot list the words in every case, so it admits any text.
    #expect(try matcher.match("/settings/NewTab").opensApp)
    #expect(try matcher.match("/tags/SwiftUI").opensApp)
    let settings = try #require(generator.widenings.first { $0.route == "settings" })
    #expect(settings.kind == .valueSetText)
    #expect(settings.example == "/settings/Sample")
    #expect(try router.match("https://example.com" + settings.example) == nil)
    // Any text in lower case is any text: nothing is widened.
    #expect(!generator.widenings.contains { $0.route == "tag" })
    #expect(AASAConsistencyCheck(shapes: RoutePathShape.shapes(from: router)).run(on: document).isConsistent)

    let android = AndroidIntentFilterGenerator(router: router)
    #expect(android.filters.contains { $0.opens("https://example.com/settings/NewTab") })
    #expect(android.widenings.contains { $0.route == "settings" && $0.kind == .kindText })
    #expect(!android.widenings.contains { $0.route == "tag" })

    let shapes = RoutePathShape.shapes(from: router)
    let location = NginxConfiguration.locationRegex(for: try #require(shapes.first { $0.name == "settings" }))
    #expect(location == #"^/settings/(?i:newtab|general)/?$"#)
    let regex = try NSRegularExpression(pattern: location)
    func accepts(_ path: String) -> Bool {
      regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }
    #expect(accepts("/settings/NewTab"))
    #expect(accepts("/settings/general"))
    #expect(!accepts("/settings/privacy"))
  }
}
