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

  /// The failure and the details that belong to it.
  private enum Failure: Sendable, Hashable {
    case parentCycle(chain: [String])
    case chainTooDeep(destination: String, limit: Int)
  }

  private let failure: Failure

  private init(_ failure: Failure) {
    self.failure = failure
  }

  /// What kind of failure it is.
  public var code: ErrorCode<NavigationError> {
    switch failure {
    case .parentCycle: .parentCycle
    case .chainTooDeep: .chainTooDeep
    }
  }

  /// The destinations visited, starting at the requested one and ending with the destination met a
  /// second time, each written with `String(describing:)`, for `parentCycle`; `nil` otherwise.
  public var chain: [String]? {
    guard case .parentCycle(let chain) = failure else { return nil }
    return chain
  }

  /// The requested destination, written with `String(describing:)`, for `chainTooDeep`; `nil`
  /// otherwise.
  public var destination: String? {
    guard case .chainTooDeep(let destination, _) = failure else { return nil }
    return destination
  }

  /// The maximum number of destinations a stack may hold, for `chainTooDeep`; `nil` otherwise.
  public var limit: Int? {
    guard case .chainTooDeep(_, let limit) = failure else { return nil }
    return limit
  }

  /// A human-readable explanation naming the destinations involved.
  public var description: String {
    switch failure {
    case .parentCycle(let chain):
      return "parent rule forms a cycle: \(chain.joined(separator: " -> "))"
    case .chainTooDeep(let destination, let limit):
      return "parent chain of \(destination) is longer than the limit of \(limit) destinations"
    }
  }
}

extension NavigationError {
  /// The parent rule leads back to a destination already in the chain.
  ///
  /// - Parameter chain: The destinations visited, starting at the requested one and ending with the
  ///   destination met a second time, each written with `String(describing:)`.
  /// - Returns: An error with code `parentCycle`.
  public static func parentCycle(chain: [String]) -> Self {
    Self(.parentCycle(chain: chain))
  }

  /// The chain of parents is longer than ``NavigationRules/maximumDepth``.
  ///
  /// - Parameters:
  ///   - destination: The requested destination, written with `String(describing:)`.
  ///   - limit: The maximum number of destinations a stack may hold.
  /// - Returns: An error with code `chainTooDeep`.
  public static func chainTooDeep(destination: String, limit: Int) -> Self {
    Self(.chainTooDeep(destination: destination, limit: limit))
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
