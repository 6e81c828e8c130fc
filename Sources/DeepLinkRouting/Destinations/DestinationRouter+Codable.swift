import Foundation

extension DestinationRouter where Destination: Codable {
  /// Creates a destination router whose destinations are read and written through their `Codable`
  /// shape: one declaration per destination.
  ///
  /// Route names are the destination enum's case names; a pattern's parameters (path and query) are the
  /// case's associated-value labels. `{name}` reads as `String`, `{name:int}` as an integer type that
  /// holds the value, `{name:uuid}` as `UUID`, `{name:bool}` as `Bool`, `{name:decimal}` as `Double`,
  /// `Float` or `Decimal`, `{name:url}` as `URL`, `{name+}` and `{name*}` as `[String]`, and an optional
  /// query item that is absent as `nil`. A type built on one of those, such as a `String` raw-value enum,
  /// reads as that value; a value it refuses (an unknown raw value) means the link names no
  /// destination.
  ///
  /// A `String`-backed enum is how a destination takes one of a fixed set of words: `case
  /// settings(section: Section)` with `enum Section: String, Codable { case general, privacy }` and the
  /// pattern `/settings/{section:(general|privacy)}` opens `.settings(section: .general)` for
  /// `/settings/general`, and `/settings/other` matches no route. Every word of the value set must be a
  /// raw value of the enum: a word it cannot read is an error here (code `memberNotInType`, naming the
  /// route, the label and the word). With a plain `{section}` the enum alone decides, and
  /// `/settings/other` names no destination (`destination(for:)` returns `nil`).
  ///
  /// Every route is tried at once with sample values, so a misspelled label, a case without a route, or
  /// a type the pattern cannot give is an error here, naming the route and the label, instead of a link
  /// that silently opens nothing.
  ///
  /// - Parameter table: The route table.
  /// - Throws: ``RouteTableError`` when the table does not build, or when a route and the destination
  ///   disagree (codes such as `labelNotInPattern` and
  ///   `typeMismatch`, naming the route and the label).
  public init(table: RouteTable) throws(RouteTableError) {
    try self.init(router: Router(table))
  }

  /// Creates a destination router over a built router, reading and writing destinations through their
  /// `Codable` shape; see ``init(table:)``.
  ///
  /// - Parameter router: The router.
  /// - Throws: ``RouteTableError`` naming the route and the label when a route and the destination
  ///   disagree (codes such as `labelNotInPattern`).
  public init(router: Router) throws(RouteTableError) {
    for (route, pattern) in zip(router.table.routes, router.patterns) {
      try DestinationDeclaration<Destination>.check(
        route: route.name, pattern: pattern, constants: route.constants)
    }
    self.init(
      router: router,
      destination: { match in
        try? RouteMatchDecoder.decode(Destination.self, route: match.route, parameters: match.parameters)
      },
      result: { destination in
        do throws(URLBuildError) {
          return .success(try RouteValuesEncoder.routeValues(for: destination))
        } catch {
          return .failure(error)
        }
      })
  }
}

/// The check that a destination type fits a route: read the destination from sample values derived from
/// the pattern, explain a failure in route terms, and write the destination back.
enum DestinationDeclaration<Destination: Codable> {
  /// The text sample of a catch-all's one segment: the sample of a `{name}` parameter.
  static var sampleText: String { ParameterType.string.sampleValue.description }

  /// Checks one route; its constants are in every sample, as in every match, and a constant the
  /// destination cannot read is an error (code `memberNotInType`), as the route would open nothing.
  ///
  /// - Throws: ``RouteTableError`` naming the route, with the mismatch.
  static func check(
    route: String, pattern: RoutePattern, constants: [String: ParameterValue] = [:]
  ) throws(RouteTableError) {
    func fail(_ mismatch: RouteTableError) -> RouteTableError {
      RouteTableError(route: route, reason: mismatch)
    }
    let declared = pattern.parameterNames + constants.keys.stableSorted()
    for var sample in samples(for: pattern) {
      for (name, value) in constants.stableSorted(by: { $0.key < $1.key }) { sample[name] = value }
      let log = DestinationReadLog()
      var destination: Destination?
      do {
        destination = try RouteMatchDecoder.decode(
          Destination.self, route: route, parameters: sample, log: log)
      } catch let error as DecodingError {
        let context: DecodingError.Context? =
          switch error {
          case .dataCorrupted(let context), .typeMismatch(_, let context): context
          default: nil
          }
        if let context, context.codingPath.count >= 2,
          let constant = constants[context.codingPath[1].stringValue]
        {
          let label = context.codingPath[1].stringValue
          throw fail(
            .constantNotInType(
              label: label, value: constant.description, type: readType(of: label, route: route)))
        }
        if let mismatch = mismatch(for: error, route: route, pattern: pattern, log: log) {
          throw fail(mismatch)
        }
      } catch {
        // The destination's own decoding refused a sample value: a matter of data, not of declaration.
      }
      if let label = log.requestedLabels.first(where: { !declared.contains($0) }) {
        throw fail(
          isPositional(label)
            ? .unlabeledValue(caseName: route, key: label) : .labelNotInPattern(label, parameters: declared))
      }
      guard let destination else { continue }
      let written: RouteValues
      do {
        written = try RouteValuesEncoder.values(for: destination)
      } catch {
        throw fail(.unsupportedShape(Self.explain(error)))
      }
      guard written.route == route else { throw fail(.writesOtherRoute(written.route)) }
      try checkMembers(route: route, pattern: pattern, sample: sample)
      for entry in sample {
        guard let value = written.parameters[entry.name] else { throw fail(.parameterNotInCase(entry.name)) }
        guard value.description == entry.value.description else {
          throw fail(.writesDifferentValue(label: entry.name, read: "\(entry.value)", written: "\(value)"))
        }
      }
      if let extra = written.parameters.first(where: { sample[$0.name] == nil }) {
        throw fail(
          declared.contains(extra.name)
            ? .writesDifferentValue(label: extra.name, read: "nothing", written: "\(extra.value)")
            : .labelNotInPattern(extra.name, parameters: declared))
      }
    }
  }

