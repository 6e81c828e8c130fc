import Foundation

extension Router {
  /// Builds the link of a route from its parameter values: the other direction of ``match(_:)-(String)``.
  ///
  /// Literals are written as declared; values are percent-encoded so that reading the link back gives
  /// exactly the same values (`/` inside a value becomes `%2F`, a space `%20`, `+` in a query value
  /// `%2B`). A path value (or a catch-all's segment) that is `.` or `..` is refused (code
  /// `dotSegment`): browsers remove such a segment, so the link would open another page. In a segment
  /// template, a value holding the separator that ends it (`a@b` for `{user}` in `{user}@{domain}`) is
  /// refused (code `unwritableValue`, naming the parameter): the separator is found leftmost when the
  /// link is read, so no encoding of it would read back. The built
  /// link is matched once before it is returned: if it would read as another, more specific route (a
  /// value equal to that route's literal), or not read back the same, the build fails instead of
  /// returning a link that opens the wrong screen.
  ///
  /// A ``ParameterValue/string(_:)`` is accepted for a typed or catch-all parameter and read with the
  /// router's rules (`"42"` for `int`, `"a/b"` for a catch-all).
  ///
  /// ```swift
  /// try router.url(for: "search", ["query": .string("goal highlights")], form: .customScheme)
  /// // myapp://channel/search/goal%20highlights
  /// ```
  ///
  /// - Parameters:
  ///   - route: The route's name.
  ///   - values: A value for every required parameter; optional query parameters may be left out.
  ///   - query: Extra query items to append after the declared ones (their names must not be declared).
  ///   - fragment: A fragment to append, if any.
  ///   - form: Which kind of link to build.
  /// - Returns: The link.
  /// - Throws: ``URLBuildError`` naming the missing, unexpected or ill-typed value.
  public func url(
    for route: String, _ values: RouteParameters, query: [QueryItem] = [], fragment: String? = nil,
    form: LinkForm = .preferred
  ) throws(URLBuildError) -> URL {
    let text = try urlString(for: route, values, query: query, fragment: fragment, form: form)
    guard let url = URL(string: text) else {
      throw URLBuildError(route: route, reason: .notRoundTrippable("Foundation cannot represent \(text)"))
    }
    return url
  }

  /// Builds the link of a route as text; see ``url(for:_:query:fragment:form:)``.
  ///
  /// - Parameters:
  ///   - route: The route's name.
  ///   - values: A value for every required parameter.
  ///   - query: Extra query items to append.
  ///   - fragment: A fragment to append, if any.
  ///   - form: Which kind of link to build.
  /// - Returns: The link's text.
  /// - Throws: ``URLBuildError`` naming the missing, unexpected or ill-typed value.
  public func urlString(
    for route: String, _ values: RouteParameters, query: [QueryItem] = [], fragment: String? = nil,
    form: LinkForm = .preferred
  ) throws(URLBuildError) -> String {
    func fail(_ reason: URLBuildError) -> URLBuildError { URLBuildError(route: route, reason: reason) }
    guard let index = routeIndex[route] else { throw fail(.unknownRoute) }
    var draft = LinkDraft()
    try writeConstants(of: index, values, into: &draft, fail: fail)
    try writePath(of: patterns[index], values, into: &draft, query: query, fragment: fragment, fail: fail)
    try writeQuery(of: patterns[index], values, extra: query, into: &draft, fail: fail)
    let text = try assemble(draft, of: index, fragment: fragment, form: form, fail: fail)
    try readBack(text, as: route, expected: draft.expected, fail: fail)
    return text
  }

  /// Checks the values given for a route's constants, which a link never writes, and expects the
  /// constants back.
  private func writeConstants(
    of index: Int, _ values: RouteParameters, into draft: inout LinkDraft,
    fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) {
    let declared = Set(patterns[index].parameterNames)
    let constants = table.routes[index].constants
    for entry in values where !declared.contains(entry.name) {
      // A constant is never written; a value for it is the same one (by text, as a typed value is
      // read from text) or an error.
      guard let constant = constants[entry.name] else { throw fail(.unexpectedValue(entry.name)) }
      guard entry.value.description == constant.description else {
        throw fail(
          .notTheConstant(name: entry.name, value: entry.value.description, constant: constant.description))
      }
    }
    for (name, value) in constants { draft.expected[name] = value }
  }

