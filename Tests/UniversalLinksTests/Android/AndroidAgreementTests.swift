import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// The generated intent filters against the router, link by link: every link the router builds from
/// a table's routes, and links at the edges (no path, a trailing or doubled slash, a value holding
/// `/`, text beyond ASCII, bad escapes, other spellings of the scheme and host), is routed by the
/// router and matched by the filters as a device of the generator's minimum API level matches them
/// (`AndroidIntentFilter`, whose rules `AndroidLinkMatchingTests` cites from Android's sources). Where
/// the two disagree, a listed narrowing (the router routes it, no filter opens it) or widening (a
/// filter opens it, the router refuses it) must say why, by a rule this test checks on the link
/// itself; any other disagreement fails the test. Each listed difference's example must show it.
@Suite("Android filters and the router")
struct AndroidAgreementTests {
  /// The demo channel's table (`ChannelLinks.routes` in ChannelNavigation, scheme `myapp`, host
  /// `example.com`), written again here: this target does not depend on the demo.
  static let demo = RouteTable(
    schemes: ["myapp"], hosts: ["example.com"],
    routes: [
      RouteDefinition("main", "/channel"),
      RouteDefinition("clip", "/channel/video/{clipId}"),
      RouteDefinition("playlist", "/channel/playlist/{clipListId}"),
      RouteDefinition("search", "/channel/search/{query}"),
      RouteDefinition("subChannel", "/channel/sub/{subChannelId}"),
      RouteDefinition("subChannelClip", "/channel/sub/{subChannelId}/video/{clipId}"),
      RouteDefinition("subChannelPlaylist", "/channel/sub/{subChannelId}/playlist/{clipListId}"),
      RouteDefinition("subChannelSearch", "/channel/sub/{subChannelId}/search/{query}"),
    ])

  /// Every piece of the route language: literals (one with a `.`, one holding `/`), each parameter
  /// type, catch-alls last and in the middle, optional segments, value sets, kinds, segment
  /// templates, query and fragment routes, routes scoped to hosts and to a scheme, two custom schemes.
  static let language = RouteTable(
    schemes: ["myapp", "acme"], hosts: ["example.com", "clicks.example.com", "*.cdn.example"],
    kinds: [
      "sku": ValueKind(characters: "A-Z0-9-", minLength: 3, maxLength: 12),
      "order": ValueKind(characters: "0-9", prefix: "ORD-", minLength: 4, maxLength: 6),
    ],
    routes: [
      RouteDefinition("home", "/"),
      RouteDefinition("about", "/about"),
      RouteDefinition("report", "/files/report.v2"),
      RouteDefinition("slashed", "/a%2Fb/info"),
      RouteDefinition("caf", "/caf%C3%A9"),
      RouteDefinition("note", "/n/{id:int}"),
      RouteDefinition("asset", "/asset/{id:uuid}"),
      RouteDefinition("flag", "/flag/{on:bool}"),
      RouteDefinition("price", "/price/{amount:decimal}"),
      RouteDefinition("clip", "/channel/video/{clipId}"),
      RouteDefinition("videos", "/channel/{id}/videos"),
      RouteDefinition("docs", "/docs/{path*}"),
      RouteDefinition("tree", "/tree/{path+}"),
      RouteDefinition("edit", "/files/{path+}/edit"),
      RouteDefinition("blog", "/blog/{slug?}"),
      RouteDefinition("page", "/page/{n:int?}"),
      RouteDefinition("settings", "/settings/{section:(general|privacy)}"),
      RouteDefinition("product", "/p/{code:sku}"),
      RouteDefinition("order", "/o/{id:order}"),
      RouteDefinition("wire", "/wire-{code}"),
      RouteDefinition("json", "/data/{id:int}.json"),
      RouteDefinition("channel", "/ch/{id:int}-{slug}"),
      RouteDefinition("user", "/u/{user}@{domain}"),
      RouteDefinition("search", "/search?q={query}&page={page:int?}"),
      RouteDefinition("promo", "/promo?ref=spring&!debug"),
      RouteDefinition("room", "/#/room/{id}"),
      RouteDefinition("narrow", "/#narrow/{id}"),
      RouteDefinition("go", "/go/{target:url}"),
      RouteDefinition("open", "/open/{next:link}"),
      RouteDefinition("track", "/wf/{path+}", hosts: ["clicks.example.com"]),
      RouteDefinition("cdn", "/img/{name}", hosts: ["*.cdn.example"]),
      RouteDefinition("appOnly", "/app/{id}", hosts: nil, schemes: ["myapp"]),
    ])

