import DeepLinking
import DeepLinkingTestSupport
import Foundation
import Testing

@testable import DurableLinkStorage

/// An intake over durable storage in `directory`, for a small app of clips and an account screen
/// behind sign-in, recording what it applied and refused.
@MainActor
final class DurableIntakeHarness {
  enum Place: Hashable, Sendable, Codable {
    case clip(String)
    case account
  }

  @MainActor final class Log {
    var applied: [Place] = []
    var refusals: [LinkRefusal] = []
  }

  let log = Log()
  var applied: [Place] { log.applied }
  var refusals: [LinkRefusal] { log.refusals }
  let intake: LinkIntake<Place>

  convenience init(directory: URL, isSignedIn: Bool = true) throws {
    try self.init(storage: .durable(directory: directory), isSignedIn: isSignedIn)
  }

  init(storage: LinkStorage, isSignedIn: Bool = true) throws {
    let table = RouteTable(
      schemes: ["myapp"],
      routes: [
        RouteDefinition("clip", "/clip/{id}"), RouteDefinition("account", "/account", requiresSignIn: true),
      ])
    let destinations = try DestinationRouter<Place>(
      table: table,
      destination: { match in
        match.route == "account" ? .account : match.parameters.string("id").map(Place.clip)
      },
      values: { _ in nil })
    let log = self.log
    intake = LinkIntake(
      destinations: destinations, storage: storage, isSignedIn: isSignedIn
    ) { place in log.applied.append(place) }
    intake.onRefusal = { log.refusals.append($1) }
  }
}

@MainActor
@Suite("LinkIntake with durable storage")
struct LinkIntakeDurableStorageTests {
  @Test func aStoreDirectoryWhoseParentsAreMissingIsCreated() async throws {
    let temporary = try TemporaryDirectory()
    let directory = temporary.sub("a").appendingPathComponent("b").appendingPathComponent("links")
    #expect(!FileManager.default.fileExists(atPath: temporary.sub("a").path))
    do {
      let first = try DurableIntakeHarness(directory: directory)
      await first.intake.receive("myapp://clip/1", source: .notification)
      #expect(first.intake.waitingForReadyCount == 1)
    }
    for store in ["waiting-for-ready", "waiting-for-sign-in"] {
      var isDirectory: ObjCBool = false
      let path = directory.appendingPathComponent(store).path
      #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory))
      #expect(isDirectory.boolValue, "\(path)")
    }
    let second = try DurableIntakeHarness(directory: directory)
    #expect(second.intake.waitingForReadyCount == 1)
    await second.intake.markReady()
    #expect(second.applied == [.clip("1")])
  }

  @Test func aFileWithANameThatIsNotUTF8DoesNotKeepTheGoodLinksOut() async throws {
    let temporary = try TemporaryDirectory()
    let directory = temporary.sub("links")
    do {
      let first = try DurableIntakeHarness(directory: directory)
      await first.intake.receive("myapp://clip/1", source: .notification)
    }
    let pending = directory.appendingPathComponent("waiting-for-ready").appendingPathComponent("pending")
    try RawFiles.create([0x6C, 0x69, 0x6E, 0x6B, 0xFE, 0xFF], in: pending, contents: Array("x".utf8))
    let second = try DurableIntakeHarness(directory: directory)
    #expect(second.intake.waitingForReadyCount == 1)
    await second.intake.markReady()
    #expect(second.applied == [.clip("1")])
    #expect(second.intake.waitingForReadyCount == 0)
  }

  @Test func quarantinedLinksAreListedFromBothStoresWhileTheIntakeHasThemOpen() async throws {
    let temporary = try TemporaryDirectory()
    let directory = temporary.sub("links")
    #expect(try LinkStorage.quarantinedLinks(in: directory).isEmpty)
    do {
      let first = try DurableIntakeHarness(directory: directory)
      await first.intake.receive("myapp://clip/1", source: .notification)
    }
    #expect(try LinkStorage.quarantinedLinks(in: directory).isEmpty)
    for (store, name) in [("waiting-for-ready", "not-a-link"), ("waiting-for-sign-in", "stray")] {
      let pending = directory.appendingPathComponent(store).appendingPathComponent("pending")
      try RawFiles.create(Array(name.utf8), in: pending, contents: Array("x".utf8))
    }
    let second = try DurableIntakeHarness(directory: directory)
    let problems = try LinkStorage.quarantinedLinks(in: directory)
    #expect(problems.map(\.path) == ["not-a-link", "stray"])
    #expect(problems.allSatisfy { $0.code == .corrupt && $0.message == "unrecognized file name" })
    #expect(second.intake.waitingForReadyCount == 1)
  }

