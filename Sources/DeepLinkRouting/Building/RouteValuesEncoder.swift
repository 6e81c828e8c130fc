import Foundation

/// What encoding a destination wrote: the case's name, its labelled values, and the first problem.
final class RouteValuesCapture {
  var route: String?
  var parameters = RouteParameters()
  /// Values handed out as containers (a catch-all's segments), read when encoding ends.
  var slots: [(name: String, slot: ParameterSlot)] = []
  private(set) var problem: String?

  /// Records a shape the route values cannot hold; the first one is reported.
  func refuse(_ problem: String) {
    if self.problem == nil { self.problem = problem }
  }

  // A refused container is still handed back, writing nowhere, so that encoding runs on to its end
  // and the first problem is the one reported.

  /// Refuses `problem`; the encoder given back writes nowhere.
  func refusedEncoder(_ problem: String, codingPath: [any CodingKey]) -> any Encoder {
    refuse(problem)
    return ParameterEncoder(slot: ParameterSlot(), codingPath: codingPath, capture: self)
  }

  /// Refuses `problem`; the list given back writes nowhere.
  func refusedList(_ problem: String, codingPath: [any CodingKey]) -> any UnkeyedEncodingContainer {
    refuse(problem)
    return SegmentsWriter(slot: ParameterSlot(), codingPath: codingPath, capture: self)
  }

  /// Refuses `problem`; the labelled values given back, under `caseKey`, go to a capture of their own.
  func refusedLabels<Key: CodingKey>(_ problem: String, caseKey: any CodingKey) -> KeyedEncodingContainer<Key>
  {
    refuse(problem)
    return KeyedEncodingContainer(LabelWriter<Key>(capture: RouteValuesCapture(), caseKey: caseKey))
  }
}

/// The value of one parameter, filled in by the containers of a ``ParameterEncoder``.
final class ParameterSlot {
  var value: ParameterValue?
}

/// Writes a destination as route values, reading the shape Swift synthesizes for an enum: the case's
/// name is the route, its labels are the parameter names.
///
/// `String`, fixed-width integers, `UUID`, `Bool`, `Double`, `Float`, `Decimal`, `URL` and arrays of
/// text become the parameter values a route holds; a type built on one of those (a raw-value enum) writes through a single-value container;
/// `nil` leaves an optional query item out. Anything else is an `EncodingError` that says what.
struct RouteValuesEncoder: Encoder {
  let capture: RouteValuesCapture

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The route values of a destination.
  static func values<Destination: Encodable>(for destination: Destination) throws -> RouteValues {
    try values(for: destination, capture: RouteValuesCapture())
  }

  /// The route values of a destination, or why it has none as URL building reports it: code
  /// `unwritableValue`, naming the case as the route and the label at fault as the parameter.
  static func routeValues<Destination: Encodable>(for destination: Destination) throws(URLBuildError)
    -> RouteValues
  {
    let capture = RouteValuesCapture()
    do {
      return try values(for: destination, capture: capture)
    } catch {
      var context: EncodingError.Context?
      if case .invalidValue(_, let found) = error as? EncodingError { context = found }
      let path = context?.codingPath ?? []
      let route = capture.route ?? path.first?.stringValue ?? String(describing: destination)
      throw URLBuildError(
        route: route,
        reason: .unwritableValue(
          name: path.count >= 2 ? path[1].stringValue : nil, detail: context?.debugDescription ?? "\(error)"))
    }
  }

  private static func values<Destination: Encodable>(
    for destination: Destination, capture: RouteValuesCapture
  ) throws -> RouteValues {
    try destination.encode(to: RouteValuesEncoder(capture: capture))
    for (name, slot) in capture.slots {
      if let value = slot.value { capture.parameters[name] = value }
    }
    if let problem = capture.problem {
      throw EncodingError.invalidValue(
        destination, EncodingError.Context(codingPath: [], debugDescription: problem))
    }
    guard let route = capture.route else {
      throw EncodingError.invalidValue(
        destination,
        EncodingError.Context(
          codingPath: [], debugDescription: "\(destination) encodes no case to name a route"))
    }
    return RouteValues(route, capture.parameters)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(CaseNameWriter<Key>(capture: capture))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    return capture.refusedList(Self.notAnEnumWithCases, codingPath: [])
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    capture.refuse(Self.notAnEnumWithCases)
    return SingleParameterWriter(slot: ParameterSlot(), codingPath: [], capture: capture)
  }

  static let notAnEnumWithCases = "a destination writes as an enum whose cases are named after the routes"
  static let holdsOneValue = "a route parameter holds one value, not labelled values"
}