  /// Custom-scheme routes whose first segment, Android's host, is not a literal, and a root catch-all.
  static let hostless = RouteTable(
    schemes: ["acme"],
    routes: [
      RouteDefinition("item", "/{slug}/detail"),
      RouteDefinition("number", "/{id:int}"),
      RouteDefinition("pick", "/{choice:(red|blue)}/x"),
      RouteDefinition("deep", "/{path+}/end"),
      RouteDefinition("rest", "/all/{rest*}"),
    ])

  /// Catch-alls before other pieces, as the migration article recommends for a prefix that varies:
  /// the filters must not open every path of the host.
  static let prefixed = RouteTable(
    schemes: ["acme"], hosts: ["example.com"],
    routes: [
      RouteDefinition("about", "/about"),
      RouteDefinition("product", "/{locale*}/product/{id}"),
      RouteDefinition("wiki", "/{any+}/wiki/{title:int}"),
      RouteDefinition("shop", "/shop/{path*}/item/{id}/{slug?}"),
    ])

  /// A root catch-all, which routes every path.
  static let everything = RouteTable(
    schemes: ["acme"], hosts: ["example.com"], routes: [RouteDefinition("anything", "/{rest*}")])

  /// The table options: literals without case, strict trailing slashes, a host with a port, a
  /// custom scheme whose listed host is read as a host, and `http`.
  static let options = RouteTable(
    schemes: ["shop", "http"], hosts: ["shop.example:8443", "www.shop.example"],
    options: .init(caseInsensitive: true, strictTrailingSlash: true, listedHostInCustomScheme: true),
    routes: [
      RouteDefinition("root", "/"),
      RouteDefinition("product", "/Product/{id:int}"),
      RouteDefinition("tag", "/tags/{tag}"),
      RouteDefinition("file", "/f/{name}.txt"),
      RouteDefinition("section", "/Help/{topic?}"),
    ])

