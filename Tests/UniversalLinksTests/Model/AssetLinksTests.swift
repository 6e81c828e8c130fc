import Foundation
import Testing

@testable import UniversalLinks

let sampleFingerprint =
  "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

@Suite("assetlinks.json and certificate fingerprints")
struct AssetLinksTests {
  @Test("A well-formed fingerprint is accepted as is")
  func accepted() throws {
    #expect(try CertificateFingerprint(sampleFingerprint).text == sampleFingerprint)
  }

  @Test(
    "Each kind of malformed fingerprint is a typed error saying what is wrong",
    arguments: [
      ("", CertificateFingerprintError.empty),
      (sampleFingerprint.replacingOccurrences(of: ":", with: ""), .missingColons),
      (String(sampleFingerprint.dropLast(3)), .wrongPairCount(31)),
      (sampleFingerprint + ":00", .wrongPairCount(33)),
      (
        sampleFingerprint.replacingOccurrences(of: "14:6D", with: "14:6G"),
        .notAHexPair(position: 2, piece: "6G")
      ),
      (
        sampleFingerprint.replacingOccurrences(of: "14:6D", with: "14:6DD"),
        .notAHexPair(position: 2, piece: "6DD")
      ),
      (
        sampleFingerprint.replacingOccurrences(of: "E6:1D", with: "e6:1D"),
        .lowercaseHex(position: 21, piece: "e6")
      ),
    ])
  func invalid(text: String, reason: CertificateFingerprintError) throws {
    let error = try #require(throws: CertificateFingerprintError.self) { try CertificateFingerprint(text) }
    #expect(error == CertificateFingerprintError(fingerprint: text, reason: reason))
    #expect(error.description.contains("invalid SHA-256 certificate fingerprint"))
  }

  @Test("The fixture is read, and written back to the same statements")
  func roundTrip() throws {
    let document = try AssetLinksDocument(jsonData: Fixture.data("assetlinks"))
    let statement = try #require(document.statements.first)
    #expect(statement.relation == [AssetLinksStatement.handleAllURLs])
    #expect(statement.target.packageName == "com.example.app")
    #expect(statement.target.fingerprints.map(\.text) == [sampleFingerprint])
    #expect(try AssetLinksDocument(jsonData: document.jsonData()) == document)
  }

  @Test("Generation from package names and fingerprints validates every fingerprint")
  func generation() throws {
    let document = try AssetLinksDocument.appLinks(
      packageNames: ["com.example.a", "com.example.b"], fingerprints: [sampleFingerprint])
    #expect(document.statements.map(\.target.packageName) == ["com.example.a", "com.example.b"])
    let text = String(decoding: document.jsonData(), as: UTF8.self)
    #expect(text.contains(#""sha256_cert_fingerprints": ["#))
    #expect(text.contains(#""namespace": "android_app""#))
    let error = try #require(throws: CertificateFingerprintError.self) {
      try AssetLinksDocument.appLinks(
        packageNames: ["com.example.a"], fingerprints: [sampleFingerprint, "AB:CD"])
    }
    #expect(error == CertificateFingerprintError(fingerprint: "AB:CD", reason: .wrongPairCount(2)))
  }

  @Test("A bad fingerprint in a file is reported with its path")
  func badFingerprintInFile() throws {
    let json =
      #"[{"relation": [], "target": {"namespace": "android_app", "package_name": "a", "sha256_cert_fingerprints": ["AB"]}}]"#
    let error = try #require(throws: AssociationFileDecodingError.self) {
      try AssetLinksDocument(jsonData: Data(json.utf8))
    }
    #expect(error.path.description == "[0].target.sha256_cert_fingerprints[0]")
    #expect(error.code == .invalidFingerprint)
    #expect(
      error.fingerprintError == CertificateFingerprintError(fingerprint: "AB", reason: .wrongPairCount(1)))
    let missingTarget = try #require(throws: AssociationFileDecodingError.self) {
      try AssetLinksDocument(jsonData: Data(#"[{"relation": []}]"#.utf8))
    }
    #expect(missingTarget.description == "[0].target: expected an object, found nothing")
  }
}

@Suite("assetlinks.json web targets")
struct AssetLinksWebTargetTests {
  @Test("A web target keeps its site; a package name of the wrong type is an error with its path")
  func webTarget() throws {
    let json =
      #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "https://example.com"}}]"#
    let document = try AssetLinksDocument(jsonData: Data(json.utf8))
    #expect(
      document.statements.first?.target == AssetLinksTarget(namespace: "web", site: "https://example.com"))
    let bad = #"[{"relation": [], "target": {"namespace": "android_app", "package_name": 7}}]"#
    let error = try #require(throws: AssociationFileDecodingError.self) {
      try AssetLinksDocument(jsonData: Data(bad.utf8))
    }
    #expect(error.description == "[0].target.package_name: expected a string, found a number")
  }
}
