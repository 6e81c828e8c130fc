import Foundation
import Testing

@testable import UniversalLinks

/// The examples of Apple's documentation and WWDC sessions, loaded from fixtures.
@Suite("Apple's documented examples")
struct AppleDocumentedExamplesTests {
  @Test(
    "1. path abc, query def: only the URL with both opens",
    arguments: [
      ("https://example.com/abc?def", "match"),
      ("https://example.com/abc", "none"),
      ("https://example.com/?def", "none"),
      ("https://example.com/abc?def#anything", "match"),
      ("https://example.com/abc?defg", "none"),
    ]
  )
  func basic(url: String, expected: String) throws {
    #expect(try outcome(Fixture.matcher("apple-basic"), url, domain: "example.com") == expected)
  }

  @Test(
    "2. ordered rules: first match wins, exclude blocks",
    arguments: [
      ("https://example.com/buy/42", "match", 1),
      ("https://example.com/buy/42#no_universal_links", "blocked", 0),
      ("https://example.com/help/website/faq?articleNumber=4815", "blocked", 2),
      ("https://example.com/help/123?articleNumber=4815", "match", 3),
      ("https://example.com/help/123?articleNumber=481", "none", -1),
      ("https://example.com/help/123?articleNumber=48159", "none", -1),
      ("https://example.com/help/123", "none", -1),
    ]
  )
  func orderedRules(url: String, expected: String, rule: Int) throws {
    let result = try Fixture.matcher("apple-ordered-rules").match(url, domain: "example.com")
    #expect(result.name == expected)
    switch result {
    case .match(let appIDs, let detail, let ruleIndex), .blocked(let appIDs, let detail, let ruleIndex):
      #expect(appIDs == ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"])
      #expect(detail == 0)
      #expect(ruleIndex == rule)
    case .none:
      #expect(rule == -1)
    }
  }

  @Test(
    "3. query dictionary productID=12345",
    arguments: [
      ("https://example.com/any/path?productID=12345", "match"),
      ("https://example.com/?other=1&productID=12345", "match"),
      ("https://example.com/?productID=1234", "none"),
      ("https://example.com/", "none"),
    ]
  )
  func queryDictionary(url: String, expected: String) throws {
    #expect(try outcome(Fixture.matcher("apple-query-dictionary"), url) == expected)
  }

  @Test(
    "4. substitution variables lang, region and a custom list",
    arguments: [
      ("https://example.com/en_US/pizza/", "match"),
      ("https://example.com/fr_CA/sushi", "match"),
      ("https://example.com/en_US/tacos/", "none"),
      ("https://example.com/qq_ZZ/pizza/", "none"),
      ("https://example.com/en_UK/pizza/", "none"),
      ("https://example.com/en_GB/pizza/", "match"),
    ]
  )
  func substitutionVariables(url: String, expected: String) throws {
    #expect(try outcome(Fixture.matcher("apple-substitution-variables"), url) == expected)
  }

  @Test(
    "5. WWDC19: articleName must be present and non-empty",
    arguments: [
      ("https://example.com/help/x?articleNumber=1234&articleName=faq", "match"),
      ("https://example.com/help/x?articleNumber=1234", "none"),
      ("https://example.com/help/x?articleNumber=1234&articleName=", "none"),
      ("https://example.com/help/x?articleNumber=1234&articleName", "none"),
    ]
  )
  func wwdc19(url: String, expected: String) throws {
    #expect(try outcome(Fixture.matcher("apple-wwdc19"), url) == expected)
  }

  @Test(
    "6. legacy paths with NOT",
    arguments: [
      ("https://example.com/wwdc/news/", "match", 0),
      ("https://example.com/wwdc/news", "match", 0),
      ("https://example.com/videos/wwdc/2010/a-session", "blocked", 1),
      ("https://example.com/videos/wwdc/2010", "blocked", 1),
      ("https://example.com/videos/wwdc/2011/a-session", "match", 2),
      ("https://example.com/videos/wwdc/2020/a-session", "none", -1),
      ("https://example.com/wwdc/news/today", "none", -1),
    ]
  )
  func legacyPaths(url: String, expected: String, rule: Int) throws {
    let result = try Fixture.matcher("apple-legacy-paths").match(url, domain: "example.com")
    #expect(result.name == expected)
    if case .match(_, _, let ruleIndex) = result {
      #expect(ruleIndex == rule)
    }
    if case .blocked(_, _, let ruleIndex) = result {
      #expect(ruleIndex == rule)
    }
  }
}