  /// Checks that the destination reads every word of each value set of the pattern, in a sample that
  /// the destination reads: a `String`-backed enum needs a case for each word.
  ///
  /// - Throws: ``RouteTableError`` with code `memberNotInType` naming the route, the label and the word.
  static func checkMembers(route: String, pattern: RoutePattern, sample: RouteParameters)
    throws(RouteTableError)
  {
    var sets: [(name: String, set: ValueSet)] = []
    for case .valueSet(let name, let set) in pattern.segments { sets.append((name, set)) }
    for item in pattern.query {
      if case .oneOf(let set) = item.rule, sample[item.name] != nil { sets.append((item.name, set)) }
    }
    for (name, set) in sets {
      for member in set.members {
        var values = sample
        values[name] = .string(member)
        do {
          _ = try RouteMatchDecoder.decode(Destination.self, route: route, parameters: values)
        } catch let error as DecodingError {
          // Only a refusal of this very value is the word's; any other is the sample's own.
          guard case .dataCorrupted(let context) = error, context.codingPath.count >= 2,
            context.codingPath[1].stringValue == name
          else { continue }
          throw RouteTableError(
            route: route,
            reason: .memberNotInType(label: name, member: member, type: readType(of: name, route: route)))
        } catch {
          continue
        }
      }
    }
  }

  /// The type a destination's case reads a label as, by its name, for messages: read from a sample
  /// destination when one decodes, else the destination's name.
  private static func readType(of label: String, route: String) -> String {
    "the type of '\(label)' in \(String(describing: Destination.self)).\(route)"
  }

  /// The samples of a pattern: every parameter given a value of its type, optional query items absent;
  /// then, when the pattern has optional items, the same with them present.
  static func samples(for pattern: RoutePattern) -> [RouteParameters] {
    var required = RouteParameters()
    for segment in pattern.segments {
      switch segment {
      case .literal, .fragment: break
      case .parameter(let name, let type): required[name] = type.sampleValue
      case .oneOrMore(let name), .zeroOrMore(let name): required[name] = .segments([sampleText])
      case .template(let template):
        for (name, value) in template.sampleValues { required[name] = value }
      case .optional: break
      case .valueSet(let name, let set): required[name] = .string(set.members[0])
      case .kind(let name, let kind): required[name] = kind.sample
      case .testedRun(let name, let rule): required[name] = rule.sampleValue
      case .remainder(let name): required[name] = .string(sampleText)
      }
    }
    var complete = required
    if case .optional(let name, let type) = pattern.segments.last { complete[name] = type.sampleValue }
    for item in pattern.query {
      let sample: ParameterValue
      switch item.rule {
      case .value: sample = item.type.sampleValue
      case .oneOf(let set): sample = .string(set.members[0])
      case .kind(let kind): sample = kind.sample
      case .literal, .absent: continue
      }
      if !item.isOptional { required[item.name] = sample }
      complete[item.name] = sample
    }
    if let name = pattern.openQuery {
      // Always present (empty when the link has no undeclared item); one item when complete.
      required[name] = .dictionary([:])
      let declared = Set(pattern.query.flatMap(\.keys))
      let key = declared.contains(sampleText) ? sampleText + "_" : sampleText
      complete[name] = .dictionary(declared.contains(key) ? [:] : [key: sampleText])
    }
    return complete == required ? [required] : [required, complete]
  }

