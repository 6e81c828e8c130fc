import DeepLinkRouting

/// Fuzz target `router`: the input is a link, read and matched by fixed, realistic routers (the
/// default options, and strict trailing slashes with case-insensitive literals, templates, value sets,
/// kinds, scopes), one whose candidates all follow nested links, one of templates whose separators
/// overlap, one built to backtrack and one wide table.
///
/// Checks: reading and matching never crash; a match builds its link back from its own values, and
/// that link reads as the same route with the same values; a link no route matches is explained
/// (``Router/explain(_:)``) by a route of the table, at a segment of its path; a match on a table with
/// a route for any host says its host is listed (``Router/lists(_:)``) exactly when the table without
/// that route reads the link. The only build failure allowed is a rebuilt link over the length limit
/// (values re-encoded can grow). A link routes at most ``Router/maxNestedLinks`` nested links, however
/// many of its candidates follow, and the search for overlapping separators splits the input, read as
/// one segment, as the grammar page's rule does.
private let tables: [RouteTable] = [
  RouteTable(
    schemes: ["myapp", "http"],
    hosts: ["example.com", "*.example.com", "localhost:8080"],
    routes: [
      RouteDefinition("main", "/channel"),
      RouteDefinition("clip", "/channel/video/{clipId}"),
      RouteDefinition("playlist", "/channel/playlist/{clipListId}"),
      RouteDefinition("search", "/channel/search/{query}"),
      RouteDefinition("subChannel", "/channel/sub/{subChannelId}"),
      RouteDefinition("new", "/items/new"),
      RouteDefinition("itemByNumber", "/items/{id:int}"),
      RouteDefinition("itemByToken", "/items/{token:uuid}"),
      RouteDefinition("itemBySlug", "/items/{slug}"),
      RouteDefinition("itemFiles", "/items/{slug}/files/{path+}"),
      RouteDefinition("itemsAnything", "/items/{rest+}"),
      RouteDefinition("docs", "/docs/{path*}"),
      RouteDefinition("find", "/find?q={query}&page={page:int?}"),
      RouteDefinition("findByTag", "/find?tag={tag}"),
      RouteDefinition("findExact", "/find?q={query}&exact={exact:int}"),
      RouteDefinition("category", "/category/{gender}"),
      RouteDefinition("subCategory", "/category/{gender}/{sub}"),
      RouteDefinition("cafe", "/café/menu"),
      RouteDefinition("root", "/"),
    ]
  ),
  RouteTable(
    schemes: ["shop"],
    hosts: ["shop.example.com"],
    options: .init(caseInsensitive: true, strictTrailingSlash: true),
    routes: [
      RouteDefinition("product", "/product/{id:int}"),
      RouteDefinition("productFolder", "/product/{id:int}/"),
      RouteDefinition("productSlug", "/Product/{slug}"),
      RouteDefinition("files", "/files/{path*}"),
      RouteDefinition("order", "/order/{token:uuid}?step={step:int?}"),
      // A middle catch-all and an optional last segment beside the routes they compete with.
      RouteDefinition("localized", "/{locale*}/product/{id:int}/{slug?}"),
      RouteDefinition("wiki", "/{any+}/wiki/{title}"),
      // Routes that read the fragment as a path, beside the path routes of the same path.
      RouteDefinition("room", "/#/room/{room}?via={via?}"),
      RouteDefinition("roomEvent", "/#/room/{room}/{event+}"),
      RouteDefinition("fileSection", "/files/{path*}#/section/{section:int?}"),
      // The same without the fragment's leading "/": another fragment.
      RouteDefinition("narrow", "/#narrow/{pairs*}"),
      RouteDefinition("narrowTopic", "/#narrow/channel/{channel}/topic/{topic}?near={near:int?}"),
      RouteDefinition("signup", "/files/{path*}#finish-signup?email={email}"),
    ]
  ),
  // Segment templates next to the pieces they compete with.
  RouteTable(
    schemes: ["tpl"],
    hosts: ["t.example.com"],
    routes: [
      RouteDefinition("sso", "/start-sso/wire-{code:uuid}"),
      RouteDefinition("user", "/u/{user}@{domain}"),
      RouteDefinition("userPort", "/u/{user}@{host}:{port:int}"),
      RouteDefinition("orderJSON", "/orders/{id:int}.json"),
      RouteDefinition("order", "/orders/{name}"),
      RouteDefinition("docs", "/v{version:int}/docs"),
      RouteDefinition("page", "/{page}/docs"),
      RouteDefinition("release", "/r/{major:int}.{minor:int}"),
      RouteDefinition("flag", "/f/is-{on:bool}"),
    ]
  ),
  // Value sets beside the literals, templates and typed parameters they rank between, overlapping.
  RouteTable(
    schemes: ["set"],
    hosts: ["s.example.com"],
    options: .init(caseInsensitive: true),
    routes: [
      RouteDefinition("general", "/settings/general"),
      RouteDefinition("section", "/settings/{section:(general|privacy|about)}"),
      RouteDefinition("wide", "/settings/{section:(privacy|about|theme|a+b)}/{rest*}"),
      RouteDefinition("version", "/settings/v{n:int}"),
      RouteDefinition("number", "/settings/{n:int}"),
      RouteDefinition("other", "/settings/{name}"),
      RouteDefinition("sorted", "/list?sort={order:(asc|desc)?}&page={page:int?}"),
      RouteDefinition("root", "/{tab:(home|search)}"),
    ]
  ),
  fanOutTable,
  overlapTable,
  // App-defined kinds beside the literals, sets, typed and plain parameters they rank between, two
  // kinds at one place, a kind with a prefix and one in the query.
  RouteTable(
    schemes: ["kind"],
    hosts: ["k.example.com"],
    kinds: [
      "sku": ValueKind(characters: "A-Z0-9-", minLength: 3, maxLength: 12),
      "alias": ValueKind(characters: "a-z0-9._=-:", prefix: "#"),
      "color": ValueKind(characters: "0-9a-f", minLength: 6, maxLength: 6),
    ],
    routes: [
      RouteDefinition("new", "/p/new"),
      RouteDefinition("number", "/p/{id:int}"),
      RouteDefinition("product", "/p/{code:sku}"),
      RouteDefinition("productPage", "/p/{code:sku}/{page}"),
      RouteDefinition("theme", "/p/{color:color}/preview"),
      RouteDefinition("room", "/p/{room:alias}"),
      RouteDefinition("slug", "/p/{slug}"),
      RouteDefinition("track", "/t?ref={code:sku}&o={room:alias?}"),
    ]
  ),
  // Host and scheme scopes, an any-host route, and a custom scheme that carries a listed host.
  RouteTable(
    schemes: ["scope", "http"],
    hosts: ["a.example", "b.example", "*.c.example"],
    options: .init(listedHostInCustomScheme: true),
    routes: [
      RouteDefinition("click", "/{path*}", hosts: ["a.example"]),
      RouteDefinition("page", "/{path*}", hosts: ["*"]),
      RouteDefinition("item", "/i/{id:int}"),
      RouteDefinition("itemB", "/i/{id:int}", hosts: ["b.example"]),
      RouteDefinition("itemC", "/i/{id:int}", hosts: ["*.c.example"]),
      RouteDefinition("web", "/w", hosts: nil, schemes: ["https"]),
      RouteDefinition("app", "/w", hosts: nil, schemes: ["scope"]),
      RouteDefinition("plain", "/w", hosts: nil, schemes: ["http"]),
    ]
  ),
  // Hosts written in Unicode and in their ASCII form (`xn--`): one host in either spelling, in the table,
  // in scopes and in links (raw, percent-encoded, upper case, full-width).
  RouteTable(
    schemes: ["idn"],
    hosts: ["chat.example.भारत", "*.bücher.example", "xn--mnchen-3ya.example:8443"],
    options: .init(listedHostInCustomScheme: true),
    routes: [
      RouteDefinition("room", "/room/{id}", hosts: ["chat.example.xn--h2brj9c"]),
      RouteDefinition(
        "shelf", "/shelf/{id:int}", hosts: ["*.xn--bcher-kva.example", "münchen.example:8443"]),
      RouteDefinition("rest", "/{path*}"),
    ]
  ),
]