  /// Writes the path's segments (and a fragment read as a path, and the rest of the link) from the
  /// values, each as the router reads it.
  private func writePath(
    of pattern: RoutePattern, _ values: RouteParameters, into draft: inout LinkDraft, query: [QueryItem],
    fragment: String?, fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) {
    for segment in pattern.segments {
      switch segment {
      case .fragment:
        draft.fragmentStart = draft.segments.count
      case .literal(let text):
        draft.segments.append(text)
      case .parameter(let name, let type):
        guard let value = values[name] else { throw fail(.missingValue(name)) }
        let typed = try Self.convert(value, to: type, name: name, fail: fail)
        try draft.writeSegment(typed, of: name, fail: fail)
      case .optional(let name, let type):
        // Left out, the link ends before it; given, it is written as a parameter of its type.
        guard let value = values[name] else { continue }
        let typed = try Self.convert(value, to: type, name: name, fail: fail)
        if typed.description.isEmpty { throw fail(.emptyValue(name)) }
        try draft.writeSegment(typed, of: name, fail: fail)
      case .oneOrMore(let name), .zeroOrMore(let name):
        guard let value = values[name] else { throw fail(.missingValue(name)) }
        let parts: [String]
        switch value {
        case .segments(let list): parts = list
        case .string(let text):
          parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        case .int, .uuid, .bool, .decimal, .url: parts = [value.description]
        case .dictionary, .pairs:
          throw fail(.typeMismatch(name: name, expected: .string, value: value.description))
        }
        if case .oneOrMore = segment, parts.isEmpty { throw fail(.emptyValue(name)) }
        try draft.writeRun(parts, of: name, fail: fail)
        draft.expected[name] = .segments(parts)
      case .testedRun(let name, let rule):
        guard let value = values[name] else { throw fail(.missingValue(name)) }
        // The segments, or for pairs the pairs written out (`channel/42/topic/lunch`), operator then
        // operand.
        let parts: [String]
        switch value {
        case .pairs(let items) where rule.isPairs: parts = items.flatMap { [$0.name, $0.value ?? ""] }
        case .segments(let list): parts = list
        case .string(let text):
          parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // One typed value is a run of one segment.
        case .int, .uuid, .bool, .decimal, .url:
          guard !rule.isPairs else { fallthrough }
          parts = [value.description]
        case .dictionary, .pairs:
          let takes = rule.isPairs ? "a pair catch-all takes pairs" : "\(segment) takes \(rule.expectation)"
          throw fail(.unwritableValue(name: name, detail: "\(takes), not \(value)"))
        }
        // Written as its type reads each segment (a lower-case check's text in lower case).
        guard let read = rule.value(parts) else {
          let miss = rule.miss(parts, piece: segment.description)
          let detail = miss.map { miss in
            miss.offset.map {
              "segment \($0 + 1) of the run, \"\(PrintableText.escaped(parts[$0]))\", is not \(miss.expected)"
            } ?? miss.expected
          }
          throw fail(.unwritableValue(name: name, detail: detail ?? "not of \(segment)"))
        }
        try draft.writeRun(rule.isPairs ? parts : read.segmentsValue ?? parts, of: name, fail: fail)
        draft.expected[name] = read
      case .remainder(let name):
        guard let value = values[name] else { throw fail(.missingValue(name)) }
        let text = try Self.restOfLink(value, name: name, fail: fail)
        if !query.isEmpty || fragment != nil {
          throw fail(
            .unwritableValue(
              name: name,
              detail: "the route takes the rest of the link, so the link takes no other query or fragment"))
        }
        draft.restOfLink = text
        draft.expected[name] = .string(text)
      case .valueSet(let name, let set):
        guard let value = values[name] else { throw fail(.missingValue(name)) }
        let member = try Self.member(value, of: set, name: name, fail: fail)
        draft.segments.append(member.description)
        draft.expected[name] = member
      case .kind(let name, let kind):
        guard let value = values[name] else { throw fail(.missingValue(name)) }
        try draft.writeSegment(try Self.value(value, of: kind, name: name, fail: fail), of: name, fail: fail)
      case .template(let template):
        var typedValues: [String: ParameterValue] = [:]
        for case .parameter(let name, let type) in template.parts {
          guard let value = values[name] else { throw fail(.missingValue(name)) }
          let typed = try Self.convert(value, to: type, name: name, fail: fail)
          typedValues[name] = typed
          draft.expected[name] = typed
        }
        switch template.written(typedValues) {
        case .success(let text): draft.segments.append(text)
        case .failure(let problem):
          throw fail(
            .unwritableValue(
              name: problem.name,
              detail:
                "the value '\(problem.value)' holds '\(problem.separator)', which ends {\(problem.name)} in \(template); the link would read back another value"
            ))
        }
      }
    }
  }

