import DeepLinkRouting
import Foundation

extension ReferenceRouter {
  /// One part of a segment template.
  enum TemplatePart: Hashable {
    case literal(String)
    case parameter(String, ParameterType)
  }

  /// The template's parts as the router is given them, names left out when `named` is false.
  static func templateText(_ parts: [TemplatePart], named: Bool = true) -> String {
    parts.map { part in
      switch part {
      case .literal(let literal): ReferenceCoding.encodeAll(literal)
      case .parameter(let name, .string): named ? "{\(name)}" : "{}"
      case .parameter(let name, let type): named ? "{\(name):\(type)}" : "{:\(type)}"
      }
    }.joined()
  }

  /// The values of a decoded segment read by a template: the first literal starts it, the last
  /// ends it (without overlapping), and between two parameters the literal is found at its first
  /// occurrence after a non-empty value. ASCII letters fold when `folds`.
  static func templateValues(_ parts: [TemplatePart], _ segment: String, folds: Bool)
    -> [String: ParameterValue]?
  {
    func fold(_ text: String) -> [UInt8] {
      text.utf8.map { folds && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }
    var rest = fold(segment)[...]
    let original = Array(segment.utf8)
    var offset = 0
    var parts = parts[...]
    if case .literal(let first) = parts.first {
      let literal = fold(first)
      guard rest.starts(with: literal) else { return nil }
      rest = rest.dropFirst(literal.count)
      offset = literal.count
      parts = parts.dropFirst()
    }
    if parts.count > 1, case .literal(let last) = parts.last {
      let literal = fold(last)
      guard rest.count >= literal.count, rest.suffix(literal.count).elementsEqual(literal) else { return nil }
      rest = rest.dropLast(literal.count)
      parts = parts.dropLast()
    }
    var values: [String: ParameterValue] = [:]
    let items = Array(parts)
    var index = 0
    while index < items.count {
      guard case .parameter(let name, let type) = items[index] else { return nil }
      var length = rest.count
      var skip = 0
      if index + 1 < items.count, case .literal(let separator) = items[index + 1] {
        let literal = fold(separator)
        let bytes = Array(rest)
        guard
          let found = (1..<max(1, bytes.count)).first(where: { start in
            start + literal.count < bytes.count
              && bytes[start..<(start + literal.count)].elementsEqual(literal)
          })
        else { return nil }
        length = found
        skip = literal.count
      }
      let text = String(decoding: original[offset..<(offset + length)], as: UTF8.self)
      guard let value = typed(text, type) else { return nil }
      values[name] = value
      offset += length + skip
      rest = rest.dropFirst(length + skip)
      index += 2
    }
    return values
  }

  /// Of two templates that both take a segment: more literal bytes first, then more typed
  /// parameters, then the text without names, byte by byte.
  static func templateOrder(_ left: [TemplatePart], _ right: [TemplatePart], caseInsensitive: Bool) -> Int {
    func literalBytes(_ parts: [TemplatePart]) -> Int {
      parts.reduce(0) { total, part in
        if case .literal(let text) = part { return total + text.utf8.count }
        return total
      }
    }
    func typed(_ parts: [TemplatePart]) -> Int {
      parts.count { part in
        if case .parameter(_, let type) = part { return type != .string }
        return false
      }
    }
    func key(_ parts: [TemplatePart]) -> [UInt8] {
      parts.flatMap { part -> [UInt8] in
        switch part {
        case .literal(let text):
          Array(text.utf8).map { caseInsensitive && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        case .parameter(_, let type): Array("{:\(type)}".utf8)
        }
      }
    }
    if literalBytes(left) != literalBytes(right) { return literalBytes(right) - literalBytes(left) }
    if typed(left) != typed(right) { return typed(right) - typed(left) }
    let (a, b) = (key(left), key(right))
    if a == b { return 0 }
    return a.lexicographicallyPrecedes(b) ? -1 : 1
  }
}
