import Foundation
import Testing

@testable import DeepLinking

extension IntakeTests {
  @MainActor
  @Suite("LinkIntake store directory")
  struct LinkIntakeStoreDirectoryTests {
    @Test func aStoreDirectoryWhoseParentsAreMissingIsCreated() async throws {
      let temporary = try TemporaryDirectory()
      let directory = temporary.sub("a").appendingPathComponent("b").appendingPathComponent("links")
      #expect(!FileManager.default.fileExists(atPath: temporary.sub("a").path))
      do {
        let first = try IntakeHarness(storeDirectory: directory)
        await first.intake.receive("myapp://clip/1", source: .notification)
        #expect(first.intake.waitingForReadyCount == 1)
      }
      for store in ["waiting-for-ready", "waiting-for-sign-in"] {
        var isDirectory: ObjCBool = false
        let path = directory.appendingPathComponent(store).path
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue, "\(path)")
      }
      let second = try IntakeHarness(storeDirectory: directory)
      #expect(second.intake.waitingForReadyCount == 1)
      await second.intake.markReady()
      #expect(second.applied == [.clip("1")])
    }

    @Test func aFileWithANameThatIsNotUTF8DoesNotKeepTheGoodLinksOut() async throws {
      let temporary = try TemporaryDirectory()
      let directory = temporary.sub("links")
      do {
        let first = try IntakeHarness(storeDirectory: directory)
        await first.intake.receive("myapp://clip/1", source: .notification)
      }
      let pending = directory.appendingPathComponent("waiting-for-ready").appendingPathComponent("pending")
      try RawFiles.create([0x6C, 0x69, 0x6E, 0x6B, 0xFE, 0xFF], in: pending, contents: Array("x".utf8))
      let second = try IntakeHarness(storeDirectory: directory)
      #expect(second.intake.waitingForReadyCount == 1)
      await second.intake.markReady()
      #expect(second.applied == [.clip("1")])
      #expect(second.intake.waitingForReadyCount == 0)
    }

    @Test func aStoreDirectoryUnderARegularFileIsATypedError() throws {
      let temporary = try TemporaryDirectory()
      let file = temporary.sub("plain-file")
      try Data().write(to: file)
      #expect(throws: DurableLinkStoreError.notADirectory(path: file.path)) {
        try IntakeHarness(storeDirectory: file.appendingPathComponent("links"))
      }
    }
  }
}
