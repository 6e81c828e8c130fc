import Foundation
import Testing

@testable import UniversalLinks

/// Loads the JSON files of `Fixtures/` from the test bundle.
enum Fixture {
  static func data(_ name: String) throws -> Data {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
      "missing fixture \(name).json"
    )
    return try Data(contentsOf: url)
  }

  static func document(_ name: String) throws -> AASADocument {
    try AASADocument(jsonData: data(name))
  }

  static func matcher(_ name: String) throws -> AASAMatcher {
    AASAMatcher(document: try document(name))
  }
}

/// A matcher for a document given inline as JSON text.
func matcher(json: String) throws -> AASAMatcher {
  AASAMatcher(document: try AASADocument(jsonData: Data(json.utf8)))
}

/// A matcher for one detail of `ABCDE12345.com.example.app` with these components.
func matcher(
  _ components: [AASAComponent],
  variables: [String: [String]]? = nil,
  defaults: AASAComponent? = nil
) -> AASAMatcher {
  AASAMatcher(
    document: AASADocument(
      appLinks: AASAAppLinks(
        details: [AASADetail(appIDs: [testAppID], components: components)],
        defaults: defaults,
        substitutionVariables: variables
      )
    )
  )
}

let testAppID = "ABCDE12345.com.example.app"

/// The outcome name (`match`, `blocked`, `none`) of matching a URL or path.
func outcome(_ matcher: AASAMatcher, _ url: String, domain: String? = nil) throws -> String {
  try matcher.match(url, domain: domain).name
}

/// Whether a single-pattern path rule matches the path.
func pathMatches(_ pattern: String, _ path: String, caseSensitive: Bool? = nil, percentEncoded: Bool? = nil)
  throws -> Bool
{
  let matcher = matcher([
    AASAComponent(path: pattern, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
  ])
  return try matcher.match(path).opensApp
}
