/// The keys Apple's parser knows at each level of an apple-app-site-association document.
enum AASAKeys {
  static let topLevel = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
  static let appLinks = ["details", "defaults", "substitutionVariables", "apps"]
  static let detail = ["appIDs", "appID", "components", "paths", "defaults"]
  static let keyedDetail = ["components", "paths", "defaults"]
  static let component = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]
  static let appList = ["apps"]
  /// Words people write for a component key instead of its symbol.
  static let aliases = ["path": "/", "query": "?", "fragment": "#", "hash": "#"]
}
