import DeepLinkRouting

/// A failure to compute where a destination belongs.
///
/// The app's parent rule is code, and code can be wrong: a destination that is (through a chain of
/// parents) its own ancestor, or a chain longer than the rules allow, would otherwise loop forever.
/// The navigator refuses such a destination and leaves its state unchanged.
///
/// ``code`` says what went wrong; the details that belong to it (``chain``, ``destination`` and
/// ``limit``) are set for the codes that have them and `nil` otherwise. New kinds of failure can be
/// added as new codes without breaking callers.
public struct NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure it is.
  public let code: ErrorCode<NavigationError>
  /// A human-readable explanation naming the destinations involved.
  public let description: String
  /// The destinations visited, starting at the requested one and ending with the destination met a
  /// second time, each written with `String(describing:)`, for `parentCycle`; `nil` otherwise.
  public private(set) var chain: [String]?
  /// The requested destination, written with `String(describing:)`, for `chainTooDeep`; `nil`
  /// otherwise.
  public private(set) var destination: String?
  /// The maximum number of destinations a stack may hold, for `chainTooDeep`; `nil` otherwise.
  public private(set) var limit: Int?

}

extension NavigationError {
  /// The parent rule leads back to a destination already in the chain.
  ///
  /// - Parameter chain: The destinations visited, starting at the requested one and ending with the
  ///   destination met a second time, each written with `String(describing:)`.
  /// - Returns: An error with code `parentCycle`.
  public static func parentCycle(chain: [String]) -> Self {
    Self(
      code: .parentCycle, description: "parent rule forms a cycle: \(chain.joined(separator: " -> "))",
      chain: chain)
  }

  /// The chain of parents is longer than ``NavigationRules/maximumDepth``.
  ///
  /// - Parameters:
  ///   - destination: The requested destination, written with `String(describing:)`.
  ///   - limit: The maximum number of destinations a stack may hold.
  /// - Returns: An error with code `chainTooDeep`.
  public static func chainTooDeep(destination: String, limit: Int) -> Self {
    Self(
      code: .chainTooDeep,
      description: "parent chain of \(destination) is longer than the limit of \(limit) destinations",
      destination: destination, limit: limit)
  }
}

extension ErrorCode where Subject == NavigationError {
  /// The parent rule leads back to a destination already in the chain; see
  /// ``NavigationError/chain``.
  public static let parentCycle = Self("parent-cycle")
  /// The chain of parents is longer than ``NavigationRules/maximumDepth``; see
  /// ``NavigationError/destination`` and ``NavigationError/limit``.
  public static let chainTooDeep = Self("chain-too-deep")
}
