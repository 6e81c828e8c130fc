import DeepLinkRouting
import Foundation
import TrackingLinks
import UniversalLinks

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A file a site serves under `/.well-known/` for apps to verify their links.
enum WellKnownFile {
  /// `apple-app-site-association`, read by Apple's CDN for iOS 14+ and macOS 11+.
  case appleAppSiteAssociation
  /// `assetlinks.json`, read by Android's App Links verifier.
  case assetLinks

  /// The file's name.
  var name: String {
    switch self {
    case .appleAppSiteAssociation: "apple-app-site-association"
    case .assetLinks: "assetlinks.json"
    }
  }

  /// The path the fetchers request.
  var path: String {
    switch self {
    case .appleAppSiteAssociation: "/.well-known/apple-app-site-association"
    case .assetLinks: "/.well-known/assetlinks.json"
    }
  }

  /// Who fetches the file, for messages.
  var fetcher: String {
    switch self {
    case .appleAppSiteAssociation: "Apple's CDN"
    case .assetLinks: "Android's verifier"
    }
  }

  /// What a fetch failure costs, for messages.
  var consequence: String {
    switch self {
    case .appleAppSiteAssociation: "no Universal Link opens the app"
    case .assetLinks: "no App Link is verified"
    }
  }
}

/// Fetches a well-known file the way Apple's CDN and Android's verifier do: HTTPS only, with the
/// platform's certificate verification, no redirect followed, status 200 required, at most 128 KB read,
/// within the time limit on the wall clock (``BoundedFetch`` holds both bounds whatever the server
/// does). The request asks for the file uncompressed; a compressed body counts by what it inflates to.
///
/// The findings of the fetch are reported like a checker's; the body, when one was read whole, goes to
/// the file's checker.
struct WellKnownFetch {
  /// The most bytes read; Apple ignores larger files, and the same bound keeps a hostile server from
  /// feeding the tool without end.
  static let maximumBodySize = AASAValidator.maximumFileSize

  var file: WellKnownFile
  /// The time limit of the whole fetch, in seconds.
  var timeout: Double

  /// What a fetch produced: the URL requested, the body when it can be checked, and the findings.
  struct Outcome {
    var url: String
    var body: Data?
    var findings: [AssociationFileDiagnostic]
  }

  /// The URL of the file on the site `origin` (`https://example.com`), or a usage error: only https,
  /// a host, and no path other than `/` or the file's own path.
  static func fileURL(origin: String, file: WellKnownFile) throws(UsageError) -> URL {
    guard let components = URLComponents(string: origin), let scheme = components.scheme else {
      throw UsageError(description: "--url: '\(origin)' is not a URL; give https://HOST")
    }
    guard scheme.lowercased() == "https" else {
      throw UsageError(
        description: "--url: '\(origin)' is not https; \(file.fetcher) fetches the file over HTTPS only")
    }
    guard let host = components.host, !host.isEmpty else {
      throw UsageError(description: "--url: '\(origin)' has no host; give https://HOST")
    }
    guard components.user == nil, components.password == nil, components.query == nil,
      components.fragment == nil, ["", "/", file.path].contains(components.path)
    else {
      throw UsageError(
        description: "--url: give the site, https://HOST[:PORT]; the file is always fetched from \(file.path)"
      )
    }
    var fileComponents = URLComponents()
    fileComponents.scheme = "https"
    fileComponents.host = host
    fileComponents.port = components.port
    fileComponents.path = file.path
    guard let url = fileComponents.url else {
      throw UsageError(description: "--url: '\(origin)' is not a URL; give https://HOST")
    }
    return url
  }

  /// Fetches the file from `url` and returns what the fetch found.
  func fetch(_ url: URL) async -> Outcome {
    let place = url.absoluteString
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    let fetch = BoundedFetch(
      byteLimit: Self.maximumBodySize, deadline: .now + .milliseconds(Int(timeout * 1000)), readsBody: true)
    let result = await fetch.run(request)
    func failure(_ code: ErrorCode<AssociationFileDiagnostic>, _ message: String) -> Outcome {
      Outcome(
        url: place, body: nil, findings: [.init(severity: .error, code: code, message: message, path: place)])
    }
    switch result {
    case .cancelled:
      return failure(.fetchFailed, "the fetch was cancelled; \(file.consequence)")
    case .timedOut, .failed(.timedOut?, _):
      return failure(
        .fetchTimeout,
        "no complete answer within \(Self.seconds(timeout)); \(file.fetcher) gives up on slow servers")
    case .failed(let code, let detail) where Self.isCertificateFailure(code, detail):
      return failure(
        .certificateNotTrusted,
        "the server's certificate is not trusted (\(detail)); \(file.fetcher) refuses it, so \(file.consequence)"
      )
    case .failed(_, let detail):
      return failure(.fetchFailed, "the file cannot be fetched (\(detail)); \(file.consequence)")
    case .tooLarge(let announced):
      let size = announced.map { "\($0) bytes" } ?? "more than \(Self.maximumBodySize) bytes"
      return failure(
        .fileTooLarge,
        "the file is \(size); \(file.fetcher) ignores files over \(Self.maximumBodySize) bytes (128 KB), so \(file.consequence); reading stopped there"
      )
    case .response(let answer):
      let (status, location, contentType, body) = (
        answer.status, answer.location, answer.contentType, answer.body
      )
      if (300..<400).contains(status) {
        return failure(
          .redirect,
          "the server answered \(status) with Location: \(location ?? "(none)"); \(file.fetcher) does not follow redirects, so \(file.consequence); serve the file itself at this URL"
        )
      }
      guard status == 200 else {
        return failure(.httpStatus, "the server answered \(status), not 200; \(file.consequence)")
      }
      return Outcome(url: place, body: body, findings: contentTypeFindings(contentType, place: place))
    }
  }

