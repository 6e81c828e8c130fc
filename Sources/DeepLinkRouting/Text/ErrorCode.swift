/// What kind of failure an error reports: a stable identifier, typed by the error it belongs to.
///
/// Every error of the package, and ``NearMiss``, has a `code` of this type, such as `LinkError.code`, an
/// `ErrorCode<LinkError>`. The codes an error can have are static members, so comparing and switching
/// read like an enumeration, while a later release can add codes without breaking a caller's
/// `switch`:
///
/// ```swift
/// do {
///   _ = try router.match(text)
/// } catch {
///   switch error.code {
///   case .unknownHost: print("not our host: \(error.host ?? "")")
///   case .tooLong: print("longer than \(error.limit ?? 0) bytes")
///   default: print(error)
///   }
/// }
/// ```
///
/// The type parameter keeps codes apart: a link's code cannot be compared with a navigation error's.
/// Its ``description`` is short and stable (`unknown-host`, `too-long`), for logs, grouping and the
/// command-line tool's JSON.
public struct ErrorCode<Subject>: Sendable, Hashable, CustomStringConvertible {
  /// The stable identifier, such as `unknown-host`.
  public let description: String

  /// Creates a code; each error declares its own.
  ///
  /// - Parameter description: The stable, kebab-case identifier.
  package init(_ description: String) {
    self.description = description
  }
}

extension ErrorCode: Encodable {
  /// Encodes the code as its identifier, a JSON string such as `"unknown-host"`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
