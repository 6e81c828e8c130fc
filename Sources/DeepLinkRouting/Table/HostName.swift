import Foundation

/// A host name's one form inside the router: ASCII, lower-cased, each Unicode label as `xn--` and its
/// Punycode (``Punycode``), as browsers put it on the wire and as DNS, TLS certificates, Apple's
/// associated domains and Android's `android:host` name the host.
///
/// `chat.example.भारत` and `chat.example.xn--h2brj9c` are one host; the router keeps the second, so a
/// table written in either spelling reads links in either spelling, and every file made from the table
/// (AASA, intent filters, nginx) names the host as the systems that read it expect.
///
/// The conversion is the processing browsers do (UTS #46, non-transitional, as WHATWG's URL standard
/// asks), for the hosts real sites use: each label is mapped by compatibility normalization (NFKC:
/// full-width `ＥＸＡＭＰＬＥ` is `example`), lower-cased and composed again (NFC); `。`, `．` and `｡`
/// separate labels as `.` does. A Unicode label then becomes `xn--` and its Punycode; an `xn--` label
/// must decode to the label it would be written from. Refused: an empty label, a label over 63 bytes
/// or a host over 253 (in the ASCII form, the one DNS limits), an ASCII character other than a letter,
/// a digit or `-`, and Unicode that no host name holds (controls, spaces, format and private-use
/// characters, unassigned scalars, a label that starts with a combining mark). The bidirectional and
/// joiner rules of IDNA2008 (RFC 5893, RFC 5892's CONTEXTJ) are not checked: a host that breaks them
/// has no certificate or DNS name to reach, so it is refused further on.
package enum HostName {
  /// The longest label, in bytes of its ASCII form (RFC 1035).
  package static let maxLabelLength = 63
  /// The longest host, in bytes of its ASCII form without a trailing dot (RFC 1035).
  package static let maxLength = 253

  /// Why a host name has no ASCII form.
  package enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two dots in a row, or a dot first or last.
    case emptyLabel
    /// A label over 63 bytes in its ASCII form (the label as written is given).
    case labelTooLong(String, bytes: Int)
    /// A host over 253 bytes in its ASCII form.
    case tooLong(bytes: Int)
    /// A character no host name holds.
    case disallowedCharacter(Unicode.Scalar)
    /// A label that starts with a combining mark.
    case leadingCombiningMark(String)
    /// An `xn--` label that is not Punycode of a Unicode label in its mapped form.
    case invalidPunycode(String)

    package var description: String {
      switch self {
      case .emptyLabel: "a label is empty"
      case .labelTooLong(let label, let bytes):
        "label '\(label)' is \(bytes) bytes in ASCII (at most \(HostName.maxLabelLength))"
      case .tooLong(let bytes): "the host is \(bytes) bytes in ASCII (at most \(HostName.maxLength))"
      case .disallowedCharacter(let scalar):
        "\(LinkError.codePoint(scalar.value)) cannot be in a host name"
      case .leadingCombiningMark(let label): "label '\(label)' starts with a combining mark"
      case .invalidPunycode(let label): "'\(label)' is not valid Punycode of a Unicode label"
      }
    }
  }

  /// The ASCII form of a host name (without `*.`, port or brackets): lower-cased, Unicode labels as
  /// `xn--` Punycode.
  ///
  /// - Parameter host: The host as written, in Unicode or ASCII, in any case.
  /// - Returns: `chat.example.xn--h2brj9c` for `chat.example.भारत` or `Chat.Example.XN--H2BRJ9C`.
  /// - Throws: ``Problem`` when no ASCII form exists.
  package static func ascii(_ host: String) throws(Problem) -> String {
    // A short host of lower-case letters, digits, `-` and `.` without `xn--` is its own ASCII form.
    if host.utf8.count <= maxLabelLength && HostRule.isValidHostName(host) && !host.contains("xn--") {
      return host
    }
    let isASCII = host.utf8.allSatisfy { $0 < 0x80 }
    let mapped = isASCII ? host.lowercased() : mapped(host)
    var labels: [String] = []
    var length = -1
    // Split on the scalar `.`: a combining mark after it would join it into one character.
    for scalars in mapped.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false) {
      var label = ""
      label.unicodeScalars.append(contentsOf: scalars)
      let written = try asciiLabel(label[...])
      length += written.utf8.count + 1
      labels.append(written)
    }
    guard length <= maxLength else { throw .tooLong(bytes: length) }
    return labels.joined(separator: ".")
  }

  /// The Unicode form of an ASCII host for people to read: each `xn--` label decoded, the rest as it is.
  /// A label that does not decode stays as written.
  ///
  /// - Parameter host: A host in its ASCII form (``ascii(_:)``).
  /// - Returns: `chat.example.भारत` for `chat.example.xn--h2brj9c`.
  package static func unicode(_ host: String) -> String {
    guard host.utf8.count >= 4, host.lowercased().contains("xn--") else { return host }
    return host.split(separator: ".", omittingEmptySubsequences: false).map { label in
      guard label.lowercased().hasPrefix("xn--"), let scalars = Punycode.decode(label.dropFirst(4).utf8)
      else { return String(label) }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars)
      return text
    }.joined(separator: ".")
  }

  /// UTS #46's mapping as Foundation does it: compatibility normalization, lower case, composition, and
  /// the ideographic full stops read as `.`.
  private static func mapped(_ host: String) -> String {
    let folded = host.precomposedStringWithCompatibilityMapping.lowercased()
      .precomposedStringWithCanonicalMapping
    var text = ""
    text.unicodeScalars.append(
      contentsOf: folded.unicodeScalars.map { fullStops.contains($0.value) ? "." : $0 })
    return text
  }

  /// The scalars UTS #46 maps to `.`: the ideographic full stop, and its full-width and half-width forms
  /// (normalization already makes the last two `.` and `。`).
  private static let fullStops: Set<UInt32> = [0x3002, 0xFF0E, 0xFF61]

  /// One mapped label's ASCII form, checked.
  private static func asciiLabel(_ label: Substring) throws(Problem) -> String {
    guard !label.isEmpty else { throw .emptyLabel }
    let written: String
    if label.utf8.allSatisfy({ $0 < 0x80 }) {
      for byte in label.utf8 where !isLetterDigitHyphen(byte) {
        throw .disallowedCharacter(Unicode.Scalar(byte))
      }
      if label.utf8.count >= 4 && label.hasPrefix("xn--") { try checkPunycode(label) }
      written = String(label)
    } else {
      let scalars = Array(label.unicodeScalars)
      try check(scalars, label: label)
      guard let code = Punycode.encode(scalars) else { throw .invalidPunycode(String(label)) }
      written = "xn--" + code
    }
    guard written.utf8.count <= maxLabelLength else {
      throw .labelTooLong(String(label), bytes: written.utf8.count)
    }
    return written
  }

  /// Checks an `xn--` label: it decodes, holds Unicode, and is what its decoded label would be written as
  /// (mapped, checked and encoded again), so that one host has one ASCII spelling.
  private static func checkPunycode(_ label: Substring) throws(Problem) {
    guard let scalars = Punycode.decode(label.dropFirst(4).utf8), scalars.contains(where: { !$0.isASCII })
    else { throw .invalidPunycode(String(label)) }
    var decoded = ""
    decoded.unicodeScalars.append(contentsOf: scalars)
    guard mapped(decoded) == decoded else { throw .invalidPunycode(String(label)) }
    try check(scalars, label: Substring(decoded))
    guard Punycode.encode(scalars).map({ "xn--" + $0 }) == String(label) else {
      throw .invalidPunycode(String(label))
    }
  }

  /// Checks the scalars of a Unicode label, mapped.
  private static func check(_ scalars: [Unicode.Scalar], label: Substring) throws(Problem) {
    if let first = scalars.first, isCombiningMark(first) { throw .leadingCombiningMark(String(label)) }
    for scalar in scalars {
      if scalar.isASCII {
        guard isLetterDigitHyphen(UInt8(scalar.value)) else { throw .disallowedCharacter(scalar) }
        continue
      }
      switch scalar.properties.generalCategory {
      case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator,
        .paragraphSeparator:
        throw .disallowedCharacter(scalar)
      default:
        if scalar.properties.isWhitespace || scalar.properties.isNoncharacterCodePoint {
          throw .disallowedCharacter(scalar)
        }
      }
    }
  }

  private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  private static func isLetterDigitHyphen(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: "-")
  }
}
