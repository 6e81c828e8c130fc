import DeepLinkRouting
import RouteFiles

/// Turns an ``AASADocument`` into a JSON value; absent keys stay absent.
enum AASAEncoder {
  static func document(_ document: AASADocument) -> JSONValue {
    var members: [JSONMember] = []
    if let appLinks = document.appLinks {
      members.append(JSONMember(key: "applinks", value: self.appLinks(appLinks)))
    }
    for (key, list) in [
      ("webcredentials", document.webCredentials), ("appclips", document.appClips),
      ("activitycontinuation", document.activityContinuation),
    ] {
      if let list {
        members.append(
          JSONMember(key: key, value: .object(members: [JSONMember(key: "apps", value: strings(list.apps))])))
      }
    }
    return .object(members: members)
  }

  private static func strings(_ values: [String]) -> JSONValue {
    .array(values.map { .string($0) })
  }

  private static func appLinks(_ appLinks: AASAAppLinks) -> JSONValue {
    var members: [JSONMember] = []
    if let apps = appLinks.apps {
      members.append(JSONMember(key: "apps", value: strings(apps)))
    }
    if let defaults = appLinks.defaults {
      members.append(JSONMember(key: "defaults", value: component(defaults)))
    }
    if let variables = appLinks.substitutionVariables {
      members.append(
        JSONMember(
          key: "substitutionVariables",
          value: .object(members: variables.map { JSONMember(key: $0.key, value: strings($0.value)) }))
      )
    }
    // The keyed form can only hold one app per entry, and each app once.
    let appIDs = appLinks.details.compactMap { $0.appIDs == nil ? $0.appID : nil }
    if appLinks.detailsKeyedByAppID, appIDs.count == appLinks.details.count, Set(appIDs).count == appIDs.count
    {
      let keyed = zip(appIDs, appLinks.details).map { appID, detail in
        var detail = detail
        detail.appID = nil
        return JSONMember(key: appID, value: self.detail(detail))
      }
      members.append(JSONMember(key: "details", value: .object(members: keyed)))
    } else {
      members.append(JSONMember(key: "details", value: .array(appLinks.details.map(detail))))
    }
    return .object(members: members)
  }

  private static func detail(_ detail: AASADetail) -> JSONValue {
    var members: [JSONMember] = []
    if let appIDs = detail.appIDs {
      members.append(JSONMember(key: "appIDs", value: strings(appIDs)))
    }
    if let appID = detail.appID {
      members.append(JSONMember(key: "appID", value: .string(appID)))
    }
    if let components = detail.components {
      members.append(JSONMember(key: "components", value: .array(components.map(component))))
    }
    if let paths = detail.paths {
      members.append(JSONMember(key: "paths", value: strings(paths)))
    }
    if let defaults = detail.defaults {
      members.append(JSONMember(key: "defaults", value: component(defaults)))
    }
    return .object(members: members)
  }

  static func component(_ component: AASAComponent) -> JSONValue {
    var members: [JSONMember] = []
    if let path = component.path {
      members.append(JSONMember(key: "/", value: .string(path)))
    }
    switch component.query {
    case .whole(let pattern):
      members.append(JSONMember(key: "?", value: .string(pattern)))
    case .items(let items):
      members.append(
        JSONMember(
          key: "?", value: .object(members: items.map { JSONMember(key: $0.key, value: .string($0.value)) })))
    case nil:
      break
    }
    if let fragment = component.fragment {
      members.append(JSONMember(key: "#", value: .string(fragment)))
    }
    for (key, flag) in [
      ("exclude", component.exclude), ("caseSensitive", component.caseSensitive),
      ("percentEncoded", component.percentEncoded),
    ] {
      if let flag {
        members.append(JSONMember(key: key, value: .bool(flag)))
      }
    }
    if let comment = component.comment {
      members.append(JSONMember(key: "comment", value: .string(comment)))
    }
    return .object(members: members)
  }
}