private let routers: [Router] = (tables + [backtrackingTable, wideTable]).compactMap { try? Router($0) }

/// Each router's table without its any-host routes: the reader of such a table refuses a host it does
/// not list, which is the listed-host rule ``Router/lists(_:)`` must state for the full table.
private let listedOnly: [Router?] = routers.map { router in
  guard router.table.routes.contains(where: { $0.hosts == ["*"] }) else { return nil }
  var table = router.table
  table.routes.removeAll { $0.hosts == ["*"] }
  return try? Router(table)
}

/// 64 routes `/l<L>?u={t:link}&!k<j>` (L = 1...4, j = 1...16) that each follow `t`, in the scheme `fan`,
/// around two plain routes: a link nested through them matches all 16 routes of each level, and each
/// routes its nested link. Seeds `Fuzz/Corpus/router/fan-*` reach it.
private let fanOutTable: RouteTable = {
  var routes = [RouteDefinition("end", "/end/{rest+}"), RouteDefinition("item", "/x/{id:int}")]
  for level in 1...4 {
    for variant in 1...16 {
      routes.append(
        RouteDefinition("l\(level)k\(variant)", "/l\(level)?u={t:link}&!k\(variant)", follow: "t"))
    }
  }
  return RouteTable(schemes: ["fan"], routes: routes)
}()

