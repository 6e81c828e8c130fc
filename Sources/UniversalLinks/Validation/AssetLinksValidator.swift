import DeepLinkRouting
import Foundation
import RouteFiles

/// The checks behind ``AssetLinksDocument/validate(jsonData:)``.
package struct AssetLinksValidator: Sendable {
  /// The relations this validator knows.
  package static let knownRelations = [
    AssetLinksStatement.handleAllURLs, "delegate_permission/common.get_login_creds",
  ]

  private static let statementKeys = ["relation", "target", "relation_extensions"]
  private static let appTargetKeys = ["namespace", "package_name", "sha256_cert_fingerprints"]
  private static let webTargetKeys = ["namespace", "site"]

  /// Creates a validator.
  package init() {}

  /// Validates the bytes of an `assetlinks.json` file.
  ///
  /// - Parameter data: The file's bytes.
  /// - Returns: The findings in document order; empty when the file is clean.
  package func validate(data: Data) -> [AssociationFileDiagnostic] {
    let value: JSONValue
    do {
      value = try JSONReader.read(data)
    } catch {
      return [
        AssociationFileDiagnostic(
          severity: .error, code: .invalidJSON,
          message: "invalid JSON at line \(error.line), column \(error.column): \(error.detail)", path: .root)
      ]
    }
    guard case .array(let statements) = value.kind else {
      return [
        AssociationFileDiagnostic(
          severity: .error, code: .topLevelNotArray,
          message: "the top level must be an array of statements, found \(value.kindDescription)", path: .root
        )
      ]
    }
    var diagnostics: [AssociationFileDiagnostic] = []
    if statements.isEmpty {
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .warning, code: .noStatements,
          message: "the file holds no statement, so it grants nothing",
          path: .root))
    }
    var seenStatements: [String: Int] = [:]
    var rulesOfPackage: [String: Int] = [:]
    for (index, statement) in statements.enumerated() {
      let path = JSONPath.root.appending(index: index)
      diagnostics += validate(statement: statement, at: path)
      diagnostics += validateDynamicRules(of: statement, index: index, seen: &rulesOfPackage)
      let canonical = statement.canonicalText
      if let first = seenStatements[canonical] {
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .note, code: .duplicate, message: "this statement repeats statement \(first)",
            path: path))
      } else {
        seenStatements[canonical] = index
      }
    }
    return diagnostics
  }

  private func validate(statement: JSONValue, at path: JSONPath) -> [AssociationFileDiagnostic] {
    guard case .object(let members) = statement.kind else {
      return [wrongType("a statement object", statement, path)]
    }
    var diagnostics = unknownKeys(members, known: Self.statementKeys, at: path)
    let relationPath = path.appending(key: "relation")
    if let strings = strings(member("relation", members), at: relationPath, into: &diagnostics) {
      if strings.isEmpty {
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .error, code: .wrongType,
            message: "\"relation\" is empty, so the statement grants nothing",
            path: relationPath))
      }
      var seen: Set<String> = []
      for (index, relation) in strings.enumerated() {
        let relationItem = relationPath.appending(index: index)
        if !seen.insert(relation).inserted {
          diagnostics.append(
            AssociationFileDiagnostic(
              severity: .note, code: .duplicate, message: "\"\(relation)\" is listed twice",
              path: relationItem))
        } else if !Self.knownRelations.contains(relation) {
          let hint =
            KeySuggestion.suggestion(for: relation, among: Self.knownRelations, aliases: [:]).map {
              "; did you mean \"\($0)\"?"
            } ?? ""
          diagnostics.append(
            AssociationFileDiagnostic(
              severity: .warning, code: .unknownRelation,
              message:
                "\"\(relation)\" is not a relation Android or Chrome acts on, so it grants nothing\(hint)",
              path: relationItem))
        }
      }
    }
    let targetPath = path.appending(key: "target")
    guard let target = member("target", members) else {
      diagnostics.append(wrongType("a \"target\" object", nil, targetPath))
      return diagnostics
    }
    guard case .object(let targetMembers) = target.kind else {
      diagnostics.append(wrongType("an object", target, targetPath))
      return diagnostics
    }
    let namespacePath = targetPath.appending(key: "namespace")
    guard let namespaceValue = member("namespace", targetMembers),
      case .string(let namespace) = namespaceValue.kind
    else {
      diagnostics.append(
        wrongType("a string (\"android_app\" or \"web\")", member("namespace", targetMembers), namespacePath))
      return diagnostics
    }
    switch namespace {
    case AssetLinksTarget.androidAppNamespace:
      diagnostics += unknownKeys(targetMembers, known: Self.appTargetKeys, at: targetPath)
      diagnostics += validateApp(targetMembers, at: targetPath)
    case "web":
      diagnostics += unknownKeys(targetMembers, known: Self.webTargetKeys, at: targetPath)
      let sitePath = targetPath.appending(key: "site")
      if let text = string(member("site", targetMembers), at: sitePath, into: &diagnostics),
        !Self.isSite(text)
      {
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .error, code: .invalidSite,
            message:
              "\"\(text)\" is not a site; expected https://host (scheme and host, an optional port, no path)",
            path: sitePath))
      }
    default:
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .error, code: .unknownNamespace,
          message:
            "namespace \"\(namespace)\" is unknown; use \"android_app\" for an app or \"web\" for a site",
          path: namespacePath))
    }
    return diagnostics
  }

  private func validateApp(_ members: [JSONMember], at path: JSONPath) -> [AssociationFileDiagnostic] {
    var diagnostics: [AssociationFileDiagnostic] = []
    let packagePath = path.appending(key: "package_name")
    if let name = string(member("package_name", members), at: packagePath, into: &diagnostics),
      let problem = Self.packageNameProblem(name)
    {
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .error, code: .invalidPackageName,
          message: "\"\(name)\" is not an Android package name (\(problem)), so no app can match it",
          path: packagePath))
    }
    let fingerprintsPath = path.appending(key: "sha256_cert_fingerprints")
    guard let fingerprintsValue = member("sha256_cert_fingerprints", members) else {
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .error, code: .missingFingerprints,
          message:
            "there is no \"sha256_cert_fingerprints\", so no signed app can be verified; list the upload key and the Play app-signing key",
          path: fingerprintsPath))
      return diagnostics
    }
    guard let fingerprints = strings(fingerprintsValue, at: fingerprintsPath, into: &diagnostics) else {
      return diagnostics
    }
    if fingerprints.isEmpty {
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .error, code: .missingFingerprints,
          message: "\"sha256_cert_fingerprints\" is empty, so no signed app can be verified",
          path: fingerprintsPath))
    }
    var seen: Set<String> = []
    for (index, text) in fingerprints.enumerated() {
      let itemPath = fingerprintsPath.appending(index: index)
      if !seen.insert(text.uppercased()).inserted {
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .note, code: .duplicate, message: "this fingerprint is listed twice", path: itemPath))
        continue
      }
      do {
        _ = try CertificateFingerprint(text)
      } catch {
        if error.code == .lowercaseHex, (try? CertificateFingerprint(text.uppercased())) != nil {
          diagnostics.append(
            AssociationFileDiagnostic(
              severity: .warning, code: .lowercaseFingerprint,
              message:
                "\"\(text)\" is lower-case hex; Google documents upper case (\(text.uppercased())) and verifiers that compare the text may not match it",
              path: itemPath))
        } else {
          diagnostics.append(
            AssociationFileDiagnostic(
              severity: .error, code: .invalidFingerprint, message: error.description, path: itemPath))
        }
      }
    }
    return diagnostics
  }

  /// The findings about a statement's `relation_extensions` (``AssetLinksDynamicRulesReader``): rules
  /// Android discards, rules where it does not read them, and a second set for one app.
  private func validateDynamicRules(of statement: JSONValue, index: Int, seen: inout [String: Int])
    -> [AssociationFileDiagnostic]
  {
    guard case .object(let members) = statement.kind,
      let extensions = member(AndroidDynamicRules.extensionsKey, members)
    else { return [] }
    let extensionsPath = JSONPath.root.appending(index: index).appending(
      key: AndroidDynamicRules.extensionsKey)
    var diagnostics = AssetLinksDynamicRulesReader.rules(in: extensions, at: extensionsPath).diagnostics
    guard case .object(let relations) = extensions.kind,
      relations.contains(where: { $0.key == AssetLinksStatement.handleAllURLs })
    else { return diagnostics }
    let granted =
      if case .array(let relation) = member("relation", members)?.kind {
        relation.contains { $0.kind == .string(AssetLinksStatement.handleAllURLs) }
      } else { false }
    var packageName: String?
    if case .object(let target) = member("target", members)?.kind,
      case .string(let namespace) = member("namespace", target)?.kind,
      namespace == AssetLinksTarget.androidAppNamespace,
      case .string(let name) = member("package_name", target)?.kind
    {
      packageName = name
    }
    guard granted, let packageName else {
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .note, code: .dynamicRulesIgnored,
          message:
            "Android reads dynamic rules only in a statement granting \"\(AssetLinksStatement.handleAllURLs)\" to an android_app target; these are ignored",
          path: extensionsPath))
      return diagnostics
    }
    if let first = seen[packageName] {
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .warning, code: .dynamicRulesTwice,
          message:
            "statement \(first) already gives \(packageName) dynamic rules; Android does not say which set it uses, so give them once",
          path: extensionsPath))
    } else {
      seen[packageName] = index
    }
    return diagnostics
  }

  /// Why a text is not an Android package name, or `nil` when it is one: at least two segments
  /// separated by dots, each starting with an ASCII letter and holding only ASCII letters, digits and `_`.
  ///
  /// - Parameter name: The package name.
  /// - Returns: The problem, or `nil`.
  static func packageNameProblem(_ name: String) -> String? {
    let segments = name.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count >= 2 else { return "it needs at least two segments joined by dots" }
    for segment in segments {
      guard let first = segment.unicodeScalars.first else { return "it has an empty segment" }
      guard first.isASCIILetter else { return "segment \"\(segment)\" does not start with a letter" }
      guard segment.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" })
      else {
        return "segment \"\(segment)\" holds a character other than letters, digits and _"
      }
    }
    return nil
  }

  private static func isSite(_ text: String) -> Bool {
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
      scheme == "https" || scheme == "http", let host = components.host, !host.isEmpty
    else { return false }
    return components.path.isEmpty || components.path == "/"
  }

  private func member(_ key: String, _ members: [JSONMember]) -> JSONValue? {
    members.first { $0.key == key }?.value
  }

  private func wrongType(_ expected: String, _ value: JSONValue?, _ path: JSONPath)
    -> AssociationFileDiagnostic
  {
    AssociationFileDiagnostic(
      severity: .error, code: .wrongType,
      message: "expected \(expected), found \(value?.kindDescription ?? "nothing")",
      path: path)
  }

  private func string(
    _ value: JSONValue?, at path: JSONPath, into diagnostics: inout [AssociationFileDiagnostic]
  )
    -> String?
  {
    guard let value, case .string(let text) = value.kind else {
      diagnostics.append(wrongType("a string", value, path))
      return nil
    }
    return text
  }

  private func strings(
    _ value: JSONValue?, at path: JSONPath, into diagnostics: inout [AssociationFileDiagnostic]
  )
    -> [String]?
  {
    guard let value, case .array(let elements) = value.kind else {
      diagnostics.append(wrongType("an array of strings", value, path))
      return nil
    }
    var result: [String] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let text) = element.kind else {
        diagnostics.append(wrongType("a string", element, path.appending(index: index)))
        return nil
      }
      result.append(text)
    }
    return result
  }

  private func unknownKeys(_ members: [JSONMember], known: [String], at path: JSONPath)
    -> [AssociationFileDiagnostic]
  {
    members.filter { !known.contains($0.key) }.map { member in
      let hint =
        KeySuggestion.suggestion(for: member.key, among: known, aliases: [:]).map {
          "; did you mean \"\($0)\"?"
        } ?? ""
      return AssociationFileDiagnostic(
        severity: .warning, code: .unknownKey, message: "unknown key \"\(member.key)\" is ignored\(hint)",
        path: path.appending(key: member.key))
    }
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension JSONValue {
  /// The value as compact JSON with object keys sorted, so that equal statements compare equal.
  fileprivate var canonicalText: String {
    switch kind {
    case .object(let members):
      let sorted = members.sorted { $0.key < $1.key }.map {
        "\(JSONValue.string($0.key).rendered):\($0.value.canonicalText)"
      }
      return "{" + sorted.joined(separator: ",") + "}"
    case .array(let elements):
      return "[" + elements.map(\.canonicalText).joined(separator: ",") + "]"
    default:
      return rendered
    }
  }
}

extension AssetLinksDocument {
  /// Checks an Android `assetlinks.json` file for the mistakes that stop App Links (or credential
  /// sharing) from being verified.
  ///
  /// Unlike ``init(jsonData:)``, which stops at the first bad value, this reports every finding: the
  /// namespace (`android_app` or `web`), package-name syntax (segments of letters, digits and `_`, each
  /// starting with a letter, at least two), SHA-256 fingerprints (32 upper-case hex pairs joined by
  /// `:`; lower case is a warning, since Google documents upper case), relations
  /// (`delegate_permission/common.handle_all_urls`, `delegate_permission/common.get_login_creds`;
  /// other strings grant nothing), misspelled keys, and duplicates.
  ///
  /// ```swift
  /// let diagnostics = AssetLinksDocument.validate(jsonData: data)
  /// exit(diagnostics.exitStatus)  // 0 clean or notes only, 1 warnings, 2 errors
  /// ```
  ///
  /// - Parameter jsonData: The file's bytes.
  /// - Returns: The findings in document order; empty when the file is clean.
  package static func validate(jsonData: Data) -> [AssociationFileDiagnostic] {
    AssetLinksValidator().validate(data: jsonData)
  }
}
