import DeepLinkRouting
import Observation

/// Holds links and navigation calls until the user interface says it is ready, then applies them.
///
/// A link can arrive before there is anything to navigate: the app is still launching, a channel is
/// still loading, a login sheet is up. The gate queues what arrives, in order, and applies each item
/// exactly once when ``markReady()`` is called. After that, items apply immediately, until
/// ``markNotReady()`` closes the gate again (for example while content reloads).
///
/// Two kinds of items are queued:
/// - **Links** (``submit(_:)``): only the newest pending link matters, since a user who tapped two
///   links wants to see the second. A newer link *supersedes* the pending one; the superseded link is
///   returned from ``submit(_:)`` and passed to ``onSuperseded``, never dropped silently.
/// - **Calls** (``perform(_:)``): programmatic navigation, applied in the order it arrived, all of it.
///   At most ``maximumPendingCalls`` calls wait at once (1,024 by default); a call past that is
///   refused: ``perform(_:)`` returns ``CallSubmission/refused(_:)`` with
///   ``ReadinessGateError/tooManyPendingCalls(limit:)`` and passes the error to ``onRefused``. It is
///   never dropped silently, and the calls already queued are kept.
///
/// Every queue operation takes constant time, however many items wait.
///
/// Links and calls keep their relative order: a link that supersedes another takes the position of
/// its arrival.
///
/// ```swift
/// let gate = ReadinessGate<URL> { url in router.handle(url) }
/// gate.submit(first)     // queued
/// gate.submit(second)    // queued; returns .queued(superseding: first)
/// gate.markReady()       // handles `second` once
/// gate.submit(third)     // handled immediately
/// ```
@MainActor
@Observable
package final class ReadinessGate<Link> {
  /// What ``submit(_:)`` did with a link.
  package enum Submission {
    /// The gate was ready; the link was handled before ``submit(_:)`` returned (or, when submitted while
    /// queued items were being applied, right after them).
    case applied

    /// The gate was not ready; the link waits for ``markReady()``.
    ///
    /// - Parameter superseding: The older pending link this one replaced, if any.
    case queued(superseding: Link?)
  }

  /// What ``perform(_:)`` did with a call.
  package enum CallSubmission {
    /// The gate was ready; the call ran before ``perform(_:)`` returned (or, when performed while
    /// queued items were being applied, right after them).
    case applied

    /// The gate was not ready; the call waits for ``markReady()``.
    case queued

    /// The call was not queued and will never run: ``maximumPendingCalls`` calls already wait.
    ///
    /// - Parameter error: Why, also passed to ``onRefused``.
    case refused(ReadinessGateError)
  }

  private enum Item {
    case link(Link)
    case call(@MainActor () -> Void)
  }

  /// The default of ``maximumPendingCalls``: 1,024 calls.
  package static var defaultMaximumPendingCalls: Int { 1024 }

  /// Whether items apply immediately.
  package private(set) var isReady: Bool

  /// Called with every link that a newer link superseded before the gate became ready.
  @ObservationIgnored package var onSuperseded: (@MainActor (Link) -> Void)?

  /// Called with the reason of every call ``perform(_:)`` refused.
  @ObservationIgnored package var onRefused: (@MainActor (ReadinessGateError) -> Void)?

  /// The most programmatic calls that wait at once; ``perform(_:)`` refuses a call past it.
  package let maximumPendingCalls: Int

  @ObservationIgnored private let handler: @MainActor (Link) -> Void
  /// The queue is `slots[head...]`; a `nil` slot held a link that a newer link superseded.
  @ObservationIgnored private var slots: [Item?] = []
  @ObservationIgnored private var head = 0
  /// The slot of the one link that waits (only the newest link is kept).
  @ObservationIgnored private var linkSlot: Int?
  /// The link the screen was created with, applied before `slots` (see ``submitInitial(_:)``).
  @ObservationIgnored private var initialLink: Link?
  @ObservationIgnored private var pendingCalls = 0
  /// The number of waiting items, observed so a view can show it.
  private var queuedCount = 0
  @ObservationIgnored private var isDraining = false

  /// Creates a gate.
  ///
  /// - Parameters:
  ///   - isReady: Whether the gate starts open; `false` (the default) queues until ``markReady()``.
  ///   - maximumPendingCalls: The most programmatic calls that wait at once (at least 1); the default
  ///     is ``defaultMaximumPendingCalls``.
  ///   - handler: Applies one link; called exactly once per link that is not superseded.
  package init(
    isReady: Bool = false,
    maximumPendingCalls: Int = ReadinessGate.defaultMaximumPendingCalls,
    handler: @escaping @MainActor (Link) -> Void
  ) {
    self.isReady = isReady
    self.maximumPendingCalls = max(1, maximumPendingCalls)
    self.handler = handler
  }

  /// The number of links and calls waiting for ``markReady()``.
  package var pendingCount: Int { queuedCount }

  /// The link waiting for ``markReady()``, if any.
  package var pendingLink: Link? {
    if let initialLink { return initialLink }
    guard let linkSlot, case .link(let link) = slots[linkSlot] else { return nil }
    return link
  }

  /// Submits a link: handles it now when ready, otherwise queues it in place of any pending link.
  ///
  /// - Parameter link: The link to apply.
  /// - Returns: ``Submission/applied`` when handled now, or ``Submission/queued(superseding:)`` with the
  ///   pending link it replaced.
  @discardableResult
  package func submit(_ link: Link) -> Submission {
    if isReady {
      append(.link(link))
      drain()
      return .applied
    }
    let superseded = removePendingLink()
    append(.link(link))
    if let superseded { onSuperseded?(superseded) }
    return .queued(superseding: superseded)
  }

  /// Submits the link a screen was created with, which is older than anything already queued.
  ///
  /// An initial link (such as a channel's initial navigation state) is known when the screen is
  /// built, before any link that arrived while it loaded. When the gate already holds a link, that
  /// newer link wins and the initial one is reported as superseded; otherwise the initial link goes to
  /// the front of the queue, ahead of any pending calls.
  ///
  /// - Parameter link: The link the screen should open on.
  /// - Returns: ``Submission/applied`` when handled now; ``Submission/queued(superseding:)`` with `nil`
  ///   when queued; ``Submission/queued(superseding:)`` with `link` itself when a newer pending link
  ///   superseded it.
  @discardableResult
  package func submitInitial(_ link: Link) -> Submission {
    if isReady {
      return submit(link)
    }
    if pendingLink != nil {
      onSuperseded?(link)
      return .queued(superseding: link)
    }
    initialLink = link
    queuedCount += 1
    return .queued(superseding: nil)
  }

  /// Performs a programmatic navigation call now when ready, otherwise queues it behind earlier items.
  ///
  /// Calls are never superseded: every queued call runs once, in order. When
  /// ``maximumPendingCalls`` calls already wait, the call is refused instead: it never runs, the
  /// error is passed to ``onRefused`` and returned.
  ///
  /// - Parameter call: The navigation to perform.
  /// - Returns: ``CallSubmission/applied`` when run now, ``CallSubmission/queued`` when it waits, or
  ///   ``CallSubmission/refused(_:)`` with ``ReadinessGateError/tooManyPendingCalls(limit:)``.
  @discardableResult
  package func perform(_ call: @escaping @MainActor () -> Void) -> CallSubmission {
    guard pendingCalls < maximumPendingCalls else {
      let error = ReadinessGateError.tooManyPendingCalls(limit: maximumPendingCalls)
      onRefused?(error)
      return .refused(error)
    }
    pendingCalls += 1
    append(.call(call))
    drain()
    return isReady ? .applied : .queued
  }

  /// Opens the gate and applies everything queued, in order, each item exactly once.
  ///
  /// Items submitted while the queue is being applied run after it, in order. Calling this when
  /// already ready does nothing.
  ///
  /// - Returns: The number of items applied.
  @discardableResult
  package func markReady() -> Int {
    guard !isReady else { return 0 }
    isReady = true
    return drain()
  }

  /// Closes the gate: links and calls queue again until the next ``markReady()``.
  package func markNotReady() {
    isReady = false
  }

  @discardableResult
  private func drain() -> Int {
    guard isReady, !isDraining else { return 0 }
    isDraining = true
    defer { isDraining = false }
    var applied = 0
    while isReady, let item = removeFirst() {
      applied += 1
      switch item {
      case .link(let link): handler(link)
      case .call(let call): call()
      }
    }
    return applied
  }

  private func append(_ item: Item) {
    if case .link = item, linkSlot == nil { linkSlot = slots.count }
    slots.append(item)
    queuedCount += 1
  }

  /// Takes the oldest waiting item, skipping the slots of superseded links; constant time amortized.
  private func removeFirst() -> Item? {
    if let link = initialLink {
      initialLink = nil
      queuedCount -= 1
      return .link(link)
    }
    while head < slots.count {
      let index = head
      let item = slots[index]
      slots[index] = nil
      head += 1
      guard let item else { continue }
      queuedCount -= 1
      if index == linkSlot { linkSlot = nil }
      if case .call = item { pendingCalls -= 1 }
      compact()
      return item
    }
    compact()
    return nil
  }

  /// Drops the consumed front of `slots` once it is at least half of them, so each slot is moved
  /// a bounded number of times.
  private func compact() {
    if head == slots.count {
      slots.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64 && head * 2 >= slots.count {
      slots.removeFirst(head)
      linkSlot = linkSlot.map { $0 - head }
      head = 0
    }
  }

  /// Removes the waiting link, leaving an empty slot when calls follow it.
  private func removePendingLink() -> Link? {
    if let link = initialLink {
      initialLink = nil
      queuedCount -= 1
      return link
    }
    guard let index = linkSlot, case .link(let link) = slots[index] else { return nil }
    linkSlot = nil
    queuedCount -= 1
    if index == slots.count - 1 {
      slots.removeLast()
    } else {
      slots[index] = nil
    }
    return link
  }
}

/// Why a ``ReadinessGate`` refused a call.
///
/// ``code`` says what went wrong; the details that belong to it (``limit``) are set for the codes that
/// have them and `nil` otherwise.
package struct ReadinessGateError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of refusal it is.
  package let code: ErrorCode<ReadinessGateError>
  /// A human-readable explanation that names the limit.
  package let description: String
  /// The gate's ``ReadinessGate/maximumPendingCalls``, for `tooManyPendingCalls`; `nil` otherwise.
  package let limit: Int?

  /// ``ReadinessGate/maximumPendingCalls`` calls already wait for the gate to be ready.
  ///
  /// - Parameter limit: The gate's ``ReadinessGate/maximumPendingCalls``.
  /// - Returns: An error with code `tooManyPendingCalls`.
  package static func tooManyPendingCalls(limit: Int) -> Self {
    Self(
      code: .tooManyPendingCalls,
      description: "\(limit) navigation calls already wait for the screen to be ready; this one is refused",
      limit: limit)
  }
}

extension ReadinessGate.Submission: Equatable where Link: Equatable {}

extension ReadinessGate.Submission: Sendable where Link: Sendable {}

extension ReadinessGate.CallSubmission: Equatable {}

extension ErrorCode where Subject == ReadinessGateError {
  /// ``ReadinessGate/maximumPendingCalls`` calls already wait for the gate to be ready; see
  /// ``ReadinessGateError/limit``.
  package static let tooManyPendingCalls = Self("too-many-pending-calls")
}
