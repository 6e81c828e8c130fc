import DeepLinkRouting
import DeepLinking
import RouteFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The two access-log formats `deeplink audit --access-log` reads.
enum AccessLogFormat: String, CaseIterable {
  /// nginx's predefined `combined` format: `$remote_addr - $remote_user [$time_local] "$request"
  /// $status $body_bytes_sent "$http_referer" "$http_user_agent"`, fields escaped as `\xHH`.
  case combined
  /// One JSON object a line (`log_format NAME escape=json '{...}'`).
  case json

  /// The format of a file whose first non-blank line is `line`: JSON when it starts with `{`.
  static func detect(_ line: ArraySlice<UInt8>) -> AccessLogFormat {
    let first = line.first { $0 != 0x20 && $0 != 0x09 }
    return first == UInt8(ascii: "{") ? .json : .combined
  }
}

/// Why a log line could not be read as an access-log entry: each reason is counted, with the line
/// number of a few examples.
enum AccessLogDefect: String, CaseIterable, Hashable {
  /// A combined line without `[time] "` before its first quote.
  case missingTime = "missing-time"
  /// A combined line without a quoted request, or a quote that is never closed.
  case missingRequest = "missing-request"
  /// No three-digit status after the request (combined), or no `status` key (JSON).
  case missingStatus = "missing-status"
  /// A JSON line that is not one well-formed object.
  case invalidJSON = "invalid-json"
  /// A JSON object without `request`, `request_uri` or `uri`.
  case missingRequestKey = "missing-request-key"
  /// A line over the length limit, read to its newline without being kept.
  case lineTooLong = "line-too-long"
}

/// How the bytes of a field are escaped in the log line.
enum FieldEscaping {
  /// nginx's default log escaping: `"`, `\`, control bytes and bytes from 0x7F as `\xHH`.
  case nginx
  /// A JSON string's escapes (`\"`, `\\`, `\n`, `\u00XX`, ...).
  case json
  /// Taken as written (a JSON number or literal).
  case plain
}

/// A field of a log line: where its bytes are and how they are escaped.
struct LogField {
  var range: Range<Int>
  var escaping: FieldEscaping

  var isEmpty: Bool { range.isEmpty }

  /// Appends the field's bytes with its escapes resolved.
  func decode(from line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    LogField.decode(line, range, escaping, into: &output)
  }

