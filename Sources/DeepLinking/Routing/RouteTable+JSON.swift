import Foundation

extension RouteTable {
  private static let tableKeys = [
    "schemes", "hosts", "caseInsensitive", "strictTrailingSlash", "limits", "routes",
  ]
  private static let routeKeys = ["name", "pattern", "requiresVerifiedLink", "requiresSignIn"]
  private static let limitKeys = ["maxURLLength", "maxSegments", "maxQueryItems", "maxRoutes"]

  /// Reads a route table from a JSON route file.
  ///
  /// Unknown keys are errors (with a suggestion for a near miss such as `patern`), so that a typo
  /// cannot silently drop a rule. Patterns are checked when the ``Router`` is built.
  ///
  /// - Parameter json: The file's contents.
  /// - Throws: ``RouteTableError`` saying where in the file the problem is.
  public init(json: Data) throws(RouteTableError) {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: json, options: [])
    } catch {
      throw RouteTableError(reason: .invalidJSON(Self.describe(error)))
    }
    guard let root = object as? [String: Any] else {
      throw RouteTableError(location: "(top level)", reason: .wrongType(expected: "an object"))
    }
    try Self.checkKeys(root, allowed: Self.tableKeys, at: "", route: nil)
    let schemes = try Self.strings(root["schemes"], at: "schemes")
    let hosts = try Self.strings(root["hosts"], at: "hosts")
    let caseInsensitive = try Self.bool(root["caseInsensitive"], at: "caseInsensitive", route: nil)
    let strict = try Self.bool(root["strictTrailingSlash"], at: "strictTrailingSlash", route: nil)
    var limits = Limits.default
    if let rawLimits = root["limits"] {
      guard let limitObject = rawLimits as? [String: Any] else {
        throw RouteTableError(location: "limits", reason: .wrongType(expected: "an object"))
      }
      try Self.checkKeys(limitObject, allowed: Self.limitKeys, at: "limits.", route: nil)
      func number(_ key: String, _ fallback: Int) throws(RouteTableError) -> Int {
        guard let raw = limitObject[key] else { return fallback }
        guard let value = raw as? Int, value > 0 else {
          throw RouteTableError(location: "limits.\(key)", reason: .wrongType(expected: "a positive integer"))
        }
        return value
      }
      limits = Limits(
        maxURLLength: try number("maxURLLength", limits.maxURLLength),
        maxSegments: try number("maxSegments", limits.maxSegments),
        maxQueryItems: try number("maxQueryItems", limits.maxQueryItems),
        maxRoutes: try number("maxRoutes", limits.maxRoutes)
      )
      try limits.validate()
    }
    guard let rawRoutes = root["routes"] else {
      throw RouteTableError(location: "(top level)", reason: .missingKey("routes"))
    }
    guard let routeList = rawRoutes as? [Any] else {
      throw RouteTableError(location: "routes", reason: .wrongType(expected: "an array of routes"))
    }
    var routes: [RouteDefinition] = []
    routes.reserveCapacity(routeList.count)
    for (index, rawRoute) in routeList.enumerated() {
      let place = "routes[\(index)]"
      guard let route = rawRoute as? [String: Any] else {
        throw RouteTableError(location: place, reason: .wrongType(expected: "an object"))
      }
      let name = route["name"] as? String
      try Self.checkKeys(route, allowed: Self.routeKeys, at: place + ".", route: name)
      guard let rawName = route["name"] else {
        throw RouteTableError(location: place, reason: .missingKey("name"))
      }
      guard let name = rawName as? String else {
        throw RouteTableError(location: place + ".name", reason: .wrongType(expected: "a string"))
      }
      guard let rawPattern = route["pattern"] else {
        throw RouteTableError(route: name, location: place, reason: .missingKey("pattern"))
      }
      guard let pattern = rawPattern as? String else {
        throw RouteTableError(
          route: name, location: place + ".pattern", reason: .wrongType(expected: "a string"))
      }
      routes.append(
        RouteDefinition(
          name,
          pattern,
          requiresVerifiedLink: try Self.bool(
            route["requiresVerifiedLink"], at: place + ".requiresVerifiedLink", route: name),
          requiresSignIn: try Self.bool(route["requiresSignIn"], at: place + ".requiresSignIn", route: name)
        )
      )
    }
    self.init(
      schemes: schemes,
      hosts: hosts,
      caseInsensitive: caseInsensitive,
      strictTrailingSlash: strict,
      limits: limits,
      routes: routes
    )
  }

  /// The table as a JSON route file, pretty-printed with sorted keys; ``init(json:)`` reads it back.
  ///
  /// - Returns: UTF-8 JSON.
  public func jsonData() -> Data {
    var root: [String: Any] = [
      "schemes": schemes,
      "hosts": hosts,
      "caseInsensitive": caseInsensitive,
      "routes": routes.map { route -> [String: Any] in
        var entry: [String: Any] = ["name": route.name, "pattern": route.pattern]
        if route.requiresVerifiedLink { entry["requiresVerifiedLink"] = true }
        if route.requiresSignIn { entry["requiresSignIn"] = true }
        return entry
      },
    ]
    if strictTrailingSlash { root["strictTrailingSlash"] = true }
    if limits != .default {
      root["limits"] = [
        "maxURLLength": limits.maxURLLength, "maxSegments": limits.maxSegments,
        "maxQueryItems": limits.maxQueryItems, "maxRoutes": limits.maxRoutes,
      ]
    }
    let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return (try? JSONSerialization.data(withJSONObject: root, options: options)) ?? Data()
  }

  private static func describe(_ error: any Error) -> String {
    let nsError = error as NSError
    if let detail = nsError.userInfo["NSDebugDescription"] as? String { return detail }
    return nsError.localizedDescription
  }

  private static func strings(_ value: Any?, at location: String) throws(RouteTableError) -> [String] {
    guard let value else { return [] }
    guard let list = value as? [Any] else {
      throw RouteTableError(location: location, reason: .wrongType(expected: "an array of strings"))
    }
    var result: [String] = []
    for (index, item) in list.enumerated() {
      guard let text = item as? String else {
        throw RouteTableError(location: "\(location)[\(index)]", reason: .wrongType(expected: "a string"))
      }
      result.append(text)
    }
    return result
  }

  private static func bool(_ value: Any?, at location: String, route: String?) throws(RouteTableError) -> Bool
  {
    guard let value else { return false }
    guard let flag = value as? Bool else {
      throw RouteTableError(route: route, location: location, reason: .wrongType(expected: "true or false"))
    }
    return flag
  }

  private static func checkKeys(
    _ object: [String: Any], allowed: [String], at prefix: String, route: String?
  ) throws(RouteTableError) {
    for key in object.keys.sorted() where !allowed.contains(key) {
      let suggestion = allowed.min { editDistance(key, $0) < editDistance(key, $1) }
        .flatMap { editDistance(key, $0) <= 2 ? $0 : nil }
      throw RouteTableError(
        route: route, location: prefix + key, reason: .unknownKey(key, suggestion: suggestion))
    }
  }

  /// Levenshtein distance over lower-cased characters, for "did you mean" suggestions.
  static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let left = Array(lhs.lowercased())
    let right = Array(rhs.lowercased())
    if left.isEmpty { return right.count }
    var previous = Array(0...right.count)
    for (row, leftCharacter) in left.enumerated() {
      var current = [row + 1] + Array(repeating: 0, count: right.count)
      for (column, rightCharacter) in right.enumerated() {
        let cost = leftCharacter == rightCharacter ? 0 : 1
        current[column + 1] = min(previous[column + 1] + 1, current[column] + 1, previous[column] + cost)
      }
      previous = current
    }
    return previous[right.count]
  }
}
