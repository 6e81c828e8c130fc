import DeepLinkRouting
import DeepLinking
import Foundation
import RouteFiles
import UniversalLinks

/// `deeplink surfaces`: checks the links an app hands the system outside its web pages (App Intents,
/// widgets, notifications, Spotlight, quick actions, Handoff, QR codes) against the route table.
@MainActor
enum SurfacesCommand: ToolSubcommand {
  static let spec = CommandSpec(
    path: ["surfaces"],
    usage: "[--routes FILE] [--short-links FILE --short-link-host HOST] LIST.json",
    summary: "Check the app's other link surfaces: each link opens the route the app means.",
    discussion: """
      Reads a JSON array the app exports, one object per link it hands the system:
        {"surface": "app-intent", "url": "https://shop.example.com/p/42", "route": "product",
         "parameters": {"id": 42}}
      "surface" is one of \(Surface.allCases.map(\.rawValue).joined(separator: ", ")); "route" and
      "parameters" (each given value compared as `deeplink route` prints it) are optional.
      Each link is routed as the app's intake routes it from that surface's source, with the
      standard trust policy: a route that requires a verified link opens only from a Universal
      Link. An App Intent's URL representation must be a Universal Link (https on a host the
      table lists), as the system requires.
      With --short-links FILE --short-link-host HOST (the file and host 'deeplink site' serves), a
      short link (https://HOST/s/CODE) is routed as the long link the file gives it, the way the
      app routes it once it has resolved it with the server; a code the file does not have is a
      problem (the server answers 404).
      Prints one JSON line per link: {"surface", "url", "shortLink", "linkSource", "route", "ok",
      "problems": [...]}; "shortLink" (the long link) only for a short link.
      """,
    options: [
      .value("routes", "FILE", "A JSON route file (default: the built-in demo table).", completion: .file),
      .value(
        "short-links", "FILE", "The short-link file deeplink site serves, {\"code\": \"https://...\"}.",
        completion: .file),
      .value("short-link-host", "HOST", "The host that serves the short links (go.example.com)."),
    ],
    epilogue:
      "EXIT STATUS: 0 every link opens what it should, 1 some do not, 2 usage error or a bad file."
  )

  /// Where a link is handed to the system, and the source the app's intake gives it.
  enum Surface: String, CaseIterable {
    case appIntent = "app-intent"
    case widget
    case notification
    case spotlight
    case quickAction = "quick-action"
    case handoff
    case qrCode = "qr-code"

    /// The source the intake sees: a widget's link arrives as the system opens any URL.
    func source(of url: URL) -> LinkSource {
      switch self {
      case .appIntent: .appIntent
      case .widget: IncomingLink.systemSource(of: url)
      case .notification: .notification
      case .spotlight: .spotlight
      case .quickAction: .quickAction
      case .handoff: .userActivity
      case .qrCode: .qrCode
      }
    }
  }

