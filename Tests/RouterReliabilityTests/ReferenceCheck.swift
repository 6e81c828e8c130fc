import DeepLinkRouting
import Foundation

extension ReferenceRouter {
  /// A check written after a parameter's type, as the reference reads it from the rules of
  /// ValueChecks.md: the value is read by its type's rule first, then compared.
  enum Check: Hashable {
    /// An int from the lower end to the upper end, both included; `nil` leaves an end open.
    case ints(Int?, Int?)
    /// A decimal between two ends as written (`-90`, `0.5`), both included, compared as `Double`;
    /// `nil` leaves an end open.
    case decimals(String?, String?)
    /// A URL whose scheme is `https`, in any case.
    case https
    /// Any text, its ASCII letters lower-cased.
    case lower
    /// One of the words (written in lower case) once the text's ASCII letters are lower-cased; the
    /// value is the word.
    case lowerSet([String])

    /// The check as the pattern writes it after the `:`.
    var text: String {
      switch self {
      case .ints(let low, let high): "int(\(low.map(String.init) ?? "")...\(high.map(String.init) ?? ""))"
      case .decimals(let low, let high): "decimal(\(low ?? "")...\(high ?? ""))"
      case .https: "url(https)"
      case .lower: "string(lower)"
      case .lowerSet(let words): "(" + words.joined(separator: "|") + ")(lower)"
      }
    }

    /// The type the check narrows.
    var type: ParameterType {
      switch self {
      case .ints: .int
      case .decimals: .decimal
      case .https: .url
      case .lower, .lowerSet: .string
      }
    }

    /// Text with its ASCII letters `A` to `Z` lower-cased, every other byte kept.
    static func lowered(_ text: String) -> String {
      String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The value a decoded segment or query value gives under the check, or `nil` when it fails.
    func value(_ text: String) -> ParameterValue? {
      switch self {
      case .ints(let low, let high):
        guard case .int(let number)? = ReferenceRouter.typed(text, .int),
          number >= low ?? .min, number <= high ?? .max
        else { return nil }
        return .int(number)
      case .decimals(let low, let high):
        guard case .decimal(let number)? = ReferenceRouter.typed(text, .decimal),
          low.flatMap(Double.init).map({ number >= $0 }) ?? true,
          high.flatMap(Double.init).map({ number <= $0 }) ?? true
        else { return nil }
        return .decimal(number)
      case .https:
        guard let value = ReferenceRouter.typed(text, .url), text.lowercased().hasPrefix("https:") else {
          return nil
        }
        return value
      case .lower:
        return text.isEmpty ? nil : .string(Self.lowered(text))
      case .lowerSet(let words):
        let folded = Self.lowered(text)
        return words.first { $0.utf8.elementsEqual(folded.utf8) }.map(ParameterValue.string)
      }
    }

    /// Whether this check is tried before `other` at one place: int before decimal before url before
    /// text; a set in lower case before `string(lower)`; then the checks' text, byte for byte.
    func ranksBefore(_ other: Check) -> Bool {
      func order(_ check: Check) -> Int {
        switch check {
        case .ints: 0
        case .decimals: 1
        case .https: 2
        case .lowerSet: 3
        case .lower: 4
        }
      }
      if order(self) != order(other) { return order(self) < order(other) }
      return text.utf8.lexicographicallyPrecedes(other.text.utf8)
    }

    /// Whether some value passes both checks, which then make two routes alike but for them
    /// duplicates: checks of one type whose ranges overlap, two `https`, two `string(lower)`, two
    /// sets in lower case with a word in common.
    func sharesValue(with other: Check) -> Bool {
      switch (self, other) {
      case (.ints(let a, let b), .ints(let c, let d)):
        return max(a ?? .min, c ?? .min) <= min(b ?? .max, d ?? .max)
      case (.decimals(let a, let b), .decimals(let c, let d)):
        let least = max(a.flatMap(Double.init) ?? -.infinity, c.flatMap(Double.init) ?? -.infinity)
        return least <= min(b.flatMap(Double.init) ?? .infinity, d.flatMap(Double.init) ?? .infinity)
      case (.https, .https), (.lower, .lower): return true
      case (.lowerSet(let a), .lowerSet(let b)): return a.contains(where: b.contains)
      default: return false
      }
    }
  }

  /// The checks reference routes take: int ranges that share no value, decimal ranges that overlap
  /// (with open ends), https, lower case, and sets in lower case, some sharing a word.
  static let checks: [Check] = [
    .ints(1, 12), .ints(13, 99), .ints(-9, 0), .ints(100, nil), .ints(nil, -10),
    .decimals("-90", "90"), .decimals("1", nil), .decimals(nil, "12"), .decimals("90.5", nil),
    .decimals("0", "0.5"), .https, .lower, .lowerSet(["newtab", "general"]),
    .lowerSet(["general", "privacy"]), .lowerSet(["a", "1"]), .lowerSet(["video"]),
  ]

  /// The check a pattern writes as `text`, among ``checks``.
  static func check(named text: String) -> Check? { checks.first { $0.text == text } }
}
