// Every rule of an app-defined kind is stated here, once: how it is declared, which declarations are
// refused, how a decoded segment or query value is checked, how kinds rank among themselves, when two
// kinds can hold the same value, how a value is written back and how the server files say it. The
// parser, the trie, the search, URL building, near misses, duplicates and the server files all ask
// these answers.

/// A kind of value an app declares once in its ``RouteTable`` (``RouteTable/kinds``) and uses in any
/// pattern by name: `{code:sku}` in a path segment, `?ref={code:sku}` in a query item.
///
/// A value is of the kind when, after percent-decoding, it starts with ``prefix`` (byte for byte) and
/// the rest holds only ``characters`` and has between ``minLength`` and ``maxLength`` of them:
///
/// ```json
/// "kinds": {
///   "sku": {"characters": "A-Z0-9-", "minLength": 3, "maxLength": 12},
///   "order": {"prefix": "ORD-", "characters": "0-9", "minLength": 6, "maxLength": 6},
///   "alias": {"prefix": "#", "characters": "a-z0-9._=-:"}
/// }
/// ```
///
/// ``characters`` lists single characters and ranges: `a-z`, `A-F` and `0-9` are ranges (two letters
/// of one case, or two digits, in order); any other `-` is the character itself (`._=-:` holds `=`,
/// `-` and `:`). Only printable ASCII may be listed, never `/` (a path segment cannot hold one); the
/// comparison is byte for byte, case included, also in a table whose ``RouteTable/Options/caseInsensitive``
/// folds literals. Checking a value reads it once: O(length), no regular expression.
public struct ValueKind: Sendable, Hashable {
  /// Text every value starts with (`#` for `#room:example.org`), compared byte for byte after
  /// percent-decoding; empty for none. It is not counted in the lengths.
  public var prefix: String
  /// The characters the rest of the value may hold: single characters and ranges such as `A-Z0-9-`.
  public var characters: String
  /// The fewest characters after the prefix (default 1).
  public var minLength: Int
  /// The most characters after the prefix, or `nil` for no bound but the link's length.
  public var maxLength: Int?

  /// Declares a kind.
  ///
  /// - Parameters:
  ///   - characters: The characters the value may hold after its prefix, such as `A-Z0-9-`.
  ///   - prefix: Text every value starts with, or `""`.
  ///   - minLength: The fewest characters after the prefix (at least 1).
  ///   - maxLength: The most characters after the prefix, or `nil`.
  public init(characters: String, prefix: String = "", minLength: Int = 1, maxLength: Int? = nil) {
    self.characters = characters
    self.prefix = prefix
    self.minLength = minLength
    self.maxLength = maxLength
  }

  /// The lengths ``minLength`` and ``maxLength`` may take: 1 to 65,535, the largest count a regex
  /// quantifier holds (nginx, which the site's configuration routes by, refuses `{1,65536}`), and
  /// more than any link's segment.
  public static let allowedLength = 1...65_535

  /// What is wrong with the declaration of the kind named `name`, and under which key, or `nil` for a
  /// kind the router accepts.
  package func problem(named name: String) -> (key: String?, problem: KindProblem)? {
    if ParameterType(rawValue: name) != nil { return (nil, .builtInName) }
    let validName =
      !name.isEmpty
      && name.unicodeScalars.enumerated().allSatisfy { position, scalar in
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
          || (position > 0 && ("0"..."9").contains(scalar))
      }
    if !validName { return (nil, .invalidName) }
    for scalar in prefix.unicodeScalars where !Self.isListable(scalar) || scalar == "/" {
      return ("prefix", .forbiddenCharacter(String(scalar)))
    }
    switch Self.characterSet(characters) {
    case .failure(let problem): return ("characters", problem)
    case .success: break
    }
    if !Self.allowedLength.contains(minLength) {
      return ("minLength", .lengthOutOfRange(key: "minLength", value: minLength))
    }
    if let maxLength {
      if !Self.allowedLength.contains(maxLength) {
        return ("maxLength", .lengthOutOfRange(key: "maxLength", value: maxLength))
      }
      if maxLength < minLength { return ("maxLength", .emptyLengthRange(min: minLength, max: maxLength)) }
    }
    return nil
  }

  /// A character ``characters`` and ``prefix`` may hold: printable ASCII, a space included.
  static func isListable(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x20 && scalar.value < 0x7F }

  /// The set ``characters`` lists, as a 128-bit map of ASCII bytes, or why it cannot be read.
  static func characterSet(_ text: String) -> Result<(low: UInt64, high: UInt64), KindProblem> {
    let scalars = Array(text.unicodeScalars)
    if scalars.isEmpty { return .failure(.noCharacters) }
    var low: UInt64 = 0
    var high: UInt64 = 0
    func add(_ value: UInt32) {
      if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
    }
    func rangeClass(_ scalar: Unicode.Scalar) -> Int? {
      if ("a"..."z").contains(scalar) { return 0 }
      if ("A"..."Z").contains(scalar) { return 1 }
      if ("0"..."9").contains(scalar) { return 2 }
      return nil
    }
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      guard isListable(scalar) else { return .failure(.forbiddenCharacter(String(scalar))) }
      if scalar == "/" { return .failure(.slash) }
      if index + 2 < scalars.count, scalars[index + 1] == "-", let first = rangeClass(scalar),
        let last = rangeClass(scalars[index + 2])
      {
        let end = scalars[index + 2]
        guard first == last, scalar.value <= end.value else {
          return .failure(.malformedRange("\(scalar)-\(end)"))
        }
        for value in scalar.value...end.value { add(value) }
        index += 3
        continue
      }
      add(scalar.value)
      index += 1
    }
    return .success((low, high))
  }
}
