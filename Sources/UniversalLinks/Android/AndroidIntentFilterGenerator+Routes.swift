import DeepLinkRouting

extension AndroidIntentFilterGenerator {
  /// The filters being built, one per set of schemes and hosts, with their entries.
  struct FilterGroups {
    /// Per key of schemes, hosts and whether the filter opens every path, the index of its filter.
    private var groups: [String: Int] = [:]
    /// The filters so far, in table order of their first route, with their entries.
    private(set) var built: [(filter: AndroidIntentFilter, entries: [Entry])] = []
    // Per filter, its conditions and routes so far: adding a route costs its own conditions only.
    private var seenPaths: [Set<AndroidPathPattern>] = []
    private var seenRoutes: [Set<String>] = []

    /// Writes a route's entry into the filter of its schemes and hosts, starting that filter if it
    /// is the first.
    mutating func add(
      schemes: [String], hosts: [AndroidIntentFilter.Authority], verify: Bool, entry: Entry
    ) {
      let key =
        schemes.joined(separator: ",") + "|" + hosts.map(\.description).joined(separator: ",") + "|"
        + (entry.paths.isEmpty && entry.groups.isEmpty ? "all" : "some")
      if let index = groups[key] {
        var kept = entry
        kept.paths = entry.paths.filter { seenPaths[index].insert($0).inserted }
        built[index].filter.paths += kept.paths
        built[index].filter.relativeFilterGroups += kept.groups
        if seenRoutes[index].insert(entry.route).inserted { built[index].filter.routes.append(entry.route) }
        built[index].entries.append(kept)
      } else {
        groups[key] = built.count
        seenPaths.append(Set(entry.paths))
        seenRoutes.append([entry.route])
        var filter = AndroidIntentFilter(
          schemes: schemes, hosts: hosts, paths: entry.paths, autoVerify: verify, routes: [entry.route])
        filter.relativeFilterGroups = entry.groups
        built.append((filter, [entry]))
      }
    }
  }

  /// Writes a route's filter for its web links (its hosts, or `domain`) and lists what its paths
  /// widen and narrow; returns the start of its links (`https://example.com`), `nil` when it answers
  /// no host left.
  mutating func addWebFilter(
    shape: RoutePathShape, definition: RouteDefinition, table: RouteTable, web: [String], domain: String?,
    trailingSlash: TrailingSlash, warnedAnyHost: inout Bool, into built: inout FilterGroups
  ) -> String? {
    let template = shape.description
    var hosts: [String]
    if let scoped = definition.hosts {
      hosts = scoped
    } else {
      hosts = table.hosts
    }
    if let domain {
      if hosts == ["*"] || hosts.contains(where: { Self.sameHost($0, domain) })
        || (definition.hosts == nil)
      {
        hosts = [domain]
      } else {
        notes.append(
          "route \(shape.name) answers only hosts \(hosts.joined(separator: ", ")), not \(domain): left out"
        )
        hosts = []
      }
    }
    guard !hosts.isEmpty else { return nil }
    let anyHost = hosts == ["*"]
    if anyHost && !warnedAnyHost {
      warnedAnyHost = true
      notes.append(
        "route \(shape.name) answers any host (\"hosts\": [\"*\"]): its filter has android:host=\"*\" and cannot be an App Link (no assetlinks.json covers every host), so Android asks the user which app opens it"
      )
    }
    let authorities = hosts.map(Self.authority)
    let form = Self.form(
      of: shape, pieces: shape.pieces[...], table: table, minimumAPILevel: minimumAPILevel,
      trailingSlash: trailingSlash)
    let origin = "\(web.last ?? "https")://\(Self.sampleHost(hosts[0]))"
    for widening in form.widenings {
      widenings.append(
        AndroidWidening(
          route: shape.name, parameter: widening.parameter, kind: widening.kind,
          example: origin + widening.example))
    }
    for narrowing in form.narrowings {
      narrowings.append(
        AndroidNarrowing(
          route: shape.name, parameter: narrowing.parameter, kind: narrowing.kind,
          example: origin + narrowing.example))
    }
    var entry = Entry(route: shape.name, template: template, paths: form.paths)
    if let groups = Self.relativeFilterGroups(
      of: shape, paths: form.paths, table: table, minimumAPILevel: minimumAPILevel)
    {
      entry.paths = []
      entry.groups = groups
    }
    built.add(schemes: web, hosts: authorities, verify: !anyHost, entry: entry)
    return origin
  }

  /// Whether two host entries are the same, as the table compares them.
  private static func sameHost(_ left: String, _ right: String) -> Bool {
    left.lowercased() == right.lowercased()
  }

  /// Writes a route's filters for its custom-scheme links: one for the table's hosts where the
  /// table reads a listed host in the authority, then one per stated variant.
  mutating func addCustomSchemeFilters(
    shape: RoutePathShape, table: RouteTable, custom: [String], domain: String?,
    trailingSlash: TrailingSlash, into built: inout FilterGroups
  ) {
    let template = shape.description
    if table.options.listedHostInCustomScheme, !table.hosts.isEmpty, domain == nil {
      // A listed host in the authority is read as the host, as on the web.
      let form = Self.form(
        of: shape, pieces: shape.pieces[...], table: table, minimumAPILevel: minimumAPILevel,
        trailingSlash: trailingSlash)
      built.add(
        schemes: custom, hosts: table.hosts.map(Self.authority), verify: false,
        entry: Entry(route: shape.name, template: template, paths: form.paths))
    }
    for variant in Self.statedVariants(of: shape) {
      addCustomSchemeFilter(
        variant: variant, shape: shape, table: table, custom: custom, trailingSlash: trailingSlash,
        into: &built)
    }
  }

