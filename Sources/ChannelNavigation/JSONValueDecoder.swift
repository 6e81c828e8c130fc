import DeepLinkRouting
import RouteFiles

/// Decodes `Decodable` types from a ``JSONValue`` read by ``JSONReader``, with exact types.
///
/// A `Bool` takes only `true` and `false`, an integer type only a number written as an integer that
/// fits, a floating-point type any number, a `String` only a string. Errors are `DecodingError`s whose
/// coding path names the place and whose description names what was found and the line and column.
/// Every key an object holds that the type never asked for is returned as an unknown key with a
/// suggestion, so a format can refuse misspellings.
struct JSONValueDecoder {
  /// Decodes a value and lists the keys no decoding step asked for.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - value: The document.
  /// - Returns: The decoded value and the unknown keys, in document order.
  /// - Throws: `DecodingError` for a missing key or a value of the wrong type, and the errors of the
  ///   type's own `init(from:)`.
  func decode<Value: Decodable>(
    _ type: Value.Type, from value: JSONValue
  ) throws -> (value: Value, unknownKeys: [JSONUnknownKey]) {
    let log = KeyLog()
    let decoded = try Value(from: ValueDecoder(value: value, codingPath: [], path: .root, log: log))
    return (decoded, log.unknownKeys())
  }
}

/// The keys each object was asked for, to find the keys nobody asked for.
private final class KeyLog {
  private var objects: [JSONPath: (object: JSONObject, asked: Set<String>)] = [:]
  private var order: [JSONPath] = []

  func register(_ object: JSONObject) {
    if objects[object.path] == nil {
      objects[object.path] = (object, [])
      order.append(object.path)
    }
  }

  func asked(_ key: String, in path: JSONPath) {
    objects[path]?.asked.insert(key)
  }

  func unknownKeys() -> [JSONUnknownKey] {
    order.flatMap { path -> [JSONUnknownKey] in
      guard let entry = objects[path] else { return [] }
      let known = Array(entry.asked).sorted()
      return entry.object.unknownKeys(known: known)
    }
  }
}

private struct IndexKey: CodingKey {
  var intValue: Int?
  var stringValue: String
  init(_ index: Int) {
    intValue = index
    stringValue = String(index)
  }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.init(intValue) }
}

private struct ValueDecoder: Decoder, SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]
  let path: JSONPath
  let log: KeyLog
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
    let error = JSONField(value, at: path).mismatch(expected)
    if case .null = value.kind {
      return .valueNotFound(
        type, DecodingError.Context(codingPath: codingPath, debugDescription: error.description))
    }
    return .typeMismatch(
      type, DecodingError.Context(codingPath: codingPath, debugDescription: error.description))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value.kind else {
      throw mismatch([String: Any].self, "an object")
    }
    let object = JSONObject(members: members, path: path, position: value.position)
    log.register(object)
    return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, object: object))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value.kind else {
      throw mismatch([Any].self, "an array")
    }
    return UnkeyedContainer(decoder: self, elements: elements)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func child(_ value: JSONValue, key: any CodingKey, path: JSONPath) -> ValueDecoder {
    ValueDecoder(value: value, codingPath: codingPath + [key], path: path, log: log)
  }

  // MARK: Single value

  func decodeNil() -> Bool {
    if case .null = value.kind { return true }
    return false
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let flag) = value.kind else { throw mismatch(type, "true or false") }
    return flag
  }

  func decode(_ type: String.Type) throws -> String {
    guard case .string(let text) = value.kind else { throw mismatch(type, "a string") }
    return text
  }

  func decode(_ type: Double.Type) throws -> Double {
    guard case .number(let number) = value.kind, let double = number.double else {
      throw mismatch(type, "a number")
    }
    return double
  }

  func decode(_ type: Float.Type) throws -> Float {
    guard case .number(let number) = value.kind, let float = Float(number.text), float.isFinite else {
      throw mismatch(type, "a number")
    }
    return float
  }

  func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    // Read once as the widest integer of its sign, then fitted: one reading for every integer type.
    guard case .number(let number) = value.kind,
      let integer = number.text.hasPrefix("-")
        ? Int64(number.text).flatMap(Integer.init(exactly:))
        : UInt64(number.text).flatMap(Integer.init(exactly:))
    else {
      throw mismatch(type, "an integer that fits in \(type)")
    }
    return integer
  }

  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
  func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try Value(from: self) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ValueDecoder
  let object: JSONObject
  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] {
    object.members.compactMap { member in
      decoder.log.asked(member.key, in: object.path)
      return Key(stringValue: member.key)
    }
  }

  func contains(_ key: Key) -> Bool {
    decoder.log.asked(key.stringValue, in: object.path)
    return object.members.contains { $0.key == key.stringValue }
  }

  func child(_ key: Key) throws -> ValueDecoder {
    decoder.log.asked(key.stringValue, in: object.path)
    guard let field = object[key.stringValue] else {
      let place = object.position.map { " in the object at \($0)" } ?? ""
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath, debugDescription: "missing key \"\(key.stringValue)\"\(place)"))
    }
    return decoder.child(field.value, key: key, path: field.path)
  }

  func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
  func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
    try Value(from: child(key))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try child(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try child(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { decoder }
  func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: ValueDecoder
  let elements: [JSONValue]
  var currentIndex = 0
  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  mutating func next() throws -> ValueDecoder {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        Any.self,
        DecodingError.Context(
          codingPath: codingPath + [IndexKey(currentIndex)],
          debugDescription: "the array has no more elements"))
    }
    let element = decoder.child(
      elements[currentIndex], key: IndexKey(currentIndex), path: decoder.path.appending(index: currentIndex))
    currentIndex += 1
    return element
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, case .null = elements[currentIndex].kind else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
  mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
  mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try Value(from: next()) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try next().container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next().unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try next() }
}
