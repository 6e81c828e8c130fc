import Foundation

/// Checks an apple-app-site-association file for the mistakes that make links open Safari.
///
/// The checks: size over 128 KB, invalid JSON (with line and column), a top level that is not an
/// object, wrong value types, missing `applinks`, unknown or misspelled keys (with a suggestion),
/// `paths` without `components`, rules an earlier rule makes unreachable, `exclude` rules placed after
/// a broader rule, `#` in a path pattern, malformed app IDs, and unknown substitution variables.
///
/// ```swift
/// let diagnostics = AASAValidator().validate(data: data)
/// diagnostics.forEach { print($0) }
/// exit(diagnostics.exitStatus)  // 0 clean, 1 warnings only, 2 errors
/// ```
///
/// The unreachable-rule check is conservative: it only reports a rule when an earlier rule of the same
/// detail lets every query and fragment through and its path pattern is `*`-only, or a prefix glob
/// `X*` whose `X` begins the later rule's literal path prefix, with compatible `caseSensitive` and
/// `percentEncoded`. It never reports a rule that can be reached.
public struct AASAValidator: Sendable {
  /// Apple's size limit for the file: 128 KB.
  public static let maximumFileSize = 128 * 1024

  /// Creates a validator.
  public init() {}

  /// Validates the bytes of an apple-app-site-association file.
  ///
  /// - Parameter data: The file's bytes.
  /// - Returns: The findings, in document order; empty when the file is clean.
  public func validate(data: Data) -> [AASADiagnostic] {
    var diagnostics: [AASADiagnostic] = []
    if data.count > Self.maximumFileSize {
      diagnostics.append(
        AASADiagnostic(
          severity: .error,
          code: .fileTooLarge,
          message:
            "the file is \(data.count) bytes; Apple ignores files over \(Self.maximumFileSize) bytes (128 KB)",
          path: .root
        )
      )
    }
    do {
      let (document, unknownKeys) = try AASADocument.decodeReportingUnknownKeys(from: data)
      for unknown in unknownKeys {
        let hint = unknown.suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
        diagnostics.append(
          AASADiagnostic(
            severity: .warning,
            code: .unknownKey,
            message: "unknown key \"\(unknown.key)\" is ignored\(hint)",
            path: unknown.path
          )
        )
      }
      diagnostics += validate(document: document)
    } catch {
      switch error.kind {
      case .invalidJSON(let line, let column, let message):
        diagnostics.append(
          AASADiagnostic(
            severity: .error,
            code: .invalidJSON,
            message: "invalid JSON at line \(line), column \(column): \(message)",
            path: .root
          )
        )
      case .typeMismatch(_, let found) where error.path == .root:
        diagnostics.append(
          AASADiagnostic(
            severity: .error,
            code: .topLevelNotObject,
            message: "the top level must be an object, found \(found)",
            path: .root
          )
        )
      case .typeMismatch(let expected, let found):
        diagnostics.append(
          AASADiagnostic(
            severity: .error,
            code: .wrongType,
            message: "expected \(expected), found \(found)",
            path: error.path
          )
        )
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
  public func validate(document: AASADocument) -> [AASADiagnostic] {
    var diagnostics: [AASADiagnostic] = []
    let sections: [(String, AASAAppList?)] = [
      ("webcredentials", document.webCredentials), ("appclips", document.appClips),
      ("activitycontinuation", document.activityContinuation),
    ]
    if let appLinks = document.appLinks {
      diagnostics += validate(appLinks)
    } else {
      let hasOtherSections = sections.contains { $0.1 != nil }
      diagnostics.append(
        AASADiagnostic(
          severity: hasOtherSections ? .warning : .error,
          code: .missingAppLinks,
          message: "there is no \"applinks\" section, so no URL opens an app",
          path: .root
        )
      )
    }
    for case (let key, let list?) in sections {
      let path = AASAPath.root.appending(key: key).appending(key: "apps")
      for (index, appID) in list.apps.enumerated() {
        diagnostics += Self.checkAppID(appID, at: path.appending(index: index))
      }
    }
    return diagnostics
  }

  private func validate(_ appLinks: AASAAppLinks) -> [AASADiagnostic] {
    var diagnostics: [AASADiagnostic] = []
    let root = AASAPath.root.appending(key: "applinks")
    let variables = SubstitutionVariableTable(custom: appLinks.substitutionVariables)
    for name in (appLinks.substitutionVariables ?? [:]).keys.sorted()
    where name.contains(where: { "$()".contains($0) }) {
      diagnostics.append(
        AASADiagnostic(
          severity: .error,
          code: .invalidSubstitutionVariableName,
          message: "substitution variable names may not contain $, ( or ): \"\(name)\"",
          path: root.appending(key: "substitutionVariables").appending(key: name)
        )
      )
    }
    if appLinks.details.isEmpty {
      diagnostics.append(
        AASADiagnostic(
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
    at path: AASAPath
  ) -> [AASADiagnostic] {
    var diagnostics: [AASADiagnostic] = []
    if let appIDs = detail.appIDs {
      for (index, appID) in appIDs.enumerated() {
        diagnostics += Self.checkAppID(appID, at: path.appending(key: "appIDs").appending(index: index))
      }
      if detail.appID != nil {
        diagnostics.append(
          AASADiagnostic(
            severity: .warning,
            code: .appIDIgnored,
            message: "\"appID\" is ignored because \"appIDs\" is present; list the app in \"appIDs\"",
            path: path.appending(key: "appID")
          )
        )
      }
    } else if let appID = detail.appID {
      diagnostics += Self.checkAppID(appID, at: keyed ? path : path.appending(key: "appID"))
    }
    if detail.effectiveAppIDs.isEmpty {
      diagnostics.append(
        AASADiagnostic(
          severity: .error,
          code: .missingAppID,
          message: "this entry names no app; add \"appIDs\": [\"<TeamID>.<bundle id>\"]",
          path: path
        )
      )
    }
    let rules: [RuleShape]
    let rulesPath: AASAPath
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
    } else if let paths = detail.paths {
      rulesPath = path.appending(key: "paths")
      diagnostics.append(
        AASADiagnostic(
          severity: .warning,
          code: .pathsWithoutComponents,
          message: "only legacy \"paths\" are given; iOS 13 and later read \"components\", add them",
          path: rulesPath
        )
      )
      for (index, pattern) in paths.enumerated() where pattern.contains("#") {
        diagnostics.append(Self.hashInPath(pattern, at: rulesPath.appending(index: index)))
      }
      rules = paths.map(RuleShape.init(legacyPath:))
    } else {
      diagnostics.append(
        AASADiagnostic(
          severity: .warning,
          code: .noRules,
          message: "this entry has neither \"components\" nor \"paths\", so no URL opens its apps",
          path: path
        )
      )
      return diagnostics
    }
    for (later, rule) in rules.enumerated() {
      guard let earlier = rules[..<later].firstIndex(where: { $0.shadows(rule) }) else { continue }
      let pattern = rules[earlier].pattern
      if rule.exclude && !rules[earlier].exclude {
        diagnostics.append(
          AASADiagnostic(
            severity: .warning,
            code: .excludeAfterBroaderRule,
            message:
              "this exclude rule never blocks anything: rule \(earlier) (\"\(pattern)\") already opens the app for every URL it matches; move it before rule \(earlier)",
            path: rulesPath.appending(index: later)
          )
        )
      } else {
        diagnostics.append(
          AASADiagnostic(
            severity: .warning,
            code: .unreachableRule,
            message:
              "this rule is never reached: rule \(earlier) (\"\(pattern)\") matches every URL it would match",
            path: rulesPath.appending(index: later)
          )
        )
      }
    }
    return diagnostics
  }

  private static func hashInPath(_ pattern: String, at path: AASAPath) -> AASADiagnostic {
    AASADiagnostic(
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
    at path: AASAPath
  ) -> [AASADiagnostic] {
    var diagnostics: [AASADiagnostic] = []
    if let pattern = component.path, pattern.contains("#") {
      diagnostics.append(hashInPath(pattern, at: path.appending(key: "/")))
    }
    var patterns: [(String, AASAPath)] = []
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
          AASADiagnostic(
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
  /// - Returns: No diagnostic for a valid app ID, otherwise one ``AASADiagnostic/Code/invalidAppID`` error.
  public static func checkAppID(_ appID: String, at path: AASAPath = .root) -> [AASADiagnostic] {
    let scalars = Array(appID.unicodeScalars)
    let isTeamCharacter: (Unicode.Scalar) -> Bool = { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    let bundle = scalars.dropFirst(11)
    let valid =
      scalars.count > 11 && scalars[..<10].allSatisfy(isTeamCharacter) && scalars[10] == "."
      && bundle.allSatisfy { ("a"..."z").contains($0) || isTeamCharacter($0) || $0 == "-" || $0 == "." }
      && bundle.first != "." && bundle.last != "."
    guard !valid else { return [] }
    return [
      AASADiagnostic(
        severity: .error,
        code: .invalidAppID,
        message:
          "\"\(appID)\" is not an app ID; expected <TeamID>.<bundle id>, where the team ID is 10 upper-case letters or digits (ABCDE12345.com.example.app)",
        path: path
      )
    ]
  }
}
