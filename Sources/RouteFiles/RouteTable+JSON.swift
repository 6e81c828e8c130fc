import DeepLinkRouting
import Foundation

extension RouteTable {
  private static let tableKeys = [
    "schemes", "hosts", "caseInsensitive", "strictTrailingSlash", "limits", "routes", "queryKeys",
    "plusInQuery",
    "customSchemeHost", "kinds", "hostGroups",
  ]
  private static let kindKeys = ["prefix", "characters", "minLength", "maxLength"]
  private static let routeKeys = [
    "name", "pattern", "requiresVerifiedLink", "requiresSignIn", "follow", "hosts", "schemes", "preview",
    "constants",
  ]
  private static let previewKeys = ["title", "description", "image"]
  private static let limitKeys = ["maxURLLength", "maxSegments", "maxQueryItems", "maxRoutes"]

  /// Reads a route table from a JSON route file.
  ///
  /// The file must be strict JSON (no trailing commas or comments, no key twice in one object), and
  /// each value must have exactly its type: `caseInsensitive` takes `true` or `false`, not `1`; a limit
  /// takes a positive integer, not `true` or `1.5`. Unknown keys are errors (with a suggestion for a
  /// near miss such as `patern`), so that a typo cannot silently drop a rule. Patterns are checked when
  /// the ``Router`` is built.
  ///
  /// - Parameter json: The file's contents.
  /// - Throws: ``RouteTableError`` saying where in the file the problem is: the path (`routes[2].pattern`)
  ///   and the line and column.
  public init(json: Data) throws(RouteTableError) {
    let document: JSONValue
    do {
      document = try JSONReader.read(json)
    } catch {
      throw RouteTableError(
        reason: .invalidJSON(error.description), line: error.line, column: error.column)
    }
    do throws(RouteFileError) {
      self = try Self.read(JSONField(document))
    } catch {
      throw error.tableError
    }
  }

  /// A problem in a route file before it is turned into a ``RouteTableError``.
  private enum RouteFileError: Error {
    case type(JSONTypeError, route: String?)
    case table(RouteTableError)

    var tableError: RouteTableError {
      switch self {
      case .table(let error):
        return error
      case .type(let error, let route):
        return RouteTableError(
          route: route, location: Self.location(error.path), reason: .wrongType(expected: error.expected),
          found: error.found, line: error.position?.line, column: error.position?.column)
      }
    }

    static func location(_ path: JSONPath) -> String { path.isRoot ? "(top level)" : path.description }
  }

  private static func read(_ root: JSONField) throws(RouteFileError) -> RouteTable {
    let table = try typed(route: nil) { () throws(JSONTypeError) in try root.object() }
    try checkKeys(table, known: tableKeys, route: nil)
    var options = Options.default
    if let limitField = table["limits"] {
      let limitObject = try typed(route: nil) { () throws(JSONTypeError) in try limitField.object() }
      try checkKeys(limitObject, known: limitKeys, route: nil)
      func number(_ key: String, _ fallback: Int) throws(RouteFileError) -> Int {
        guard let field = limitObject[key] else { return fallback }
        return try typed(route: nil) { () throws(JSONTypeError) in
          let expected = "a positive integer"
          let value = try field.int(expected: expected)
          guard value > 0 else { throw field.mismatch(expected) }
          return value
        }
      }
      options.maxURLLength = try number("maxURLLength", options.maxURLLength)
      options.maxSegments = try number("maxSegments", options.maxSegments)
      options.maxQueryItems = try number("maxQueryItems", options.maxQueryItems)
      options.maxRoutes = try number("maxRoutes", options.maxRoutes)
      do throws(RouteTableError) {
        try options.validate()
      } catch {
        throw .table(error)
      }
    }
    guard let routeList = table["routes"] else {
      throw .table(missing("routes", in: table, route: nil))
    }
    let routeFields = try typed(route: nil) { () throws(JSONTypeError) in
      try routeList.array(expected: "an array of routes")
    }
    let kinds = try readKinds(table["kinds"])
    var routes: [RouteDefinition] = []
    routes.reserveCapacity(routeFields.count)
    for routeField in routeFields {
      routes.append(try readRoute(routeField))
    }
    let read = try typed(route: nil) { () throws(JSONTypeError) in
      let schemes = try table["schemes"]?.strings() ?? []
      let hosts = try table["hosts"]?.strings() ?? []
      var hostGroups: [String: [String]] = [:]
      if let groups = try table["hostGroups"]?.object(expected: "an object of host lists") {
        for member in groups.members {
          hostGroups[member.key] = try JSONField(member.value, at: groups.path.appending(key: member.key))
            .strings()
        }
      }
      options.caseInsensitive = try table["caseInsensitive"]?.bool() ?? false
      options.strictTrailingSlash = try table["strictTrailingSlash"]?.bool() ?? false
      options.caseInsensitiveQueryKeys = try setting(table["queryKeys"], "exact", "caseInsensitive")
      options.literalPlusInQuery = try setting(table["plusInQuery"], "space", "literal")
      options.listedHostInCustomScheme = try setting(table["customSchemeHost"], "firstSegment", "listed")
      return RouteTable(
        schemes: schemes, hosts: hosts, hostGroups: hostGroups, options: options, kinds: kinds, routes: routes
      )
    }
    try checkHosts(read, field: table["hosts"])
    try checkHostGroups(read, field: table["hostGroups"])
    try checkScopes(read, routeFields: routeFields)
    return read
  }

