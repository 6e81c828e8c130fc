import Foundation

/// Reads a destination from a route match by presenting the shape Swift synthesizes for an enum:
/// `{"routeName": {"label": value, ...}}`, a case without associated values being `{"routeName": {}}`.
///
/// A `{name}` parameter reads as `String`, `{name:int}` as any fixed-width integer that holds the value,
/// `{name:uuid}` as `UUID`, `{name:bool}` as `Bool`, `{name:decimal}` as `Double`, `Float` or `Decimal`
/// (read from the link's digits), `{name:url}` as `URL`, a catch-all as `[String]` (or as a list of
/// another of those types, each segment read by that type's rule: `[Int]` for `{ids:int+}`), a pair
/// catch-all as an array of `{name, value}` (or of `[name, value]`: `[[String]]`); a type built on one
/// of those (a raw-value enum) reads through a single-value container. An optional query item that is absent reads as `nil`.
struct RouteMatchDecoder: Decoder {
  let route: String
  let parameters: RouteParameters
  let log: DestinationReadLog

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Decodes a destination from a route's values.
  static func decode<Destination: Decodable>(
    _ type: Destination.Type, route: String, parameters: RouteParameters,
    log: DestinationReadLog = DestinationReadLog()
  ) throws -> Destination {
    try Destination(from: RouteMatchDecoder(route: route, parameters: parameters, log: log))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let caseKey = Key(stringValue: route)
    if caseKey == nil { log.routeIsNoCase = true }
    return KeyedDecodingContainer(CaseNameContainer<Key>(decoder: self, caseKey: caseKey))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw Self.notAnEnumWithCases([Any].self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw Self.notAnEnumWithCases(Any.self)
  }

  private static func notAnEnumWithCases(_ type: Any.Type) -> DecodingError {
    DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: [],
        debugDescription: "a destination reads as an enum whose cases are named after the routes"))
  }
}

/// The outer container of a destination: one key, the route's name.
private struct CaseNameContainer<Key: CodingKey>: KeyedDecodingContainerProtocol, ParameterKeyedReading {
  let decoder: RouteMatchDecoder
  let caseKey: Key?

  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { caseKey.map { [$0] } ?? [] }

  func contains(_ key: Key) -> Bool { key.stringValue == decoder.route }

  func decodeNil(forKey key: Key) throws -> Bool { false }

  func read<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    throw DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: [key],
        debugDescription: "a destination's case holds labelled values, not a single \(type)"))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    guard contains(key) else {
      throw DecodingError.keyNotFound(
        key, DecodingError.Context(codingPath: [], debugDescription: "the link is route '\(decoder.route)'"))
    }
    return KeyedDecodingContainer(LabelContainer<NestedKey>(decoder: decoder, caseKey: key))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch(
      [Any].self,
      DecodingError.Context(codingPath: [key], debugDescription: "a destination's case holds labelled values")
    )
  }

  func superDecoder() throws -> any Decoder { decoder }

  func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

/// The labelled values of the route's case: the route's parameters, by name.
private struct LabelContainer<Key: CodingKey>: KeyedDecodingContainerProtocol, ParameterKeyedReading {
  let decoder: RouteMatchDecoder
  let caseKey: any CodingKey

  var codingPath: [any CodingKey] { [caseKey] }
  var allKeys: [Key] { decoder.parameters.compactMap { Key(stringValue: $0.name) } }

  func contains(_ key: Key) -> Bool {
    decoder.log.request(key.stringValue)
    return decoder.parameters[key.stringValue] != nil
  }

  func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

  func read<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    decoder.log.request(key.stringValue)
    guard let value = decoder.parameters[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "route '\(decoder.route)' has no value '\(key.stringValue)'"))
    }
    return try decodeParameter(type, from: value, codingPath: codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw ParameterDecoder.holdsOneValue([String: Any].self, codingPath: codingPath + [key])
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try read(ParameterDecoderBox.self, forKey: key).decoder.unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    throw ParameterDecoder.holdsOneValue([String: Any].self, codingPath: codingPath)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try read(ParameterDecoderBox.self, forKey: key).decoder
  }
}

/// Hands out the decoder of one parameter, for `nestedUnkeyedContainer` and `superDecoder(forKey:)`.
private struct ParameterDecoderBox: Decodable {
  let decoder: any Decoder

  init(from decoder: any Decoder) throws { self.decoder = decoder }
}

/// Decodes a value of any type from one parameter: `String`, fixed-width integers, `UUID`, `Bool`,
/// `Double`, `Float`, `Decimal`, `URL`, `[String]` and `[String: String]` directly, everything else through a ``ParameterDecoder``.
private func decodeParameter<T: Decodable>(
  _ type: T.Type, from value: ParameterValue, codingPath: [any CodingKey]
) throws -> T {
  guard let result = try decodeParameterValue(type, from: value, codingPath: codingPath) as? T else {
    throw ParameterDecoder.mismatch(type, value, codingPath: codingPath)
  }
  return result
}

