import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// The files of `Fixtures/RealWorld/` (see its SOURCES.md) and the exit status each must get.
enum RealWorldCorpus {
  static func data(_ kind: String, _ file: String) throws -> Data {
    let url = try #require(
      Bundle.module.url(forResource: file, withExtension: nil, subdirectory: "Fixtures/RealWorld/\(kind)"),
      "missing fixture \(kind)/\(file)")
    return try Data(contentsOf: url)
  }

  /// `(kind, file, expected exit status)` from `expected.tsv`.
  static func expectations() throws -> [(kind: String, file: String, status: Int32)] {
    let url = try #require(
      Bundle.module.url(forResource: "expected", withExtension: "tsv", subdirectory: "Fixtures/RealWorld"))
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
      let fields = line.split(separator: "\t").map(String.init)
      return (fields[0], fields[1], Int32(fields[2]) ?? -1)
    }
  }
}

@Suite("Real published files")
struct RealWorldCorpusTests {
  @Test("Every file of the corpus gets its expected exit status; the table covers every file")
  func expectedSeverities() throws {
    let expectations = try RealWorldCorpus.expectations()
    #expect(expectations.filter { $0.kind == "aasa" }.count >= 40)
    #expect(expectations.filter { $0.kind == "assetlinks" }.count >= 15)
    for (kind, file, status) in expectations {
      let data = try RealWorldCorpus.data(kind, file)
      let found: [String]
      let exit: Int32
      if kind == "aasa" {
        let diagnostics = AASAValidator().validate(data: data)
        (found, exit) = (diagnostics.map(\.description), diagnostics.exitStatus)
      } else {
        let diagnostics = AssetLinksValidator().validate(data: data)
        (found, exit) = (diagnostics.map(\.description), diagnostics.exitStatus)
      }
      #expect(exit == status, "\(kind)/\(file): \(found)")
    }
    for kind in ["aasa", "assetlinks"] {
      let directory = try #require(
        Bundle.module.url(forResource: kind, withExtension: nil, subdirectory: "Fixtures/RealWorld"))
      let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(Set(files) == Set(expectations.filter { $0.kind == kind }.map(\.file)), "\(kind)")
    }
  }

  @Test("The true errors are named")
  func trueErrors() throws {
    func codes(_ file: String) throws -> [ErrorCode<AssociationFileDiagnostic>] {
      AASAValidator().validate(data: try RealWorldCorpus.data("aasa", file)).filter {
        $0.severity >= .warning
      }
      .map(\.code)
    }
    #expect(try codes("coves-team-id-placeholder.json") == [.invalidAppID])
    #expect(try codes("agora-placeholder-disagree.json") == [.invalidAppID])
    #expect(try codes("provenance-query-shadows-exclude.json") == [.excludeAfterBroaderRule])
    #expect(try codes("appid-array.json") == [.wrongType])
    #expect(try codes("as207960-webcredentials-only.json").isEmpty)
    func assetCodes(_ file: String) throws -> [ErrorCode<AssociationFileDiagnostic>] {
      AssetLinksValidator().validate(data: try RealWorldCorpus.data("assetlinks", file)).map(\.code)
    }
    #expect(try assetCodes("nextjs-capitalised-key.json") == [.unknownKey, .missingFingerprints])
    #expect(try assetCodes("zeroxchat-digit-segment.json") == [.invalidPackageName])
    #expect(try assetCodes("greenscan-placeholders.json") == [.invalidFingerprint, .invalidFingerprint])
    #expect(try assetCodes("lowercase-fingerprint.json") == [.lowercaseFingerprint])
    #expect(
      try assetCodes("duplicates-unknown-relation.json") == [
        .duplicate, .duplicate, .duplicate, .unknownRelation,
      ])
  }
}
