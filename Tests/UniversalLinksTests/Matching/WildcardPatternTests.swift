import Testing

@testable import UniversalLinks

@Suite("Wildcard patterns")
struct WildcardPatternTests {
  private func matches(_ pattern: String, _ subject: String, variables: [String: [String]]? = nil) -> Bool {
    WildcardPattern(pattern, variables: SubstitutionVariableTable(custom: variables), caseSensitive: true)
      .matches(subject)
  }

  @Test(
    "* is zero or more characters and crosses /",
    arguments: [
      ("a*", "a", true), ("a*", "abc", true), ("a*c", "a/b/c", true), ("*", "", true),
      ("a*", "ba", false), ("*b", "b", true), ("a*b*c", "axxbyyc", true), ("a*b*c", "axxbyy", false),
    ]
  )
  func star(pattern: String, subject: String, expected: Bool) {
    #expect(matches(pattern, subject) == expected)
  }

  @Test(
    "? is exactly one character, ?* one or more",
    arguments: [
      ("a?c", "abc", true), ("a?c", "ac", false), ("a?c", "abbc", false), ("a?c", "a/c", true),
      ("?*", "", false), ("?*", "x", true), ("?*", "x/y", true), ("????", "4815", true),
      ("????", "481", false),
      ("é?", "éa", true),
    ]
  )
  func question(pattern: String, subject: String, expected: Bool) {
    #expect(matches(pattern, subject) == expected)
  }

  @Test("Patterns match the whole subject, not a prefix or a substring")
  func whole() {
    #expect(!matches("abc", "abcd"))
    #expect(!matches("bc", "abc"))
    #expect(matches("abc", "abc"))
  }

  @Test("There is no escape character: a backslash is literal and still followed by a wildcard")
  func noEscape() {
    #expect(matches("a\\*", "a\\anything"))
    #expect(!matches("a\\*", "a*"))
  }

  @Test("Substitution values may hold * and ?, but not further variables")
  func variableValues() {
    let variables = ["page": ["help/*", "faq-?"], "nested": ["$(page)"]]
    #expect(matches("$(page)", "help/a/b", variables: variables))
    #expect(matches("$(page)", "faq-1", variables: variables))
    #expect(!matches("$(page)", "faq-12", variables: variables))
    #expect(matches("$(nested)", "$(page)", variables: variables))
    #expect(!matches("$(nested)", "faq-1", variables: variables))
  }

  @Test("An unknown variable is literal text; an unterminated $( is literal")
  func unknownVariable() {
    #expect(matches("$(nope)", "$(nope)"))
    #expect(!matches("$(nope)", "x"))
    #expect(matches("$(digit", "$(digit"))
  }

  @Test("Case-insensitive compilation lowers literals and classes")
  func caseInsensitive() {
    let pattern = WildcardPattern(
      "Ab$(upper)", variables: SubstitutionVariableTable(custom: nil), caseSensitive: false)
    #expect(pattern.matches("abq"))
    #expect(!pattern.matches("ab1"))
  }

  @Test(
    "Hostile input: work stays within (subject length + 1) x states",
    arguments: [
      (String(repeating: "*a", count: 40) + "b", String(repeating: "a", count: 100_000)),
      (String(repeating: "*", count: 5_000) + "x", String(repeating: "y", count: 100_000)),
      (String(repeating: "?*", count: 30) + "/z", String(repeating: "a/", count: 50_000)),
      ("$(lang)*$(region)*$(lang)b", String(repeating: "enUS", count: 25_000)),
    ]
  )
  func hostile(pattern: String, subject: String) {
    let compiled = WildcardPattern(
      pattern, variables: SubstitutionVariableTable(custom: nil), caseSensitive: true)
    var steps = 0
    let matched = compiled.matches(Array(subject.unicodeScalars), steps: &steps)
    #expect(!matched)
    #expect(steps <= (subject.unicodeScalars.count + 1) * compiled.stateCount * 2)
  }

  @Test("Runs of * collapse to one state")
  func starsCollapse() {
    let compiled = WildcardPattern(String(repeating: "*", count: 10_000), variables: nil, caseSensitive: true)
    #expect(compiled.stateCount == 2)
    #expect(compiled.matches(String(repeating: "q", count: 100_000)))
  }
}
