import DeepLinkRouting
import Foundation
import RouteFiles

/// Reads the dynamic rules (``AndroidDynamicRules``) of `assetlinks.json` statements, and says what
/// makes Android 15 discard them.
///
/// Google: "If any of the fields in the file are malformed or empty, Android discards the dynamic
/// rules and the device falls back to the rules that are statically defined in the app's manifest"
/// (developer.android.com/training/app-links/configure-assetlinks). So a field of the wrong type
/// (`"exclude": "true"`, `"?"` as a string, a path that is not a string), an empty one (`""`,
/// `{}`, `[]`) or a rule without any matcher discards the whole set, silently: the links the rules
/// should keep from the app open it again. Such a finding is a warning
/// (`dynamic-rules-discarded`): an unintended link opens. Keys Google does not document (`comment`,
/// `comments`, `caseSensitive`) are reported as unknown, since Android may read them as malformed.
/// Rules given twice for one app are a warning too: Android does not say which set it uses.
package enum AssetLinksDynamicRulesReader {
  /// The keys Google documents for one rule.
  static let ruleKeys = ["/", "?", "#", "exclude"]

  /// The finding for a field that makes Android discard the whole set: `what` is wrong at `place`.
  private static func discarding(_ what: String, _ place: JSONPath) -> AssociationFileDiagnostic {
    AssociationFileDiagnostic(
      severity: .warning, code: .dynamicRulesDiscarded,
      message:
        "\(what), so Android 15 discards every dynamic rule of this statement and opens the app for all that the manifest's filters claim",
      path: place)
  }

  /// The rules of one statement's `relation_extensions`, and the findings about them.
  ///
  /// - Parameters:
  ///   - extensions: The `relation_extensions` value.
  ///   - path: Where it is in the document.
  /// - Returns: The rules, or `nil` when there are none or Android discards them, and the findings.
  package static func rules(in extensions: JSONValue, at path: JSONPath) -> (
    rules: AndroidDynamicRules?, diagnostics: [AssociationFileDiagnostic]
  ) {
    var diagnostics: [AssociationFileDiagnostic] = []
    func discarded(_ what: String, _ place: JSONPath) { diagnostics.append(discarding(what, place)) }
    guard case .object(let relations) = extensions.kind else {
      discarded("expected an object of relations, found \(extensions.kindDescription)", path)
      return (nil, diagnostics)
    }
    var found: AndroidDynamicRules?
    for relation in relations {
      let relationPath = path.appending(key: relation.key)
      guard relation.key == AssetLinksStatement.handleAllURLs else {
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .note, code: .dynamicRulesIgnored,
            message:
              "Android reads dynamic rules only under \"\(AssetLinksStatement.handleAllURLs)\"; these are ignored",
            path: relationPath))
        continue
      }
      guard case .object(let members) = relation.value.kind else {
        discarded("expected an object, found \(relation.value.kindDescription)", relationPath)
        continue
      }
      for member in members where member.key != AndroidDynamicRules.componentsKey {
        diagnostics.append(unknown(member.key, among: [AndroidDynamicRules.componentsKey], relationPath))
      }
      guard let components = members.first(where: { $0.key == AndroidDynamicRules.componentsKey }) else {
        continue
      }
      let componentsPath = relationPath.appending(key: components.key)
      guard case .array(let elements) = components.value.kind else {
        discarded("expected an array of rules, found \(components.value.kindDescription)", componentsPath)
        continue
      }
      if elements.isEmpty { discarded("the array of rules is empty", componentsPath) }
      var rules: [AndroidDynamicRules.Rule] = []
      var malformed = elements.isEmpty
      for (index, element) in elements.enumerated() {
        let place = componentsPath.appending(index: index)
        let before = diagnostics.count
        let rule = self.rule(element, at: place, into: &diagnostics)
        if diagnostics[before...].contains(where: { $0.code == .dynamicRulesDiscarded }) { malformed = true }
        if let rule { rules.append(rule) }
      }
      if !malformed { found = AndroidDynamicRules(rules) }
    }
    return (found, diagnostics)
  }

  /// One rule, or `nil` when it is malformed (each problem reported).
  private static func rule(
    _ value: JSONValue, at path: JSONPath, into diagnostics: inout [AssociationFileDiagnostic]
  ) -> AndroidDynamicRules.Rule? {
    func discarded(_ what: String, _ place: JSONPath) { diagnostics.append(discarding(what, place)) }
    guard case .object(let members) = value.kind else {
      discarded("a rule must be an object, found \(value.kindDescription)", path)
      return nil
    }
    var rule = AndroidDynamicRules.Rule()
    var ok = true
    func pattern(_ member: JSONMember) -> String? {
      let place = path.appending(key: member.key)
      guard case .string(let text) = member.value.kind else {
        discarded("\"\(member.key)\" must be a string pattern, found \(member.value.kindDescription)", place)
        ok = false
        return nil
      }
      if text.isEmpty {
        discarded("\"\(member.key)\" is empty", place)
        ok = false
        return nil
      }
      return text
    }
    for member in members {
      let place = path.appending(key: member.key)
      switch member.key {
      case "/":
        rule.path = pattern(member)
        if let text = rule.path, !text.hasPrefix("/"), !text.hasPrefix("*"), !text.hasPrefix("?") {
          diagnostics.append(
            AssociationFileDiagnostic(
              severity: .warning, code: .unreachableRule,
              message:
                "the path pattern \"\(text)\" does not start with \"/\" or a wildcard, so it matches no link",
              path: place))
        }
      case "#":
        rule.fragment = pattern(member)
      case "?":
        guard case .object(let items) = member.value.kind else {
          discarded(
            "\"?\" must be an object of query item names to value patterns, found \(member.value.kindDescription)",
            place)
          ok = false
          continue
        }
        if items.isEmpty {
          discarded("\"?\" is empty", place)
          ok = false
        }
        for item in items {
          if item.key.isEmpty {
            discarded("a query item name is empty", place)
            ok = false
          }
          if let value = pattern(item) { rule.query.append((item.key, value)) }
        }
      case "exclude":
        guard case .bool(let flag) = member.value.kind else {
          discarded("\"exclude\" must be true or false, found \(member.value.foundDescription)", place)
          ok = false
          continue
        }
        rule.exclude = flag
      default:
        diagnostics.append(unknown(member.key, among: ruleKeys, path))
      }
    }
    if ok && rule.path == nil && rule.query.isEmpty && rule.fragment == nil {
      discarded("the rule has no matcher (\"/\", \"?\" or \"#\")", path)
      ok = false
    }
    return ok ? rule : nil
  }

  private static func unknown(_ key: String, among known: [String], _ path: JSONPath)
    -> AssociationFileDiagnostic
  {
    let hint =
      KeySuggestion.suggestion(for: key, among: known, aliases: [:]).map {
        "; did you mean \"\($0)\"?"
      } ?? ""
    return AssociationFileDiagnostic(
      severity: .warning, code: .unknownKey,
      message:
        "unknown key \"\(key)\": Google documents only \(known.map { "\"\($0)\"" }.joined(separator: ", ")) here, and Android may read the rules as malformed and discard them\(hint)",
      path: path.appending(key: key))
  }

  /// The dynamic rules a file gives one app: those of the first statement that grants it
  /// `handle_all_urls` and holds rules Android keeps.
  ///
  /// - Parameters:
  ///   - data: The bytes of `assetlinks.json`.
  ///   - packageName: The app's package name, or `nil` for the first app with rules.
  /// - Returns: The rules, or `nil` when the file gives none (or Android discards them), and every
  ///   finding about dynamic rules in the file.
  package static func rules(in data: Data, packageName: String?) -> (
    rules: AndroidDynamicRules?, diagnostics: [AssociationFileDiagnostic]
  ) {
    let diagnostics = AssetLinksValidator().validate(data: data)
    guard let value = try? JSONReader.read(data), case .array(let statements) = value.kind else {
      return (nil, diagnostics)
    }
    for (index, statement) in statements.enumerated() {
      guard case .object(let members) = statement.kind,
        let extensions = members.first(where: { $0.key == AndroidDynamicRules.extensionsKey })?.value,
        case .object(let target) = members.first(where: { $0.key == "target" })?.value.kind,
        case .string(let name) = target.first(where: { $0.key == "package_name" })?.value.kind,
        packageName == nil || packageName == name,
        case .array(let relation) = members.first(where: { $0.key == "relation" })?.value.kind,
        relation.contains(where: { $0.kind == .string(AssetLinksStatement.handleAllURLs) })
      else { continue }
      if let rules = Self.rules(in: extensions, at: JSONPath.root.appending(index: index)).rules {
        return (rules, diagnostics)
      }
    }
    return (nil, diagnostics)
  }
}
