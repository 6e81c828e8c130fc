/// A failure to compute where a destination belongs.
///
/// The app's parent rule is code, and code can be wrong: a destination that is (through a chain of
/// parents) its own ancestor, or a chain longer than the rules allow, would otherwise loop forever.
/// The navigator refuses such a destination and leaves its state unchanged.
public enum NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The parent rule leads back to a destination already in the chain.
  ///
  /// - Parameter chain: The destinations visited, starting at the requested one and ending with the
  ///   destination met a second time, each written with `String(describing:)`.
  case parentCycle(chain: [String])

  /// The chain of parents is longer than ``NavigationRules/maximumDepth``.
  ///
  /// - Parameters:
  ///   - destination: The requested destination, written with `String(describing:)`.
  ///   - limit: The maximum number of destinations a stack may hold.
  case chainTooDeep(destination: String, limit: Int)

  /// A human-readable explanation naming the destinations involved.
  public var description: String {
    switch self {
    case .parentCycle(let chain):
      return "parent rule forms a cycle: \(chain.joined(separator: " -> "))"
    case .chainTooDeep(let destination, let limit):
      return "parent chain of \(destination) is longer than the limit of \(limit) destinations"
    }
  }
}
