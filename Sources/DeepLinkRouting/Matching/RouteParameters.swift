import Foundation

/// The typed values a route captured, in pattern order, looked up by name.
///
/// ```swift
/// if let match = try router.match("myapp://channel/video/12345") {
///   match.parameters.string("clipId")  // "12345"
/// }
/// ```
public struct RouteParameters: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral,
  CustomStringConvertible
{
  /// One captured parameter, as stored.
  package struct Entry: Sendable, Hashable {
    /// The parameter's name.
    package var name: String
    /// The parameter's value.
    package var value: ParameterValue

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - name: The parameter's name.
    ///   - value: The parameter's value.
    package init(name: String, value: ParameterValue) {
      self.name = name
      self.value = value
    }
  }

  /// The entries, in pattern order.
  package private(set) var entries: [Entry]

  /// Creates parameters from entries in order.
  ///
  /// - Parameter entries: The entries; names should be unique.
  package init(_ entries: [Entry]) {
    self.entries = entries
  }

  /// Creates parameters from name and value pairs in order.
  ///
  /// - Parameter parameters: The pairs; names should be unique.
  public init(_ parameters: [(name: String, value: ParameterValue)] = []) {
    self.entries = parameters.map { Entry(name: $0.name, value: $0.value) }
  }

  /// Creates parameters from a dictionary literal, keeping the literal's order.
  ///
  /// - Parameter elements: Name and value pairs.
  public init(dictionaryLiteral elements: (String, ParameterValue)...) {
    self.entries = elements.map { Entry(name: $0.0, value: $0.1) }
  }

  /// The position of the first entry.
  public var startIndex: Int { entries.startIndex }
  /// The position past the last entry.
  public var endIndex: Int { entries.endIndex }
  /// The parameter at a position: its name and value.
  ///
  /// - Parameter position: A valid index.
  public subscript(position: Int) -> (name: String, value: ParameterValue) {
    (entries[position].name, entries[position].value)
  }

  /// The value of the parameter with this name, or `nil` when it was not captured.
  ///
  /// - Parameter name: A parameter name from the pattern.
  public subscript(name: String) -> ParameterValue? {
    get { entries.first { $0.name == name }?.value }
    set {
      if let index = entries.firstIndex(where: { $0.name == name }) {
        if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
      } else if let newValue {
        entries.append(Entry(name: name, value: newValue))
      }
    }
  }

  /// The text of a `{name}` parameter, or `nil` when absent or not text.
  ///
  /// - Parameter name: A parameter name from the pattern.
  /// - Returns: The decoded text.
  public func string(_ name: String) -> String? { self[name]?.stringValue }

  /// The integer of a `{name:int}` parameter, or `nil` when absent or not an integer.
  ///
  /// - Parameter name: A parameter name from the pattern.
  /// - Returns: The integer.
  public func int(_ name: String) -> Int? { self[name]?.intValue }

  /// The UUID of a `{name:uuid}` parameter, or `nil` when absent or not a UUID.
  ///
  /// - Parameter name: A parameter name from the pattern.
  /// - Returns: The UUID.
  public func uuid(_ name: String) -> UUID? { self[name]?.uuidValue }

  /// The segments of a `{name+}` or `{name*}` catch-all, or `nil` when absent.
  ///
  /// - Parameter name: A parameter name from the pattern.
  /// - Returns: The decoded segments.
  public func segments(_ name: String) -> [String]? { self[name]?.segmentsValue }

  /// The parameters as a dictionary keyed by name.
  public var dictionary: [String: ParameterValue] {
    Dictionary(entries.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// `name=value` pairs in order, separated by spaces.
  public var description: String {
    entries.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
  }
}
