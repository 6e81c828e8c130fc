import Foundation

extension ParameterType {
  /// Converts decoded text to a value of this type, or `nil` when it does not fit.
  ///
  /// - Parameter text: A decoded path segment or query value.
  /// - Returns: The typed value.
  public func value(from text: String) -> ParameterValue? {
    switch self {
    case .string: return text.isEmpty ? nil : .string(text)
    case .int: return Self.integer(text).map(ParameterValue.int)
    case .uuid: return Self.uuid(text).map(ParameterValue.uuid)
    }
  }

  /// Whether decoded text fits this type, without building the value.
  @inline(__always)
  func accepts(_ text: String) -> Bool {
    switch self {
    case .string: !text.isEmpty
    case .int: Self.integer(text) != nil
    case .uuid: Self.isUUIDText(text)
    }
  }

  /// An optional `-` then ASCII digits only, fitting in `Int`; `007` is 7, `+7` and `-` are not integers.
  static func integer(_ text: String) -> Int? {
    var utf8 = text.utf8.makeIterator()
    guard var byte = utf8.next() else { return nil }
    let negative = byte == UInt8(ascii: "-")
    if negative {
      guard let next = utf8.next() else { return nil }
      byte = next
    }
    var value = 0
    while true {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let digit = Int(byte &- UInt8(ascii: "0"))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
      guard let following = utf8.next() else { return value }
      byte = following
    }
  }

  /// Whether decoded bytes read as an integer by the rule of ``integer(_:)``, without building text.
  @inline(__always)
  static func isInteger(_ bytes: Bytes) -> Bool {
    integerValue(bytes) != nil
  }

  /// The integer decoded bytes read as, by the rule of ``integer(_:)``, without building text.
  @inline(__always)
  static func integerValue(_ bytes: Bytes) -> Int? {
    var index = 0
    let negative = bytes.count > 0 && bytes[0] == UInt8(ascii: "-")
    if negative { index = 1 }
    guard index < bytes.count else { return nil }
    var value = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let digit = Int(byte &- UInt8(ascii: "0"))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
      index += 1
    }
    return value
  }

  /// Whether decoded bytes are a UUID by the rule of ``isUUIDText(_:)-(String)``.
  @inline(__always)
  static func isUUIDText(_ bytes: Bytes) -> Bool {
    guard bytes.count == 36 else { return false }
    for position in 0..<36 {
      let byte = bytes[position]
      if position == 8 || position == 13 || position == 18 || position == 23 {
        guard byte == UInt8(ascii: "-") else { return false }
      } else if PercentCoding.hexValue(byte) == nil {
        return false
      }
    }
    return true
  }

  /// 8-4-4-4-12 hex digits in any case.
  static func isUUIDText(_ text: String) -> Bool {
    Bytes.withUTF8(of: text) { isUUIDText($0) }
  }

  /// Reads the 16 bytes of a UUID from its text directly (Foundation's `UUID(uuidString:)` goes
  /// through `sscanf`, which dominated the cost of a match on a UUID route).
  static func uuid(_ text: String) -> UUID? {
    Bytes.withUTF8(of: text) { uuid($0) }
  }

  /// Reads the 16 bytes of a UUID from decoded bytes, with no intermediate array.
  static func uuid(_ bytes: Bytes) -> UUID? {
    guard isUUIDText(bytes) else { return nil }
    /// Byte `index` of the UUID: two hex digits, after the dashes before them.
    func byte(_ index: Int) -> UInt8 {
      let position =
        2 * index + (index >= 4 ? 1 : 0) + (index >= 6 ? 1 : 0) + (index >= 8 ? 1 : 0)
        + (index >= 10 ? 1 : 0)
      let high = PercentCoding.hexValue(bytes[position]) ?? 0
      let low = PercentCoding.hexValue(bytes[position + 1]) ?? 0
      return high << 4 | low
    }
    let value: uuid_t = (
      byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7), byte(8), byte(9), byte(10),
      byte(11), byte(12), byte(13), byte(14), byte(15)
    )
    return UUID(uuid: value)
  }
}