  /// The largest list read: 16 MiB.
  static let maximumListSize = 16 << 20

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    guard let arguments = try spec.arguments(words, streams, positionals: .atLeastOne("give the list file"))
    else { return 0 }
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw spec.usageError("give one list file")
    }
    guard let router = spec.router(arguments, streams) else { return 2 }
    guard
      let hosts = try AuditTrackingHosts.read(arguments, router: router, spec: spec, errors: streams.error)
    else { return 2 }
    let entries: [JSONValue]
    do throws(ToolFailure) {
      entries = try readList(path)
    } catch {
      streams.error.line("\(spec.fullName): \(error)")
      return 2
    }
    var allGood = true
    for entry in entries {
      let (line, good) = check(entry, router: router, shortLinks: hosts)
      streams.output.line(line)
      allGood = allGood && good
    }
    return allGood ? 0 : 1
  }

  /// The entries of a list file, each an object with a known surface and a `url` string.
  static func readList(_ path: String) throws(ToolFailure) -> [JSONValue] {
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      data = try handle.read(upToCount: maximumListSize + 1) ?? Data()
    } catch {
      throw ToolFailure(description: "\(path): cannot read the list (\(error.localizedDescription))")
    }
    guard data.count <= maximumListSize else {
      throw ToolFailure(description: "\(path): the list is larger than \(maximumListSize >> 20) MiB")
    }
    let document: JSONValue
    do {
      document = try JSONReader.read(data)
    } catch {
      throw ToolFailure(description: "\(path): \(error)")
    }
    guard case .array(let entries) = document.kind else {
      throw ToolFailure(
        description: "\(path): expected an array of links, found \(document.foundDescription)")
    }
    for (index, entry) in entries.enumerated() {
      let place = "\(path):\(entry.position.map { "\($0.line):\($0.column)" } ?? "\(index + 1)")"
      guard case .object(let members) = entry.kind else {
        throw ToolFailure(description: "\(place): expected an object, found \(entry.foundDescription)")
      }
      for member in members where !["surface", "url", "route", "parameters"].contains(member.key) {
        let suggestion = Suggestion.closest(to: member.key, in: ["surface", "url", "route", "parameters"])
        throw ToolFailure(
          description: "\(place): unknown key \"\(Printable.escaped(member.key))\""
            + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ""))
      }
      guard case .string(let surface)? = member(entry, "surface")?.kind else {
        throw ToolFailure(description: "\(place): \"surface\" must be a string")
      }
      guard Surface(rawValue: surface) != nil else {
        throw ToolFailure(
          description: "\(place): unknown surface \"\(Printable.escaped(surface))\"; expected one of "
            + Surface.allCases.map(\.rawValue).joined(separator: ", "))
      }
      guard case .string = member(entry, "url")?.kind else {
        throw ToolFailure(description: "\(place): \"url\" must be a string")
      }
      if let route = member(entry, "route"), route.kindDescription != "a string" {
        throw ToolFailure(
          description: "\(place): \"route\" must be a string, found \(route.foundDescription)")
      }
      if let parameters = member(entry, "parameters"), parameters.kindDescription != "an object" {
        throw ToolFailure(
          description: "\(place): \"parameters\" must be an object, found \(parameters.foundDescription)")
      }
    }
    return entries
  }

  /// The JSON line of one checked link, and whether it opens what it should. A short link of
  /// `shortLinks` is routed as its long link.
  static func check(_ entry: JSONValue, router: Router, shortLinks: AuditTrackingHosts = .none) -> (
    String, Bool
  ) {
    guard case .string(let surfaceName)? = member(entry, "surface")?.kind,
      let surface = Surface(rawValue: surfaceName), case .string(let url)? = member(entry, "url")?.kind
    else { return ("", false) }
    var expectedRoute: String?
    if case .string(let route)? = member(entry, "route")?.kind { expectedRoute = route }
    var problems: [String] = []
    var routeName: JSONValue = .null
    var members: [(String, JSONValue)] = [
      ("surface", .string(surface.rawValue)), ("url", .string(Excerpt.of(url))),
    ]
    var routed = url
    if let table = shortLinks.shortLinks, let components = URLComponents(string: url),
      components.host?.lowercased() == table.host, components.path.hasPrefix(ShortLinkTable.pathPrefix)
    {
      guard case .shortLink(_, let target)? = shortLinks.resolve(ArraySlice(url.utf8), ownHost: false) else {
        members += [
          ("route", .null), ("ok", .bool(false)),
          (
            "problems",
            .array([
              .string(
                "\(Printable.escaped(table.file)) has no code for \(Excerpt.of(components.path)): the short-link host answers 404"
              )
            ])
          ),
        ]
        return (JSONValue.object(members).rendered, false)
      }
      routed = target
      members.append(("shortLink", .string(Excerpt.of(target))))
    }
    do {
      if let match = try router.match(routed) {
        routeName = .string(match.route)
        if let expectedRoute, expectedRoute != match.route {
          problems.append("opens route '\(match.route)', not '\(expectedRoute)'")
        }
        if case .object(let expected)? = member(entry, "parameters")?.kind {
          for item in expected {
            let actual = match.parameterJSON(item.key, in: router)
            if actual?.rendered != item.value.rendered {
              problems.append(
                "parameter '\(item.key)' is \(actual?.rendered ?? "absent"), not \(item.value.rendered)")
            }
          }
        }
        let source = URL(string: url).map(surface.source(of:)) ?? .customScheme
        members.append(("linkSource", .string(source.rawValue)))
        if let route = router.route(named: match.route),
          let refusal = LinkPolicy.standard.refusal(for: route, match: match, source: source)
        {
          problems.append(refusal.description)
        }
        if surface == .appIntent, !isUniversalLink(match, router: router) {
          problems.append(
            "an App Intent's URL representation must be a Universal Link: https on a host the table lists")
        }
      } else {
        let nearest = (try? router.explain(url)).flatMap { $0 }
        problems.append("no route matches" + (nearest.map { " (nearest: \($0.description))" } ?? ""))
      }
    } catch {
      problems.append(error.message)
    }
    members += [
      ("route", routeName), ("ok", .bool(problems.isEmpty)),
      ("problems", .array(problems.map(JSONValue.string))),
    ]
    return (JSONValue.object(members).rendered, problems.isEmpty)
  }

  /// The value of an object's member, or `nil` when the value is not an object or has no such member.
  static func member(_ value: JSONValue, _ key: String) -> JSONValue? {
    guard case .object(let members) = value.kind else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// Whether a match is of an https link on a host the table lists by name.
  static func isUniversalLink(_ match: RouteMatch, router: Router) -> Bool {
    guard case .universalLink = match.arrivalOrigin, match.arrivalURL.lowercased().hasPrefix("https://")
    else {
      return false
    }
    return router.lists(match.arrivalOrigin)
  }
}