  @Test func aStoreDirectoryUnderARegularFileIsATypedError() throws {
    let temporary = try TemporaryDirectory()
    let file = temporary.sub("plain-file")
    try Data().write(to: file)
    #expect(throws: DurableLinkStoreError.notADirectory(path: file.path)) {
      try LinkStorage.durable(directory: file.appendingPathComponent("links"))
    }
  }

  @Test func linksKeptForLaterSurviveARelaunchAndApplyOnce() async throws {
    let temporary = try TemporaryDirectory()
    let directory = temporary.sub("links")
    weak var weakIntake: LinkIntake<DurableIntakeHarness.Place>?
    do {
      let first = try DurableIntakeHarness(directory: directory)
      await first.intake.receive("myapp://clip/1", source: .notification)
      await first.intake.receive("myapp://clip/2", source: .universalLink)
      #expect(first.intake.waitingForReadyCount == 2)
      // The process ends here without ever becoming ready.
      weakIntake = first.intake
    }
    #expect(weakIntake == nil)
    do {
      let second = try DurableIntakeHarness(directory: directory)
      #expect(second.intake.waitingForReadyCount == 2)
      await second.intake.markReady()
      #expect(second.applied == [.clip("2")])
      #expect(second.refusals == [.superseded(by: "myapp://clip/2")])
    }
    let third = try DurableIntakeHarness(directory: directory)
    #expect(third.intake.waitingForReadyCount == 0)
    await third.intake.markReady()
    #expect(third.applied.isEmpty)
  }

  @Test func linksParkedForSignInAreKeptDurablyToo() async throws {
    let temporary = try TemporaryDirectory()
    let directory = temporary.sub("links")
    do {
      let first = try DurableIntakeHarness(directory: directory, isSignedIn: false)
      await first.intake.markReady()
      await first.intake.receive("myapp://account", source: .programmatic)
      #expect(first.intake.waitingForSignInCount == 1)
    }
    let second = try DurableIntakeHarness(directory: directory, isSignedIn: false)
    await second.intake.markReady()
    #expect(second.applied.isEmpty)
    await second.intake.signIn()
    #expect(second.applied == [.account])
  }

  @Test func aDirectoryAnotherIntakeHasOpenIsATypedError() throws {
    let temporary = try TemporaryDirectory()
    let directory = temporary.sub("links")
    let first = try DurableIntakeHarness(directory: directory)
    #expect(
      throws: DurableLinkStoreError.locked(path: directory.appendingPathComponent("waiting-for-ready").path)
    ) {
      try LinkStorage.durable(directory: directory)
    }
    _ = first.intake
  }

  @Test func manyLinksBeforeReadyAreCountedWithoutListingTheStore() async throws {
    let temporary = try TemporaryDirectory()
    let count = 300
    let store = ListingCountingStore(
      try DurableLinkStore(directory: temporary.sub("links").appendingPathComponent("waiting-for-ready")))
    let harness = try DurableIntakeHarness(
      storage: LinkStorage(
        waitingForReady: store,
        waitingForSignIn: try DurableLinkStore(
          directory: temporary.sub("links").appendingPathComponent("waiting-for-sign-in"))))
    for number in 0..<count {
      #expect(await harness.intake.receive("myapp://clip/\(number)", source: .customScheme).isWaiting)
    }
    #expect(harness.intake.waitingForReadyCount == count)
    await harness.intake.markReady()
    #expect(harness.applied == [.clip("\(count - 1)")])
    #expect(harness.refusals.count == count - 1)
    #expect(harness.intake.waitingForReadyCount == 0)
    // Listed once, for the drain; counting after each link received lists none.
    #expect(store.listed <= 2 * count, "\(store.listed) links listed")
  }
}

extension IntakeOutcome {
  /// Whether the link waits for the UI.
  fileprivate var isWaiting: Bool {
    if case .waitingForReady = self { return true }
    return false
  }
}
