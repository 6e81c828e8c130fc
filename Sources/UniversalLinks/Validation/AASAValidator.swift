import DeepLinkRouting
import Foundation
import RouteFiles

/// The checks behind ``AASADocument/validate(jsonData:)`` and ``AASADocument/validate()``.
///
/// The unreachable-rule check is conservative (it never reports a rule that can be reached) and
/// linear in the number of rules: each rule is looked up in an index of the earlier ones by flags,
/// query, fragment, exact pattern and literal prefix, instead of being compared with every one.
package struct AASAValidator: Sendable {
  /// Apple's size limit for the file: 128 KB.
  package static let maximumFileSize = 128 * 1024

  /// Creates a validator.
  package init() {}

  /// Validates the bytes of an apple-app-site-association file.
  ///
  /// - Parameter data: The file's bytes.
  /// - Returns: The findings: the size first, then in document order; empty when the file is clean.
  package func validate(data: Data) -> [AssociationFileDiagnostic] {
    var diagnostics: [AssociationFileDiagnostic] = []
    if data.count > Self.maximumFileSize {
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .error,
          code: .fileTooLarge,
          message:
            "the file is \(data.count) bytes; Apple ignores files over \(Self.maximumFileSize) bytes (128 KB)",
          path: .root
        )
      )
    }
    if SignedAssociationFile.isSigned(data) {
      guard let content = SignedAssociationFile.embeddedJSON(in: data) else {
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .error,
            code: .signedFile,
            message:
              "the file is CMS/PKCS#7 signed data (the iOS 8 format) and holds no readable JSON; serve the plain JSON file, unsigned, as application/json",
            path: .root
          )
        )
        return diagnostics
      }
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .warning,
          code: .signedFile,
          message:
            "the file is CMS/PKCS#7 signed (the iOS 8 format); iOS 9 and later, and Apple's CDN, are documented to read unsigned JSON only, so serve the JSON inside unsigned, as application/json",
          path: .root
        )
      )
      return diagnostics + validateContent(content)
    }
    return diagnostics + validateContent(data)
  }

  private func validateContent(_ data: Data) -> [AssociationFileDiagnostic] {
    var diagnostics: [AssociationFileDiagnostic] = []
    do {
      let (document, unknownKeys) = try AASADocument.decodeReportingUnknownKeys(from: data)
      for unknown in unknownKeys {
        let hint = unknown.suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .warning,
            code: .unknownKey,
            message: "unknown key \"\(unknown.key)\" is ignored\(hint)",
            path: unknown.path
          )
        )
      }
      diagnostics += validate(document: document)
    } catch {
      if error.code == .wrongType, error.documentPath == .root {
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .error,
            code: .topLevelNotObject,
            message: "the top level must be an object, found \(error.found ?? "")",
            path: .root
          )
        )
      } else if error.code == .wrongType {
        let hint =
          error.documentPath.components.last == .key("appID") && error.found == "an array"
          ? "; did you mean \"appIDs\"? \"appID\" takes one app ID, \"appIDs\" an array of them" : ""
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .error,
            code: .wrongType,
            message: "expected \(error.expected ?? ""), found \(error.found ?? "")\(hint)",
            path: error.documentPath
          )
        )
      } else {
        // Invalid JSON, reported as it reads (a fingerprint error is not thrown for this file).
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .error, code: error.code, message: error.description, path: error.documentPath))
      }
    }
    return diagnostics
  }

  /// Validates a document that has already been read.
  ///
  /// Unknown keys are not known at this point; ``validate(data:)`` reports them.
  ///
  /// - Parameter document: The document.
  /// - Returns: The findings, in document order; empty when the document is clean.
  package func validate(document: AASADocument) -> [AssociationFileDiagnostic] {
    var diagnostics: [AssociationFileDiagnostic] = []
    let sections: [(String, AASAAppList?)] = [
      ("webcredentials", document.webCredentials), ("appclips", document.appClips),
      ("activitycontinuation", document.activityContinuation),
    ]
    if let appLinks = document.appLinks {
      diagnostics += validate(appLinks)
    } else if !sections.contains(where: { $0.1 != nil }) {
      // A file of only webcredentials (passkeys, password autofill) or appclips is complete.
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .error,
          code: .missingAppLinks,
          message:
            "the file has no \"applinks\", \"webcredentials\", \"appclips\" or \"activitycontinuation\" section, so it does nothing",
          path: .root
        )
      )
    }
    for case (let key, let list?) in sections {
      let path = JSONPath.root.appending(key: key).appending(key: "apps")
      for (index, appID) in list.apps.enumerated() {
        diagnostics += Self.checkAppID(appID, at: path.appending(index: index))
      }
    }
    return diagnostics
  }

  private func validate(_ appLinks: AASAAppLinks) -> [AssociationFileDiagnostic] {
    var diagnostics: [AssociationFileDiagnostic] = []
    let root = JSONPath.root.appending(key: "applinks")
    let variables = SubstitutionVariableTable(custom: appLinks.substitutionVariables)
    for name in (appLinks.substitutionVariables ?? [:]).keys.sorted()
    where name.contains(where: { "$()".contains($0) }) {
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .error,
          code: .invalidSubstitutionVariableName,
          message: "substitution variable names may not contain $, ( or ): \"\(name)\"",
          path: root.appending(key: "substitutionVariables").appending(key: name)
        )
      )
    }
    if appLinks.details.isEmpty {
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .warning,
          code: .noDetails,
          message: "\"details\" is empty, so no URL opens an app",
          path: root.appending(key: "details")
        )
      )
    }
    if let defaults = appLinks.defaults {
      diagnostics += Self.checkPatterns(defaults, variables: variables, at: root.appending(key: "defaults"))
    }
    for (index, detail) in appLinks.details.enumerated() {
      let path =
        appLinks.detailsKeyedByAppID
        ? root.appending(key: "details").appending(key: detail.appID ?? "")
        : root.appending(key: "details").appending(index: index)
      diagnostics += validate(
        detail, keyed: appLinks.detailsKeyedByAppID, appLinks: appLinks, variables: variables, at: path)
    }
    return diagnostics
  }

  private func validate(
    _ detail: AASADetail,
    keyed: Bool,
    appLinks: AASAAppLinks,
    variables: SubstitutionVariableTable,
    at path: JSONPath
  ) -> [AssociationFileDiagnostic] {
    var diagnostics: [AssociationFileDiagnostic] = []
    if let appIDs = detail.appIDs {
      for (index, appID) in appIDs.enumerated() {
        diagnostics += Self.checkAppID(appID, at: path.appending(key: "appIDs").appending(index: index))
      }
      if let appID = detail.appID, !appIDs.contains(appID) {
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .warning,
            code: .appIDIgnored,
            message:
              "\"appID\" is ignored because \"appIDs\" is present, so \"\(appID)\" gets no links from this entry; list it in \"appIDs\"",
            path: path.appending(key: "appID")
          )
        )
      }
    } else if let appID = detail.appID {
      diagnostics += Self.checkAppID(appID, at: keyed ? path : path.appending(key: "appID"))
    }
    if detail.effectiveAppIDs.isEmpty {
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .error,
          code: .missingAppID,
          message: "this entry names no app; add \"appIDs\": [\"<TeamID>.<bundle id>\"]",
          path: path
        )
      )
    }
    let rules: [RuleShape]
    let rulesPath: JSONPath
    if let components = detail.components {
      rulesPath = path.appending(key: "components")
      let defaults = (detail.defaults ?? AASAComponent()).layered(over: appLinks.defaults)
      if let detailDefaults = detail.defaults {
        diagnostics += Self.checkPatterns(
          detailDefaults, variables: variables, at: path.appending(key: "defaults"))
      }
      for (index, component) in components.enumerated() {
        diagnostics += Self.checkPatterns(
          component, variables: variables, at: rulesPath.appending(index: index))
      }
      rules = components.map { RuleShape($0.layered(over: defaults)) }
      if let paths = detail.paths,
        let disagreement = PathsComponentsComparison.firstDisagreement(
          paths: paths, components: components, defaults: defaults,
          substitutionVariables: appLinks.substitutionVariables)
      {
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .warning,
            code: .pathsComponentsDisagree,
            message:
              "\"paths\" (read by iOS 12 and earlier) and \"components\" (iOS 13 and later) disagree: \(disagreement); make them decide the same paths, or drop \"paths\"",
            path: path
          )
        )
      }
    } else if let paths = detail.paths {
      rulesPath = path.appending(key: "paths")
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .note,
          code: .pathsWithoutComponents,
          message:
            "only legacy \"paths\" are given; current iOS still honours them (and NOT), \"components\" (iOS 13+) add query, fragment and case rules",
          path: rulesPath
        )
      )
      for (index, pattern) in paths.enumerated() where pattern.contains("#") {
        diagnostics.append(Self.hashInPath(pattern, at: rulesPath.appending(index: index)))
      }
      rules = paths.map(RuleShape.init(legacyPath:))
    } else {
      diagnostics.append(
        AssociationFileDiagnostic(
          severity: .warning,
          code: .noRules,
          message: "this entry has neither \"components\" nor \"paths\", so no URL opens its apps",
          path: path
        )
      )
      return diagnostics
    }
    let shadows = ShadowIndex.shadowingRules(rules)
    for (later, rule) in rules.enumerated() {
      guard let earlier = shadows[later] else { continue }
      let pattern = rules[earlier].pattern
      if rule.exclude && !rules[earlier].exclude {
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .warning,
            code: .excludeAfterBroaderRule,
            message:
              "this exclude rule never blocks anything: rule \(earlier) (\"\(pattern)\") already opens the app for every URL it matches; move it before rule \(earlier)",
            path: rulesPath.appending(index: later)
          )
        )
      } else {
        let lost = rules[earlier].exclude && !rule.exclude
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: lost ? .warning : .note,
            code: .unreachableRule,
            message: lost
              ? "this rule never opens the app: rule \(earlier) (\"\(pattern)\") blocks every URL it would match; move it before rule \(earlier)"
              : "this rule is never reached: rule \(earlier) (\"\(pattern)\") matches every URL it would match, with the same outcome",
            path: rulesPath.appending(index: later)
          )
        )
      }
    }
    return diagnostics
  }

  private static func hashInPath(_ pattern: String, at path: JSONPath) -> AssociationFileDiagnostic {
    AssociationFileDiagnostic(
      severity: .warning,
      code: .hashInPath,
      message:
        "\"\(pattern)\" contains \"#\": in a URL everything after \"#\" is the fragment, so this path never matches; match the fragment with the \"#\" key",
      path: path
    )
  }

  private static func checkPatterns(
    _ component: AASAComponent,
    variables: SubstitutionVariableTable,
    at path: JSONPath
  ) -> [AssociationFileDiagnostic] {
    var diagnostics: [AssociationFileDiagnostic] = []
    if let pattern = component.path, pattern.contains("#") {
      diagnostics.append(hashInPath(pattern, at: path.appending(key: "/")))
    }
    var patterns: [(String, JSONPath)] = []
    if let pattern = component.path { patterns.append((pattern, path.appending(key: "/"))) }
    if let pattern = component.fragment { patterns.append((pattern, path.appending(key: "#"))) }
    switch component.query {
    case .whole(let pattern): patterns.append((pattern, path.appending(key: "?")))
    case .items(let items):
      for (name, pattern) in items.sorted(by: { $0.key < $1.key }) {
        patterns.append((pattern, path.appending(key: "?").appending(key: name)))
      }
    case nil: break
    }
    for (pattern, patternPath) in patterns {
      for name in variableNames(in: pattern) where variables.resolve(name) == nil {
        diagnostics.append(
          AssociationFileDiagnostic(
            severity: .warning,
            code: .unknownSubstitutionVariable,
            message:
              "$(\(name)) is not a substitution variable (custom or predefined), so it matches only its own text",
            path: patternPath
          )
        )
      }
    }
    return diagnostics
  }

  private static func variableNames(in pattern: String) -> [String] {
    var names: [String] = []
    var rest = Substring(pattern)
    while let start = rest.range(of: "$(") {
      rest = rest[start.upperBound...]
      guard let close = rest.firstIndex(of: ")") else { break }
      names.append(String(rest[..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  /// Checks one app ID: `<TeamID>.<bundle id>`, ten upper-case letters or digits, a dot, then a bundle
  /// identifier of letters, digits, `-` and `.`.
  ///
  /// Tools that take app IDs from their user (to generate a file) use it to refuse a bad one early.
  ///
  /// ```swift
  /// AASAValidator.checkAppID("ABCDE12345.com.example.app")  // []
  /// AASAValidator.checkAppID("com.example.app").first?.code  // .invalidAppID
  /// ```
  ///
  /// - Parameters:
  ///   - appID: The app ID to check.
  ///   - path: Where the app ID sits in a document, for the diagnostic.
  /// - Returns: No diagnostic for a valid app ID, otherwise one `invalidAppID` error.
  package static func checkAppID(_ appID: String, at path: JSONPath = .root) -> [AssociationFileDiagnostic] {
    let scalars = Array(appID.unicodeScalars)
    let isTeamCharacter: (Unicode.Scalar) -> Bool = { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    let bundle = scalars.dropFirst(11)
    let valid =
      scalars.count > 11 && scalars[..<10].allSatisfy(isTeamCharacter) && scalars[10] == "."
      && bundle.allSatisfy { ("a"..."z").contains($0) || isTeamCharacter($0) || $0 == "-" || $0 == "." }
      && bundle.first != "." && bundle.last != "."
    guard !valid else { return [] }
    return [
      AssociationFileDiagnostic(
        severity: .error,
        code: .invalidAppID,
        message:
          "\"\(appID)\" is not an app ID; expected <TeamID>.<bundle id>, where the team ID is 10 upper-case letters or digits (ABCDE12345.com.example.app)",
        path: path
      )
    ]
  }
}

extension AASADocument {
  /// Checks an apple-app-site-association file for the mistakes that make links open Safari.
  ///
  /// Severity follows what breaks on a phone (see ``AssociationFileDiagnostic/Severity``): errors for a
  /// file or app ID no link can open through, warnings when some intended link will not open (or an
  /// unintended one will), notes for style and history. The checks: size over Apple's limit of 128 KB
  /// (reported first), a CMS/PKCS#7 signed file (the iOS 8 format; the JSON inside is checked too),
  /// invalid JSON (with line and column), a top level that is not an object, wrong value types (an
  /// array under `appID` suggests `appIDs`), a file with no section at all, unknown or misspelled keys
  /// (with a suggestion), legacy `paths` alone (a note: current iOS still honours them), `paths` and
  /// `components` that disagree, rules an earlier rule makes unreachable (query dictionaries
  /// included), `exclude` rules placed after a broader rule, `#` in a path pattern, malformed app IDs,
  /// and unknown substitution variables.
  ///
  /// ```swift
  /// let diagnostics = AASADocument.validate(jsonData: data)
  /// diagnostics.forEach { print($0) }
  /// exit(diagnostics.exitStatus)  // 0 clean or notes only, 1 warnings, 2 errors
  /// ```
  ///
  /// - Parameter jsonData: The file's bytes.
  /// - Returns: The findings: the size first, then in document order; empty when the file is clean.
  package static func validate(jsonData: Data) -> [AssociationFileDiagnostic] {
    AASAValidator().validate(data: jsonData)
  }

  /// Checks a document that has already been read, as ``validate(jsonData:)`` checks a file.
  ///
  /// Unknown keys are not known at this point; ``validate(jsonData:)`` reports them.
  ///
  /// - Returns: The findings, in document order; empty when the document is clean.
  package func validate() -> [AssociationFileDiagnostic] {
    AASAValidator().validate(document: self)
  }
}