  /// Writes the query: the declared items in the pattern's order, then the open dictionary's items by
  /// name, then the extra items, refusing any the link would read back as something else.
  private func writeQuery(
    of pattern: RoutePattern, _ values: RouteParameters, extra query: [QueryItem],
    into draft: inout LinkDraft, fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) {
    for parameter in pattern.query {
      switch parameter.rule {
      case .value: break
      case .literal(let text):
        // The item that selects the route, under its first key.
        draft.queryText.append(
          PercentCoding.encodeQueryComponent(parameter.key) + "=" + PercentCoding.encodeQueryComponent(text))
        continue
      case .absent: continue
      case .oneOf, .kind: break
      }
      guard let value = values[parameter.name] else {
        if parameter.isOptional { continue }
        throw fail(.missingValue(parameter.name))
      }
      let typed: ParameterValue
      if case .oneOf(let set) = parameter.rule {
        typed = try Self.member(value, of: set, name: parameter.name, fail: fail)
      } else if case .kind(let kind) = parameter.rule {
        typed = try Self.value(value, of: kind, name: parameter.name, fail: fail)
      } else {
        typed = try Self.convert(value, to: parameter.type, name: parameter.name, fail: fail)
      }
      draft.queryText.append(
        PercentCoding.encodeQueryComponent(parameter.key) + "="
          + PercentCoding.encodeQueryComponent(typed.description))
      draft.expected[parameter.name] = typed
    }
    let declaredKeys = Set(pattern.query.flatMap { $0.keys.map(table.options.queryKeys.compared) })
    var undeclared: [QueryItem] = []
    if let name = pattern.openQuery {
      // The dictionary's items, sorted by name so that the same values always give the same link.
      let items: [String: String]
      switch values[name] {
      case nil: items = [:]
      case .dictionary(let given): items = given
      case let other?:
        throw fail(
          .unwritableValue(name: name, detail: "an open query dictionary takes a dictionary, not \(other)"))
      }
      for (key, value) in items.stableSorted(by: { $0.key < $1.key }) {
        guard !key.isEmpty else {
          throw fail(
            .unwritableValue(name: name, detail: "a query item needs a name; the dictionary has an empty one")
          )
        }
        guard !declaredKeys.contains(table.options.queryKeys.compared(key)) else {
          throw fail(
            .unwritableValue(
              name: name,
              detail: "'\(key)' is a key the pattern declares, so it would not read back in the dictionary"))
        }
        undeclared.append(QueryItem(name: key, value: value))
      }
    }
    let dictionaryKeys = Set(undeclared.map { table.options.queryKeys.compared($0.name) })
    for item in query {
      if declaredKeys.contains(table.options.queryKeys.compared(item.name)) {
        throw fail(.unexpectedValue(item.name))
      }
      if dictionaryKeys.contains(table.options.queryKeys.compared(item.name)) {
        throw fail(.unexpectedValue(item.name))
      }
    }
    undeclared += query
    if let name = pattern.openQuery { draft.expected[name] = .dictionary(openQuery(of: undeclared)) }
    for item in undeclared {
      var text = PercentCoding.encodeQueryComponent(item.name)
      if let value = item.value { text += "=" + PercentCoding.encodeQueryComponent(value) }
      draft.queryText.append(text)
    }
  }