  /// The table's hosts, parsed, or `nil` when one is malformed (``checkHosts(_:field:)`` reports it).
  private static func hostRules(_ table: RouteTable) -> [HostRule]? {
    try? table.hostRules()
  }

  /// Checks the table's hosts, as ``Router/init(_:)`` does, so that a host that is not one (a label
  /// over 63 bytes, `xn--` that is not Punycode, a character no host holds) is reported where the file
  /// writes it.
  private static func checkHosts(_ table: RouteTable, field: JSONField?) throws(RouteFileError) {
    guard let field else { return }
    do throws(RouteTableError) {
      _ = try table.hostRules()
    } catch {
      var located = error
      let position = position(of: error, in: field.value)
      located.line = position?.line
      located.column = position?.column
      throw .table(located)
    }
  }

  /// Where the entry at fault is in a list of the file: the element the location's last subscript
  /// names (`routes[2].hosts[1]`), or the list itself.
  private static func position(of error: RouteTableError, in list: JSONValue) -> JSONPosition? {
    if let location = error.location, location.hasSuffix("]"), let open = location.lastIndex(of: "["),
      let entry = Int(location[location.index(after: open)..<location.index(before: location.endIndex)]),
      case .array(let elements) = list.kind, entry < elements.count
    {
      return elements[entry].position
    }
    return list.position
  }

  /// Checks the table's host groups, as ``Router/init(_:)`` does, so that an error points at the
  /// group's name or host in the file.
  private static func checkHostGroups(_ table: RouteTable, field: JSONField?) throws(RouteFileError) {
    guard let field, case .object(let members) = field.value.kind, let rules = hostRules(table) else {
      return
    }
    do throws(RouteTableError) {
      try table.checkHostGroups(rules: rules)
    } catch {
      var located = error
      if let member = members.first(where: { $0.key == error.key }) {
        // A name that is not one is at fault where it is written; anything else in the list.
        let isEmpty = if case .array(let hosts) = member.value.kind { hosts.isEmpty } else { false }
        let position =
          error.scopeEntry == nil && !isEmpty ? member.keyPosition : position(of: error, in: member.value)
        located.line = position?.line
        located.column = position?.column
      }
      throw .table(located)
    }
  }

  /// Checks each route's `hosts` and `schemes` against the table, as ``Router/init(_:)`` does, so that
  /// an error points at the entry in the file.
  private static func checkScopes(_ table: RouteTable, routeFields: [JSONField]) throws(RouteFileError) {
    guard let rules = hostRules(table) else { return }
    for (index, route) in table.routes.enumerated() where route.hosts != nil || route.schemes != nil {
      do throws(RouteTableError) {
        try table.checkScope(ofRoute: index, rules: rules)
      } catch {
        var located = error
        if let key = error.key, index < routeFields.count,
          case .object(let members) = routeFields[index].value.kind,
          let list = members.first(where: { $0.key == key })?.value
        {
          let position = position(of: error, in: list)
          located.line = position?.line
          located.column = position?.column
        }
        throw .table(located)
      }
    }
  }

  /// The `kinds` object: each kind's keys, types and rules checked here, so an error points at the
  /// key in the file.
  private static func readKinds(_ field: JSONField?) throws(RouteFileError) -> [String: ValueKind] {
    guard let field else { return [:] }
    let object = try typed(route: nil) { () throws(JSONTypeError) in try field.object() }
    guard case .object(let members) = field.value.kind else { return [:] }
    var kinds: [String: ValueKind] = [:]
    for member in members {
      guard let kindField = object[member.key] else { continue }
      let kindObject = try typed(route: nil) { () throws(JSONTypeError) in try kindField.object() }
      try checkKeys(kindObject, known: kindKeys, route: nil)
      guard let characters = kindObject["characters"] else {
        throw .table(missing("characters", in: kindObject, route: nil))
      }
      func length(_ key: String) throws(RouteFileError) -> Int? {
        guard let lengthField = kindObject[key] else { return nil }
        return try typed(route: nil) { () throws(JSONTypeError) in
          try lengthField.int(expected: "a positive integer")
        }
      }
      let kind = try typed(route: nil) { () throws(JSONTypeError) in
        ValueKind(
          characters: try characters.string(), prefix: try kindObject["prefix"]?.string() ?? "",
          minLength: 1, maxLength: nil)
      }
      var declared = kind
      declared.minLength = try length("minLength") ?? 1
      declared.maxLength = try length("maxLength")
      if let (key, problem) = declared.problem(named: member.key) {
        let position = key.flatMap { kindObject[$0]?.value.position } ?? member.value.position
        throw .table(
          RouteTableError(
            location: "kinds.\(member.key)" + (key.map { ".\($0)" } ?? ""),
            reason: .invalidKind(name: member.key, problem: problem), line: position?.line,
            column: position?.column))
      }
      kinds[member.key] = declared
    }
    return kinds
  }

