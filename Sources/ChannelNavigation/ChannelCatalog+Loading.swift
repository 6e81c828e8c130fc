import DeepLinking
import Foundation
import RouteFiles

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension ChannelCatalog {
  /// Reads and validates a catalog from JSON data.
  ///
  /// The data must be strict JSON (no trailing commas or comments, no key twice in one object) and each
  /// value must have exactly its type (`1` is not a string, `true` is not a number). A key the format
  /// does not have is refused, with the known key it most likely misspells.
  ///
  /// - Parameter data: A catalog in the JSON format described on ``ChannelCatalog``.
  /// - Throws: ``ChannelError``: ``ChannelError/invalidJSON(detail:)`` when the data is
  ///   not strict JSON (with line and column), ``ChannelError/missingField(path:)`` or
  ///   ``ChannelError/wrongType(path:expected:)`` when it does not have the format's shape,
  ///   ``ChannelError/invalidValue(path:reason:)`` for an unknown key, and the validation errors
  ///   of ``init(id:title:clips:clipLists:subChannels:)``.
  public init(data: Data) throws(ChannelError) {
    let document: JSONValue
    do {
      document = try JSONReader.read(data)
    } catch {
      throw .invalidJSON(detail: error.description)
    }
    let decoded: (value: ChannelCatalog, unknownKeys: [JSONUnknownKey])
    do {
      decoded = try JSONValueDecoder().decode(ChannelCatalog.self, from: document)
    } catch let error as DecodingError {
      throw Self.catalogError(from: error)
    } catch {
      throw .invalidJSON(detail: String(describing: error))
    }
    if let unknown = decoded.unknownKeys.first {
      throw .invalidValue(
        path: unknown.path.description,
        reason: unknown.description + (unknown.position.map { " at \($0)" } ?? ""))
    }
    self = decoded.value
  }

  /// Reads and validates a catalog from a file.
  ///
  /// - Parameter fileURL: The location of a catalog file; must be a `file:` URL.
  /// - Throws: ``ChannelError/unsupportedURL(_:)`` for any other URL,
  ///   ``ChannelError/unreadable(url:reason:)`` when the file cannot be read, and the errors of
  ///   ``init(data:)``.
  public init(contentsOf fileURL: URL) throws(ChannelError) {
    guard fileURL.isFileURL else { throw .unsupportedURL(fileURL.absoluteString) }
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch {
      throw .unreadable(url: fileURL.absoluteString, reason: Self.reason(error))
    }
    try self.init(data: data)
  }

  /// Loads and validates a catalog from a file or an `http`/`https` URL.
  ///
  /// ```swift
  /// let catalog = try await ChannelCatalog.load(from: URL(string: "https://example.com/ch/demo.json")!)
  /// ```
  ///
  /// - Parameters:
  ///   - url: A `file:`, `http:` or `https:` URL.
  ///   - session: The session that fetches remote catalogs.
  /// - Returns: The validated catalog.
  /// - Throws: ``ChannelError/unsupportedURL(_:)`` for other schemes,
  ///   ``ChannelError/unreadable(url:reason:)`` when the request fails,
  ///   ``ChannelError/httpStatus(url:status:)`` for a status other than 2xx, and the errors of
  ///   ``init(data:)``.
  public static func load(from url: URL, session: URLSession = .shared) async throws(ChannelError)
    -> ChannelCatalog
  {
    if url.isFileURL {
      return try ChannelCatalog(contentsOf: url)
    }
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      throw .unsupportedURL(url.absoluteString)
    }
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(from: url)
    } catch {
      throw .unreadable(url: url.absoluteString, reason: reason(error))
    }
    if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
      throw .httpStatus(url: url.absoluteString, status: http.statusCode)
    }
    return try ChannelCatalog(data: data)
  }

  /// The demo channel bundled with the package.
  ///
  /// It holds clip `12345`, clip list `678` (which contains `12345`), sub-channel `sports`, and a
  /// dozen clips, several of them with `highlights` in the title, so the samples of the channel's
  /// documentation run against it unchanged.
  ///
  /// - Throws: ``ChannelError/missingResource(_:)`` when the resource bundle is incomplete.
  public static var demo: ChannelCatalog {
    get throws(ChannelError) {
      try demoResult.get()
    }
  }

  private static let demoResult: Result<ChannelCatalog, ChannelError> = {
    guard let url = Bundle.module.url(forResource: "demo-channel", withExtension: "json") else {
      return .failure(.missingResource("demo-channel.json"))
    }
    do throws(ChannelError) {
      return .success(try ChannelCatalog(contentsOf: url))
    } catch {
      return .failure(error)
    }
  }()

  private static func reason(_ error: any Error) -> String {
    (error as NSError).localizedDescription
  }

  private static func catalogError(from error: DecodingError) -> ChannelError {
    switch error {
    case .dataCorrupted(let context):
      if let catalogError = context.underlyingError as? ChannelError {
        return catalogError
      }
      return .invalidValue(path: path(context.codingPath), reason: context.debugDescription)
    case .keyNotFound(let key, let context):
      return .missingField(path: path(context.codingPath + [key]))
    case .typeMismatch(let type, let context):
      return .wrongType(path: path(context.codingPath), expected: String(describing: type))
    case .valueNotFound(let type, let context):
      return .wrongType(path: path(context.codingPath), expected: String(describing: type))
    @unknown default:
      return .invalidJSON(detail: String(describing: error))
    }
  }

  /// Writes a coding path as `clipLists[2].clipIds[1]`.
  private static func path(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return result.isEmpty ? "(root)" : result
  }
}