  /// The link's text: its start (a web host, or a custom scheme), path, fragment path, query and fragment.
  private func assemble(
    _ draft: LinkDraft, of index: Int, fragment: String?, form: LinkForm,
    fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) -> String {
    let pattern = patterns[index]
    // The link's start: a web host, or a custom scheme whose authority is the first segment.
    let pathEnd = draft.fragmentStart ?? draft.segments.count
    var path = draft.segments[..<pathEnd].map(PercentCoding.encodePathSegment).joined(separator: "/")
    if let restOfLink = draft.restOfLink { path += (path.isEmpty ? "" : "/") + restOfLink }
    // A route that reads the fragment writes it as a path after `#/` (or `#`, for a fragment written
    // without its leading `/`), with its query inside it; its trailing slash is the fragment's.
    var fragmentPath: String?
    if let fragmentStart = draft.fragmentStart {
      if fragment != nil {
        throw fail(
          .unwritableValue(
            name: "fragment",
            detail: "the route reads the fragment as a path, so the link takes no other fragment"))
      }
      let written = draft.segments[fragmentStart...]
      fragmentPath =
        (pattern.fragmentStartsWithSlash ? "#/" : "#")
        + written.map(PercentCoding.encodePathSegment).joined(separator: "/")
      if table.options.strictTrailingSlash && pattern.hasTrailingSlash && !written.isEmpty {
        fragmentPath? += "/"
      }
    } else if table.options.strictTrailingSlash && pattern.hasTrailingSlash && !draft.segments.isEmpty {
      path += "/"
    }
    var text: String
    switch try resolve(form, scope: scopes[index], fail: fail) {
    case .web(let scheme, let authority):
      text = "\(scheme)://\(authority)/\(path)"
    case .custom(let scheme, let host?):
      // A table that reads a listed host after a custom scheme: `shop://www.shop.example/p/1`.
      text = "\(scheme)://\(host)/\(path)"
    case .custom(let scheme, nil):
      // `myapp://channel/video/1` when the first segment reads back unchanged as an authority
      // (lower-case, unreserved characters only); `myapp:///Channel/...` otherwise.
      let first = pathEnd > 0 ? draft.segments[0] : ""
      let authoritySafe = first.utf8.allSatisfy {
        PercentCoding.isUnreserved($0) && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
      }
      if scopes[index].takesAddress && pathEnd > 0 {
        // An address is the authority as it is (`teamchat://localhost:8065/team`): its value is
        // lower-case ASCII made of a host's bytes, `:` and brackets only.
        let written = PercentCoding.encodePathSegment(first)
        text = "\(scheme)://\(first)" + path.dropFirst(written.count)
      } else {
        text = authoritySafe ? "\(scheme)://\(path)" : "\(scheme):///\(path)"
      }
    }
    if let fragmentPath { text += fragmentPath }
    if !draft.queryText.isEmpty { text += "?" + draft.queryText.joined(separator: "&") }
    if let fragment { text += "#" + PercentCoding.encodeQueryComponent(fragment) }
    return text
  }

  /// Reads a written link back: the same route with the same values, or no link at all.
  private func readBack(
    _ text: String, as route: String, expected: RouteParameters, fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) {
    let readBack: RouteMatch?
    do {
      readBack = try directMatch(text)
    } catch {
      throw fail(.notRoundTrippable(error.message))
    }
    guard let readBack else { throw fail(.notRoundTrippable("no route matches \(text)")) }
    guard readBack.route == route else { throw fail(.shadowed(by: readBack.route)) }
    guard readBack.parameters.dictionary == expected.dictionary else {
      throw fail(.notRoundTrippable("reads back as \(readBack.parameters)"))
    }
  }