  private static func readRoute(_ field: JSONField) throws(RouteFileError) -> RouteDefinition {
    let route = try typed(route: nil) { () throws(JSONTypeError) in try field.object() }
    let knownName: String? =
      if case .string(let text) = route["name"]?.value.kind { text } else { nil }
    try checkKeys(route, known: routeKeys, route: knownName)
    guard let nameField = route["name"] else {
      throw .table(missing("name", in: route, route: nil))
    }
    let name = try typed(route: nil) { () throws(JSONTypeError) in try nameField.string() }
    guard let patternField = route["pattern"] else {
      throw .table(missing("pattern", in: route, route: name))
    }
    var definition = try typed(route: name) { () throws(JSONTypeError) in
      RouteDefinition(
        name,
        try patternField.string(),
        requiresVerifiedLink: try route["requiresVerifiedLink"]?.bool() ?? false,
        requiresSignIn: try route["requiresSignIn"]?.bool() ?? false,
        follow: try route["follow"]?.string(),
        hosts: try route["hosts"]?.strings(),
        schemes: try route["schemes"]?.strings()
      )
    }
    if let previewField = route["preview"] {
      definition.preview = try readPreview(previewField, route: name)
    }
    if let constantsField = route["constants"] {
      definition.constants = try typed(route: name) { () throws(JSONTypeError) in
        try readConstants(constantsField)
      }
    }
    return definition
  }

  /// A route's `constants`: an object of text, numbers (an integer, or a decimal) and `true` or
  /// `false`. Their names are checked against the pattern when the router is built.
  private static func readConstants(_ field: JSONField) throws(JSONTypeError) -> [String: ParameterValue] {
    let object = try field.object(expected: "an object of constant values")
    var constants: [String: ParameterValue] = [:]
    for member in object.members {
      let value = JSONField(member.value, at: object.path.appending(key: member.key))
      switch member.value.kind {
      case .string(let text): constants[member.key] = .string(text)
      case .bool(let flag): constants[member.key] = .bool(flag)
      case .number(let number):
        if let integer = number.int {
          constants[member.key] = .int(integer)
        } else {
          constants[member.key] = .decimal(try value.double())
        }
      case .null, .array, .object: throw value.mismatch("a string, a number, true or false")
      }
    }
    return constants
  }

  /// A route's `preview`: an object of `title` (required), `description` and `image`, strings; a
  /// template that does not parse or an image that is not https is refused here, where the file says
  /// where, and the names are checked against the pattern when the router is built.
  private static func readPreview(_ field: JSONField, route: String) throws(RouteFileError) -> LinkPreview {
    let object = try typed(route: route) { () throws(JSONTypeError) in try field.object() }
    try checkKeys(object, known: previewKeys, route: route)
    guard let titleField = object["title"] else {
      throw .table(missing("title", in: object, route: route))
    }
    let preview = try typed(route: route) { () throws(JSONTypeError) in
      LinkPreview(
        title: try titleField.string(), description: try object["description"]?.string(),
        image: try object["image"]?.string())
    }
    do {
      try preview.check(parameters: nil)
    } catch {
      let position = error.field.flatMap { object[$0]?.value.position } ?? object.position
      throw .table(
        RouteTableError(
          route: route, location: RouteFileError.location(object.path) + "." + (error.field ?? "title"),
          reason: .invalidPreview(field: error.field ?? "title", problem: error.reason), line: position?.line,
          column: position?.column))
    }
    return preview
  }

  /// A setting written as one of two words (`"queryKeys"`: `"exact"` or `"caseInsensitive"`): `false`
  /// when absent or the default word, `true` for the other.
  private static func setting(
    _ field: JSONField?, _ byDefault: String, _ other: String
  ) throws(JSONTypeError) -> Bool {
    guard let field else { return false }
    let expected = "\"\(byDefault)\" or \"\(other)\""
    switch try field.string(expected: expected) {
    case byDefault: return false
    case other: return true
    default: throw field.mismatch(expected)
    }
  }

