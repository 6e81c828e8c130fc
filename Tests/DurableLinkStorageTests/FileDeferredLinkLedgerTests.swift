import DurableLinkStorage
import Foundation
import Testing

/// The install ledger of the deferred-link offer: at most once per install, never following a link
/// planted at its path.
@Suite("File deferred-link ledger")
struct FileDeferredLinkLedgerTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  @Test("the offer is unspent until spent, then spent for every ledger at that path")
  func spend() throws {
    let marker = folder.appendingPathComponent("offered")
    let ledger = FileDeferredLinkLedger(at: marker)
    #expect(try !ledger.isSpent())
    try ledger.spend()
    try ledger.spend()
    #expect(try ledger.isSpent())
    #expect(try FileDeferredLinkLedger(at: marker).isSpent())
    #expect(FileManager.default.fileExists(atPath: marker.path))
  }

  @Test("a symbolic link planted at the marker's path is not followed and counts as spent")
  func plantedLink() throws {
    let target = folder.appendingPathComponent("elsewhere")
    let marker = folder.appendingPathComponent("offered")
    try FileManager.default.createSymbolicLink(at: marker, withDestinationURL: target)
    let ledger = FileDeferredLinkLedger(at: marker)
    #expect(try ledger.isSpent())
    try ledger.spend()
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }

  @Test("a marker in a folder that does not exist is a typed error naming the path")
  func missingFolder() throws {
    let marker = folder.appendingPathComponent("missing/offered")
    let ledger = FileDeferredLinkLedger(at: marker)
    #expect(try !ledger.isSpent())
    let error = try #require(throws: DurableLinkStoreError.self) { try ledger.spend() }
    #expect(error.code == .io)
    #expect(error.path == marker.path)
  }
}
