import DeepLinking
import Foundation
import TrackingLinks
import UniversalLinks

/// The hosts whose links `deeplink audit` reads as tracking links rather than as links of the table:
/// the short-link host of `--short-links FILE --short-link-host HOST` (the file `deeplink site`
/// serves), whose codes it reads as their long links, and each `--tracking-origin`, whose links it
/// counts apart, unresolved, since the audit fetches nothing. The short-link host is a tracking
/// origin too, as the app lists it: a code the file does not have is counted there.
struct AuditTrackingHosts {
  /// The short links, or `nil` for none.
  let shortLinks: ShortLinkTable?
  /// The tracking origins given, as `--tracking-origin` read them.
  let origins: [TrackingOrigin]
  /// Each code's place in the short-link table.
  private let codes: [String: Int]
  /// The hosts, lower-cased, each with the name the report gives it (`https://go.example.com`) and
  /// the port a link on it that names one must name (a tracking origin's, 443 by default; any for the
  /// short-link host, whose log lines may carry the port the server listens on): the short-link host
  /// first.
  private let hosts: [(host: [UInt8], name: String, port: Int?)]

  /// No short links and no tracking origins: every link is the table's.
  static let none = AuditTrackingHosts(shortLinks: nil, origins: [])

  init(shortLinks: ShortLinkTable?, origins: [TrackingOrigin]) {
    self.shortLinks = shortLinks
    self.origins = origins
    var codes: [String: Int] = [:]
    for (index, link) in (shortLinks?.links ?? []).enumerated() where codes[link.code] == nil {
      codes[link.code] = index
    }
    self.codes = codes
    var hosts: [(host: [UInt8], name: String, port: Int?)] = []
    if let host = shortLinks?.host { hosts.append((Array(host.utf8), "https://" + host, nil)) }
    for origin in origins {
      hosts.append((Array(origin.host.utf8), origin.description, origin.effectivePort))
    }
    self.hosts = hosts
  }

  var isEmpty: Bool { hosts.isEmpty }

  /// What a link on one of the hosts is.
  enum Resolution: Equatable {
    /// A short link: its code's place in the table, and the link the server redirects it to.
    case shortLink(code: Int, link: String)
    /// A link on a tracking origin (its name in the report) the audit cannot follow.
    case tracking(origin: String)
  }

  /// Whether a link may be on one of the hosts, from its bytes: a quick test before ``resolve(_:ownHost:)``.
  ///
  /// - Parameters:
  ///   - link: An absolute link.
  ///   - ownHost: Whether its host is the audit's own (`--host`, or the table's first), because the
  ///     log line named none.
  /// - Returns: `false` when ``resolve(_:ownHost:)`` would surely return `nil`.
  func mayResolve(_ link: ArraySlice<UInt8>, ownHost: Bool) -> Bool {
    guard !hosts.isEmpty else { return false }
    guard let parts = Self.split(link) else { return false }
    if ownHost, shortLinks != nil, link[parts.path...].starts(with: Self.shortPrefix) { return true }
    let host = link[parts.host]
    return hosts.contains {
      $0.host.count == host.count && zip($0.host, host).allSatisfy { $0 == Self.lower($1) }
    }
  }