  /// Runs typed reads, naming the route in the error of a value of the wrong type.
  private static func typed<Value>(
    route: String?, _ read: () throws(JSONTypeError) -> Value
  ) throws(RouteFileError) -> Value {
    do {
      return try read()
    } catch {
      throw .type(error, route: route)
    }
  }

  private static func missing(_ key: String, in object: JSONObject, route: String?) -> RouteTableError {
    // The object's own position is where the key is missing from.
    let position = object.position
    return RouteTableError(
      route: route, location: RouteFileError.location(object.path), reason: .missingKey(key),
      line: position?.line, column: position?.column)
  }

  private static func checkKeys(_ object: JSONObject, known: [String], route: String?) throws(RouteFileError)
  {
    guard let unknown = object.unknownKeys(known: known).first else { return }
    throw .table(
      RouteTableError(
        route: route, location: unknown.path.description,
        reason: .unknownKey(unknown.key, suggestion: unknown.suggestion),
        line: unknown.position?.line, column: unknown.position?.column))
  }

  /// The table as a JSON route file, pretty-printed with sorted keys; ``init(json:)`` reads it back.
  ///
  /// - Returns: UTF-8 JSON.
  public func jsonData() -> Data {
    var root: [(String, JSONValue)] = [
      ("schemes", .array(schemes.map(JSONValue.string))),
      ("hosts", .array(hosts.map(JSONValue.string))),
      ("caseInsensitive", .bool(options.caseInsensitive)),
      (
        "routes",
        .array(
          routes.map { route in
            var entry: [(String, JSONValue)] = [
              ("name", .string(route.name)), ("pattern", .string(route.pattern)),
            ]
            if route.requiresVerifiedLink { entry.append(("requiresVerifiedLink", true)) }
            if route.requiresSignIn { entry.append(("requiresSignIn", true)) }
            if let follow = route.follow { entry.append(("follow", .string(follow))) }
            if let hosts = route.hosts { entry.append(("hosts", .array(hosts.map(JSONValue.string)))) }
            if let schemes = route.schemes {
              entry.append(("schemes", .array(schemes.map(JSONValue.string))))
            }
            if !route.constants.isEmpty {
              entry.append(
                (
                  "constants",
                  .object(
                    route.constants.stableSorted { $0.key < $1.key }.map { name, value in
                      switch value {
                      case .string(let text): (name, JSONValue.string(text))
                      case .int(let number): (name, .int(number))
                      case .bool(let flag): (name, .bool(flag))
                      case .decimal(let number): (name, .double(number))
                      case .uuid, .url, .segments, .dictionary, .pairs: (name, .string(value.description))
                      }
                    })
                ))
            }
            if let preview = route.preview {
              entry.append(
                ("preview", .object(preview.fields.map { ($0.name, JSONValue.string($0.template)) })))
            }
            return .object(entry)
          })
      ),
    ]
    if !hostGroups.isEmpty {
      root.append(
        (
          "hostGroups",
          .object(
            hostGroups.keys.stableSorted().map { name in
              (name, .array((hostGroups[name] ?? []).map(JSONValue.string)))
            })
        ))
    }
    if !kinds.isEmpty {
      root.append(
        (
          "kinds",
          .object(
            kinds.keys.stableSorted().compactMap { name in
              guard let kind = kinds[name] else { return nil }
              var entry: [(String, JSONValue)] = [("characters", .string(kind.characters))]
              if !kind.prefix.isEmpty { entry.append(("prefix", .string(kind.prefix))) }
              if kind.minLength != 1 { entry.append(("minLength", .int(kind.minLength))) }
              if let maxLength = kind.maxLength { entry.append(("maxLength", .int(maxLength))) }
              return (name, .object(entry))
            })
        ))
    }
    if options.strictTrailingSlash { root.append(("strictTrailingSlash", true)) }
    if options.caseInsensitiveQueryKeys { root.append(("queryKeys", "caseInsensitive")) }
    if options.literalPlusInQuery { root.append(("plusInQuery", "literal")) }
    if options.listedHostInCustomScheme { root.append(("customSchemeHost", "listed")) }
    let defaults = Options.default
    if options.maxURLLength != defaults.maxURLLength || options.maxSegments != defaults.maxSegments
      || options.maxQueryItems != defaults.maxQueryItems || options.maxRoutes != defaults.maxRoutes
    {
      root.append(
        (
          "limits",
          .object([
            ("maxURLLength", .int(options.maxURLLength)), ("maxSegments", .int(options.maxSegments)),
            ("maxQueryItems", .int(options.maxQueryItems)), ("maxRoutes", .int(options.maxRoutes)),
          ])
        ))
    }
    return Data(JSONValue.object(root).prettyPrinted.utf8)
  }
}
