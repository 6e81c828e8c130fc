import DeepLinkRouting

/// Why the site files could not be generated: an input that would produce a broken page or file.
package struct SiteGenerationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The input that is wrong, e.g. `appStoreID`.
  package var field: String
  /// The value as given.
  package var value: String
  /// What is wrong with it.
  package var reason: String

  /// A one-line, human-readable account of the error; the value is shown with control and
  /// bidirectional-formatting characters escaped (``PrintableText``), so it stays on its line.
  package var description: String {
    "\(field) \"\(PrintableText.escaped(value))\": \(reason)"
  }
}