  /// Appends `line[range]` with `escaping` resolved.
  static func decode(
    _ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ escaping: FieldEscaping,
    into output: inout [UInt8]
  ) {
    var index = range.lowerBound
    let end = range.upperBound
    guard let base = line.baseAddress else { return }
    // The bytes up to the next backslash are copied at once; only escapes are read byte by byte.
    func copyRun() {
      let stop =
        escaping == .plain
        ? end
        : memchr(base + index, Int32(UInt8(ascii: "\\")), end - index).map {
          UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0))
        } ?? end
      if stop > index { output.append(contentsOf: UnsafeBufferPointer(rebasing: line[index..<stop])) }
      index = stop
    }
    while index < end {
      copyRun()
      guard index < end else { return }
      // line[index] is a backslash.
      switch escaping {
      case .plain:
        return
      case .nginx:
        if index + 3 < end, line[index + 1] == UInt8(ascii: "x"), let high = hexValue(line[index + 2]),
          let low = hexValue(line[index + 3])
        {
          output.append(high << 4 | low)
          index += 4
        } else {
          output.append(line[index])
          index += 1
        }
      case .json:
        guard index + 1 < end else {
          output.append(line[index])
          index += 1
          continue
        }
        let escaped = line[index + 1]
        index += 2
        if let byte = JSONString.unescaped(escaped) {
          output.append(byte)
          continue
        }
        switch escaped {
        case UInt8(ascii: "u"):
          guard index + 4 <= end, let scalar = hex4(line, index) else {
            output.append(contentsOf: [UInt8(ascii: "\\"), escaped])
            continue
          }
          index += 4
          var value = scalar
          // A surrogate pair written as two escapes.
          if (0xD800..<0xDC00).contains(scalar), index + 6 <= end, line[index] == UInt8(ascii: "\\"),
            line[index + 1] == UInt8(ascii: "u"), let low = hex4(line, index + 2),
            (0xDC00..<0xE000).contains(low)
          {
            value = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          }
          appendUTF8(Unicode.Scalar(value) ?? "\u{FFFD}", into: &output)
        default: output.append(escaped)
        }
      }
    }
  }

  private static func hex4(_ line: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt32? {
    var value: UInt32 = 0
    for offset in 0..<4 {
      guard let digit = hexValue(line[index + offset]) else { return nil }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private static func appendUTF8(_ scalar: Unicode.Scalar, into output: inout [UInt8]) {
    UTF8.encode(scalar) { output.append($0) }
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

/// The fields of one access-log line that the audit reads, as ranges into the line.
struct AccessLogEntry {
  /// The request method, or `nil` when a JSON line has none (read as `GET`).
  var method: LogField?
  /// The request target (`/channel/video/1?utm_source=x`), or a JSON line's `uri`.
  var target: LogField
  /// A JSON line's `args`, appended to its `uri` after `?`.
  var arguments: LogField?
  /// The response status.
  var status: Int
  /// The host the request was for (JSON `host` or `http_host`).
  var host: LogField?
  /// The user agent, when the line has one.
  var userAgent: LogField?
  /// The time as written (`02/Dec/2026:07:00:00 +0000`, or ISO 8601).
  var time: LogField?
}

/// What one line of an access log holds.
enum AccessLogLine {
  /// A request the audit can classify.
  case entry(AccessLogEntry)
  /// A well-formed line whose request is not `METHOD TARGET [PROTOCOL]`: `"-"` (nothing sent) or
  /// the bytes of a TLS handshake or other probe sent to a plain-HTTP port.
  case notARequest(time: LogField?)
  /// A line that is not in the format.
  case defect(AccessLogDefect)

  /// Reads one line (without its newline) in `format`.
  static func parse(_ line: UnsafeBufferPointer<UInt8>, format: AccessLogFormat) -> AccessLogLine {
    switch format {
    case .combined: parseCombined(line)
    case .json: parseJSON(line)
    }
  }

  /// The index of the first `byte` in `line[from..<to]`.
  private static func find(_ byte: UInt8, in line: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
    guard from < to, let base = line.baseAddress, let hit = memchr(base + from, Int32(byte), to - from) else {
      return nil
    }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
  }

  // MARK: combined

  /// `$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer"
  /// "$http_user_agent"`, then anything (formats that add fields at the end read the same). nginx writes
  /// a `"` inside a field as `\x22`, so the first quote of the line opens the request, and each field
  /// ends at its next quote.
  private static func parseCombined(_ line: UnsafeBufferPointer<UInt8>) -> AccessLogLine {
    let end = line.count
    let quote = UInt8(ascii: "\"")
    guard let open = find(quote, in: line, from: 0, to: end), open >= 2, line[open - 1] == 0x20,
      line[open - 2] == UInt8(ascii: "]")
    else { return .defect(.missingTime) }
    var timeStart = open - 2
    while timeStart > 0 && line[timeStart - 1] != UInt8(ascii: "[") { timeStart -= 1 }
    guard timeStart > 0 else { return .defect(.missingTime) }
    let time = LogField(range: timeStart..<(open - 2), escaping: .nginx)
    let requestStart = open + 1
    guard let close = find(quote, in: line, from: requestStart, to: end) else {
      return .defect(.missingRequest)
    }
    // ` SSS ` or ` SSS` at the end.
    var index = close + 1
    guard index + 4 <= end, line[index] == 0x20, let status = threeDigits(line, index + 1),
      index + 4 == end || line[index + 4] == 0x20
    else { return .defect(.missingStatus) }
    index += 4
    // The bytes sent, then the quoted referer and user agent (absent in the `common` format).
    var userAgent: LogField?
    if let refererOpen = find(quote, in: line, from: index, to: end),
      let refererClose = find(quote, in: line, from: refererOpen + 1, to: end),
      refererClose + 2 < end, line[refererClose + 1] == 0x20, line[refererClose + 2] == quote,
      let agentClose = find(quote, in: line, from: refererClose + 3, to: end)
    {
      userAgent = LogField(range: (refererClose + 3)..<agentClose, escaping: .nginx)
    }
    guard
      var entry = request(
        line, requestStart..<close, escaping: .nginx, status: status, time: time)
    else { return .notARequest(time: time) }
    entry.userAgent = userAgent
    return .entry(entry)
  }

  private static func threeDigits(_ line: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
    var value = 0
    for offset in 0..<3 {
      let byte = line[index + offset]
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// The entry of a request line `METHOD TARGET [PROTOCOL]`, or `nil` when it is not one: the method
  /// is 1 to 20 upper-case letters, the target is not empty.
  private static func request(
    _ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escaping: FieldEscaping, status: Int,
    time: LogField?
  ) -> AccessLogEntry? {
    guard let space = find(0x20, in: line, from: range.lowerBound, to: range.upperBound),
      (1...20).contains(space - range.lowerBound)
    else { return nil }
    for index in range.lowerBound..<space {
      guard line[index] >= UInt8(ascii: "A"), line[index] <= UInt8(ascii: "Z") else { return nil }
    }
    let targetEnd = find(0x20, in: line, from: space + 1, to: range.upperBound) ?? range.upperBound
    guard targetEnd > space + 1 else { return nil }
    return AccessLogEntry(
      method: LogField(range: range.lowerBound..<space, escaping: .plain),
      target: LogField(range: (space + 1)..<targetEnd, escaping: escaping), status: status, time: time)
  }

  // MARK: JSON

  /// The keys a JSON line is read by.
  private enum Key: CaseIterable {
    case request, requestURI, uri, args, requestMethod, host, httpHost, status, userAgent, timeISO, timeLocal

    var name: String {
      switch self {
      case .request: "request"
      case .requestURI: "request_uri"
      case .uri: "uri"
      case .args: "args"
      case .requestMethod: "request_method"
      case .host: "host"
      case .httpHost: "http_host"
      case .status: "status"
      case .userAgent: "http_user_agent"
      case .timeISO: "time_iso8601"
      case .timeLocal: "time_local"
      }
    }

    static let names: [(Key, [UInt8])] = allCases.map { ($0, Array($0.name.utf8)) }

    var slot: Int {
      switch self {
      case .request: 0
      case .requestURI: 1
      case .uri: 2
      case .args: 3
      case .requestMethod: 4
      case .host: 5
      case .httpHost: 6
      case .status: 7
      case .userAgent: 8
      case .timeISO: 9
      case .timeLocal: 10
      }
    }

    static func of(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Key? {
      for (key, name) in names where name.count == range.count {
        var same = true
        for (offset, byte) in name.enumerated() where line[range.lowerBound + offset] != byte {
          same = false
          break
        }
        if same { return key }
      }
      return nil
    }
  }

  /// The values of the keys read, one slot each, kept without allocating.
  private struct Fields {
    private var slots:
      (
        LogField?, LogField?, LogField?, LogField?, LogField?, LogField?, LogField?, LogField?, LogField?,
        LogField?, LogField?
      ) = (nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil)

    subscript(key: Key) -> LogField? {
      get {
        switch key.slot {
        case 0: slots.0
        case 1: slots.1
        case 2: slots.2
        case 3: slots.3
        case 4: slots.4
        case 5: slots.5
        case 6: slots.6
        case 7: slots.7
        case 8: slots.8
        case 9: slots.9
        default: slots.10
        }
      }
      set {
        switch key.slot {
        case 0: slots.0 = newValue
        case 1: slots.1 = newValue
        case 2: slots.2 = newValue
        case 3: slots.3 = newValue
        case 4: slots.4 = newValue
        case 5: slots.5 = newValue
        case 6: slots.6 = newValue
        case 7: slots.7 = newValue
        case 8: slots.8 = newValue
        case 9: slots.9 = newValue
        default: slots.10 = newValue
        }
      }
    }
  }

  /// One JSON object: strings, numbers and literals as values (nested values are skipped). Of the
  /// keys read, the first of each wins.
  private static func parseJSON(_ line: UnsafeBufferPointer<UInt8>) -> AccessLogLine {
    let end = line.count
    var index = 0
    func skipSpace() {
      while index < end, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    }
    /// The content of the string opening at `index`; leaves `index` after its closing quote.
    func string() -> (Range<Int>, Bool)? {
      guard index < end, line[index] == UInt8(ascii: "\"") else { return nil }
      let start = index + 1
      var cursor = start
      var escaped = false
      while cursor < end {
        let byte = line[cursor]
        if byte == UInt8(ascii: "\"") {
          index = cursor + 1
          return (start..<cursor, escaped)
        }
        if byte == UInt8(ascii: "\\") {
          escaped = true
          cursor += 2
        } else {
          cursor += 1
        }
      }
      return nil
    }
    var fields = Fields()
    skipSpace()
    guard index < end, line[index] == UInt8(ascii: "{") else { return .defect(.invalidJSON) }
    index += 1
    skipSpace()
    if index < end, line[index] == UInt8(ascii: "}") {
      index += 1
    } else {
      while true {
        skipSpace()
        guard let (keyRange, _) = string() else { return .defect(.invalidJSON) }
        skipSpace()
        guard index < end, line[index] == UInt8(ascii: ":") else { return .defect(.invalidJSON) }
        index += 1
        skipSpace()
        guard index < end else { return .defect(.invalidJSON) }
        let value: LogField
        switch line[index] {
        case UInt8(ascii: "\""):
          guard let (range, escaped) = string() else { return .defect(.invalidJSON) }
          value = LogField(range: range, escaping: escaped ? .json : .plain)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          guard skipNested(line, &index) else { return .defect(.invalidJSON) }
          value = LogField(range: index..<index, escaping: .plain)
        default:
          let start = index
          scan: while index < end {
            switch line[index] {
            case UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x09: break scan
            default: index += 1
            }
          }
          guard index > start else { return .defect(.invalidJSON) }
          value = LogField(range: start..<index, escaping: .plain)
        }
        if let key = Key.of(line, keyRange), fields[key] == nil { fields[key] = value }
        skipSpace()
        guard index < end else { return .defect(.invalidJSON) }
        if line[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard line[index] == UInt8(ascii: "}") else { return .defect(.invalidJSON) }
        index += 1
        break
      }
    }
    skipSpace()
    guard index == end else { return .defect(.invalidJSON) }
    let time = fields[.timeISO] ?? fields[.timeLocal]
    guard let statusField = fields[.status] else { return .defect(.missingStatus) }
    guard statusField.range.count == 3, let status = threeDigits(line, statusField.range.lowerBound) else {
      return .defect(.missingStatus)
    }
    var entry: AccessLogEntry
    if let request = fields[.request] {
      guard
        let read = Self.request(line, request.range, escaping: request.escaping, status: status, time: time)
      else { return .notARequest(time: time) }
      entry = read
    } else if let target = fields[.requestURI] ?? fields[.uri] {
      guard !target.isEmpty else { return .notARequest(time: time) }
      entry = AccessLogEntry(method: fields[.requestMethod], target: target, status: status, time: time)
      if fields[.requestURI] == nil, let arguments = fields[.args], !arguments.isEmpty {
        entry.arguments = arguments
      }
    } else {
      return .defect(.missingRequestKey)
    }
    if let method = fields[.requestMethod], fields[.request] == nil { entry.method = method }
    func present(_ field: LogField?) -> LogField? {
      guard let field, !field.isEmpty, !(field.range.count == 1 && line[field.range.lowerBound] == 0x2D)
      else {
        return nil
      }
      return field
    }
    entry.host = present(fields[.host]) ?? present(fields[.httpHost])
    entry.userAgent = fields[.userAgent]
    return .entry(entry)
  }

  /// Skips the object or array opening at `index` (strings inside it included); `false` when it does
  /// not close on the line.
  private static func skipNested(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
    var depth = 0
    var inString = false
    while index < line.count {
      let byte = line[index]
      index += 1
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return true }
      default: break
      }
    }
    return false
  }
}
