/// Reads the `<intent-filter>` elements of an `AndroidManifest.xml` (or of the file
/// `deeplink android` writes), as Android reads them for links.
///
/// Every `<intent-filter>` anywhere in the document is read: its `android:autoVerify`, its actions
/// and categories (a link from a browser needs `android.intent.action.VIEW` and the categories
/// `DEFAULT` and `BROWSABLE`), its `<data>` elements' `scheme`, `host`, `port`, path attributes,
/// scheme-specific part attributes (`ssp`, `sspPrefix`, ...) and `mimeType`, and its
/// `<uri-relative-filter-group>` elements (`android:allow` and their `<data>` elements' path, query
/// and fragment attributes), which are never read as the filter's own paths. Values are unescaped as
/// Android's resource compiler unescapes them (`\\*` is `\*`). A `mimeGroup`, which the app fills
/// while it runs, is read as empty. The namespace prefix is read as written: `android:` or any other
/// bound to the Android namespace. `<uses-sdk android:minSdkVersion>` gives
/// ``AndroidManifest/minimumAPILevel``.
///
/// The reader is one pass over the text; a document that is not well formed is refused with the line
/// and column of the first mistake.
package enum AndroidManifestReader {
  /// The Android namespace URI.
  static let namespace = "http://schemas.android.com/apk/res/android"

  /// The filters of a manifest.
  ///
  /// - Parameter text: The XML.
  /// - Returns: The filters, in document order; ``AndroidIntentFilter/isBrowsable`` says whether a
  ///   browser's link can reach each.
  /// - Throws: ``AndroidManifestError`` with the line and column of the first mistake, or of a
  ///   malformed advanced pattern.
  package static func filters(in text: String) throws(AndroidManifestError) -> [AndroidIntentFilter] {
    try manifest(in: text).filters
  }

  /// The filters of a manifest and its minimum API level.
  ///
  /// - Parameter text: The XML.
  /// - Returns: The manifest's filters and `minSdkVersion`.
  /// - Throws: ``AndroidManifestError`` with the line and column of the first mistake, or of a
  ///   malformed advanced pattern.
  package static func manifest(in text: String) throws(AndroidManifestError) -> AndroidManifest {
    var scanner = Scanner(Array(text.unicodeScalars))
    var filters: [AndroidIntentFilter] = []
    var minimumAPILevel: Int?
    var current: (filter: AndroidIntentFilter, actions: [String], categories: [String], depth: Int)?
    var group: (group: AndroidRelativeFilterGroup, depth: Int)?
    var prefixes: [String] = ["android"]
    var depth = 0
    while let element = try scanner.nextElement() {
      switch element {
      case .open(let name, let attributes, let selfClosing, let line, let column):
        for (key, value) in attributes where key.hasPrefix("xmlns:") && value == namespace {
          prefixes.append(String(key.dropFirst(6)))
        }
        func value(_ local: String) -> String? {
          attributes.first { key, _ in
            prefixes.contains { key == "\($0):\(local)" }
          }.map { AndroidManifestXML.resourceValue($0.1) }
        }
        func pattern(_ kind: AndroidPathPattern.Kind, of part: String) throws(AndroidManifestError)
          -> AndroidPathPattern?
        {
          guard let text = value(kind.attribute(of: part)) else { return nil }
          let pattern = AndroidPathPattern(kind, text)
          do {
            try pattern.validate()
          } catch {
            throw AndroidManifestError(line: line, column: column, reason: error.description)
          }
          return pattern
        }
        if !selfClosing { depth += 1 }
        switch name {
        case "uses-sdk":
          if let level = value("minSdkVersion").flatMap({ Int($0) }) { minimumAPILevel = level }
        case "intent-filter":
          current = (
            AndroidIntentFilter(schemes: [], hosts: [], paths: [], autoVerify: value("autoVerify") == "true"),
            [], [], depth
          )
          if selfClosing, let done = current {
            filters.append(finish(done.filter, actions: done.actions, categories: done.categories))
            current = nil
          }
        case "uri-relative-filter-group":
          guard current != nil, group == nil, !selfClosing else { break }
          group = (AndroidRelativeFilterGroup(allows: value("allow") != "false", conditions: []), depth)
        case "action":
          if group == nil, let name = value("name") { current?.actions.append(name) }
        case "category":
          if group == nil, let name = value("name") { current?.categories.append(name) }
        case "data":
          guard current != nil else { break }
          if group != nil {
            for part in AndroidRelativeFilter.Part.allCases {
              for kind in AndroidPathPattern.Kind.allCases {
                guard let found = try pattern(kind, of: part.rawValue) else { continue }
                let condition = AndroidRelativeFilter(part, found)
                if group?.group.conditions.contains(condition) == false {
                  group?.group.conditions.append(condition)
                }
              }
            }
            break
          }
          if let type = value("mimeType") { current?.filter.mimeTypes.append(type) }
          if let scheme = value("scheme") { current?.filter.schemes.append(scheme) }
          for kind in AndroidPathPattern.Kind.allCases {
            if let found = try pattern(kind, of: "ssp") { current?.filter.schemeSpecificParts.append(found) }
          }
          if let host = value("host") {
            let port = value("port").flatMap { Int($0) }
            current?.filter.hosts.append(.init(host: host, port: port))
          }
          for kind in AndroidPathPattern.Kind.allCases {
            if let found = try pattern(kind, of: "path") { current?.filter.paths.append(found) }
          }
        default: break
        }
      case .close(let name):
        if name == "uri-relative-filter-group", let done = group, done.depth == depth {
          // A group without conditions is not kept (Android adds only a group that has some).
          if !done.group.conditions.isEmpty { current?.filter.relativeFilterGroups.append(done.group) }
          group = nil
        }
        if name == "intent-filter", let done = current, done.depth == depth {
          filters.append(finish(done.filter, actions: done.actions, categories: done.categories))
          current = nil
          group = nil
        }
        depth -= 1
      }
    }
    return AndroidManifest(filters: filters, minimumAPILevel: minimumAPILevel)
  }

  private static func finish(_ filter: AndroidIntentFilter, actions: [String], categories: [String])
    -> AndroidIntentFilter
  {
    var filter = filter
    filter.isBrowsable =
      actions.contains("android.intent.action.VIEW")
      && categories.contains("android.intent.category.DEFAULT")
      && categories.contains("android.intent.category.BROWSABLE")
    return filter
  }

  enum Element {
    case open(name: String, attributes: [(String, String)], selfClosing: Bool, line: Int, column: Int)
    case close(String)
  }

  /// A forward-only XML scanner: elements, attributes, entities; comments, declarations and
  /// processing instructions are skipped.
  struct Scanner {
    let text: [Unicode.Scalar]
    var index = 0
    var line = 1
    var lineStart = 0

    init(_ text: [Unicode.Scalar]) { self.text = text }

    func failure(_ reason: String) -> AndroidManifestError {
      AndroidManifestError(line: line, column: index - lineStart + 1, reason: reason)
    }

    mutating func advance(_ count: Int = 1) {
      for _ in 0..<count where index < text.count {
        if text[index] == "\n" {
          line += 1
          lineStart = index + 1
        }
        index += 1
      }
    }

    func starts(with word: String) -> Bool {
      let scalars = Array(word.unicodeScalars)
      return index + scalars.count <= text.count && Array(text[index..<(index + scalars.count)]) == scalars
    }

    mutating func skip(past end: String, what: String) throws(AndroidManifestError) {
      let scalars = Array(end.unicodeScalars)
      while index < text.count {
        if starts(with: end) {
          advance(scalars.count)
          return
        }
        advance()
      }
      throw failure("\(what) without its \"\(end)\"")
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.:".unicodeScalars.contains(scalar)
    }

    mutating func name() throws(AndroidManifestError) -> String {
      var result = ""
      while index < text.count, Self.isNameScalar(text[index]) {
        result.unicodeScalars.append(text[index])
        advance()
      }
      guard !result.isEmpty else { throw failure("a name was expected") }
      return result
    }

    mutating func spaces() {
      while index < text.count, text[index].properties.isWhitespace { advance() }
    }

    mutating func nextElement() throws(AndroidManifestError) -> Element? {
      while index < text.count {
        guard text[index] == "<" else {
          advance()
          continue
        }
        if starts(with: "<!--") {
          try skip(past: "-->", what: "a comment")
        } else if starts(with: "<![CDATA[") {
          try skip(past: "]]>", what: "a CDATA section")
        } else if starts(with: "<?") {
          try skip(past: "?>", what: "a processing instruction")
        } else if starts(with: "<!") {
          try skip(past: ">", what: "a declaration")
        } else if starts(with: "</") {
          advance(2)
          let closed = try name()
          spaces()
          guard index < text.count, text[index] == ">" else { throw failure("\">\" was expected") }
          advance()
          return .close(closed)
        } else {
          let (elementLine, elementColumn) = (line, index - lineStart + 1)
          advance()
          let opened = try name()
          var attributes: [(String, String)] = []
          while true {
            spaces()
            guard index < text.count else { throw failure("the element <\(opened)> is not closed") }
            if text[index] == ">" {
              advance()
              return .open(
                name: opened, attributes: attributes, selfClosing: false, line: elementLine,
                column: elementColumn)
            }
            if starts(with: "/>") {
              advance(2)
              return .open(
                name: opened, attributes: attributes, selfClosing: true, line: elementLine,
                column: elementColumn)
            }
            let key = try name()
            spaces()
            guard index < text.count, text[index] == "=" else {
              throw failure("\"=\" was expected after \(key)")
            }
            advance()
            spaces()
            guard index < text.count, text[index] == "\"" || text[index] == "'" else {
              throw failure("a quoted value was expected for \(key)")
            }
            let quote = text[index]
            let (valueLine, valueColumn) = (line, index - lineStart + 1)
            advance()
            var value = ""
            while index < text.count, text[index] != quote {
              if text[index] == "<" { throw failure("\"<\" inside the value of \(key)") }
              if text[index] == "&" {
                value.unicodeScalars.append(try entity())
              } else {
                value.unicodeScalars.append(text[index])
                advance()
              }
            }
            guard index < text.count else {
              throw AndroidManifestError(
                line: valueLine, column: valueColumn, reason: "the value of \(key) is not closed")
            }
            advance()
            attributes.append((key, value))
          }
        }
      }
      return nil
    }

    mutating func entity() throws(AndroidManifestError) -> Unicode.Scalar {
      let place = failure("an \"&\" that starts no entity (write &amp;)")
      advance()
      var body = ""
      while index < text.count, text[index] != ";", body.unicodeScalars.count < 10 {
        body.unicodeScalars.append(text[index])
        advance()
      }
      guard index < text.count, text[index] == ";" else {
        throw place
      }
      advance()
      switch body {
      case "amp": return "&"
      case "lt": return "<"
      case "gt": return ">"
      case "quot": return "\""
      case "apos": return "'"
      default:
        let number: UInt32? =
          body.hasPrefix("#x")
          ? UInt32(body.dropFirst(2), radix: 16)
          : body.hasPrefix("#") ? UInt32(body.dropFirst(), radix: 10) : nil
        guard let number, let scalar = Unicode.Scalar(number) else {
          throw failure("unknown entity &\(body);")
        }
        return scalar
      }
    }
  }
}

/// What ``AndroidManifestReader`` reads of a manifest.
package struct AndroidManifest: Hashable, Sendable {
  /// The intent filters, in document order.
  package var filters: [AndroidIntentFilter]
  /// The app's lowest API level (`<uses-sdk android:minSdkVersion>`), or `nil` when the document does
  /// not give it as a number.
  package var minimumAPILevel: Int?

  /// Creates a manifest.
  ///
  /// - Parameters:
  ///   - filters: The intent filters.
  ///   - minimumAPILevel: The app's lowest API level.
  package init(filters: [AndroidIntentFilter], minimumAPILevel: Int? = nil) {
    self.filters = filters
    self.minimumAPILevel = minimumAPILevel
  }
}

/// A manifest that cannot be read, with where.
package struct AndroidManifestError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  package var line: Int
  /// The column, from 1, in Unicode scalars.
  package var column: Int
  /// What is wrong.
  package var reason: String

  /// `line L, column C: reason`.
  package var description: String { "line \(line), column \(column): \(reason)" }
}
