import DeepLinkRouting
import Foundation
import RouteFiles
import Testing

@testable import UniversalLinks

@Suite("Short links: the file, its errors and the files made from it")
struct ShortLinkTests {
  static let routes = """
    {"schemes": ["shop"], "hosts": ["shop.example.com", "*.shop.example.com"], "routes": [
      {"name": "product", "pattern": "/product/{id}"},
      {"name": "sale", "pattern": "/s/sale"}]}
    """

  static func router() throws -> Router {
    try Router(RouteTable(json: Data(routes.utf8)))
  }

  static func table(_ json: String, host: String = "go.example.com") throws -> ShortLinkTable {
    try ShortLinkTable(json: Data(json.utf8), file: "links.json", host: host, router: router())
  }

  static func error(_ json: String, host: String = "go.example.com") throws -> ShortLinkError {
    do {
      _ = try table(json, host: host)
    } catch let error as ShortLinkError {
      return error
    }
    throw ShortLinkTestFailure()
  }

  struct ShortLinkTestFailure: Error {}

  @Test("a file of codes reads in order, with the line and column of each code")
  func reads() throws {
    let table = try Self.table(
      """
      {
        "p42": "https://shop.example.com/product/42",
        "spring_2026-A": "https://shop.example.com/product/7?utm_campaign=spring#reviews"
      }
      """)
    #expect(table.links.map(\.code) == ["p42", "spring_2026-A"])
    #expect(table.links.map(\.line) == [2, 3])
    #expect(table.links[0].column == 3)
    #expect(table.links[1].path == "/s/spring_2026-A")
    #expect(table.host == "go.example.com")
  }

  @Test(
    "a code outside the safe set is refused with its line and column",
    arguments: [
      #"<script>alert(1)</script>"#, #"a\"b"#, "a'b", #"a\nb"#, "a;b", "a}b", "a$host", "a b", "a/b",
      "a%20b", "", String(repeating: "x", count: 65), "caf\u{E9}", "a\u{202E}b",
    ])
  func unsafeCode(code: String) throws {
    let json = "{\n  \(JSONString.quoted(code)): \"https://shop.example.com/product/1\"}"
    let error = try Self.error(json)
    #expect(error.code == .unsafeCode)
    #expect(error.line == 2 && error.column == 3)
    #expect(error.description.hasPrefix("links.json:2:3: short link "))
    // The message stays on one line whatever the code holds.
    #expect(!error.description.contains("\n") && !error.description.contains("\u{202E}"))
  }

  @Test("a code written twice names the code and both places")
  func duplicate() throws {
    let error = try Self.error(
      """
      {"a": "https://shop.example.com/product/1",
       "a": "https://shop.example.com/product/2"}
      """)
    #expect(error.shortCode == "a")
    #expect(error.line == 2)
    #expect(error.code == .duplicateCode && error.firstLine == 1 && error.firstColumn == 2)
    #expect(
      error.description
        == #"links.json:2:2: short link "a": the code is written twice; first at line 1, column 2"#)
  }