/// The value `decodeParameter` returns, for a type known only at run time: one compiled body for every
/// type `Decodable` spells out.
private func decodeParameterValue(
  _ type: any Decodable.Type, from value: ParameterValue, codingPath: [any CodingKey]
) throws -> Any {
  // The value of the parameter's case when that case holds the asked type; any other case is a mismatch.
  func ofCase(_ payload: Any?) throws -> Any {
    guard let result = payload else { throw ParameterDecoder.mismatch(type, value, codingPath: codingPath) }
    return result
  }
  if type == String.self { return try ofCase(value.stringValue) }
  if type == UUID.self { return try ofCase(value.uuidValue) }
  if let integerType = type as? any FixedWidthInteger.Type {
    guard case .int(let number) = value else {
      throw ParameterDecoder.mismatch(type, value, codingPath: codingPath)
    }
    guard let result = exactInteger(integerType, number) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: codingPath, debugDescription: "\(number) does not fit in \(type)"))
    }
    return result
  }
  if type == Bool.self { return try ofCase(value.boolValue) }
  if type == Double.self || type == Float.self || type == Decimal.self {
    guard case .decimal(let number) = value else {
      throw ParameterDecoder.mismatch(type, value, codingPath: codingPath)
    }
    return type == Double.self
      ? number : type == Float.self ? Float(number) : Decimal(string: value.description) ?? Decimal(number)
  }
  if type == URL.self { return try ofCase(value.urlValue) }
  if type == [String: String].self { return try ofCase(value.dictionaryValue) }
  return try type.init(from: ParameterDecoder(value: value, codingPath: codingPath))
}

private func exactInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, _ number: Int) -> Integer? {
  Integer(exactly: number)
}

/// The single value of a parameter.
struct SingleParameterReader: SingleValueDecodingContainer, ParameterSingleValueReading {
  let value: ParameterValue
  let codingPath: [any CodingKey]

  func decodeNil() -> Bool { false }

  func read<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeParameter(type, from: value, codingPath: codingPath)
  }
}

/// Text read as the parameter type that gives the Swift type asked for, by that type's rule (`Int` as
/// `{x:int}` reads it, `Bool` as `{x:bool}`), or as text when no type gives it or the text does not fit:
/// how a catch-all's segment and a pair's operand are read.
private func typedText(_ text: String, as type: Any.Type) -> ParameterValue {
  let parameterType: ParameterType? =
    type is any FixedWidthInteger.Type
    ? .int
    : type == Double.self || type == Float.self || type == Decimal.self
      ? .decimal : type == Bool.self ? .bool : type == UUID.self ? .uuid : type == URL.self ? .url : nil
  return parameterType?.value(from: text) ?? .string(text)
}

/// The segments of a catch-all, one string each, read as the Swift type asked for by that type's rule
/// (`[Int]` for `{ids:int+}`).
struct SegmentsReader: UnkeyedDecodingContainer, ParameterUnkeyedReading {
  let elements: [String]
  let codingPath: [any CodingKey]
  var currentIndex = 0
  static var elementName: String { "segment" }

  func read<T: Decodable>(_ type: T.Type, from element: String, codingPath: [any CodingKey]) throws -> T {
    try decodeParameter(type, from: typedText(element, as: type), codingPath: codingPath)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw ParameterDecoder.holdsOneValue([String: Any].self, codingPath: codingPath)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw ParameterDecoder.holdsOneValue([Any].self, codingPath: codingPath)
  }

  mutating func superDecoder() throws -> any Decoder {
    throw ParameterDecoder.holdsOneValue([String: Any].self, codingPath: codingPath)
  }
}

/// The pairs of a pair catch-all (`{narrow:pairs*}`), one element each, read as a `Decodable` with the
/// keys `name` and `value` (`struct Term: Decodable { let name: String; let value: String }`) or as a
/// list of two strings (`[[String]]`).
struct PairsReader: UnkeyedDecodingContainer, ParameterUnkeyedReading {
  let elements: [QueryItem]
  let codingPath: [any CodingKey]
  var currentIndex = 0
  static var elementName: String { "pair" }

  func read<T: Decodable>(_ type: T.Type, from element: QueryItem, codingPath: [any CodingKey]) throws -> T {
    try T(from: PairDecoder(pair: element, codingPath: codingPath))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try PairDecoder(pair: current([String: Any].self).element, codingPath: codingPath).container(
      keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try PairDecoder(pair: current([Any].self).element, codingPath: codingPath).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    PairDecoder(pair: try current(Any.self).element, codingPath: codingPath)
  }
}

/// One pair of a pair catch-all: keyed, `name` (the operator) and `value` (the operand), or a list of the
/// two. The operand reads as text, or as the Swift type asked for by that type's rule (`Int` as
/// `{x:int}` reads, `Bool` as `{x:bool}`), so a pair whose operand does not parse refuses the destination.
struct PairDecoder: Decoder {
  let pair: QueryItem
  let codingPath: [any CodingKey]

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(PairKeyedReader<Key>(pair: pair, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    SegmentsReader(elements: [pair.name, pair.value ?? ""], codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw ParameterDecoder.holdsOneValue(Any.self, codingPath: codingPath)
  }
}

/// The keys of one pair: `name` and `value`.
private struct PairKeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol, ParameterKeyedReading {
  let pair: QueryItem
  let codingPath: [any CodingKey]

  var allKeys: [Key] { ["name", "value"].compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { key.stringValue == "name" || key.stringValue == "value" }

  func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

  func read<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let path = codingPath + [key]
    switch key.stringValue {
    case "name": return try decodeParameter(type, from: .string(pair.name), codingPath: path)
    case "value":
      let text = pair.value ?? ""
      return try decodeParameter(type, from: typedText(text, as: type), codingPath: path)
    default:
      throw DecodingError.keyNotFound(
        key, DecodingError.Context(codingPath: codingPath, debugDescription: "a pair has a name and a value"))
    }
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw ParameterDecoder.holdsOneValue([String: Any].self, codingPath: codingPath + [key])
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw ParameterDecoder.holdsOneValue([Any].self, codingPath: codingPath + [key])
  }

  func superDecoder() throws -> any Decoder {
    throw ParameterDecoder.holdsOneValue([String: Any].self, codingPath: codingPath)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    throw ParameterDecoder.holdsOneValue([String: Any].self, codingPath: codingPath + [key])
  }
}
