import DeepLinkRouting
import Foundation
import RouteFiles

/// An Android `assetlinks.json` file: the statements served at `/.well-known/assetlinks.json`.
///
/// ```swift
/// let document = try AssetLinksDocument.appLinks(
///   packageNames: ["com.example.app"],
///   fingerprints: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
/// )
/// let data = document.jsonData()
/// ```
public struct AssetLinksDocument: Hashable, Sendable {
  /// The statements, in order.
  package var statements: [AssetLinksStatement]

  /// Creates a document from statements.
  ///
  /// - Parameter statements: The statements, in order.
  package init(statements: [AssetLinksStatement]) {
    self.statements = statements
  }

  /// A document granting App Links (`delegate_permission/common.handle_all_urls`) to each package, each with
  /// every fingerprint.
  ///
  /// - Parameters:
  ///   - packageNames: The Android package names.
  ///   - fingerprints: The SHA-256 fingerprints; list both the upload key and the Play signing key.
  /// - Returns: One statement per package.
  /// - Throws: An error naming the first malformed fingerprint and what is wrong with it.
  public static func appLinks(
    packageNames: [String],
    fingerprints: [String]
  ) throws -> AssetLinksDocument {
    var validated: [CertificateFingerprint] = []
    for fingerprint in fingerprints {
      validated.append(try CertificateFingerprint(fingerprint))
    }
    return AssetLinksDocument(
      statements: packageNames.map {
        AssetLinksStatement(target: AssetLinksTarget(packageName: $0, fingerprints: validated))
      }
    )
  }

  /// Reads and validates an `assetlinks.json` file.
  ///
  /// The text must be strict JSON (a key written twice in one object is an error with both places).
  /// Unknown keys are ignored; every fingerprint is validated.
  ///
  /// - Parameter jsonData: The file's bytes.
  /// - Throws: ``AssociationFileDecodingError`` with the path of the first bad value.
  package init(jsonData: Data) throws(AssociationFileDecodingError) {
    let value = try AssociationFileDecodingError.json(in: jsonData)
    func mismatch(_ expected: String, _ value: JSONValue?, _ path: JSONPath) -> AssociationFileDecodingError {
      .typeMismatch(expected: expected, found: value?.kindDescription ?? "nothing", at: path)
    }
    func strings(_ value: JSONValue?, _ path: JSONPath) throws(AssociationFileDecodingError) -> [String] {
      guard case .array(let elements) = value?.kind else {
        throw mismatch("an array of strings", value, path)
      }
      var result: [String] = []
      for (index, element) in elements.enumerated() {
        guard case .string(let text) = element.kind else {
          throw mismatch("a string", element, path.appending(index: index))
        }
        result.append(text)
      }
      return result
    }
    func member(_ key: String, of members: [JSONMember]) -> JSONValue? {
      // Keys are unique: the reader refuses a key written twice.
      members.first { $0.key == key }?.value
    }
    guard case .array(let elements) = value.kind else {
      throw mismatch("an array of statements", value, .root)
    }
    var statements: [AssetLinksStatement] = []
    for (index, element) in elements.enumerated() {
      let path = JSONPath.root.appending(index: index)
      guard case .object(let members) = element.kind else { throw mismatch("an object", element, path) }
      let relation = try strings(member("relation", of: members), path.appending(key: "relation"))
      let targetPath = path.appending(key: "target")
      let targetValue = member("target", of: members)
      guard case .object(let targetMembers) = targetValue?.kind else {
        throw mismatch("an object", targetValue, targetPath)
      }
      var target = AssetLinksTarget()
      let namespacePath = targetPath.appending(key: "namespace")
      guard case .string(let namespace) = member("namespace", of: targetMembers)?.kind else {
        throw mismatch("a string", member("namespace", of: targetMembers), namespacePath)
      }
      target.namespace = namespace
      func optionalString(_ key: String) throws(AssociationFileDecodingError) -> String? {
        guard let value = member(key, of: targetMembers) else { return nil }
        guard case .string(let text) = value.kind else {
          throw mismatch("a string", value, targetPath.appending(key: key))
        }
        return text
      }
      target.packageName = try optionalString("package_name")
      target.site = try optionalString("site")
      let fingerprintsPath = targetPath.appending(key: "sha256_cert_fingerprints")
      if let fingerprints = member("sha256_cert_fingerprints", of: targetMembers) {
        for (position, text) in try strings(fingerprints, fingerprintsPath).enumerated() {
          do {
            target.fingerprints.append(try CertificateFingerprint(text))
          } catch {
            throw .invalidFingerprint(error, at: fingerprintsPath.appending(index: position))
          }
        }
      }
      statements.append(AssetLinksStatement(relation: relation, target: target))
    }
    self.statements = statements
  }

  /// The document as stable, pretty-printed JSON with sorted keys.
  ///
  /// - Returns: UTF-8 JSON, ready to be served at `/.well-known/assetlinks.json`.
  public func jsonData() -> Data {
    let value = JSONValue.array(
      statements.map { statement in
        var target = [JSONMember(key: "namespace", value: .string(statement.target.namespace))]
        if let packageName = statement.target.packageName {
          target.append(JSONMember(key: "package_name", value: .string(packageName)))
        }
        if let site = statement.target.site {
          target.append(JSONMember(key: "site", value: .string(site)))
        }
        if !statement.target.fingerprints.isEmpty || statement.target.packageName != nil {
          target.append(
            JSONMember(
              key: "sha256_cert_fingerprints",
              value: .array(statement.target.fingerprints.map { .string($0.text) })
            )
          )
        }
        return .object(members: [
          JSONMember(key: "relation", value: .array(statement.relation.map { .string($0) })),
          JSONMember(key: "target", value: .object(members: target)),
        ])
      }
    )
    return Data(value.prettyPrinted.utf8)
  }
}
