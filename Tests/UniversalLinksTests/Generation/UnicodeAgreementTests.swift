import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// The router and the generated association file read a non-ASCII literal by one rule: its decoded
/// bytes, with no Unicode normalisation. A link the router opens is a link iOS hands to the app, and a
/// link iOS keeps in Safari is one the router does not open either.
@Suite("The router and the association file agree on Unicode literals")
struct UnicodeAgreementTests {
  static let table = RouteTable(
    schemes: ["myapp"], hosts: ["example.com"],
    routes: [
      // Written precomposed (U+00E9), the form links are written in.
      RouteDefinition("cafe", "/café/{id}"),
      // Written decomposed (e + U+0301 COMBINING ACUTE ACCENT).
      RouteDefinition("tea", "/the\u{301}/{id}"),
      RouteDefinition("kelvin", "/units/K"),
    ])

  struct Case: CustomTestStringConvertible, Sendable {
    var path: String
    var route: String?
    var testDescription: String { path }
  }

  static let cases: [Case] = [
    Case(path: "/caf%C3%A9/1", route: "cafe"),
    Case(path: "/cafe%CC%81/1", route: nil),
    Case(path: "/the%CC%81/1", route: "tea"),
    Case(path: "/th%C3%A9/1", route: nil),
    Case(path: "/units/K", route: "kelvin"),
    // KELVIN SIGN (U+212A) is canonically equivalent to K, but not the same bytes.
    Case(path: "/units/%E2%84%AA", route: nil),
  ]

  @Test(arguments: cases)
  func theRouterAndTheFileGiveOneAnswer(_ testCase: Case) throws {
    let router = try Router(Self.table)
    let generator = AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], router: router)
    let document = try generator.document()
    let matcher = AASAMatcher(document: document)
    let link = "https://example.com" + testCase.path
    let routed = try router.match(link)?.route
    #expect(routed == testCase.route, "router: \(link)")
    #expect(try matcher.match(link, domain: "example.com").opensApp == (routed != nil), "AASA: \(link)")
    // The legacy paths of iOS 12 agree too.
    let legacy = AASAMatcher(
      document: AASADocument(
        appLinks: AASAAppLinks(
          details: [AASADetail(appIDs: generator.appIDs, paths: try generator.legacyPaths())])))
    #expect(try legacy.match(link).opensApp == (routed != nil), "paths: \(link)")
    // And the generator's own model of the routes, which its consistency check uses.
    #expect(generator.shapes.contains { $0.routes(testCase.path) } == (routed != nil), "shapes: \(link)")
  }
}
