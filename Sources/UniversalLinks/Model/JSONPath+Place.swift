import DeepLinkRouting

/// A location inside an apple-app-site-association document, such as
/// `applinks.details[0].components[2]["/"]`.
///
/// Errors and diagnostics carry a path so that the reader can find the offending value. Keys that are
/// plain identifiers print with a dot, other keys (`/`, `?`, `#`, app IDs) print in brackets and quotes.
package struct AASAPath: Hashable, Sendable, CustomStringConvertible {
  /// One step of a path: an object key or an array index.
  package enum Component: Hashable, Sendable {
    /// The member of an object with this key.
    case key(String)
    /// The element of an array at this zero-based index.
    case index(Int)
  }

  /// The steps from the top level of the document to the value.
  package var components: [Component]

  /// Creates a path from its steps.
  ///
  /// - Parameter components: The steps from the top level; empty for the document itself.
  package init(_ components: [Component] = []) {
    self.components = components
  }

  /// The path of the top-level value.
  package static let root = AASAPath()

  /// The path of a member of the object at this path.
  ///
  /// - Parameter key: The member's key.
  /// - Returns: This path extended by the key.
  package func appending(key: String) -> AASAPath {
    AASAPath(components + [.key(key)])
  }

  /// The path of an element of the array at this path.
  ///
  /// - Parameter index: The element's zero-based index.
  /// - Returns: This path extended by the index.
  package func appending(index: Int) -> AASAPath {
    AASAPath(components + [.index(index)])
  }

  /// The path as text, e.g. `applinks.details[0].components[2]["/"]`; `top level` for the root.
  package var description: String {
    guard !components.isEmpty else { return "top level" }
    return JSONPath(
      components.map {
        switch $0 {
        case .key(let key): .key(key)
        case .index(let index): .index(index)
        }
      }
    ).description
  }
}