/// The outer container of a destination: one key, the case's name.
private struct CaseNameWriter<Key: CodingKey>: KeyedEncodingContainerProtocol, ParameterKeyedWriting {
  let capture: RouteValuesCapture

  var codingPath: [any CodingKey] { [] }

  mutating func write(_ value: any Encodable, forKey key: Key) throws {
    throw EncodingError.invalidValue(
      value,
      EncodingError.Context(codingPath: [key], debugDescription: "a destination's case holds labelled values")
    )
  }

  mutating func encodeNil(forKey key: Key) throws {
    throw EncodingError.invalidValue(
      Optional<Int>.none as Any,
      EncodingError.Context(codingPath: [key], debugDescription: "a destination's case holds labelled values")
    )
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    if let route = capture.route, route != key.stringValue {
      capture.refuse("a destination names one case, not '\(route)' and '\(key.stringValue)'")
    }
    capture.route = key.stringValue
    return KeyedEncodingContainer(LabelWriter<NestedKey>(capture: capture, caseKey: key))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    return capture.refusedList(
      "case '\(key.stringValue)' holds labelled values, not a list", codingPath: [key])
  }

  mutating func superEncoder() -> any Encoder {
    return capture.refusedEncoder(RouteValuesEncoder.notAnEnumWithCases, codingPath: [])
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    return capture.refusedEncoder("case '\(key.stringValue)' holds labelled values", codingPath: [key])
  }
}

/// The labelled values of a case: the route's parameters, by name.
private struct LabelWriter<Key: CodingKey>: KeyedEncodingContainerProtocol, ParameterKeyedWriting {
  let capture: RouteValuesCapture
  let caseKey: any CodingKey

  var codingPath: [any CodingKey] { [caseKey] }

  mutating func write(_ value: any Encodable, forKey key: Key) throws {
    capture.parameters[key.stringValue] = try encodeParameter(
      value, codingPath: codingPath + [key], capture: capture)
  }

  /// An absent value: an optional query item left out of the link.
  mutating func encodeNil(forKey key: Key) throws {}

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    return capture.refusedLabels("'\(key.stringValue)': \(RouteValuesEncoder.holdsOneValue)", caseKey: key)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let slot = ParameterSlot()
    slot.value = .segments([])
    capture.slots.append((key.stringValue, slot))
    return SegmentsWriter(slot: slot, codingPath: codingPath + [key], capture: capture)
  }

  mutating func superEncoder() -> any Encoder {
    return capture.refusedEncoder(
      "case '\(caseKey.stringValue)': \(RouteValuesEncoder.holdsOneValue)", codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let slot = ParameterSlot()
    capture.slots.append((key.stringValue, slot))
    return ParameterEncoder(slot: slot, codingPath: codingPath + [key], capture: capture)
  }
}

/// Writes one parameter's value: a single value, or the segments of a catch-all.
private struct ParameterEncoder: Encoder {
  let slot: ParameterSlot
  let codingPath: [any CodingKey]
  let capture: RouteValuesCapture

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    // Inside a list, labelled `name` and `value` are one pair of a pair catch-all (`{narrow:pairs*}`).
    if codingPath.last?.intValue != nil {
      slot.value = .pairs([QueryItem(name: "", value: "")])
      return KeyedEncodingContainer(PairWriter<Key>(slot: slot, codingPath: codingPath, capture: capture))
    }
    return capture.refusedLabels(
      "'\(codingPath.map(\.stringValue).joined(separator: "."))': \(RouteValuesEncoder.holdsOneValue)",
      caseKey: SegmentIndex(intValue: 0))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    slot.value = .segments([])
    return SegmentsWriter(slot: slot, codingPath: codingPath, capture: capture)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleParameterWriter(slot: slot, codingPath: codingPath, capture: capture)
  }
}

/// Encodes a value of any type as one parameter: `String`, fixed-width integers, `UUID`, `Bool`,
/// `Double`, `Float`, `Decimal` and `URL` directly,
/// everything else through a ``ParameterEncoder``.
private func encodeParameter(
  _ value: any Encodable, codingPath: [any CodingKey], capture: RouteValuesCapture
) throws -> ParameterValue {
  func refuse(_ reason: String) -> EncodingError {
    EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: reason))
  }
  if let text = value as? String { return .string(text) }
  if let uuid = value as? UUID { return .uuid(uuid) }
  if let integer = value as? any FixedWidthInteger {
    guard let number = Int(exactly: integer) else {
      throw refuse("\(integer) does not fit in Int, the type of a route's integer values")
    }
    return .int(number)
  }
  if let flag = value as? Bool { return .bool(flag) }
  if let number = value as? Double { return .decimal(number) }
  if let number = value as? Float { return .decimal(Double(number)) }
  if let number = value as? Decimal {
    guard let double = Double(number.description), double.isFinite else {
      throw refuse("\(number) does not fit in Double, the type of a route's decimal values")
    }
    return .decimal(double)
  }
  if let url = value as? URL { return .url(url) }
  if let items = value as? [String: String] { return .dictionary(items) }
  let slot = ParameterSlot()
  try value.encode(to: ParameterEncoder(slot: slot, codingPath: codingPath, capture: capture))
  guard let result = slot.value else { throw refuse("\(type(of: value)) writes no value") }
  return result
}

