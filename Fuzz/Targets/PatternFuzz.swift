import DeepLinkRouting

// Fuzz target `pattern`: the input is a route pattern.
//
// Checks: `RoutePattern(text)` either throws a ``RoutePatternError`` whose offset lies inside the
// text, or parses; a parsed pattern keeps its text as `description`, has unique parameter names,
// at most one catch-all, and written back in canonical form (literals percent-encoded) parses to the
// same pieces. A parsed pattern registers alone in a table, and a link built from simple values
// matches it back. A segment template splits segments made of its own literals (repeated, around
// short texts that overlap them) as the grammar page's rule does.

/// The kinds every fuzzed pattern may use: one with a prefix, one with ranges and lengths.
private let declaredKinds: [String: ValueKind] = [
  "sku": ValueKind(characters: "A-Z0-9-", minLength: 2, maxLength: 12),
  "alias": ValueKind(characters: "a-z0-9._=-:", prefix: "#"),
]
private let kinds: [String: AppKind] = (try? AppKind.compile(declaredKinds)) ?? [:]

/// libFuzzer's entry point: checks one input.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0: every input may enter the corpus.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let pattern: RoutePattern
  do {
    pattern = try RoutePattern(text, kinds: kinds)
  } catch {
    check(error.offset >= 0 && error.offset <= text.count, "error offset outside the pattern")
    check(!error.description.isEmpty, "an error without a description")
    return 0
  }
  check(pattern.description == text, "description is not the text")
  let names = pattern.parameterNames
  check(Set(names).count == names.count, "a parameter name twice")
  let keys = pattern.query.flatMap(\.keys)
  check(Set(keys).count == keys.count, "a query key twice")
  for (position, segment) in pattern.segments.enumerated() {
    switch segment {
    case .oneOrMore, .zeroOrMore, .testedRun, .remainder:
      // One catch-all per pattern, anywhere; at the end it takes the trailing "/" too.
      check(
        pattern.segments.count {
          switch $0 {
          case .oneOrMore, .zeroOrMore, .testedRun, .remainder: true
          case .literal, .parameter, .template, .optional, .valueSet, .kind, .fragment: false
          }
        } == 1,
        "two catch-alls")
      if case .remainder = segment {
        // The rest of the link is the last piece, and its pattern reads no query item or fragment.
        check(position == pattern.segments.count - 1, "the rest of the link not last")
        check(
          pattern.query.isEmpty && pattern.openQuery == nil && !pattern.readsFragment,
          "a query after the rest")
      }
      check(
        position != pattern.segments.count - 1 || !pattern.hasTrailingSlash,
        "catch-all before a trailing slash")
    case .literal(let literal):
      check(!literal.isEmpty, "empty literal")
    case .parameter: break
    case .fragment:
      // One fragment, and only the pattern's "#" starts it.
      check(pattern.segments.count { $0 == .fragment } == 1, "two fragments")
    // A check on a value (`int(1...12)`) is a kind the pattern states; any other, one of the table's.
    case .kind(_, let kind):
      check(kind.check != nil || kinds[kind.name] == kind, "a kind the table does not declare")
      // A set compared in lower case holds no capital, which no value could match.
      if case .lowerCase(let set?)? = kind.check?.rule {
        check(
          !set.members.contains { $0.utf8.contains { $0 &- UInt8(ascii: "A") < 26 } },
          "a capital under (lower)")
      }
    case .optional:
      check(position == pattern.segments.count - 1, "optional segment not last")
    case .valueSet(_, let set):
      check(!set.members.isEmpty, "an empty value set")
      check(Set(set.members.map { Array($0.utf8) }).count == set.members.count, "a member twice")
      check(
        !set.members.contains { $0.isEmpty || $0.contains { "/{}|)".contains($0) } }, "a forbidden member")
    case .template(let template):
      var previousWasParameter = false
      var hasLiteral = false
      for part in template.parts {
        switch part {
        case .literal(let literal):
          check(!literal.isEmpty, "empty template literal")
          hasLiteral = true
          previousWasParameter = false
        case .parameter(_, let type):
          check(!previousWasParameter, "two template parameters in a row")
          check(type != .url, "a url parameter in a template")
          previousWasParameter = true
        }
      }
      check(hasLiteral && template.parts.count > 1, "a template without literal text or parameter")
      checkTemplateSearch(template, on: probes(of: template, text))
    }
  }

  // Known bug, pinned in HostileInputTests: a raw control character in a literal or query key is
  // accepted (its percent-encoded form is refused), and the route can never match. Stop here.
  let pieces =
    pattern.segments.compactMap { segment -> String? in
      if case .literal(let literal) = segment { return literal }
      if case .template(let template) = segment {
        return template.parts.compactMap { part in
          if case .literal(let literal) = part { return literal }
          return nil
        }.joined()
      }
      if case .valueSet(_, let set) = segment { return set.members.joined() }
      return nil
    }
    + pattern.query.flatMap { item -> [String] in
      if case .literal(let value) = item.rule { return item.keys + [value] }
      if case .oneOf(let set) = item.rule { return item.keys + set.members }
      return item.keys
    }
  if pieces.contains(where: { $0.unicodeScalars.contains(where: isControl) }) { return 0 }

  // Canonical text: every literal and key percent-encoded, parameters as written by `description`.
  // A fragment's path follows the path after "#"; the trailing slash is the last path's.
  var canonical = "/" + pattern.pathSegments.map(canonicalSegment).joined(separator: "/")
  if pattern.readsFragment {
    canonical +=
      (pattern.fragmentStartsWithSlash ? "#/" : "#")
      + pattern.fragmentSegments.map(canonicalSegment).joined(separator: "/")
  }
  let lastPath = pattern.readsFragment ? Array(pattern.fragmentSegments) : pattern.segments
  if pattern.hasTrailingSlash && !lastPath.isEmpty { canonical += "/" }
  let canonicalItems =
    pattern.query.map { item in
      let keyText = item.keys.map(encode).joined(separator: "|")
      switch item.rule {
      case .value:
        let type = item.type == .string ? "" : ":\(item.type)"
        return keyText + "={\(item.name)\(type)\(item.isOptional ? "?" : "")}"
      case .literal(let value): return keyText + "=" + encode(value)
      case .absent: return "!" + keyText
      case .oneOf(let set):
        let members = set.members.map(encode).joined(separator: "|")
        return keyText + "={\(item.name):(\(members))\(item.isOptional ? "?" : "")}"
      case .kind(let kind): return keyText + "={\(item.name):\(kind.name)\(item.isOptional ? "?" : "")}"
      }
    } + (pattern.openQuery.map { ["{\($0)*}"] } ?? [])
  if !canonicalItems.isEmpty { canonical += "?" + canonicalItems.joined(separator: "&") }
  // A fragment with neither "/" nor segments is written with its query mark, even an empty query.
  if pattern.readsFragment && !pattern.fragmentStartsWithSlash && pattern.fragmentSegments.isEmpty
    && canonicalItems.isEmpty
  {
    canonical += "?"
  }
  do {
    let reparsed = try RoutePattern(canonical, kinds: kinds)
    check(reparsed.segments == pattern.segments, "\(canonical) parses to other segments")
    check(reparsed.query == pattern.query, "\(canonical) parses to other query items")
    check(reparsed.openQuery == pattern.openQuery, "\(canonical) parses to another open dictionary")
    check(reparsed.hasTrailingSlash == pattern.hasTrailingSlash, "\(canonical) loses its slash")
    check(
      reparsed.fragmentStartsWithSlash == pattern.fragmentStartsWithSlash,
      "\(canonical) starts its fragment otherwise")
  } catch {
    fail("canonical form \(canonical) of \(text) does not parse: \(error)")
  }

  // Alone in a table, the route registers and a link built from simple values matches it.
  let table = RouteTable(
    schemes: ["fz"], hosts: ["example.com"],
    options: .init(maxURLLength: 1 << 20, maxSegments: 1 << 16, maxQueryItems: 1 << 16),
    kinds: declaredKinds, routes: [RouteDefinition("r", text)])
  let router: Router
  do {
    router = try Router(table)
  } catch {
    fail("\(text) parses but does not register alone: \(error)")
  }
  var values = RouteParameters()
  for segment in pattern.segments {
    switch segment {
    case .parameter(let name, .int): values[name] = .int(-7)
    case .parameter(let name, .uuid): values[name] = .string("0A1B2C3D-4E5F-6789-ABCD-EF0123456789")
    case .parameter(let name, .string): values[name] = .string("v a/l")
    case .parameter(let name, .bool): values[name] = .string("false")
    case .parameter(let name, .decimal): values[name] = .string("-0.25")
    case .parameter(let name, .url): values[name] = .string("https://example.com/a?c=d&e=%2B")
    case .parameter(let name, .link): values[name] = .string("/a?c=d&e=%2B")
    case .parameter(let name, .address): values[name] = .string("H.example:8065")
    case .oneOrMore(let name), .zeroOrMore(let name): values[name] = .segments(["x", "y z"])
    case .testedRun(let name, let rule): values[name] = rule.sampleValue
    case .remainder(let name): values[name] = .string("x/y%20z?k=v")
    // Left out: the link built without it matches too (checked below with it present).
    case .optional: break
    case .valueSet(let name, let set): values[name] = .string(set.members[set.members.count - 1])
    case .kind(let name, let kind): values[name] = kind.sample
    case .literal, .fragment: break
    case .template(let template):
      for (index, part) in template.parts.enumerated() {
        guard case .parameter(let name, let type) = part else { continue }
        switch type {
        case .int: values[name] = .int(-7)
        case .uuid: values[name] = .string("0A1B2C3D-4E5F-6789-ABCD-EF0123456789")
        case .bool: values[name] = .string("false")
        case .decimal: values[name] = .string("-0.25")
        case .address: values[name] = .string("[::1]:8065")
        case .url, .link, .string:
          // A value the separator after it (found leftmost) ends exactly where it ends.
          var separator = ""
          if index + 2 < template.parts.count, case .literal(let text) = template.parts[index + 1] {
            separator = text
          }
          let value = ["v a/l", "x", "Q", "0", "~"].first { candidate in
            separator.isEmpty || endsAtItsSeparator(candidate, separator)
          }
          guard let value else { return 0 }
          values[name] = .string(value)
        }
      }
    }
  }
  for item in pattern.query where !item.isOptional {
    if case .oneOf(let set) = item.rule { values[item.name] = .string(set.members[0]) }
    if case .kind(let kind) = item.rule { values[item.name] = kind.sample }
    guard item.rule == .value else { continue }
    switch item.type {
    case .int: values[item.name] = .int(3)
    case .uuid: values[item.name] = .string("0a1b2c3d-4e5f-6789-abcd-ef0123456789")
    case .string: values[item.name] = .string("q+v")
    case .bool: values[item.name] = .bool(true)
    case .decimal: values[item.name] = .decimal(1e-7)
    case .url: values[item.name] = .string("http://h/?x=1&y=+")
    case .link: values[item.name] = .string("myapp://h/?x=1&y=+")
    case .address: values[item.name] = .string("10.0.0.5:443")
    }
  }
  var variants = [values]
  if case .optional(let name, let type) = pattern.segments.last {
    // With the optional segment given as well: it builds and reads back with it.
    var given = values
    given[name] =
      switch type {
      case .int: .int(-7)
      case .uuid: .string("0A1B2C3D-4E5F-6789-ABCD-EF0123456789")
      case .bool: .string("false")
      case .decimal: .string("-0.25")
      case .url: .string("https://example.com/a?c=d&e=%2B")
      case .link: .string("/a?c=d&e=%2B")
      case .address: .string("H.example:8065")
      case .string: .string("v a/l")
      }
    variants.append(given)
  }
  // A catch-all before the optional last segment: a link that could be read as the longer path (with
  // the optional value) is read so (the grammar page's rule), so without the optional value only a
  // catch-all of its fewest segments must build; with more, building may refuse (notRoundTrippable).
  var refusable: [RouteParameters] = []
  if case .optional = pattern.segments.last {
    for segment in pattern.segments {
      switch segment {
      case .oneOrMore(let name):
        refusable.append(values)
        variants[0][name] = .segments(["x"])
      case .zeroOrMore(let name):
        refusable.append(values)
        variants[0][name] = .segments([])
      default: break
      }
    }
  }
  for (given, form) in variants.flatMap({ given in
    [LinkForm.universalLink, .customScheme].map { (given, $0) }
  }) {
    do {
      let link = try router.urlString(for: "r", given, form: form)
      let match = try router.match(link)
      check(match?.route == "r", "\(link) does not match its own route")
    } catch {
      fail("\(text): no link from simple values (\(form)): \(error)")
    }
  }
  for given in refusable {
    do {
      let link = try router.urlString(for: "r", given, form: .universalLink)
      let match = try router.match(link)
      check(match?.route == "r", "\(link) does not match its own route")
    } catch let error as URLBuildError where error.code == .notRoundTrippable {
      // Refused honestly: the link would read back as the longer path.
    } catch {
      fail("\(text): building without the optional value failed otherwise: \(error)")
    }
  }
  return 0
}

