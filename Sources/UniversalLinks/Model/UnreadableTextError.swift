import DeepLinkRouting

/// Why a text given to the universal-link tools could not be read: a route template that is not a
/// path shape, or a URL the apple-app-site-association matcher cannot match.
///
/// ``code`` says which reading failed; ``text`` is the text as given and ``reason`` what is wrong with
/// it.
package struct UnreadableTextError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which reading failed.
  package let code: ErrorCode<UnreadableTextError>
  /// The text as given (a long URL shortened).
  package let text: String
  /// What is wrong with it.
  package let reason: String
  /// A one-line, human-readable account of the error.
  package let description: String

  /// A route template that cannot be read as a ``RoutePathShape``: code `invalidRouteTemplate`.
  ///
  /// - Parameters:
  ///   - template: The template as given.
  ///   - reason: What is wrong with it.
  /// - Returns: The error.
  package static func invalidRouteTemplate(_ template: String, _ reason: String) -> Self {
    Self(
      code: .invalidRouteTemplate, text: template, reason: reason,
      description: "invalid route template \"\(template)\": \(reason)")
  }

  /// A text that cannot be read as a URL to match against an apple-app-site-association file: code
  /// `unmatchableURL`.
  ///
  /// - Parameters:
  ///   - input: The text as given.
  ///   - reason: What is wrong with it.
  /// - Returns: The error.
  package static func unmatchableURL(_ input: String, _ reason: String) -> Self {
    Self(
      code: .unmatchableURL, text: input, reason: reason, description: "cannot match \"\(input)\": \(reason)")
  }
}

extension ErrorCode where Subject == UnreadableTextError {
  /// A route template that is not a path shape (an empty segment, an unterminated `{}`, an unknown
  /// type, a catch-all that is not last).
  package static let invalidRouteTemplate = Self("invalid-route-template")
  /// A text that is neither an absolute URL nor a path, or whose path, query or fragment is longer than
  /// the matcher reads.
  package static let unmatchableURL = Self("unmatchable-url")
}