  /// The mismatch a decoding error reveals, or `nil` when the error is a value refused as data.
  private static func mismatch(
    for error: DecodingError, route: String, pattern: RoutePattern, log: DestinationReadLog
  ) -> RouteTableError? {
    if log.routeIsNoCase { return .noCase(type: String(describing: Destination.self)) }
    switch error {
    case .typeMismatch(let type, let context):
      guard context.codingPath.count >= 2 else { return .unsupportedShape(context.debugDescription) }
      let label = context.codingPath[1].stringValue
      if isPositional(label) { return .unlabeledValue(caseName: route, key: label) }
      guard let declaredPiece = piece(named: label, in: pattern, as: nil) else {
        return .labelNotInPattern(label, parameters: pattern.parameterNames)
      }
      return .typeMismatch(
        label: label, reads: type == [String: Any].self ? "labelled values" : String(describing: type),
        pattern: declaredPiece,
        suggestion: suggestedKind(for: type).flatMap { piece(named: label, in: pattern, as: $0) })
    case .keyNotFound(let key, let context):
      let label = key.stringValue
      guard context.codingPath.count == 1 else { return .unsupportedShape(context.debugDescription) }
      if isPositional(label) { return .unlabeledValue(caseName: route, key: label) }
      if pattern.query.contains(where: { $0.name == label && $0.isOptional }) {
        return .optionalItemRequired(label)
      }
      return .labelNotInPattern(label, parameters: pattern.parameterNames)
    case .dataCorrupted(let context):
      return context.codingPath.count >= 2 ? nil : .unsupportedShape(context.debugDescription)
    case .valueNotFound(_, let context):
      return .unsupportedShape(context.debugDescription)
    @unknown default:
      return .unsupportedShape(String(describing: error))
    }
  }

  /// The kind of parameter that gives a type, when one does.
  private enum Kind {
    case text, integer, uuid, boolean, decimal, url, segments, dictionary

    /// The parameter type that gives the kind, for a kind one type gives.
    var type: ParameterType? {
      switch self {
      case .text: .string
      case .integer: .int
      case .uuid: .uuid
      case .boolean: .bool
      case .decimal: .decimal
      case .url: .url
      case .segments, .dictionary: nil
      }
    }
  }

  private static func suggestedKind(for type: Any.Type) -> Kind? {
    if type == String.self { return .text }
    if type == UUID.self { return .uuid }
    if type == Bool.self { return .boolean }
    if type == Double.self || type == Float.self || type == Decimal.self { return .decimal }
    if type == URL.self { return .url }
    if type is any FixedWidthInteger.Type { return .integer }
    if type == [String].self { return .segments }
    if type == [String: String].self { return .dictionary }
    return nil
  }

  /// The pattern piece that declares a parameter, as written or rewritten to give another kind.
  private static func piece(named name: String, in pattern: RoutePattern, as kind: Kind?) -> String? {
    for segment in pattern.segments where segment.parameterNames.contains(name) {
      // A catch-all read as a list of a type is a typed catch-all of that type.
      if let atLeastOne = segment.catchAllNeedsOne, let type = kind?.type, type != .string {
        let typed = RunRule(atLeastOne: atLeastOne, form: .every(.type(type)))
        return RoutePattern.Segment.testedRun(name: name, rule: typed).description
      }
      switch kind {
      case nil: return segment.description
      case .text: return RoutePattern.Segment.parameter(name: name, type: .string).description
      case .integer: return RoutePattern.Segment.parameter(name: name, type: .int).description
      case .uuid: return RoutePattern.Segment.parameter(name: name, type: .uuid).description
      case .boolean: return RoutePattern.Segment.parameter(name: name, type: .bool).description
      case .decimal: return RoutePattern.Segment.parameter(name: name, type: .decimal).description
      case .url: return RoutePattern.Segment.parameter(name: name, type: .url).description
      case .segments: return "{\(name)+} or {\(name)*} (last in the path)"
      case .dictionary: return "{\(name)*} as a query item (?{\(name)*})"
      }
    }
    if pattern.openQuery == name {
      switch kind {
      case nil, .dictionary: return "?{\(name)*}"
      case .text, .integer, .uuid, .boolean, .decimal, .url: return "?\(name)={\(name)}"
      case .segments: return "{\(name)+} or {\(name)*} (last in the path)"
      }
    }
    guard var item = pattern.query.first(where: { $0.name == name }) else { return nil }
    // A kind's item rewritten to another kind is a typed item.
    if case .kind = item.rule, kind != nil { item.rule = .value }
    switch kind {
    case nil: return item.description
    case .text: item.type = .string
    case .integer: item.type = .int
    case .uuid: item.type = .uuid
    case .boolean: item.type = .bool
    case .decimal: item.type = .decimal
    case .url: item.type = .url
    case .segments: return nil
    case .dictionary: return "?{\(name)*}"
    }
    return item.description
  }

  /// Whether a key is the synthesized name of an unlabeled associated value (`_0`, `_1`).
  private static func isPositional(_ label: String) -> Bool {
    label.first == "_" && label.count > 1 && label.dropFirst().allSatisfy(\.isNumber)
  }

  private static func explain(_ error: any Error) -> String {
    if case .invalidValue(_, let context) = error as? EncodingError { return context.debugDescription }
    return String(describing: error)
  }
}