/// Templates whose separators overlap themselves and each other (`aa`, `aab`, `aba`, `abab`), in the
/// scheme `ovl`, case-insensitive. Seeds `Fuzz/Corpus/router/overlap-*` reach it.
private let overlapPatterns = [
  "/o/{a}aab{b}", "/o/{a}aa{b}aba{c}", "/o/{a}abab{b}", "/o/x{a}ba{b}ab", "/o/{n:int}aab{b}",
  "/o/{whole}", "/{a}aa{b}/o",
]
private let overlapTable = RouteTable(
  schemes: ["ovl"], hosts: ["o.example.com"], options: .init(caseInsensitive: true),
  routes: overlapPatterns.enumerated().map { RouteDefinition("o\($0.offset)", $0.element) })

/// The templates of ``overlapPatterns``, checked against the input read as one segment.
private let overlapTemplates: [SegmentTemplate] = overlapPatterns.compactMap { text in
  (try? RoutePattern(text))?.segments.lazy.compactMap { segment -> SegmentTemplate? in
    if case .template(let template) = segment { return template }
    return nil
  }.first
}

private let fanOutRouter = try? Router(fanOutTable)

/// Every mix of `1`, `{x:int}` and `{x}` over `segments` segments (3^segments routes, each ending
/// with `suffix`), in the scheme `scheme`: tables where every node of a depth has the same shape.
private func mixTable(segments: Int, suffix: String, scheme: String) -> RouteTable {
  var patterns = [""]
  for position in 0..<segments {
    patterns = patterns.flatMap { prefix in
      ["/1", "/{x\(position):int}", "/{x\(position)}"].map { prefix + $0 }
    }
  }
  return RouteTable(
    schemes: [scheme],
    routes: patterns.enumerated().map { RouteDefinition("r\($0.offset)", $0.element + suffix) })
}

/// Every mix over six segments, then `/end` (729 routes): the table where a failing link once explored
/// every path. Seeds `Fuzz/Corpus/router/backtrack-*` reach it.
private let backtrackingTable = mixTable(segments: 6, suffix: "/end", scheme: "mix")

/// Every mix over seven segments and nothing after (2,187 routes): the wide table where explaining an
/// unmatched link once took time exponential in its length. Seeds `Fuzz/Corpus/router/wide-*` reach it.
private let wideTable = mixTable(segments: 7, suffix: "", scheme: "wide")

