/// Why a channel catalog could not be read, naming what was wrong and where.
///
/// Locations are paths into the catalog's JSON, such as `clipLists[2].clipIds[1]`, so the
/// ``description`` reads like a compiler diagnostic:
///
/// ```text
/// clipLists[2].clipIds[1]: unknown clip "999"
/// clips[4].id: duplicate clip id "12345", first used at clips[0].id
/// invalid JSON: Unexpected character '}' around line 3, column 1.
/// ```
public enum ChannelCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The data is not JSON.
  ///
  /// - Parameter detail: The parser's explanation, with the position when it gives one.
  case invalidJSON(detail: String)

  /// A required field is missing.
  ///
  /// - Parameter path: The path of the missing field, such as `clips[3].title`.
  case missingField(path: String)

  /// A field holds a value of the wrong type (or `null`).
  ///
  /// - Parameters:
  ///   - path: The path of the field.
  ///   - expected: The type the format asks for, such as `String`.
  case wrongType(path: String, expected: String)

  /// An id is empty or only whitespace.
  ///
  /// - Parameter path: The path of the id, such as `clips[2].id`.
  case emptyId(path: String)

  /// Two entities of the same kind share an id.
  ///
  /// - Parameters:
  ///   - path: The path of the second id.
  ///   - kind: `clip`, `clip list` or `sub-channel`.
  ///   - id: The shared id.
  ///   - firstPath: The path of the first use.
  case duplicateId(path: String, kind: String, id: String, firstPath: String)

  /// A clip list names a clip the catalog does not have.
  ///
  /// - Parameters:
  ///   - path: The path of the reference, such as `clipLists[2].clipIds[1]`.
  ///   - id: The clip id named.
  case unknownClip(path: String, id: String)

  /// A value is outside what the format allows (a negative duration).
  ///
  /// - Parameters:
  ///   - path: The path of the value.
  ///   - reason: What is wrong with it.
  case invalidValue(path: String, reason: String)

  /// The catalog could not be read from its location.
  ///
  /// - Parameters:
  ///   - url: The location.
  ///   - reason: The system's explanation.
  case unreadable(url: String, reason: String)

  /// The server answered with a status other than 2xx.
  ///
  /// - Parameters:
  ///   - url: The location.
  ///   - status: The HTTP status code.
  case httpStatus(url: String, status: Int)

  /// The location is neither a file URL nor an `http`/`https` URL.
  ///
  /// - Parameter url: The location.
  case unsupportedURL(String)

  /// A catalog bundled with the package is missing from its resource bundle.
  ///
  /// - Parameter name: The resource's file name.
  case missingResource(String)

  /// A one-line explanation: the location first, then the problem.
  public var description: String {
    switch self {
    case .invalidJSON(let detail): return "invalid JSON: \(detail)"
    case .missingField(let path): return "\(path): missing field"
    case .wrongType(let path, let expected): return "\(path): expected \(expected)"
    case .emptyId(let path): return "\(path): empty id"
    case .duplicateId(let path, let kind, let id, let firstPath):
      return "\(path): duplicate \(kind) id \"\(id)\", first used at \(firstPath)"
    case .unknownClip(let path, let id): return "\(path): unknown clip \"\(id)\""
    case .invalidValue(let path, let reason): return "\(path): \(reason)"
    case .unreadable(let url, let reason): return "\(url): cannot read: \(reason)"
    case .httpStatus(let url, let status): return "\(url): HTTP status \(status)"
    case .unsupportedURL(let url): return "\(url): only file, http and https URLs are supported"
    case .missingResource(let name): return "\(name): missing from the resource bundle"
    }
  }
}