  /// Writes the filter of one stated variant's custom-scheme links: its first piece decides the host
  /// (a literal names it, any other piece answers any host) and the widenings of that host.
  private mutating func addCustomSchemeFilter(
    variant: RoutePathShape, shape: RoutePathShape, table: RouteTable, custom: [String],
    trailingSlash: TrailingSlash, into built: inout FilterGroups
  ) {
    let template = shape.description
    let sample = variant.sampleSegments
    let query = String(variant.sampleLink.dropFirst(variant.samplePath.count))
    guard let first = variant.pieces.first else {
      narrowings.append(
        AndroidNarrowing(
          route: shape.name, parameter: "", kind: .customSchemeHost, example: "\(custom[0])://" + query))
      return
    }
    let host: String
    var hostWidenings: [AndroidWidening] = []
    func link(_ segments: [String]) -> String {
      // Below API 31 a route of one segment opens only with a slash after the host (see the
      // empty path's narrowing).
      let slash = minimumAPILevel < Self.advancedPatternAPILevel && variant.pieces.count == 1 ? "/" : ""
      return "\(custom[0])://" + segments.joined(separator: "/") + slash + query
    }
    switch first {
    case .literal(let text):
      guard Self.isPlainAuthority(text) else {
        narrowings.append(
          AndroidNarrowing(
            route: shape.name, parameter: text, kind: .customSchemeHost,
            example: "\(custom[0])://" + sample.joined(separator: "/") + query))
        return
      }
      host = text.lowercased()
    case .parameter(let name, let type), .optional(let name, let type):
      host = "*"
      if let widening = type.aasaWidening {
        var segments = sample
        segments[0] = widening.example
        hostWidenings.append(
          AndroidWidening(
            route: shape.name, parameter: name, kind: .authorityText, example: link(segments)))
      }
    case .valueSet(let name, let set):
      host = "*"
      var text = "sample"
      while set.accepts(text) { text += "x" }
      var segments = sample
      segments[0] = text
      hostWidenings.append(
        AndroidWidening(route: shape.name, parameter: name, kind: .authorityText, example: link(segments))
      )
    case .kind(let name, let kind):
      host = "*"
      if let widening = kind.aasaWidening {
        var segments = sample
        segments[0] = RoutePathShape.encode(widening.example)
        hostWidenings.append(
          AndroidWidening(route: shape.name, parameter: name, kind: .authorityText, example: link(segments)))
      }
    case .template(let template):
      host = "*"
      var segments = sample
      segments[0] = "x"
      hostWidenings.append(
        AndroidWidening(
          route: shape.name, parameter: template.description, kind: .authorityText,
          example: link(segments)))
    case .oneOrMore, .zeroOrMore, .testedRun, .remainder:
      // A catch-all that ends the path (one before other pieces is stated segment by segment).
      host = "*"
      widenings += hostWidenings
      built.add(
        schemes: custom, hosts: [.init(host: host)], verify: false,
        entry: Entry(route: shape.name, template: template, paths: []))
      return
    case .fragment:
      // A shape's pieces are its path's, never the fragment's start.
      return
    }
    addCustomSchemePaths(
      variant: variant, host: host, hostWidenings: hostWidenings, shape: shape, table: table,
      custom: custom, trailingSlash: trailingSlash, into: &built)
  }

  /// Writes the paths after the host of one variant's custom-scheme links into the host's filter, and
  /// lists the host's widenings, then what the paths widen and narrow, as custom-scheme links.
  private mutating func addCustomSchemePaths(
    variant: RoutePathShape, host: String, hostWidenings: [AndroidWidening], shape: RoutePathShape,
    table: RouteTable, custom: [String], trailingSlash: TrailingSlash, into built: inout FilterGroups
  ) {
    let template = shape.description
    let form = Self.form(
      of: variant, pieces: variant.pieces.dropFirst(), table: table, minimumAPILevel: minimumAPILevel,
      trailingSlash: trailingSlash, authorityOnly: true)
    widenings += hostWidenings
    for widening in form.widenings {
      var path = widening.example
      if minimumAPILevel < Self.advancedPatternAPILevel, variant.pieces.count == 1,
        !path.dropFirst().contains("/")
      {
        // Below API 31 only the form with a slash after the host opens (see the note).
        let queryStart = path.firstIndex(of: "?") ?? path.endIndex
        path.insert("/", at: queryStart)
      }
      widenings.append(
        AndroidWidening(
          route: shape.name, parameter: widening.parameter, kind: widening.kind,
          example: "\(custom[0])://" + path.dropFirst()))
    }
    for narrowing in form.narrowings {
      narrowings.append(
        AndroidNarrowing(
          route: shape.name, parameter: narrowing.parameter, kind: narrowing.kind,
          example: "\(custom[0])://" + narrowing.example.dropFirst()))
    }
    built.add(
      schemes: custom, hosts: [.init(host: host)], verify: false,
      entry: Entry(route: shape.name, template: template, paths: form.paths))
  }
}
