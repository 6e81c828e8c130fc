/// The containers that read route parameters answer every `decode` call through one generic `read`, which
/// chooses how a parameter becomes the asked type; these extensions spell out the calls `Decodable` makes.
protocol ParameterKeyedReading: KeyedDecodingContainerProtocol {
  func read<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T
}

extension ParameterKeyedReading {
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(type, forKey: key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(type, forKey: key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(type, forKey: key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(type, forKey: key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(type, forKey: key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(type, forKey: key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(type, forKey: key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(type, forKey: key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(type, forKey: key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(type, forKey: key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(type, forKey: key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(type, forKey: key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(type, forKey: key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(type, forKey: key) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(type, forKey: key) }
}

protocol ParameterSingleValueReading: SingleValueDecodingContainer {
  func read<T: Decodable>(_ type: T.Type) throws -> T
}

extension ParameterSingleValueReading {
  func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
  func decode(_ type: String.Type) throws -> String { try read(type) }
  func decode(_ type: Double.Type) throws -> Double { try read(type) }
  func decode(_ type: Float.Type) throws -> Float { try read(type) }
  func decode(_ type: Int.Type) throws -> Int { try read(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
}

/// A catch-all's list (segments or pairs) read element by element: the reader names what an element is
/// and how one becomes the asked type; reading past the end, and the element's place in the coding path,
/// are the same for every list.
protocol ParameterUnkeyedReading: UnkeyedDecodingContainer {
  associatedtype Element
  /// The list's elements, in order.
  var elements: [Element] { get }
  var currentIndex: Int { get set }
  /// What an element is called where the list has none left (`segment`, `pair`).
  static var elementName: String { get }
  /// The element `element`, at `codingPath`, as `type`.
  func read<T: Decodable>(_ type: T.Type, from element: Element, codingPath: [any CodingKey]) throws -> T
}

extension ParameterUnkeyedReading {
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  mutating func decodeNil() throws -> Bool { false }

  /// The element at ``currentIndex``, asked for as `type`, and its place: the coding path with its
  /// index appended.
  ///
  /// - Throws: `DecodingError.valueNotFound` when the list has no element left.
  func current(_ type: Any.Type) throws -> (element: Element, codingPath: [any CodingKey]) {
    let path = codingPath + [SegmentIndex(intValue: currentIndex)]
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: path, debugDescription: "no \(Self.elementName) left"))
    }
    return (elements[currentIndex], path)
  }

  /// The next element as `type`.
  mutating func read<T: Decodable>(_ type: T.Type) throws -> T {
    let (element, path) = try current(type)
    let result = try read(type, from: element, codingPath: path)
    currentIndex += 1
    return result
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
  mutating func decode(_ type: String.Type) throws -> String { try read(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try read(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try read(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try read(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
}

/// The containers that write route values answer every `encode` call through one `write` of any
/// `Encodable`, compiled once rather than for each of the types `Encodable` spells out.
protocol ParameterKeyedWriting: KeyedEncodingContainerProtocol {
  mutating func write(_ value: any Encodable, forKey key: Key) throws
}

extension ParameterKeyedWriting {
  mutating func encode(_ value: Bool, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: String, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try write(value, forKey: key) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try write(value, forKey: key) }
}

/// The single-value and unkeyed containers that write route values answer every `encode(_:)` call through
/// one `write` of any `Encodable`; both container protocols ask for the same calls, so one list serves them.
protocol ParameterValueWriting {
  mutating func write(_ value: any Encodable) throws
}

extension ParameterValueWriting {
  mutating func encode(_ value: Bool) throws { try write(value) }
  mutating func encode(_ value: String) throws { try write(value) }
  mutating func encode(_ value: Double) throws { try write(value) }
  mutating func encode(_ value: Float) throws { try write(value) }
  mutating func encode(_ value: Int) throws { try write(value) }
  mutating func encode(_ value: Int8) throws { try write(value) }
  mutating func encode(_ value: Int16) throws { try write(value) }
  mutating func encode(_ value: Int32) throws { try write(value) }
  mutating func encode(_ value: Int64) throws { try write(value) }
  mutating func encode(_ value: UInt) throws { try write(value) }
  mutating func encode(_ value: UInt8) throws { try write(value) }
  mutating func encode(_ value: UInt16) throws { try write(value) }
  mutating func encode(_ value: UInt32) throws { try write(value) }
  mutating func encode(_ value: UInt64) throws { try write(value) }
  mutating func encode<T: Encodable>(_ value: T) throws { try write(value) }
}
