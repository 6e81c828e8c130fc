import DeepLinkRouting
import RouteFiles

/// A key in an apple-app-site-association document that Apple's parser does not know and ignores.
///
/// Decoding tolerates such keys, like iOS does, but they are usually typos (`appIds`, `component`,
/// `excludes`) that silently disable part of the file, so the validator turns each into a warning.
package struct AASAUnknownKey: Hashable, Sendable {
  /// The path of the unknown member itself, e.g. `applinks.details[0].appIds`.
  package var path: JSONPath
  /// The unknown key as written.
  package var key: String
  /// The known key it most likely stands for, if one is close enough.
  package var suggestion: String?

  /// Creates a record of an unknown key.
  ///
  /// - Parameters:
  ///   - path: The path of the unknown member.
  ///   - key: The key as written.
  ///   - suggestion: The known key it most likely stands for.
  package init(path: JSONPath, key: String, suggestion: String?) {
    self.path = path
    self.key = key
    self.suggestion = suggestion
  }
}