  /// What a link on one of the hosts is, or `nil` for a link of none of them.
  ///
  /// A short path of the table (`/s/CODE`, the query kept) on the short-link host is the short link;
  /// so is one on the audit's own host when the log line names no host (the `combined` format), since
  /// no route of the site takes it (`deeplink site` refuses a code a route matches) and only the
  /// short-link host answers it below 400. Any other link on the short-link host or a tracking origin
  /// (its port too, when both name one) is a tracking link.
  ///
  /// - Parameters:
  ///   - link: An absolute link.
  ///   - ownHost: Whether its host is the audit's own, because the log line named none.
  /// - Returns: The short link or tracking link it is, or `nil`.
  func resolve(_ link: ArraySlice<UInt8>, ownHost: Bool) -> Resolution? {
    guard let parts = Self.split(link) else { return nil }
    let host = String(decoding: link[parts.host].map(Self.lower), as: UTF8.self)
    let target = link[parts.path...]
    let pathEnd = target.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? target.endIndex
    let path = String(decoding: target[..<pathEnd], as: UTF8.self)
    var query: Substring?
    if pathEnd < target.endIndex, target[pathEnd] == UInt8(ascii: "?") {
      let queryEnd = target[pathEnd...].firstIndex(of: UInt8(ascii: "#")) ?? target.endIndex
      query = Substring(String(decoding: target[(pathEnd + 1)..<queryEnd], as: UTF8.self))
    }
    if let shortLinks, ownHost || host == shortLinks.host, path.hasPrefix(ShortLinkTable.pathPrefix) {
      // nginx compares the decoded path with `location = /s/CODE`.
      let code = (path.removingPercentEncoding ?? path).dropFirst(ShortLinkTable.pathPrefix.count)
      if let index = codes[String(code)] {
        return .shortLink(code: index, link: shortLinks.links[index].redirect(withQuery: query))
      }
    }
    let port = parts.port.flatMap { Int(String(decoding: link[$0], as: UTF8.self)) }
    for entry in hosts where String(decoding: entry.host, as: UTF8.self) == host {
      if let port, let wanted = entry.port, port != wanted { continue }
      return .tracking(origin: entry.name)
    }
    return nil
  }

  private static let shortPrefix = Array(ShortLinkTable.pathPrefix.utf8)

  private static func lower(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
  }

  /// Where an absolute link's host (after any user info, before any port), port and path start.
  private static func split(_ link: ArraySlice<UInt8>) -> (host: Range<Int>, port: Range<Int>?, path: Int)? {
    let separator = Array("://".utf8)
    var start = link.startIndex
    while start + separator.count <= link.endIndex,
      !link[start..<(start + separator.count)].elementsEqual(separator)
    {
      start += 1
    }
    guard start + separator.count <= link.endIndex else { return nil }
    let authorityStart = start + separator.count
    let authorityEnd =
      link[authorityStart...].firstIndex {
        $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
      }
      ?? link.endIndex
    var hostStart =
      (link[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 }) ?? authorityStart
    // An IPv6 address, `[::1]`, is compared without its brackets; its port follows the `]`.
    var portSearch = hostStart
    var bracketEnd: Int?
    if hostStart < authorityEnd, link[hostStart] == UInt8(ascii: "["),
      let close = link[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]"))
    {
      bracketEnd = close
      portSearch = close
      hostStart += 1
    }
    let colon = link[portSearch..<authorityEnd].lastIndex(of: UInt8(ascii: ":"))
    let hostEnd = bracketEnd ?? colon ?? authorityEnd
    return (hostStart..<hostEnd, colon.map { ($0 + 1)..<authorityEnd }, authorityEnd)
  }

  /// Reads `--short-links FILE --short-link-host HOST` and `--tracking-origin ORIGIN...`.
  ///
  /// - Returns: The hosts, or `nil` when the short-link file cannot be used (the reason is printed).
  /// - Throws: ``UsageError`` for options given alone or an origin that is not one.
  @MainActor
  static func read(
    _ arguments: Arguments, router: Router, spec: CommandSpec, errors: TextSink
  ) throws(UsageError) -> AuditTrackingHosts? {
    let file = arguments.value("short-links")
    let host = arguments.value("short-link-host")
    guard (file == nil) == (host == nil) else {
      throw spec.usageError("give --short-links and --short-link-host together")
    }
    var origins: [TrackingOrigin] = []
    for origin in arguments.values["tracking-origin"] ?? [] {
      do {
        origins.append(try TrackingOrigin(origin))
      } catch {
        throw spec.usageError("--tracking-origin: \(error)")
      }
    }
    var table: ShortLinkTable?
    if let file, let host {
      let data: Data
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: file))
      } catch {
        errors.line(
          Printable.escaped(
            "\(spec.fullName): \(file): cannot read the short-link file (\(error.localizedDescription))"))
        return nil
      }
      do {
        table = try ShortLinkTable(json: data, file: file, host: host, router: router)
      } catch {
        errors.line("\(spec.fullName): \(error)")
        return nil
      }
    }
    return AuditTrackingHosts(shortLinks: table, origins: origins)
  }
}
