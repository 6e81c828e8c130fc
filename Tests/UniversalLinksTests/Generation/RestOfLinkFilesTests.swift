import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// The rest of a link (`{target:rest}`) in the server files: each states it as `{target*}`. The
/// files match a path and let any query and fragment through, as the route does, so they open exactly
/// the links the route takes, and list no widening for it.
@Suite("The rest of a link in the server files")
struct RestOfLinkFilesTests {
  static let router = Result {
    try Router(
      RouteTable(
        schemes: ["myapp", "https"], hosts: ["shop.example"],
        routes: [RouteDefinition("open", "/open/{target:rest}")]))
  }

  static let links = [
    "/open", "/open/", "/open/https://x.example/a?b=1#c", "/open/a%2Fb//c?x=%26", "/open/caf%C3%A9",
  ]

  @Test func theAssociationFileStatesACatchAllAndListsNoWidening() throws {
    let router = try Self.router.get()
    let generator = AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], router: router)
    let shapes = RoutePathShape.shapes(from: router)
    #expect(shapes[0].description == "/open/{target*}")
    #expect(try AASAGenerator.pathPattern(for: shapes[0]) == "/open/*")
    let matcher = AASAMatcher(document: try generator.document(includeLegacyPaths: false))
    for link in Self.links {
      #expect(try router.match("https://shop.example" + link)?.route == "open", "\(link)")
      let path = String(link.prefix { $0 != "?" && $0 != "#" })
      #expect(try matcher.match(path).opensApp, "\(link)")
    }
    #expect(try !matcher.match("/opened").opensApp)
    #expect(!generator.widenings.contains { $0.route == "open" }, "\(generator.widenings)")
  }

  @Test func theAndroidFiltersArePrefixFilters() throws {
    let android = AndroidIntentFilterGenerator(router: try Self.router.get())
    for link in Self.links {
      #expect(android.filters.contains { $0.opens("https://shop.example" + link) }, "\(link)")
      #expect(android.filters.contains { $0.opens("myapp:/" + link) }, "\(link)")
    }
    #expect(!android.filters.contains { $0.opens("https://shop.example/opened") })
    // Only the widenings of every route of every table (a `%2F`, a `\\` in an authority) are listed.
    #expect(!android.widenings.contains { $0.route == "open" }, "\(android.widenings)")
  }

  @Test func theNginxLocationTakesThePathAsTheCatchAll() throws {
    let shapes = RoutePathShape.shapes(from: try Self.router.get())
    #expect(NginxConfiguration.locationRegex(for: shapes[0]) == #"^/open(/.*)?/?$"#)
  }
}
