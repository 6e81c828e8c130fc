import Foundation

/// Reads one parameter's value: a single value, the segments of a catch-all, or the pairs of a pair
/// catch-all.
struct ParameterDecoder: Decoder {
  let value: ParameterValue
  let codingPath: [any CodingKey]

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw Self.holdsOneValue([String: Any].self, codingPath: codingPath)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    if case .pairs(let pairs) = value { return PairsReader(elements: pairs, codingPath: codingPath) }
    guard case .segments(let segments) = value else {
      throw Self.mismatch([String].self, value, codingPath: codingPath)
    }
    return SegmentsReader(elements: segments, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleParameterReader(value: value, codingPath: codingPath)
  }

  static func holdsOneValue(_ type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: codingPath, debugDescription: "a route parameter holds one value, not labelled values"))
  }

  static func mismatch(_ type: Any.Type, _ value: ParameterValue, codingPath: [any CodingKey])
    -> DecodingError
  {
    DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: codingPath, debugDescription: "expected \(type), the link gives \(value)"))
  }
}

/// The position of a segment in a catch-all, as a coding key.
struct SegmentIndex: CodingKey {
  let intValue: Int?
  var stringValue: String { intValue.map(String.init) ?? "" }

  init(intValue: Int) { self.intValue = intValue }

  init?(stringValue: String) {
    guard let index = Int(stringValue) else { return nil }
    self.intValue = index
  }
}
