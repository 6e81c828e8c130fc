// A subject bridged to a `Sendable` sequence on the caller's side: `sink` takes a closure that is not
// `@Sendable`, and the `AsyncStream`'s continuation it captures is `Sendable`.
import Combine

func connect<Links: AsyncSequence & Sendable>(_ links: Links) where Links.Element == String {}

@MainActor final class StoredLinks {
  private var subscription: AnyCancellable?

  func bridge(_ subject: CurrentValueSubject<String?, Never>) {
    let (links, continuation) = AsyncStream.makeStream(of: String.self)
    subscription = subject.sink { link in
      if let link { continuation.yield(link) }
    }
    connect(links)
  }
}
