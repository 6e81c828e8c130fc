/// A place in a JSON document, such as `routes[2].pattern` or `components[0]["/"]`.
package struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// One step: an object key or an array index.
  package enum Component: Hashable, Sendable {
    /// The member of an object with this key.
    case key(String)
    /// The element of an array at this zero-based index.
    case index(Int)
  }

  /// The steps from the top level; empty for the document itself.
  package var components: [Component]

  /// Creates a path.
  ///
  /// - Parameter components: The steps from the top level.
  package init(_ components: [Component] = []) {
    self.components = components
  }

  /// The document itself.
  package static let root = JSONPath()

  /// Whether this is the document itself.
  package var isRoot: Bool { components.isEmpty }

  /// This path extended by an object key.
  ///
  /// - Parameter key: The key.
  /// - Returns: The longer path.
  package func appending(key: String) -> JSONPath { appending(.key(key)) }

  /// This path extended by an array index.
  ///
  /// - Parameter index: The zero-based index.
  /// - Returns: The longer path.
  package func appending(index: Int) -> JSONPath { appending(.index(index)) }

  /// This path extended by one step, in one allocation (`components + [step]` makes two).
  private func appending(_ step: Component) -> JSONPath {
    var longer: [Component] = []
    longer.reserveCapacity(components.count + 1)
    longer.append(contentsOf: components)
    longer.append(step)
    return JSONPath(longer)
  }

  /// Keys that are identifiers print with a dot, others in brackets and quotes, indexes in brackets;
  /// empty for the root (each format names its top level in its own words).
  package var description: String {
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key) where Self.isIdentifier(key):
        text += text.isEmpty ? key : "." + key
      case .key(let key):
        text += "[" + JSONString.quoted(key) + "]"
      }
    }
    return text
  }

  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return key.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
    }
  }
}
