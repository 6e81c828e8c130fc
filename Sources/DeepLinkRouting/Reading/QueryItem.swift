/// One `name=value` item of a URL's query, decoded.
///
/// `?flag` (no `=`) gives a `nil` ``value``; `?flag=` gives the empty string. The two stay distinct.
/// In query names and values `+` reads as a space and `%2B` as a plus sign.
public struct QueryItem: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The item's name, decoded. Names are case-sensitive.
  public var name: String
  /// The item's value, decoded; `nil` when the item had no `=`.
  public var value: String?

  /// Creates a query item.
  ///
  /// - Parameters:
  ///   - name: The decoded name.
  ///   - value: The decoded value, or `nil` for an item written without `=`.
  public init(name: String, value: String?) {
    self.name = name
    self.value = value
  }

  /// The item as `name=value`, or `name` alone when it has no value (decoded text, not URL syntax).
  public var description: String {
    if let value { return "\(name)=\(value)" }
    return name
  }
}
