import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// Android 15 Dynamic App Links: the rules' matcher against Google's own examples, the reader of
/// published files and what makes Android discard them, and the rules written for route tables,
/// checked link by link against the router.
@Suite("Android 15 dynamic rules")
struct AndroidDynamicRulesTests {
  typealias Rule = AndroidDynamicRules.Rule

  /// The rules of a file's first statement, as a device reads them.
  static func rules(_ json: String) -> AndroidDynamicRules? {
    AssetLinksDynamicRulesReader.rules(in: Data(json.utf8), packageName: nil).rules
  }

  static func statement(_ components: String) -> String {
    """
    [{"relation": ["delegate_permission/common.handle_all_urls"],
      "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints":
        ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
      "relation_extensions": {"delegate_permission/common.handle_all_urls":
        {"dynamic_app_link_components": \(components)}}}]
    """
  }

  /// Google's example file and its stated outcomes ("Configure website associations and dynamic
  /// rules", developer.android.com/training/app-links/configure-assetlinks).
  @Test func googlesExampleDecidesAsDocumented() throws {
    let rules = try #require(
      Self.rules(
        Self.statement(
          ##"[{"?": {"dl": "*"}}, {"#": "app"}, {"/": "/products/*"}, {"/": "/shoes", "?": {"in_app": "true"}}, {"/": "*", "exclude": true}]"##
        )))
    #expect(rules.rules.count == 5)
    #expect(rules.allows("https://example.com/any?in_app=true&dl=abc"))
    #expect(rules.allows("https://example.com/any#app"))
    #expect(rules.allows("https://example.com/products/42"))
    // "The dictionary does not need to match all key/value pairs in the query string, but a match
    // must be found for every dictionary entry."
    #expect(rules.allows("https://example.com/shoes?lang=en&in_app=true&tz=pst"))
    #expect(!rules.allows("https://example.com/shoes?lang=en&tz=pst"))
    #expect(rules.decidingRule("https://example.com/shoes?lang=en&tz=pst") == 4)
    #expect(!rules.allows("https://example.com/about"))
  }

  /// Google's ordering examples: the first rule that matches decides, and a link no rule matches
  /// does not open the app.
  @Test func firstMatchDecidesAndNoMatchRefuses() throws {
    let excludeFirst = try #require(
      Self.rules(Self.statement(#"[{"/": "*", "exclude": true}, {"/": "/path1"}]"#)))
    #expect(!excludeFirst.allows("https://example.com/path1"))
    let allowFirst = try #require(
      Self.rules(Self.statement(#"[{"/": "/path1"}, {"/": "*", "exclude": true}]"#)))
    #expect(allowFirst.allows("https://example.com/path1"))
    let two = try #require(Self.rules(Self.statement(#"[{"/": "/path1"}, {"/": "/path2"}]"#)))
    #expect(!two.allows("https://example.com/path3"))
    #expect(two.decidingRule("https://example.com/path3") == nil)
  }

  /// The wildcards as Google describes them: `*` runs to the first occurrence of the next character
  /// and never backtracks, `?` is one character, `?*` one or more, everything else is itself.
  @Test func wildcardsReadAsDocumented() {
    let cases: [(String, String, Bool)] = [
      ("/products/*", "/products/", true), ("/products/*", "/products/a/b", true),
      ("/a/*/c", "/a/b/c", true), ("/a/*/c", "/a/b/x/c", false), ("/a/*/c", "/a//c", true),
      ("/p/?*", "/p/", false), ("/p/?*", "/p/x", true), ("/p/?*", "/p/xyz", true),
      ("/p/?", "/p/xy", false), ("/p/?", "/p/x", true),
      ("/file.json", "/fileXjson", false), ("/file.json", "/file.json", true),
      ("/*.pdf", "/a.b.pdf", false), ("*", "", true), ("/", "", false),
    ]
    for (pattern, text, expected) in cases {
      #expect(Rule.matches(pattern, text) == expected, "\(pattern) against \(text)")
    }
  }

  /// A published exclusion, from a Stack Overflow answer quoting Google's docs
  /// (copypastor.sobotics.org/posts/5152): a path with one query value kept from the app.
  @Test func publishedQueryExclusion() throws {
    let rules = try #require(
      Self.rules(
        Self.statement(#"[{"/": "/v/login1.php", "?": {"type": "c"}, "exclude": true}, {"/": "*"}]"#)))
    #expect(!rules.allows("https://example.com/v/login1.php?type=c"))
    #expect(rules.allows("https://example.com/v/login1.php?type=d"))
    #expect(rules.allows("https://example.com/v/login1.php"))
  }

  /// Rules apps publish: the QA association of the rogichat app (`chat.rogi.rogichat.qa`, whose
  /// server source writes `[{"/": "/mobile/auth/complete"}, {"/": "*", "exclude": true}]`), and the
  /// zuuli wallet's (`cash.free2z.zuuli`, `[{"/": "/oauth/callback"}]`, from its deployment test):
  /// one callback path opens the app, every other path of the host stays in the browser.
  @Test(arguments: [
    #"[{"/": "/mobile/auth/complete"}, {"/": "*", "exclude": true}]"#, #"[{"/": "/oauth/callback"}]"#,
  ])
  func publishedCallbackOnlyFiles(_ components: String) throws {
    let data = Data(Self.statement(components).utf8)
    #expect(AssetLinksValidator().validate(data: data) == [])
    let rules = try #require(
      AssetLinksDynamicRulesReader.rules(in: data, packageName: "com.example.app").rules)
    let callback = try #require(rules.rules.first?.path)
    #expect(rules.allows("https://example.com\(callback)?code=1"))
    #expect(!rules.allows("https://example.com\(callback)/more"))
    #expect(!rules.allows("https://example.com/"))
  }

  /// "If any of the fields in the file are malformed or empty, Android discards the dynamic rules":
  /// one bad field discards the whole set, and the check says where and why.
  @Test(arguments: [
    (
      #"[{"/": "/a"}, {"/": "/b", "exclude": "true"}]"#,
      "[0].relation_extensions[\"delegate_permission/common.handle_all_urls\"].dynamic_app_link_components[1].exclude"
    ),
    (
      #"[{"/": "/a"}, {"?": "dl=*"}]"#,
      "[0].relation_extensions[\"delegate_permission/common.handle_all_urls\"].dynamic_app_link_components[1][\"?\"]"
    ),
    (
      #"[{"/": ""}]"#,
      "[0].relation_extensions[\"delegate_permission/common.handle_all_urls\"].dynamic_app_link_components[0][\"/\"]"
    ),
    (
      #"[{"/": 42}]"#,
      "[0].relation_extensions[\"delegate_permission/common.handle_all_urls\"].dynamic_app_link_components[0][\"/\"]"
    ),
    (
      #"[{"exclude": true}]"#,
      "[0].relation_extensions[\"delegate_permission/common.handle_all_urls\"].dynamic_app_link_components[0]"
    ),
    (
      #"[]"#,
      "[0].relation_extensions[\"delegate_permission/common.handle_all_urls\"].dynamic_app_link_components"
    ),
    (
      #"{"/": "/a"}"#,
      "[0].relation_extensions[\"delegate_permission/common.handle_all_urls\"].dynamic_app_link_components"
    ),
    (
      #"[{"?": {}}]"#,
      "[0].relation_extensions[\"delegate_permission/common.handle_all_urls\"].dynamic_app_link_components[0][\"?\"]"
    ),
  ])
  func oneMalformedFieldDiscardsEveryRule(_ components: String, _ place: String) throws {
    let data = Data(Self.statement(components).utf8)
    let read = AssetLinksDynamicRulesReader.rules(in: data, packageName: "com.example.app")
    #expect(read.rules == nil)
    let findings = AssetLinksValidator().validate(data: data).filter { $0.code == .dynamicRulesDiscarded }
    #expect(findings.map(\.path) == [place], "\(findings)")
    #expect(
      findings.allSatisfy { $0.severity == .warning && $0.message.contains("discards every dynamic rule") })
  }

  @Test func undocumentedKeysTwiceAndIgnoredRulesAreReported() throws {
    let unknown = AssetLinksValidator().validate(
      data: Data(Self.statement(#"[{"/": "/a", "comment": "the a page"}]"#).utf8))
    #expect(unknown.map(\.code) == [.unknownKey], "\(unknown)")
    #expect(unknown.first?.path.hasSuffix("[0].comment") == true)
    #expect(Self.rules(Self.statement(#"[{"/": "/a", "comment": "x"}]"#)) != nil)

    let single = Self.statement(#"[{"/": "/a"}]"#)
    let twice = "[" + single.dropFirst().dropLast() + "," + single.dropFirst().dropLast() + "]"
    let findings = AssetLinksValidator().validate(data: Data(twice.utf8))
    #expect(findings.map(\.code).contains(.dynamicRulesTwice), "\(findings)")

    let web =
      #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "web", "site": "https://example.com"}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/a"}]}}}]"#
    #expect(AssetLinksValidator().validate(data: Data(web.utf8)).map(\.code) == [.dynamicRulesIgnored])
    #expect(AssetLinksValidator().validate(data: Data(single.utf8)) == [])
  }

  /// The demo channel's table: each route said exactly, no widening but the links the router
  /// refuses while reading them.
  @Test func demoTableRulesAreExact() throws {
    let generator = AndroidDynamicRulesGenerator(router: try Router(AndroidAgreementTests.demo))
    #expect(
      generator.rules.rules.map(\.description).prefix(4) == [
        #"{"/": "/channel/sub/?*/video/?*/?*", "exclude": true}"#, #"{"/": "/channel/sub/?*/video/?*"}"#,
        #"{"/": "/channel/sub/?*/playlist/?*/?*", "exclude": true}"#,
        #"{"/": "/channel/sub/?*/playlist/?*"}"#,
      ])
    #expect(
      generator.rules.rules.suffix(2).map(\.description) == [#"{"/": "/channel"}"#, #"{"/": "/channel/"}"#])
    #expect(generator.widenings.map(\.kind) == [.refusedLink, .encodedSlash])
    #expect(generator.narrowings.map(\.kind) == [.emptySegment, .slashInValue])
    #expect(!generator.rules.allows("https://example.com/channel/video/AC%2FDC"))
    #expect(!generator.rules.allows("https://example.com/channel//video/42"))
    let rules = generator.rules
    #expect(rules.allows("https://example.com/channel/video/42"))
    #expect(rules.allows("https://example.com/channel/sub/7/video/42"))
    #expect(!rules.allows("https://example.com/channel/video/42/more"))
    #expect(!rules.allows("https://example.com/channel/unknown"))
    #expect(!rules.allows("https://example.com/other"))
  }

  /// Query routes state their items; fragment routes their fragment.
  @Test func queryAndFragmentRoutes() throws {
    let table = RouteTable(
      hosts: ["example.com"],
      routes: [
        RouteDefinition("search", "/search?q={query}"), RouteDefinition("promo", "/promo?ref=spring"),
        RouteDefinition("room", "/#/room/{id}"),
      ])
    let rules = AndroidDynamicRulesGenerator(router: try Router(table)).rules
    #expect(rules.allows("https://example.com/search?q=shoes"))
    #expect(!rules.allows("https://example.com/search"))
    #expect(!rules.allows("https://example.com/search?q="))
    #expect(rules.allows("https://example.com/promo?ref=spring"))
    #expect(!rules.allows("https://example.com/promo?ref=fall"))
    #expect(rules.allows("https://example.com/#/room/1"))
    #expect(!rules.allows("https://example.com/#/lobby"))
  }

  // MARK: Agreement with the router

  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var table: RouteTable
    var description: String { name }
  }

  static let cases: [Case] = [
    ("demo", AndroidAgreementTests.demo), ("language", AndroidAgreementTests.language),
    ("prefixed", AndroidAgreementTests.prefixed), ("everything", AndroidAgreementTests.everything),
    ("options", AndroidAgreementTests.options), ("strict", AndroidAgreementTests.strict),
    ("generator", AndroidIntentFilterGeneratorTests.table),
  ].map { Case(name: $0.0, table: $0.1) }

  /// Every https link of the table's hosts at API 35: a link the router refuses is not allowed by
  /// the rules unless a widening listed for the route of the rule that allows it explains it, and a
  /// link the router routes is allowed, except the narrowings the filters share (a value holding
  /// `/`, written %2F, which Android decodes first; an empty segment, which the router drops; a
  /// table comparing literals without case).
  @Test(arguments: cases)
  func rulesAgreeWithTheRouter(_ testCase: Case) throws {
    let router = try Router(testCase.table)
    var unexplained: [String] = []
    var checked = 0
    for domain in router.table.hosts {
      let host = domain.hasPrefix("*.") ? "sample" + domain.dropFirst() : domain
      let generator = AndroidDynamicRulesGenerator(router: router, domain: domain)
      let widened = Set(generator.widenings.map(\.route).filter { $0 != "*" })
      for link in AndroidAgreementTests.links(router) where link.hasPrefix("https://\(host)") {
        let rest = link.dropFirst("https://\(host)".count)
        guard rest.isEmpty || ["/", "?", "#"].contains(rest.first) else { continue }
        checked += 1
        let allowed = generator.rules.allows(link)
        let routed = Result { () throws(LinkError) -> RouteMatch? in try router.match(link) }
        switch routed {
        case .success(let match?):
          guard !allowed else { continue }
          let path = rest.prefix { $0 != "?" && $0 != "#" }
          let listed = Set(generator.narrowings.map(\.kind))
          let explained =
            (path.contains("//") && listed.contains(.emptySegment))
            || (rest.lowercased().contains("%2f") && listed.contains(.slashInValue))
            || (router.table.options.caseInsensitive && listed.contains(.literalCase))
          if !explained { unexplained.append("\(link): routed to \(match.route), the rules refuse it") }
        case .success(nil), .failure:
          guard allowed, let index = generator.rules.decidingRule(link) else { continue }
          // A difference of every route explains a link by what the link holds.
          let every = Set(generator.widenings.filter { $0.route == "*" }.map(\.kind))
          if case .failure = routed, every.contains(.refusedLink) { continue }
          if rest.lowercased().contains("%2f") && every.contains(.encodedSlash) { continue }
          if generator.routesOfRule[index].contains(where: widened.contains) { continue }
          unexplained.append(
            "\(link): rule \(generator.rules.rules[index]) of \(generator.routesOfRule[index]) allows it, the router refuses it"
          )
        }
      }
    }
    #expect(checked > 20)
    #expect(unexplained.isEmpty, "\(unexplained.count):\n\(unexplained.joined(separator: "\n"))")
  }
}
