import DeepLinking
import Foundation
import Testing

@testable import DurableLinkStorage

@Suite("DurableLinkStoreError")
struct DurableLinkStoreErrorTests {
  let id = UUID()

  @Test("each store error code keeps its identifier and carries only its details")
  func storeErrorCodes() {
    let errors: [(DurableLinkStoreError, String)] = [
      (.io(operation: "open", path: "/s/a", code: 13, message: "Permission denied"), "io"),
      (.locked(path: "/s"), "locked"),
      (.notADirectory(path: "/s"), "not-a-directory"),
      (
        .foreignEntry(path: "/s/tmp", reason: "a symbolic link, which the store does not follow"),
        "foreign-entry"
      ),
      (.duplicate(id: id), "duplicate"),
      (.encoding(id: id, message: "bad"), "encoding"),
      (.entryTooLarge(id: id, size: 70_000, limit: 65_536), "entry-too-large"),
      (.sequenceExhausted(path: "/s"), "sequence-exhausted"),
    ]
    for (error, identifier) in errors {
      #expect(error.code.description == identifier)
    }
    #expect(Set(errors.map(\.0.code)).count == errors.count)

    let io = DurableLinkStoreError.io(operation: "open", path: "/s/a", code: 13, message: "Permission denied")
    #expect(io.code == .io && io.operation == "open" && io.path == "/s/a")
    #expect(io.errorNumber == 13 && io.message == "Permission denied")
    #expect(io.linkID == nil && io.size == nil && io.limit == nil)
    #expect(io.description == "open failed for /s/a: Permission denied (errno 13)")

    let large = DurableLinkStoreError.entryTooLarge(id: id, size: 70_000, limit: 65_536)
    #expect(large.linkID == id && large.size == 70_000 && large.limit == 65_536)
    #expect(large.path == nil && large.operation == nil && large.errorNumber == nil && large.message == nil)

    let encoding = DurableLinkStoreError.encoding(id: id, message: "bad")
    #expect(
      encoding.linkID == id && encoding.message == "bad" && encoding.path == nil && encoding.size == nil)

    let locked = DurableLinkStoreError.locked(path: "/s")
    #expect(locked.path == "/s" && locked.linkID == nil && locked.message == nil && locked.operation == nil)
    let foreign = DurableLinkStoreError.foreignEntry(
      path: "/s/tmp", reason: "a directory, not a regular file")
    #expect(foreign.path == "/s/tmp" && foreign.message == "a directory, not a regular file")
    #expect(foreign.operation == nil && foreign.errorNumber == nil && foreign.linkID == nil)
    #expect(
      foreign.description
        == "/s/tmp is a directory, not a regular file; the link store uses only a directory, folders and lock of its own"
    )
    #expect(DurableLinkStoreError.duplicate(id: id).linkID == id)
    #expect(DurableLinkStoreError.sequenceExhausted(path: "/s").path == "/s")
    #expect(locked != .notADirectory(path: "/s"))
    #expect(locked != .locked(path: "/t"))
  }

  @Test("each stored-link problem keeps its identifier and carries only its details")
  func problemCodes() {
    #expect(ErrorCode<DurableLinkStoreError>.corrupt.description == "corrupt")
    #expect(ErrorCode<DurableLinkStoreError>.abandoned.description == "abandoned")

    let corrupt = DurableLinkStoreError.corrupt(file: "0001-a.json", reason: "truncated JSON")
    #expect(corrupt.code == .corrupt && corrupt.path == "0001-a.json" && corrupt.message == "truncated JSON")
    #expect(corrupt.link == nil)
    #expect(corrupt.description == "quarantined corrupt entry 0001-a.json: truncated JSON")

    let link = IncomingLink(url: "myapp://clip/1", source: .stored)
    let abandoned = DurableLinkStoreError.abandoned(file: "0002-b.json", link: link)
    #expect(abandoned.code == .abandoned && abandoned.path == "0002-b.json" && abandoned.link == link)
    #expect(abandoned.message == nil)
    #expect(
      abandoned.description
        == "quarantined entry 0002-b.json (myapp://clip/1): the process died twice while it was being delivered"
    )
    #expect(DurableLinkStoreError.abandoned(file: "0002-b.json", link: nil).link == nil)
    #expect(abandoned != .abandoned(file: "0002-b.json", link: nil))
  }
}
