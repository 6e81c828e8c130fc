import DeepLinkRouting
import Foundation

extension RouteTable {
  /// A pattern error of a table read from a route file, with the line and column in the file: of the
  /// offending piece when the pattern is written without JSON escapes before it, else of the pattern's
  /// string. Other errors, and errors that already have a position, are returned as they are.
  ///
  /// ``init(json:)`` does not parse patterns (``Router/init(_:)`` does); a tool that builds a router
  /// from a file asks this to point at the spot in the file.
  ///
  /// - Parameters:
  ///   - error: The error ``Router/init(_:)`` threw for the table read from `json`.
  ///   - json: The route file's contents.
  /// - Returns: The error, with its line and column when they can be found.
  package static func locatingPattern(_ error: RouteTableError, inJSON json: Data) -> RouteTableError {
    if error.code == .invalidConstant { return locatingConstant(error, inJSON: json) }
    guard error.line == nil, let patternError = error.patternError, let route = error.route,
      let document = try? JSONReader.read(json), case .object(let members) = document.kind,
      let routes = members.first(where: { $0.key == "routes" })?.value, case .array(let list) = routes.kind
    else { return error }
    for entry in list {
      guard case .object(let fields) = entry.kind,
        case .string(route) = fields.first(where: { $0.key == "name" })?.value.kind,
        let pattern = fields.first(where: { $0.key == "pattern" })?.value, let position = pattern.position
      else { continue }
      var located = error
      located.line = position.line
      located.column = position.column
      // Inside the string (after its opening quote), when nothing before the piece is escaped.
      let bytes = [UInt8](json)
      var index = position.offset + 1
      var characters = 0
      while index < bytes.count, characters < patternError.offset, bytes[index] != UInt8(ascii: "\\"),
        bytes[index] != UInt8(ascii: "\"")
      {
        if bytes[index] & 0xC0 != 0x80 { characters += 1 }
        index += 1
      }
      if characters == patternError.offset { located.column = position.column + 1 + patternError.offset }
      return located
    }
    return error
  }

  /// An `invalidConstant` error with the line and column of the constant's name in the route's
  /// `constants`, and its location (`routes[2].constants.initialTab`).
  private static func locatingConstant(_ error: RouteTableError, inJSON json: Data) -> RouteTableError {
    guard error.line == nil, let route = error.route, let name = error.parameter,
      let document = try? JSONReader.read(json), case .object(let members) = document.kind,
      let routes = members.first(where: { $0.key == "routes" })?.value, case .array(let list) = routes.kind
    else { return error }
    for (index, entry) in list.enumerated() {
      guard case .object(let fields) = entry.kind,
        case .string(route) = fields.first(where: { $0.key == "name" })?.value.kind,
        case .object(let constants)? = fields.first(where: { $0.key == "constants" })?.value.kind,
        let constant = constants.first(where: { $0.key == name })
      else { continue }
      var located = error
      located.location =
        JSONPath.root.appending(key: "routes").appending(index: index).appending(key: "constants")
        .appending(key: name).description
      located.line = constant.keyPosition?.line
      located.column = constant.keyPosition?.column
      return located
    }
    return error
  }
}