  /// What the `Content-Type` of a 200 answer costs: Android refuses anything but `application/json`;
  /// Apple's CDN reads the body whatever its type, so for Apple it is a note.
  private func contentTypeFindings(_ contentType: String?, place: String) -> [AssociationFileDiagnostic] {
    let mediaType = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
      .lowercased()
    guard mediaType != "application/json" else { return [] }
    let served = contentType.map { "served as \($0)" } ?? "served without a Content-Type"
    switch file {
    case .assetLinks:
      return [
        .init(
          severity: .error, code: .contentType,
          message: "\(served); Android accepts only application/json, so no App Link is verified", path: place
        )
      ]
    case .appleAppSiteAssociation:
      return [
        .init(
          severity: .note, code: .contentType,
          message:
            "\(served); Apple's CDN reads the file whatever its type, but application/json is what Apple documents and what other validators expect",
          path: place)
      ]
    }
  }

  /// Whether a failure is the server's certificate being refused. swift-corelibs-foundation reports
  /// every libcurl failure with code -1 and libcurl's message.
  private static func isCertificateFailure(_ code: URLError.Code?, _ detail: String) -> Bool {
    switch code {
    case .serverCertificateUntrusted?, .serverCertificateHasUnknownRoot?, .serverCertificateHasBadDate?,
      .serverCertificateNotYetValid?, .secureConnectionFailed?:
      return true
    default:
      return detail.hasPrefix("SSL certificate problem")
        || detail.contains("SSL: no alternative certificate subject name")
    }
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}

extension WellKnownFetch {
  /// The options of `aasa check` and `assetlinks check`: the file to read, or the site to fetch it
  /// from, and JSON output.
  static func checkerOptions(for file: WellKnownFile) -> [OptionSpec] {
    [
      .value("file", "FILE", "The \(file.name) file.", completion: .file),
      .value(
        "url", "URL",
        """
        Fetch the file from the site https://HOST[:PORT] instead of reading --file: GET
        \(file.path), HTTPS only, no redirect followed, status 200, at most 128 KB.
        """),
      .value("timeout", "SECONDS", "The time limit of the fetch with --url (default 10)."),
      .flag(
        "json",
        #"Print one JSON object instead: {"file", "errors", "warnings", "notes", "diagnostics": [...]}."#),
    ]
  }

  /// The exit statuses of `aasa check` and `assetlinks check`, for their help.
  static let checkerExitStatus =
    "EXIT STATUS: 0 clean or notes only, 1 warnings, 2 errors (or a file that cannot be read or fetched, or a usage error)."

  /// What `--file` or `--url` says to check: the file's name and bytes, or the findings of a failed
  /// fetch. Returns `nil` after writing why to standard error when a local file cannot be read.
  @MainActor
  static func source(
    _ arguments: Arguments, file: WellKnownFile, spec: CommandSpec, streams: ToolStreams
  ) async throws(UsageError) -> Outcome? {
    let path = arguments.value("file")
    let origin = arguments.value("url")
    if origin == nil, arguments.value("timeout") != nil {
      throw spec.usageError("--timeout goes with --url")
    }
    switch (path, origin) {
    case (nil, nil): throw spec.usageError("give --file FILE or --url https://HOST")
    case (.some, .some): throw spec.usageError("give --file or --url, not both")
    case (let path?, nil):
      do {
        return Outcome(url: path, body: try AASACommand.contents(of: path), findings: [])
      } catch {
        streams.error.line("\(spec.fullName): \(error)")
        return nil
      }
    case (nil, let origin?):
      let url: URL
      do {
        url = try fileURL(origin: origin, file: file)
      } catch {
        throw spec.usageError(error.description)
      }
      var timeout = 10.0
      if let text = arguments.value("timeout") {
        guard let seconds = Double(text), seconds > 0, seconds <= 600 else {
          throw spec.usageError("--timeout: '\(text)' is not a number of seconds between 0 and 600")
        }
        timeout = seconds
      }
      return await WellKnownFetch(file: file, timeout: timeout).fetch(url)
    }
  }
}

extension ErrorCode where Subject == AssociationFileDiagnostic {
  /// The server answered with a redirect, which the fetchers do not follow (error).
  static let redirect = Self("redirect")
  /// The server answered a status other than 200 (error).
  static let httpStatus = Self("http-status")
  /// The answer's `Content-Type` is not `application/json` (error for assetlinks, note for AASA).
  static let contentType = Self("content-type")
  /// No complete answer within the time limit (error).
  static let fetchTimeout = Self("fetch-timeout")
  /// The server's certificate is not trusted (error).
  static let certificateNotTrusted = Self("certificate-not-trusted")
  /// The file could not be fetched at all (error).
  static let fetchFailed = Self("fetch-failed")
}