  /// The text of the rest of the link (`{name:rest}`) as it is written: a string (or a scalar's
  /// text) of the bytes a link carries raw, each `%` starting an escape of two hex digits.
  private static func restOfLink(
    _ value: ParameterValue, name: String, fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) -> String {
    switch value {
    case .string, .int, .uuid, .bool, .decimal, .url: break
    case .segments, .dictionary, .pairs:
      throw fail(.typeMismatch(name: name, expected: .string, value: value.description))
    }
    let text = value.description
    let bytes = Array(text.utf8)
    for (index, byte) in bytes.enumerated() {
      let carried =
        byte == UInt8(ascii: "%")
        ? index + 2 < bytes.count && PercentCoding.hexValue(bytes[index + 1]) != nil
          && PercentCoding.hexValue(bytes[index + 2]) != nil
        : ReadingRules.isAllowedRaw(byte)
      guard carried else {
        let shown = PrintableText.escaped(String(decoding: [byte], as: UTF8.self))
        throw fail(
          .unwritableValue(
            name: name,
            detail:
              "the rest of the link is written as given, and a link cannot carry '\(shown)' raw (at byte \(index)); percent-encode it"
          ))
      }
    }
    if let scalar = text.unicodeScalars.first(where: PercentCoding.isForbidden) {
      throw fail(
        .unwritableValue(
          name: name,
          detail:
            "a link cannot carry \(PrintableText.escaped(String(scalar))) (a control or bidirectional character)"
        ))
    }
    return text
  }

  private enum Start {
    /// A web link: its scheme (`https`, or `http` for a route scoped to it) and authority.
    case web(String, String)
    /// A custom-scheme link: its scheme, and the host it carries in a table that reads one
    /// (``RouteTable/Options/listedHostInCustomScheme``).
    case custom(String, host: String?)
  }

  /// Where a route's link starts. A route scoped to hosts or schemes (``RouteDefinition/hosts``,
  /// ``RouteDefinition/schemes``) builds on its first host and its first scheme; one scoped to hosts
  /// (or to any host) has no custom-scheme link, which carries no host, unless the table reads a listed
  /// host after a custom scheme (``RouteTable/Options/listedHostInCustomScheme``): every custom-scheme link is
  /// then written with the host, `shop://www.shop.example/p/1`.
  private func resolve(
    _ form: LinkForm, scope: RouteScope, fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) -> Start {
    let isWebScheme = { (scheme: String) in scheme == "https" || scheme == "http" }
    let firstHost: HostRule? =
      switch scope.hosts {
      case .listed(let rules): rules.first { !$0.isWildcard }
      case .all, .any: hostRules.first { !$0.isWildcard }
      }
    let webScheme = scope.schemes.map { $0.first(where: isWebScheme) } ?? "https"
    let carriedHost =
      table.options.listedHostInCustomScheme ? firstHost.map { $0.authority } : nil
    let allowsCustom = scope.hosts == .all || carriedHost != nil
    let firstScheme =
      allowsCustom
      ? (scope.schemes ?? table.schemes).first { !isWebScheme($0.lowercased()) }?.lowercased() : nil
    let scoped = scope.isUnscoped ? "" : "the route answers only \(scopeText(scope)), and "
    switch form {
    case .preferred:
      if let first = scope.schemes?.first, !isWebScheme(first), let firstScheme {
        return .custom(firstScheme, host: carriedHost)
      }
      if let firstHost, let webScheme { return .web(webScheme, firstHost.authority) }
      if let firstScheme { return .custom(firstScheme, host: carriedHost) }
      throw fail(.formUnavailable(scoped + "the table has no host and no custom scheme to build with"))
    case .universalLink:
      guard let firstHost else {
        throw fail(.formUnavailable(scoped + "the table lists no host (that is not a wildcard)"))
      }
      guard scope.schemes?.contains("https") ?? true else {
        throw fail(.formUnavailable("the route answers only \(scopeText(scope))"))
      }
      return .web("https", firstHost.authority)
    case .customScheme:
      guard let firstScheme else { throw fail(.formUnavailable(scoped + "the table lists no custom scheme")) }
      return .custom(firstScheme, host: carriedHost)
    case .host(let host):
      var name = host.lowercased()
      var port: String?
      if let colon = name.lastIndex(of: ":") {
        port = String(name[name.index(after: colon)...])
        name = String(name[..<colon])
      }
      // A host given in Unicode is written in its ASCII form, the one a link carries (``HostName``).
      if name.utf8.contains(where: { $0 >= 0x80 }) {
        do {
          name = try HostName.ascii(name)
        } catch {
          throw fail(.formUnavailable("host '\(host)' has no ASCII form: \(error)"))
        }
      }
      let lowered = port.map { "\(name):\($0)" } ?? name
      let admitted =
        switch scope.hosts {
        case .all: hostRules.contains { $0.admits(host: name, port: port) }
        case .listed(let rules): rules.contains { $0.admits(host: name, port: port) }
        case .any: HostRule.isValidHostName(name) && port.map { $0.allSatisfy(\.isASCIIDigit) } ?? true
        }
      guard admitted else {
        throw fail(
          .formUnavailable(
            scope.hosts == .all
              ? "host '\(host)' is not in the route table" : "the route answers only \(scopeText(scope))"))
      }
      guard let webScheme else { throw fail(.formUnavailable("the route answers only \(scopeText(scope))")) }
      return .web(webScheme, lowered)
    case .scheme(let scheme):
      let lowered = scheme.lowercased()
      guard reader.schemes.contains(lowered) else {
        throw fail(.formUnavailable("scheme '\(scheme)' is not in the route table"))
      }
      guard allowsCustom, scope.schemes?.contains(lowered) ?? true else {
        throw fail(.formUnavailable("the route answers only \(scopeText(scope))"))
      }
      return .custom(lowered, host: carriedHost)
    }
  }

