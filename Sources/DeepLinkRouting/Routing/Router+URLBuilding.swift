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
    func fail(_ reason: URLBuildError.Reason) -> URLBuildError { URLBuildError(route: route, reason: reason) }
    guard let index = routeIndex[route] else { throw fail(.unknownRoute) }
    let pattern = patterns[index]
    let declared = Set(pattern.parameterNames)
    for entry in values where !declared.contains(entry.name) { throw fail(.unexpectedValue(entry.name)) }

    // Path segments, decoded, then the typed query values.
    var segments: [String] = []
    var expected = RouteParameters()
    for segment in pattern.segments {
      switch segment {
      case .literal(let text):
        segments.append(text)
      case .parameter(let name, let type):
        guard let value = values[name] else { throw fail(.missingValue(name)) }
        let typed = try Self.convert(value, to: type, name: name, fail: fail)
        if PercentCoding.isDotSegment(typed.description) {
          throw fail(.dotSegment(name: name, value: typed.description))
        }
        segments.append(typed.description)
        expected[name] = typed
      case .oneOrMore(let name), .zeroOrMore(let name):
        guard let value = values[name] else { throw fail(.missingValue(name)) }
        let parts: [String]
        switch value {
        case .segments(let list): parts = list
        case .string(let text):
          parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        case .int, .uuid, .bool, .decimal, .url: parts = [value.description]
        case .dictionary: throw fail(.typeMismatch(name: name, expected: .string, value: value.description))
        }
        if parts.contains(where: \.isEmpty) { throw fail(.emptyValue(name)) }
        if let dot = parts.first(where: PercentCoding.isDotSegment) {
          throw fail(.dotSegment(name: name, value: dot))
        }
        if case .oneOrMore = segment, parts.isEmpty { throw fail(.emptyValue(name)) }
        segments.append(contentsOf: parts)
        expected[name] = .segments(parts)
      case .valueSet(let name, let set):
        guard let value = values[name] else { throw fail(.missingValue(name)) }
        let member = try Self.member(value, of: set, name: name, fail: fail)
        segments.append(member.description)
        expected[name] = member
      case .template(let template):
        var typedValues: [String: ParameterValue] = [:]
        for case .parameter(let name, let type) in template.parts {
          guard let value = values[name] else { throw fail(.missingValue(name)) }
          let typed = try Self.convert(value, to: type, name: name, fail: fail)
          typedValues[name] = typed
          expected[name] = typed
        }
        switch template.written(typedValues) {
        case .success(let text): segments.append(text)
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
    var queryText: [String] = []
    for parameter in pattern.query {
      switch parameter.rule {
      case .value: break
      case .literal(let text):
        // The item that selects the route, under its first key.
        queryText.append(
          PercentCoding.encodeQueryComponent(parameter.key) + "=" + PercentCoding.encodeQueryComponent(text))
        continue
      case .absent: continue
      case .oneOf: break
      }
      guard let value = values[parameter.name] else {
        if parameter.isOptional { continue }
        throw fail(.missingValue(parameter.name))
      }
      let typed: ParameterValue
      if case .oneOf(let set) = parameter.rule {
        typed = try Self.member(value, of: set, name: parameter.name, fail: fail)
      } else {
        typed = try Self.convert(value, to: parameter.type, name: parameter.name, fail: fail)
      }
      queryText.append(
        PercentCoding.encodeQueryComponent(parameter.key) + "="
          + PercentCoding.encodeQueryComponent(typed.description))
      expected[parameter.name] = typed
    }
    let declaredKeys = Set(pattern.query.flatMap { $0.keys.map(table.queryKeys.compared) })
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
      for (key, value) in items.sorted(by: { $0.key < $1.key }) {
        guard !key.isEmpty else {
          throw fail(
            .unwritableValue(name: name, detail: "a query item needs a name; the dictionary has an empty one")
          )
        }
        guard !declaredKeys.contains(table.queryKeys.compared(key)) else {
          throw fail(
            .unwritableValue(
              name: name,
              detail: "'\(key)' is a key the pattern declares, so it would not read back in the dictionary"))
        }
        undeclared.append(QueryItem(name: key, value: value))
      }
    }
    let dictionaryKeys = Set(undeclared.map { table.queryKeys.compared($0.name) })
    for item in query {
      if declaredKeys.contains(table.queryKeys.compared(item.name)) {
        throw fail(.unexpectedValue(item.name))
      }
      if dictionaryKeys.contains(table.queryKeys.compared(item.name)) {
        throw fail(.unexpectedValue(item.name))
      }
    }
    undeclared += query
    if let name = pattern.openQuery { expected[name] = .dictionary(openQuery(of: undeclared)) }
    for item in undeclared {
      var text = PercentCoding.encodeQueryComponent(item.name)
      if let value = item.value { text += "=" + PercentCoding.encodeQueryComponent(value) }
      queryText.append(text)
    }

    // The link's start: a web host, or a custom scheme whose authority is the first segment.
    var path = segments.map(PercentCoding.encodePathSegment).joined(separator: "/")
    if table.strictTrailingSlash && pattern.hasTrailingSlash && !segments.isEmpty { path += "/" }
    var text: String
    switch try resolve(form, fail: fail) {
    case .web(let authority):
      text = "https://\(authority)/\(path)"
    case .custom(let scheme):
      // `myapp://channel/video/1` when the first segment reads back unchanged as an authority
      // (lower-case, unreserved characters only); `myapp:///Channel/...` otherwise.
      let first = segments.first ?? ""
      let authoritySafe = first.utf8.allSatisfy {
        PercentCoding.isUnreserved($0) && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
      }
      text = authoritySafe ? "\(scheme)://\(path)" : "\(scheme):///\(path)"
    }
    if !queryText.isEmpty { text += "?" + queryText.joined(separator: "&") }
    if let fragment { text += "#" + PercentCoding.encodeQueryComponent(fragment) }

    // Read it back: the same route with the same values, or no link at all.
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
    return text
  }

  private enum Start {
    case web(String)
    case custom(String)
  }

  private func resolve(_ form: LinkForm, fail: (URLBuildError.Reason) -> URLBuildError) throws(URLBuildError)
    -> Start
  {
    let firstHost = hostRules.first { !$0.isWildcard }
    let firstScheme = table.schemes.first { !["http", "https"].contains($0.lowercased()) }
    switch form {
    case .preferred:
      if let firstHost { return .web(firstHost.authority) }
      if let firstScheme { return .custom(firstScheme.lowercased()) }
      throw fail(.formUnavailable("the table has no host and no custom scheme to build with"))
    case .universalLink:
      guard let firstHost else {
        throw fail(.formUnavailable("the table lists no host (that is not a wildcard)"))
      }
      return .web(firstHost.authority)
    case .customScheme:
      guard let firstScheme else { throw fail(.formUnavailable("the table lists no custom scheme")) }
      return .custom(firstScheme.lowercased())
    case .host(let host):
      let lowered = host.lowercased()
      var name = lowered
      var port: String?
      if let colon = lowered.lastIndex(of: ":") {
        name = String(lowered[..<colon])
        port = String(lowered[lowered.index(after: colon)...])
      }
      guard hostRules.contains(where: { $0.admits(host: name, port: port) }) else {
        throw fail(.formUnavailable("host '\(host)' is not in the route table"))
      }
      return .web(lowered)
    case .scheme(let scheme):
      let lowered = scheme.lowercased()
      guard reader.schemes.contains(lowered) else {
        throw fail(.formUnavailable("scheme '\(scheme)' is not in the route table"))
      }
      return .custom(lowered)
    }
  }

  /// The member a value of a value-set parameter builds as, or the error naming the set.
  private static func member(
    _ value: ParameterValue, of set: ValueSet, name: String, fail: (URLBuildError.Reason) -> URLBuildError
  ) throws(URLBuildError) -> ParameterValue {
    if let member = set.written(value) { return member }
    throw fail(.notAMember(name: name, value: value.description, members: set.description))
  }

  private static func convert(
    _ value: ParameterValue, to type: ParameterType, name: String,
    fail: (URLBuildError.Reason) -> URLBuildError
  ) throws(URLBuildError) -> ParameterValue {
    if let written = type.written(value) { return written }
    if case .segments = value {
      throw fail(.typeMismatch(name: name, expected: type, value: value.description))
    }
    if value.description.isEmpty { throw fail(.emptyValue(name)) }
    throw fail(.typeMismatch(name: name, expected: type, value: value.description))
  }
}