/// Segments made of a template's own literals, once and twice each, around short texts that overlap
/// separators such as `aa`, `aab` and `aba`; and the pattern's text.
private func probes(of template: SegmentTemplate, _ text: String) -> [String] {
  var segments = [text]
  for filler in ["a", "aa", "ab", "ba", "A", "b"] {
    for repeats in 1...2 {
      segments.append(
        template.parts.map { part in
          switch part {
          case .literal(let literal): String(repeating: literal, count: repeats)
          case .parameter: filler
          }
        }.joined())
    }
  }
  return segments
}

private func isControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
}

private func canonicalSegment(_ segment: RoutePattern.Segment) -> String {
  if case .literal(let literal) = segment { return encode(literal) }
  if case .valueSet(let name, let set) = segment {
    return "{\(name):(\(set.members.map(encode).joined(separator: "|")))}"
  }
  if case .template(let template) = segment {
    return template.parts.map { part in
      switch part {
      case .literal(let literal): encode(literal)
      case .parameter(let name, .string): "{\(name)}"
      case .parameter(let name, let type): "{\(name):\(type)}"
      }
    }.joined()
  }
  return segment.description
}

/// Whether `separator`, searched from the second byte of `value + separator` (in either case, as the
/// first segment of a custom-scheme link may compare it), is first found right after `value`.
private func endsAtItsSeparator(_ value: String, _ separator: String) -> Bool {
  func folded(_ text: String) -> [UInt8] { text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } }
  for folds in [false, true] {
    let whole = folds ? folded(value + separator) : Array((value + separator).utf8)
    let wanted = folds ? folded(separator) : Array(separator.utf8)
    let first = (1...max(1, whole.count - wanted.count)).first { start in
      start + wanted.count <= whole.count && whole[start..<(start + wanted.count)].elementsEqual(wanted)
    }
    if first != value.utf8.count { return false }
  }
  return true
}

/// Percent-encodes every byte but ASCII letters and digits.
private func encode(_ text: String) -> String {
  let hex = Array("0123456789ABCDEF".utf8)
  var output: [UInt8] = []
  for byte in text.utf8 {
    let isAlphanumeric =
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    if isAlphanumeric {
      output.append(byte)
    } else {
      output.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
    }
  }
  return String(decoding: output, as: UTF8.self)
}