  /// Literals compared exactly, strict trailing slashes, and a catch-all after a literal.
  static let strict = RouteTable(
    hosts: ["example.com"], options: .init(strictTrailingSlash: true),
    routes: [
      RouteDefinition("a", "/a/b"), RouteDefinition("p", "/p/{id}"), RouteDefinition("d", "/d/{rest*}"),
      RouteDefinition("slashed", "/s/t/"), RouteDefinition("q", "/q/{id}/"),
    ])

  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var table: RouteTable
    var level: Int
    var description: String { "\(name) at API \(level)" }
  }

  static let cases: [Case] = [
    ("demo", demo), ("language", language), ("hostless", hostless), ("prefixed", prefixed),
    ("everything", everything),
    ("options", options), ("strict", strict), ("generator", AndroidIntentFilterGeneratorTests.table),
  ].flatMap { name, table in [24, 31, 35].map { Case(name: name, table: table, level: $0) } }

  @Test(arguments: cases)
  func everyDisagreementIsAListedNarrowingOrWidening(_ testCase: Case) throws {
    let router = try Router(testCase.table)
    let generator = AndroidIntentFilterGenerator(router: router, minimumAPILevel: testCase.level)
    let check = Check(router: router, generator: generator)

    // Every listed difference shows on its example, and this test has a rule for its kind.
    for widening in generator.widenings {
      #expect(check.opens(widening.example), "\(widening)")
      #expect((try? router.match(widening.example)) == nil, "\(widening)")
      #expect(check.explains(widening, widening.example) == true, "\(widening) does not explain its example")
    }
    for narrowing in generator.narrowings {
      #expect(!check.opens(narrowing.example), "\(narrowing)")
      let match = try? router.match(narrowing.example)
      #expect(match != nil && (narrowing.route == nil || match?.route == narrowing.route), "\(narrowing)")
      if let match {
        #expect(check.explains(narrowing, narrowing.example, match) == true, "\(narrowing)")
      }
    }

    let links = Self.links(router)
    #expect(links.count > 50)
    var unexplained: [String] = []
    var disagreements = 0
    // The generator checks its examples through an index of the filters, which must answer as they do.
    let index = AndroidIntentFilterGenerator.OpeningIndex(generator.filters, apiLevel: testCase.level)
    for link in links {
      let opened = check.opening(link)
      #expect(index.opens(link) == !opened.isEmpty, "\(link)")
      let routed = Result { () throws(LinkError) -> RouteMatch? in try router.match(link) }
      switch routed {
      case .success(let match?):
        guard opened.isEmpty else { continue }
        disagreements += 1
        let listed = generator.narrowings.filter { $0.route == nil || $0.route == match.route }
        if !listed.contains(where: { check.explains($0, link, match) == true }) {
          unexplained.append("\(link): the router routes it to \(match.route), no filter opens it")
        }
      case .success(nil), .failure:
        guard !opened.isEmpty else { continue }
        disagreements += 1
        let routes = Set(opened.flatMap(\.routes))
        let listed = generator.widenings.filter { $0.route.map(routes.contains) ?? true }
        if !listed.contains(where: { check.explains($0, link) == true }) {
          let refusal =
            switch routed {
            case .failure(let error): "refuses it (\(error.code))"
            case .success: "has no route"
            }
          unexplained.append("\(link): the filters of \(routes.sorted()) open it, the router \(refusal)")
        }
      }
    }
    #expect(
      unexplained.isEmpty,
      "\(unexplained.count) of \(links.count) links:\n\(unexplained.joined(separator: "\n"))")
    #expect(disagreements > 0)
  }

  /// The rules that say whether a listed difference explains a link.
  struct Check {
    var router: Router
    var generator: AndroidIntentFilterGenerator
    let shapes: [String: RoutePathShape]
    /// The one-route routers made so far, by pattern and table options.
    final class Routers: @unchecked Sendable {
      var made: [String: Router?] = [:]
    }
    let routers = Routers()

    init(router: Router, generator: AndroidIntentFilterGenerator) {
      self.router = router
      self.generator = generator
      shapes = Dictionary(
        uniqueKeysWithValues: RoutePathShape.shapes(from: router).map { ($0.name, $0) })
    }

    func opening(_ link: String) -> [AndroidIntentFilter] {
      generator.filters.filter { $0.opens(link, apiLevel: generator.minimumAPILevel) }
    }

    func opens(_ link: String) -> Bool { !opening(link).isEmpty }

    /// Whether a widening explains a link a filter opens: the route, with what Android cannot check
    /// taken out of its pattern, routes the link; or, for one of every route, the link has what the
    /// widening names. `nil` for a kind this test has no rule for.
    func explains(_ widening: AndroidWidening, _ link: String) -> Bool? {
      let uri = AndroidURI(link)
      switch widening.kind {
      case .emptySegment:
        return uri?.path?.contains("//") == true
      case .encodedSlash:
        return Self.pathText(link).lowercased().contains("%2f")
      case .backslash:
        return Self.authority(link).contains("\\")
      case .refusedLink:
        do {
          _ = try router.match(link)
          return false
        } catch {
          return error.code != .unknownScheme && error.code != .unknownHost
        }
      default: break
      }
      guard let route = widening.route,
        let definition = router.table.routes.first(where: { $0.name == route }),
        let shape = shapes[route]
      else { return nil }
      if widening.kind == .emptyHost { return uri?.host == "" }
      var pattern = PatternText(definition.pattern)
      let parameter = widening.parameter
      switch widening.kind {
      case .queryRule:
        pattern.query = ""
      case .trailingSlash:
        var table = router.table
        table.options.strictTrailingSlash = false
        return routes(link, definition, definition.pattern, table: table)
      case .fragmentPath:
        pattern.fragment = nil
        pattern.query = ""
      case .spansSegments:
        // Several segments, an empty one at the end (a trailing slash) included.
        guard let index = shape.pieces.firstIndex(where: { Self.name(of: $0) == parameter }) else {
          return false
        }
        pattern.segments[index] = "{relaxed+}"
        var table = router.table
        table.options.strictTrailingSlash = false
        // A path has one catch-all: one before the parameter is read as the filters state it, each
        // count of its segments up to the bound a plain segment.
        if let other = shape.pieces.firstIndex(where: \.isCatchAll), other != index {
          var least = 0
          if case .oneOrMore = shape.pieces[other] { least = 1 }
          return (least...AndroidIntentFilterGenerator.middleCatchAllSegments).contains { count in
            var stated = pattern
            stated.segments.replaceSubrange(other...other, with: (0..<count).map { "{stated\($0)}" })
            return routes(link, definition, stated.text, table: table)
          }
        }
        return routes(link, definition, pattern.text, table: table)
      case .literalSlash, .dotAnyCharacter:
        guard let index = shape.pieces.firstIndex(where: { $0 == .literal(parameter) }) else { return false }
        pattern.segments[index] = widening.kind == .literalSlash ? "{relaxed+}" : "{relaxed}"
      case .integerRange, .kindText, .valueSetText, .templateText, .authorityText,
        _ where ParameterType.allCases.contains { $0.aasaWidening?.code == widening.kind.description }:
        // The piece named, or the template holding the parameter named, read as any one segment.
        guard let index = shape.pieces.firstIndex(where: { Self.holds($0, parameter) }) else { return false }
        if case .optional = shape.pieces[index] {
          pattern.segments[index] = "{relaxed?}"
        } else {
          pattern.segments[index] = "{relaxed}"
        }
      default:
        return nil
      }
      return routes(link, definition, pattern.text)
    }

    /// Whether a narrowing explains a link the router routes with `match` and no filter opens.
    func explains(_ narrowing: AndroidNarrowing, _ link: String, _ match: RouteMatch) -> Bool? {
      let uri = AndroidURI(link)
      let scheme = String(link.prefix { $0 != ":" })
      let custom = !["http", "https"].contains(scheme.lowercased())
      switch narrowing.kind {
      case .encodedSlash:
        return match.parameters[narrowing.parameter]?.description.contains("/") == true
      case .emptyPath:
        return uri?.path == ""
      case .emptySegment:
        return uri?.path?.contains("//") == true
      case .schemeCase:
        return scheme != scheme.lowercased()
      case .customSchemeSpelling:
        return custom && (uri?.host ?? "").isEmpty
      case .customSchemeHost:
        return custom
      case .middleCatchAllDepth:
        // The catch-all holds more segments than the filters state; a custom-scheme link's first
        // segment is Android's host, and the catch-all's too when it starts the path.
        guard case .segments(let segments)? = match.parameters[narrowing.parameter] else { return false }
        return segments.count > AndroidIntentFilterGenerator.middleCatchAllSegments
      case .backslash:
        return custom && Self.authority(link).contains("\\")
      case .literalCase:
        guard let definition = router.table.routes.first(where: { $0.name == match.route }) else {
          return false
        }
        var table = router.table
        table.options.caseInsensitive = false
        return !routes(link, definition, definition.pattern, table: table)
      default:
        return nil
      }
    }

    /// Whether a table of the one route, with this pattern, routes the link.
    func routes(_ link: String, _ definition: RouteDefinition, _ pattern: String, table: RouteTable? = nil)
      -> Bool
    {
      var one = table ?? router.table
      var route = definition
      route.pattern = pattern
      one.routes = [route]
      let key =
        "\(definition.name)\u{0}\(pattern)\u{0}\(one.options.caseInsensitive)\(one.options.strictTrailingSlash)"
      if routers.made[key] == nil { routers.made[key] = .some(try? Router(one)) }
      guard let relaxed = routers.made[key] ?? nil else { return false }
      return (try? relaxed.match(link)) != nil
    }

    /// The link's text after the scheme up to its query or fragment.
    static func pathText(_ link: String) -> Substring {
      let rest = link.drop { $0 != ":" }
      return rest.prefix { $0 != "?" && $0 != "#" }
    }

    /// The link's text from after `//` to the next `/`, `?` or `#`, or `""`.
    static func authority(_ link: String) -> Substring {
      guard let start = link.range(of: "://")?.upperBound else { return "" }
      return link[start...].prefix { !"/?#".contains($0) }
    }

    static func name(of piece: RoutePathShape.Piece) -> String? {
      switch piece {
      case .parameter(let name, _), .optional(let name, _), .oneOrMore(let name), .zeroOrMore(let name),
        .valueSet(let name, _), .kind(let name, _), .testedRun(let name, _), .remainder(let name):
        name
      case .template(let template): template.description
      case .literal, .fragment: nil
      }
    }

    /// Whether a piece is the parameter named, or a template named or holding it.
    static func holds(_ piece: RoutePathShape.Piece, _ parameter: String) -> Bool {
      if name(of: piece) == parameter { return true }
      if case .template(let template) = piece { return template.parameterNames.contains(parameter) }
      return false
    }
  }

  /// A pattern's text in its parts, to write a route again with a piece changed.
  struct PatternText {
    var segments: [String]
    var trailingSlash: Bool
    var fragment: String?
    var query: String

    init(_ text: String) {
      var depth = 0
      let queryStart =
        text.firstIndex { character in
          if character == "{" { depth += 1 }
          if character == "}" { depth -= 1 }
          return character == "?" && depth == 0
        } ?? text.endIndex
      query = String(text[queryStart...])
      var path = text[..<queryStart]
      if let hash = path.firstIndex(of: "#") {
        fragment = String(path[path.index(after: hash)...])
        path = path[..<hash]
      }
      segments = path.split(separator: "/").map(String.init)
      trailingSlash = path.count > 1 && path.hasSuffix("/")
    }

    var text: String {
      "/" + segments.joined(separator: "/") + (trailingSlash && !segments.isEmpty ? "/" : "")
        + (fragment.map { "#" + $0 } ?? "") + query
    }
  }

  // MARK: The links

  /// Values to build links with, per parameter type: the first is the sample.
  static func values(of type: ParameterType) -> [String] {
    switch type {
    case .string: ["sample", "AC/DC", "a b", "café", "x.y", "-1", "?#&=+", "Ω%"]
    case .int: ["0", "42", "-7", "9223372036854775807"]
    case .uuid: ["123E4567-E89B-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-426614174000"]
    case .bool: ["true", "false"]
    case .decimal: ["1.5", "-2"]
    case .url: ["https://a.example/b?c=d"]
    case .link: ["/a/b", "myapp://x"]
    case .address: ["localhost:8065", "Chat.Example.org", "[::1]:443"]
    }
  }

  /// The values of each parameter of a route, by name, the sample first; `nil` stands for leaving
  /// an optional parameter out.
  static func parameterValues(_ pattern: RoutePattern) -> [(String, [ParameterValue?])] {
    var result: [(String, [ParameterValue?])] = []
    func add(_ name: String, _ texts: [String], optional: Bool = false) {
      result.append((name, texts.map { .string($0) } + (optional ? [nil] : [])))
    }
    for segment in pattern.segments {
      switch segment {
      case .literal, .fragment: break
      case .parameter(let name, let type): add(name, values(of: type))
      case .optional(let name, let type): add(name, values(of: type), optional: true)
      case .valueSet(let name, let set): add(name, set.members)
      case .kind(let name, let kind): add(name, [kind.sampleValue])
      case .testedRun(let name, let rule) where rule.isPairs:
        result.append((name, [.segments([]), .segments(["a", "b"]), .segments(["a/b", "é", "c", "d"])]))
      case .testedRun(let name, let rule):
        // Runs of the element's sample: one, two, and none where the catch-all takes none.
        let sample = rule.sampleValue
        let twice = sample.segmentsValue.map { ParameterValue.segments($0 + $0) } ?? sample
        result.append((name, [sample, twice] + (rule.atLeastOne ? [] : [.segments([])])))
      case .remainder(let name):
        result.append((name, [.string(""), .string("a/b"), .string("a?b=1#c"), .string("caf%C3%A9/x")]))
      case .oneOrMore(let name):
        result.append(
          (
            name,
            [
              .segments(["a"]), .segments(["a", "b"]), .segments(["a/b", "é"]),
              .segments(["a", "b", "c", "d"]),
              .segments(["a", "b", "c", "d", "e"]),
            ]
          ))
      case .zeroOrMore(let name):
        result.append(
          (
            name,
            [
              .segments(["a", "b"]), .segments([]), .segments(["a/b"]), .segments(["a", "b", "c", "d"]),
              .segments(["a", "b", "c", "d", "e"]),
            ]
          ))
      case .template(let template):
        for part in template.parts {
          if case .parameter(let name, let type) = part {
            add(name, [template.sampleValues[name]?.description ?? "x"] + values(of: type))
          }
        }
      }
    }
    for item in pattern.query where item.captures {
      switch item.rule {
      case .oneOf(let set): add(item.name, set.members, optional: item.isOptional)
      case .kind(let kind): add(item.name, [kind.sampleValue], optional: item.isOptional)
      case .value, .literal, .absent: add(item.name, values(of: item.type), optional: item.isOptional)
      }
    }
    return result
  }

  /// The forms a route's links are built in: each host it answers (a sample subdomain for a
  /// wildcard) and each custom scheme.
  static func forms(_ table: RouteTable, _ definition: RouteDefinition) -> [LinkForm] {
    let hosts = (definition.hosts ?? table.hosts).map { host in
      host == "*" ? "any.example" : host.hasPrefix("*.") ? "sample" + host.dropFirst() : host
    }
    let schemes = table.schemes.filter { scheme in
      !["http", "https"].contains(scheme) && (definition.schemes?.contains(scheme) ?? true)
    }
    let web = definition.schemes.map { $0.contains("https") || $0.contains("http") } ?? true
    return (web ? hosts.map(LinkForm.host) : []) + schemes.map(LinkForm.scheme)
  }

  static func links(_ router: Router) -> [String] {
    var links: [String] = []
    for (definition, pattern) in zip(router.table.routes, router.patterns) {
      let parameters = parameterValues(pattern)
      let sample = RouteParameters(
        parameters.compactMap { name, values in values[0].map { (name: name, value: $0) } })
      var valueSets = [sample]
      for (position, (name, values)) in parameters.enumerated() {
        for value in values.dropFirst() {
          var changed = parameters.enumerated().compactMap { index, entry -> (String, ParameterValue)? in
            index == position ? value.map { (name, $0) } : entry.1[0].map { (entry.0, $0) }
          }
          if value == nil { changed.removeAll { $0.0 == name } }
          valueSets.append(RouteParameters(changed.map { (name: $0.0, value: $0.1) }))
        }
      }
      for form in forms(router.table, definition) {
        for (index, values) in valueSets.enumerated() {
          guard let link = try? router.urlString(for: definition.name, values, form: form) else { continue }
          links.append(link)
          // The edges of the sample link.
          if index == 0 { links += edges(of: link) }
        }
      }
    }
    for host in router.table.hosts.map({ $0.hasPrefix("*.") ? "sample" + $0.dropFirst() : $0 }) {
      links += ["https://\(host)", "https://\(host)/", "https://\(host)//", "https://\(host)/?x=1"]
    }
    for scheme in router.table.schemes where !["http", "https"].contains(scheme) {
      links += ["\(scheme)://", "\(scheme):///", "\(scheme)://x", "\(scheme)://x/", "\(scheme):x"]
    }
    var seen = Set<String>()
    return links.filter { seen.insert($0).inserted }
  }

  /// Links around one: the path with a slash more or less, another segment, bad escapes, text
  /// beyond ASCII, the scheme and host spelled otherwise, the query and fragment changed.
  static func edges(of link: String) -> [String] {
    guard let colon = link.firstIndex(of: ":") else { return [] }
    let scheme = String(link[..<colon])
    let afterScheme = link[link.index(after: colon)...]
    guard afterScheme.hasPrefix("//") else { return [] }
    let authorityStart = afterScheme.index(afterScheme.startIndex, offsetBy: 2)
    let authorityEnd =
      afterScheme[authorityStart...].firstIndex { "/?#".contains($0) } ?? afterScheme.endIndex
    let authority = String(afterScheme[authorityStart..<authorityEnd])
    let rest = afterScheme[authorityEnd...]
    let pathEnd = rest.firstIndex { "?#".contains($0) } ?? rest.endIndex
    let path = String(rest[..<pathEnd])
    let tail = String(rest[pathEnd...])
    let start = "\(scheme)://\(authority)"
    var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if segments.first == "" { segments.removeFirst() }
    func with(_ segments: [String]) -> String {
      start + (segments.isEmpty ? "" : "/" + segments.joined(separator: "/")) + tail
    }
    var edges = [
      start + tail, start + path + "/" + tail, start + path + "//" + tail, start + "/" + path + tail,
      with(segments + ["extra"]), with(Array(segments.dropLast())),
      scheme.uppercased() + String(link.dropFirst(scheme.count)),
      "\(scheme)://u@\(authority)" + path + tail, "\(scheme)://\(authority):8443" + path + tail,
      "\(scheme)://" + path + tail, "\(scheme)://\(authority)\\" + String(path.dropFirst()) + tail,
      "\(scheme):" + authority + path + tail, "\(scheme):/" + authority + path + tail,
      "\(scheme):///" + authority + path + tail,
      start + path, start + path + "#/other", start + path + tail + "#x",
    ]
    if segments.count > 1 {
      var doubled = segments
      doubled.insert("", at: segments.count - 1)
      edges.append(with(doubled))
    }
    if let last = segments.last {
      for suffix in ["%zz", "%2", "%C3%28", "%00", "%2F", "%2Fx", "%E2%82%AC"] {
        edges.append(with(segments.dropLast() + [last + suffix]))
      }
      for replacement in ["café", "cafe\u{301}", "a b", "%20", "-", "zzz"] {
        edges.append(with(segments.dropLast() + [replacement]))
      }
    }
    for (index, segment) in segments.enumerated() where segment.contains(where: \.isLetter) {
      var changed = segments
      changed[index] = segment.uppercased()
      edges.append(with(changed))
      changed[index] = "zzz"
      edges.append(with(changed))
    }
    return edges
  }
}