  @Test("a code a route also matches is refused, on the short-link host or the site's own")
  func collision() throws {
    // `/s/sale` is a route of the table on its hosts; the short-link host is under its wildcard too.
    let error = try Self.error(#"{"sale": "https://shop.example.com/product/1"}"#)
    #expect(error.code == .collidesWithRoute && error.route == "sale")
    #expect(error.description.contains(#"the route "sale" also matches /s/sale"#))
    let under = try Self.error(
      #"{"sale": "https://shop.example.com/product/1"}"#, host: "go.shop.example.com")
    #expect(under.code == .collidesWithRoute && under.route == "sale")
  }

  @Test(
    "a long link that is not https, holds what nginx or a URL cannot, or no route matches is refused",
    arguments: [
      ("http://shop.example.com/product/1", ShortLinkError.targetNotHTTPS),
      ("javascript:alert(1)", .targetNotHTTPS),
      ("shop://product/1", .targetNotHTTPS),
      ("https://shop.example.com/product/$host", .unsafeTarget("$")),
      ("https://shop.example.com/product/1\"; return 302 x", .unsafeTarget("\"")),
      ("https://shop.example.com/product/a b", .unsafeTarget(" ")),
      ("https://shop.example.com/product/{x}", .unsafeTarget("{")),
      ("https://shop.example.com/product/1\nlocation", .unsafeTarget("\n")),
      ("https://shop.example.com/cart", .noRoute),
      ("https://attacker.example/product/1", .hostNotListed(["shop.example.com", "*.shop.example.com"])),
    ])
  func badTarget(target: String, reason: ShortLinkError) throws {
    let error = try Self.error("{\"c1\":\n \(JSONString.quoted(target))}")
    #expect(error == ShortLinkError(file: "links.json", line: 1, column: 2, shortCode: "c1", reason: reason))
    #expect(!error.description.contains("\n"))
  }

  @Test("with a route for any host, a long link on another site is still refused; listed hosts pass")
  func anyHostTable() throws {
    let routes = #"""
      {"hosts": ["shop.example.com", "*.shop.example.com"], "routes": [
        {"name": "product", "pattern": "/product/{id}"},
        {"name": "webPage", "pattern": "/w/{path*}", "hosts": ["*"]}]}
      """#
    let router = try Router(RouteTable(json: Data(routes.utf8)))
    func reason(_ target: String) -> ShortLinkError? {
      do {
        _ = try ShortLinkTable(
          json: Data("{\"x\": \(JSONString.quoted(target))}".utf8), file: "links.json",
          host: "go.example.com", router: router)
        return nil
      } catch {
        return error
      }
    }
    let listed = ["shop.example.com", "*.shop.example.com"]
    let notListed = ShortLinkError(
      file: "links.json", line: 1, column: 2, shortCode: "x", reason: .hostNotListed(listed))
    #expect(reason("https://evil.example/w/phish") == notListed)
    #expect(reason("https://shop.example.com.evil.example/w/1") == notListed)
    #expect(reason("https://shop.example.com:8443/w/1") == notListed)
    #expect(reason("https://shop.example.com/product/1") == nil)
    #expect(reason("https://m.shop.example.com/w/anything/else") == nil)
  }

  @Test("the short-link host is a host of its own, not one of the table's, and no long link is on it")
  func host() throws {
    let link = #"{"a": "https://shop.example.com/product/1"}"#
    func hostError(_ reason: ShortLinkError) -> ShortLinkError {
      ShortLinkError(file: "links.json", line: 0, column: 0, shortCode: nil, reason: reason)
    }
    #expect(try Self.error(link, host: "shop.example.com") == hostError(.hostIsTableHost("shop.example.com")))
    #expect(try Self.error(link, host: "go.example.com;") == hostError(.invalidHost("go.example.com;")))
    #expect(try Self.error(link, host: "") == hostError(.invalidHost("")))
    let onShortHost = try Self.error(
      #"{"a": "https://go.shop.example.com/product/1"}"#, host: "go.shop.example.com")
    #expect(onShortHost.code == .targetOnShortHost)
  }

  @Test("a file that is not an object of strings says so")
  func shape() throws {
    #expect(try Self.error("[]").code == .notAnObject)
    #expect(try Self.error(#"{"a": 1}"#).code == .targetNotText)
    let syntax = try Self.error("{\"a\": \"x\",}")
    #expect(syntax.code == .invalidJSON, "\(syntax)")
    #expect(syntax.line == 1)
  }

  @Test("nginx answers 301 with the long link, the query appended before the long link's fragment")
  func nginx() throws {
    let table = try Self.table(
      """
      {"p": "https://shop.example.com/product/1",
       "q": "https://shop.example.com/product/2?utm_source=mail",
       "f": "https://shop.example.com/product/3#reviews"}
      """)
    var site = SiteGenerator(
      host: "shop.example.com", appName: "Shop", appStoreID: nil, customScheme: "shop",
      appIDs: ["ABCDE12345.com.example.shop"],
      shapes: [try RoutePathShape(name: "product", template: "/product/{id}")],
      serverRoot: "/srv/site")
    site.shortLinks = table
    let files = try site.files()
    let nginx = String(decoding: files["nginx.conf"] ?? Data(), as: UTF8.self)
    #expect(nginx.contains("    server_name go.example.com;\n"))
    #expect(nginx.contains("    root /srv/site/short-links;\n"))
    #expect(
      nginx.contains(
        """
            location = /s/p {
                if ($args) {
                    return 301 "https://shop.example.com/product/1?$args";
                }
                return 301 "https://shop.example.com/product/1";
            }
        """))
    #expect(nginx.contains(#"return 301 "https://shop.example.com/product/2?utm_source=mail&$args";"#))
    #expect(nginx.contains(#"return 301 "https://shop.example.com/product/3?$args#reviews";"#))
    #expect(nginx.contains("    location / {\n        return 404;\n    }\n}\n"))

    // The short-link host's association file claims /s/{code} and nothing else; the site's own file
    // has no short path.
    let short = try #require(files["short-links/.well-known/apple-app-site-association"])
    let matcher = AASAMatcher(document: try AASADocument(jsonData: short))
    #expect(matcher.match(URL(string: "https://go.example.com/s/p")!).opensApp)
    #expect(matcher.match(URL(string: "https://go.example.com/s/anything?x=1")!).opensApp)
    #expect(!matcher.match(URL(string: "https://go.example.com/product/1")!).opensApp)
    #expect(!matcher.match(URL(string: "https://go.example.com/s/p/deeper")!).opensApp)
    let own = String(
      decoding: files["public/.well-known/apple-app-site-association"] ?? Data(), as: UTF8.self)
    #expect(!own.contains("/s/"))
  }
}