/// libFuzzer's entry point: checks one input.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0: every input may enter the corpus.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  check(routers.count == tables.count + 2, "a fuzz table does not build")
  check(overlapTemplates.count == overlapPatterns.count - 1, "an overlap pattern holds no template")
  let link = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for template in overlapTemplates { checkTemplateSearch(template, on: [link]) }
  if let fanOutRouter {
    // Every candidate refused: each one that follows routes its nested link, as far as the bound lets.
    let work = fanOutRouter.resolutionWork(link) { _ in false }
    check(
      work.matches <= 1 + Router.maxNestedLinks,
      "\(link) matched \(work.matches) links, over 1 + \(Router.maxNestedLinks)")
  }
  for (index, router) in routers.enumerated() {
    let match: RouteMatch?
    do {
      match = try router.match(link)
    } catch {
      check(!error.code.description.isEmpty && !error.description.isEmpty, "an error without a code")
      continue
    }
    guard let match else {
      checkExplanation(of: link, by: router)
      continue
    }
    check(router.route(named: match.route) != nil, "a match names an unknown route")
    if let strict = listedOnly[index] {
      // A deferred or short link trusts `lists`, never that some route matched: it must agree with
      // the reader of the table without any-host routes.
      var listed = true
      do {
        _ = try strict.match(link)
      } catch {
        listed = ![.unknownHost, .portNotAllowed].contains(error.code)
      }
      check(router.lists(match.origin) == listed, "\(link): lists(\(match.origin)) is not \(listed)")
    }
    check(match.followed.count <= Router.maxFollowDepth, "\(link) followed \(match.followed.count) links")
    let rebuilt: String
    do {
      rebuilt = try rebuild(match, with: router)
    } catch {
      if error.code == .notRoundTrippable, error.detail?.contains("over the limit") == true { continue }
      // A value read from text such as `01` is written back as `1`, which a more specific route
      // (the literal `1`) captures: the builder refuses that link, as it must.
      if error.code == .shadowed { continue }
      // The router reads a `.` or `..` segment as text (only a custom-scheme link or an app's own text
      // can hold one: browsers remove them), and the builder refuses to write one, which a browser
      // would remove again.
      if error.code == .dotSegment, let value = error.value, value == "." || value == ".." { continue }
      fail("\(link) matched \(match.route) but does not build back: \(error)")
    }
    do {
      let again = try router.match(rebuilt)
      check(again?.route == match.route, "\(rebuilt) reads as \(String(describing: again?.route))")
      check(
        again?.parameters.dictionary == match.parameters.dictionary, "\(rebuilt) reads other values")
      check(again?.query == match.query, "\(rebuilt) reads other query items")
      // A route that reads the fragment writes it back as its path, in the builder's spelling.
      if router.pattern(named: match.route)?.readsFragment != true {
        check(again?.fragment == match.fragment, "\(rebuilt) reads another fragment")
      }
    } catch {
      fail("\(rebuilt), built by the router, does not read: \(error)")
    }
  }
  return 0
}

/// The link of a match, built from its own values: on the table's first host or scheme, or, for a route
/// scoped to a wildcard host or to any host, which has no link of its own, on the host the link came on.
private func rebuild(_ match: RouteMatch, with router: Router) throws(URLBuildError) -> String {
  // A route that reads the fragment builds it from its values, and takes no other.
  let fragment = router.pattern(named: match.route)?.readsFragment == true ? nil : match.fragment
  do {
    return try router.urlString(
      for: match.route, match.parameters, query: match.query, fragment: fragment)
  } catch {
    guard error.code == .formUnavailable, case .universalLink(let host) = match.origin else { throw error }
    return try router.urlString(
      for: match.route, match.parameters, query: match.query, fragment: fragment, form: .host(host))
  }
}

/// Checks the explanation of a link no route matches: it reads (the link read once already), names a
/// route of the table, and points inside the path it read.
private func checkExplanation(of link: String, by router: Router) {
  let miss: NearMiss?
  do {
    miss = try router.explain(link)
  } catch {
    fail("\(link) reads for matching but not for explaining: \(error)")
  }
  guard let miss else { return }
  check(router.route(named: miss.route) != nil, "\(link) is explained by an unknown route \(miss.route)")
  check(miss.segment.map { miss.path.indices.contains($0) } ?? true, "\(link): a near miss outside its path")
  check(!miss.description.isEmpty, "\(link): a near miss without a description")
}