/// The single value of a parameter.
private struct SingleParameterWriter: SingleValueEncodingContainer, ParameterValueWriting {
  let slot: ParameterSlot
  let codingPath: [any CodingKey]
  let capture: RouteValuesCapture

  mutating func write(_ value: any Encodable) throws {
    slot.value = try encodeParameter(value, codingPath: codingPath, capture: capture)
  }

  mutating func encodeNil() throws {
    throw EncodingError.invalidValue(
      Optional<Int>.none as Any,
      EncodingError.Context(
        codingPath: codingPath,
        debugDescription:
          "the value is nil (such as .some(nil) in a double optional); a parameter needs a value, and only an absent optional query item is left out"
      ))
  }
}

/// The segments of a catch-all, one string each.
private struct SegmentsWriter: UnkeyedEncodingContainer, ParameterValueWriting {
  let slot: ParameterSlot
  let codingPath: [any CodingKey]
  let capture: RouteValuesCapture
  private(set) var count = 0

  init(slot: ParameterSlot, codingPath: [any CodingKey], capture: RouteValuesCapture) {
    self.slot = slot
    self.codingPath = codingPath
    self.capture = capture
  }

  mutating func write(_ value: any Encodable) throws {
    let path = codingPath + [SegmentIndex(intValue: count)]
    guard case .segments(let segments) = slot.value ?? .segments([]) else {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: path, debugDescription: "a catch-all's segments are text"))
    }
    // A segment (text, or a typed value of a typed catch-all as its text: `[Int]` for `{ids:int+}`),
    // or a pair of a pair catch-all (`{name, value}` or `[name, value]`) as its two segments.
    let encoded = try encodeParameter(value, codingPath: path, capture: capture)
    switch encoded {
    case .string(let segment): slot.value = .segments(segments + [segment])
    case .int, .uuid, .bool, .decimal, .url: slot.value = .segments(segments + [encoded.description])
    case .pairs(let pairs): slot.value = .segments(segments + pairs.flatMap { [$0.name, $0.value ?? ""] })
    case .segments(let pair) where pair.count == 2: slot.value = .segments(segments + pair)
    default:
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path, debugDescription: "a catch-all's segments are text, or pairs of text"))
    }
    count += 1
  }

  mutating func encodeNil() throws {
    throw EncodingError.invalidValue(
      Optional<Int>.none as Any,
      EncodingError.Context(codingPath: codingPath, debugDescription: "a catch-all's segments cannot be nil"))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    return capture.refusedLabels(
      "a catch-all's segments are text, not labelled values", caseKey: SegmentIndex(intValue: count))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    return capture.refusedList("a catch-all's segments are text, not lists", codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    return capture.refusedEncoder("a catch-all's segments are text", codingPath: codingPath)
  }
}

/// One pair of a pair catch-all, written from its labels `name` and `value`.
private struct PairWriter<Key: CodingKey>: KeyedEncodingContainerProtocol, ParameterKeyedWriting {
  let slot: ParameterSlot
  let codingPath: [any CodingKey]
  let capture: RouteValuesCapture

  mutating func write(_ value: any Encodable, forKey key: Key) throws {
    guard case .pairs(let pairs) = slot.value, var pair = pairs.first else { return }
    let text = try encodeParameter(value, codingPath: codingPath + [key], capture: capture).description
    switch key.stringValue {
    case "name": pair.name = text
    case "value": pair.value = text
    default:
      capture.refuse("a pair of a pair catch-all has the labels name and value, not '\(key.stringValue)'")
    }
    slot.value = .pairs([pair])
  }

  mutating func encodeNil(forKey key: Key) throws {
    capture.refuse("a pair's '\(key.stringValue)' cannot be nil")
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    return capture.refusedLabels("a pair's '\(key.stringValue)' is one value", caseKey: key)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    return capture.refusedList("a pair's '\(key.stringValue)' is one value", codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    return capture.refusedEncoder("a pair holds a name and a value", codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    return capture.refusedEncoder("a pair's '\(key.stringValue)' is one value", codingPath: codingPath)
  }
}
