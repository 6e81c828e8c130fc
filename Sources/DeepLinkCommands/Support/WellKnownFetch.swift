import Foundation
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
/// platform's certificate verification, no redirect followed, status 200 required, at most 128 KB read.
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
    let result = await WellKnownFetchSession(
      timeout: timeout, limit: Self.maximumBodySize
    ).get(url)
    func failure(_ code: AssociationFileDiagnostic.Code, _ message: String) -> Outcome {
      Outcome(
        url: place, body: nil, findings: [.init(severity: .error, code: code, message: message, path: place)])
    }
    switch result {
    case .timedOut:
      return failure(
        .fetchTimeout,
        "no complete answer within \(Self.seconds(timeout)); \(file.fetcher) gives up on slow servers")
    case .untrustedCertificate(let detail):
      return failure(
        .certificateNotTrusted,
        "the server's certificate is not trusted (\(detail)); \(file.fetcher) refuses it, so \(file.consequence)"
      )
    case .transport(let detail):
      return failure(.fetchFailed, "the file cannot be fetched (\(detail)); \(file.consequence)")
    case .tooLarge(let announced):
      let size = announced.map { "\($0) bytes" } ?? "more than \(Self.maximumBodySize) bytes"
      return failure(
        .fileTooLarge,
        "the file is \(size); \(file.fetcher) ignores files over \(Self.maximumBodySize) bytes (128 KB), so \(file.consequence); reading stopped there"
      )
    case .response(let status, let location, let contentType, let body):
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

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}

/// How one GET ended.
enum WellKnownFetchResult: Sendable {
  /// A response: its status, `Location` and `Content-Type` headers, and the body (for a 200).
  case response(status: Int, location: String?, contentType: String?, body: Data)
  /// The body passed the limit; the announced length when the server gave one.
  case tooLarge(announced: Int64?)
  case timedOut
  case untrustedCertificate(String)
  case transport(String)
}

/// One `URLSession` request that follows no redirect, stops reading past a limit and gives up after
/// a time limit. swift-corelibs-foundation reports a refused redirect through
/// `willPerformHTTPRedirection`, Darwin through the 3xx response itself; both end here.
final class WellKnownFetchSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is touched only under `lock`.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<WellKnownFetchResult, Never>?
  private var finished = false
  private var status = 0
  private var location: String?
  private var contentType: String?
  private var body = Data()
  private let timeout: Double
  private let limit: Int

  init(timeout: Double, limit: Int) {
    self.timeout = timeout
    self.limit = limit
  }

  /// Sends one GET for `url` and waits for its end.
  func get(_ url: URL) async -> WellKnownFetchResult {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCredentialStorage = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let task = session.dataTask(with: request)
    return await withCheckedContinuation { continuation in
      lock.withLock { self.continuation = continuation }
      task.resume()
      // URLSession's own timeouts are idle timeouts on some platforms; this one bounds the whole fetch.
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self, weak task] in
        self?.finish(.timedOut)
        task?.cancel()
      }
    }
  }

  private func finish(_ result: WellKnownFetchResult) {
    let waiter = lock.withLock { () -> CheckedContinuation<WellKnownFetchResult, Never>? in
      guard !finished else { return nil }
      finished = true
      defer { continuation = nil }
      return continuation
    }
    waiter?.resume(returning: result)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // The refusal first, and no cancel: swift-corelibs-foundation handles the completion on the
    // task's queue and stops with a fatal error if a cancel changed the task's state before it runs.
    // A refused redirect ends the task with the 3xx response as its last.
    completionHandler(nil)
    finish(
      .response(
        status: response.statusCode, location: response.value(forHTTPHeaderField: "Location"),
        contentType: response.value(forHTTPHeaderField: "Content-Type"), body: Data()))
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let http = response as? HTTPURLResponse else {
      finish(.transport("the answer is not HTTP"))
      completionHandler(.cancel)
      return
    }
    let head = (
      status: http.statusCode, location: http.value(forHTTPHeaderField: "Location"),
      contentType: http.value(forHTTPHeaderField: "Content-Type")
    )
    lock.withLock {
      status = head.status
      location = head.location
      contentType = head.contentType
    }
    if head.status != 200 {
      // The body of an error or a redirect is of no use: end here.
      finish(
        .response(status: head.status, location: head.location, contentType: head.contentType, body: Data()))
      completionHandler(.cancel)
    } else if response.expectedContentLength > Int64(limit) {
      finish(.tooLarge(announced: response.expectedContentLength))
      completionHandler(.cancel)
    } else {
      completionHandler(.allow)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overLimit = lock.withLock { () -> Bool in
      body.append(data)
      return body.count > limit
    }
    if overLimit {
      finish(.tooLarge(announced: nil))
      dataTask.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let state = lock.withLock { (status, location, contentType, body) }
    guard let error else {
      finish(.response(status: state.0, location: state.1, contentType: state.2, body: state.3))
      return
    }
    let detail = (error as NSError).localizedDescription
    if let urlError = error as? URLError {
      switch urlError.code {
      case .timedOut:
        finish(.timedOut)
        return
      case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .secureConnectionFailed:
        finish(.untrustedCertificate(detail))
        return
      default:
        break
      }
    }
    // swift-corelibs-foundation reports every libcurl failure with code -1 and libcurl's message.
    if detail.hasPrefix("SSL certificate problem")
      || detail.contains("SSL: no alternative certificate subject name")
    {
      finish(.untrustedCertificate(detail))
    } else {
      finish(.transport(detail))
    }
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

extension AssociationFileDiagnostic.Code {
  /// The server answered with a redirect, which the fetchers do not follow (error).
  static let redirect = Self(rawValue: "redirect")
  /// The server answered a status other than 200 (error).
  static let httpStatus = Self(rawValue: "http-status")
  /// The answer's `Content-Type` is not `application/json` (error for assetlinks, note for AASA).
  static let contentType = Self(rawValue: "content-type")
  /// No complete answer within the time limit (error).
  static let fetchTimeout = Self(rawValue: "fetch-timeout")
  /// The server's certificate is not trusted (error).
  static let certificateNotTrusted = Self(rawValue: "certificate-not-trusted")
  /// The file could not be fetched at all (error).
  static let fetchFailed = Self(rawValue: "fetch-failed")
}
