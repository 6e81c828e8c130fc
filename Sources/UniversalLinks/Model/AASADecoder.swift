import DeepLinkRouting
import RouteFiles

/// Turns a parsed JSON value into an ``AASADocument``, recording unknown keys and failing with the
/// path of the first value that has the wrong type.
struct AASADecoder {
  /// The unknown keys met so far, in document order.
  private(set) var unknownKeys: [AASAUnknownKey] = []

  mutating func document(_ value: JSONValue) throws(AssociationFileDecodingError) -> AASADocument {
    let members = try objectMembers(of: value, known: AASAKeys.topLevel, at: .root)
    var document = AASADocument()
    for member in members {
      let path = JSONPath.root.appending(key: member.key)
      switch member.key {
      case "applinks": document.appLinks = try appLinks(member.value, at: path)
      case "webcredentials": document.webCredentials = try appList(member.value, at: path)
      case "appclips": document.appClips = try appList(member.value, at: path)
      case "activitycontinuation": document.activityContinuation = try appList(member.value, at: path)
      default: break
      }
    }
    return document
  }

  /// The members of the object `value`, its keys not in `known` recorded as unknown.
  private mutating func objectMembers(of value: JSONValue, known: [String], at path: JSONPath)
    throws(AssociationFileDecodingError) -> [JSONMember]
  {
    let members = try object(value, at: path)
    for member in members where !known.contains(member.key) {
      unknownKeys.append(
        AASAUnknownKey(
          path: path.appending(key: member.key),
          key: member.key,
          suggestion: KeySuggestion.suggestion(for: member.key, among: known, aliases: AASAKeys.aliases)
        )
      )
    }
    return members
  }

  private func mismatch(_ expected: String, _ value: JSONValue, _ path: JSONPath)
    -> AssociationFileDecodingError
  {
    .typeMismatch(expected: expected, found: value.kindDescription, at: path)
  }

  private func object(_ value: JSONValue, at path: JSONPath) throws(AssociationFileDecodingError)
    -> [JSONMember]
  {
    guard case .object(let members) = value.kind else { throw mismatch("an object", value, path) }
    return members
  }

  private func string(_ value: JSONValue, at path: JSONPath) throws(AssociationFileDecodingError) -> String {
    guard case .string(let text) = value.kind else { throw mismatch("a string", value, path) }
    return text
  }

  private func bool(_ value: JSONValue, at path: JSONPath) throws(AssociationFileDecodingError) -> Bool {
    guard case .bool(let flag) = value.kind else { throw mismatch("a boolean (true or false)", value, path) }
    return flag
  }

  private func strings(_ value: JSONValue, at path: JSONPath) throws(AssociationFileDecodingError) -> [String]
  {
    guard case .array(let elements) = value.kind else { throw mismatch("an array of strings", value, path) }
    var result: [String] = []
    for (index, element) in elements.enumerated() {
      result.append(try string(element, at: path.appending(index: index)))
    }
    return result
  }

  private mutating func appList(_ value: JSONValue, at path: JSONPath) throws(AssociationFileDecodingError)
    -> AASAAppList
  {
    let members = try objectMembers(of: value, known: AASAKeys.appList, at: path)
    var apps: [String] = []
    for member in members where member.key == "apps" {
      apps = try strings(member.value, at: path.appending(key: "apps"))
    }
    return AASAAppList(apps: apps)
  }

  private mutating func appLinks(_ value: JSONValue, at path: JSONPath) throws(AssociationFileDecodingError)
    -> AASAAppLinks
  {
    let members = try objectMembers(of: value, known: AASAKeys.appLinks, at: path)
    var appLinks = AASAAppLinks()
    for member in members {
      let memberPath = path.appending(key: member.key)
      switch member.key {
      case "apps":
        appLinks.apps = try strings(member.value, at: memberPath)
      case "defaults":
        appLinks.defaults = try component(member.value, at: memberPath)
      case "substitutionVariables":
        var variables: [String: [String]] = [:]
        for variable in try object(member.value, at: memberPath) {
          variables[variable.key] = try strings(variable.value, at: memberPath.appending(key: variable.key))
        }
        appLinks.substitutionVariables = variables
      case "details":
        switch member.value.kind {
        case .array(let elements):
          for (index, element) in elements.enumerated() {
            appLinks.details.append(try detail(element, at: memberPath.appending(index: index)))
          }
        case .object(let keyed):
          appLinks.detailsKeyedByAppID = true
          for entry in keyed {
            var detail = try detail(entry.value, at: memberPath.appending(key: entry.key), keyed: true)
            detail.appID = entry.key
            appLinks.details.append(detail)
          }
        default:
          throw mismatch("an array (or an object keyed by app ID)", member.value, memberPath)
        }
      default:
        break
      }
    }
    return appLinks
  }

  private mutating func detail(
    _ value: JSONValue,
    at path: JSONPath,
    keyed: Bool = false
  ) throws(AssociationFileDecodingError) -> AASADetail {
    let members = try objectMembers(
      of: value, known: keyed ? AASAKeys.keyedDetail : AASAKeys.detail, at: path)
    var detail = AASADetail()
    for member in members {
      let memberPath = path.appending(key: member.key)
      switch member.key {
      case "appIDs" where !keyed:
        detail.appIDs = try strings(member.value, at: memberPath)
      case "appID" where !keyed:
        detail.appID = try string(member.value, at: memberPath)
      case "paths":
        detail.paths = try strings(member.value, at: memberPath)
      case "defaults":
        detail.defaults = try component(member.value, at: memberPath)
      case "components":
        guard case .array(let elements) = member.value.kind else {
          throw mismatch("an array of objects", member.value, memberPath)
        }
        var components: [AASAComponent] = []
        for (index, element) in elements.enumerated() {
          components.append(try component(element, at: memberPath.appending(index: index)))
        }
        detail.components = components
      default:
        break
      }
    }
    return detail
  }

  private mutating func component(_ value: JSONValue, at path: JSONPath) throws(AssociationFileDecodingError)
    -> AASAComponent
  {
    let members = try objectMembers(of: value, known: AASAKeys.component, at: path)
    var component = AASAComponent()
    for member in members {
      let memberPath = path.appending(key: member.key)
      switch member.key {
      case "/": component.path = try string(member.value, at: memberPath)
      case "#": component.fragment = try string(member.value, at: memberPath)
      case "exclude": component.exclude = try bool(member.value, at: memberPath)
      case "caseSensitive": component.caseSensitive = try bool(member.value, at: memberPath)
      case "percentEncoded": component.percentEncoded = try bool(member.value, at: memberPath)
      case "comment": component.comment = try string(member.value, at: memberPath)
      case "?":
        switch member.value.kind {
        case .string(let pattern):
          component.query = .whole(pattern)
        case .object(let items):
          var patterns: [String: String] = [:]
          for item in items {
            patterns[item.key] = try string(item.value, at: memberPath.appending(key: item.key))
          }
          component.query = .items(patterns)
        default:
          throw mismatch("a string or an object of name to pattern", member.value, memberPath)
        }
      default:
        break
      }
    }
    return component
  }
}