  /// The member a value of a value-set parameter builds as, or the error naming the set.
  private static func member(
    _ value: ParameterValue, of set: ValueSet, name: String, fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) -> ParameterValue {
    if let member = set.written(value) { return member }
    throw fail(.notAMember(name: name, value: value.description, members: set.description))
  }

  /// The value a parameter of an app-defined kind writes, or the typed error naming the kind and why
  /// the value is not of it.
  private static func value(
    _ value: ParameterValue, of kind: AppKind, name: String, fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) -> ParameterValue {
    if let written = kind.written(value) { return written }
    let why =
      kind.miss(value.description) ?? "a \(kind.name) is text, not \(value.description)"
    throw fail(.notOfKind(name: name, value: value.description, kind: kind.name, why: why))
  }

  /// A route's scope in words: `hosts a.example, b.example on schemes https`.
  private func scopeText(_ scope: RouteScope) -> String {
    var parts: [String] = []
    switch scope.hosts {
    case .all: break
    case .any: parts.append("links with a host")
    case .listed: parts.append("hosts " + (scope.hostEntries ?? []).joined(separator: ", "))
    }
    if let schemes = scope.schemes { parts.append("schemes " + schemes.joined(separator: ", ")) }
    return parts.joined(separator: " on ")
  }

  private static func convert(
    _ value: ParameterValue, to type: ParameterType, name: String,
    fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) -> ParameterValue {
    if let written = type.written(value) { return written }
    if case .segments = value {
      throw fail(.typeMismatch(name: name, expected: type, value: value.description))
    }
    if value.description.isEmpty { throw fail(.emptyValue(name)) }
    throw fail(.typeMismatch(name: name, expected: type, value: value.description))
  }
}

/// A link being written: its decoded path segments, where a fragment read as a path starts, the rest of
/// the link, the query items as written, and the values the link must read back as.
private struct LinkDraft {
  var segments: [String] = []
  var fragmentStart: Int?
  var restOfLink: String?
  var queryText: [String] = []
  var expected = RouteParameters()

  /// A value that fills its segment: never `.` or `..`, which a reader would resolve away.
  mutating func writeSegment(
    _ value: ParameterValue, of name: String, fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) {
    if PercentCoding.isDotSegment(value.description) {
      throw fail(.dotSegment(name: name, value: value.description))
    }
    segments.append(value.description)
    expected[name] = value
  }

  /// The segments of a catch-all: none empty, none `.` or `..`.
  mutating func writeRun(
    _ parts: [String], of name: String, fail: (URLBuildError) -> URLBuildError
  ) throws(URLBuildError) {
    if parts.contains(where: \.isEmpty) { throw fail(.emptyValue(name)) }
    if let dot = parts.first(where: PercentCoding.isDotSegment) {
      throw fail(.dotSegment(name: name, value: dot))
    }
    segments.append(contentsOf: parts)
  }
}
