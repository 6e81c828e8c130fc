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
public final class ReadinessGate<Link> {
  /// What ``submit(_:)`` did with a link.
  public enum Submission {
    /// The gate was ready; the link was handled before ``submit(_:)`` returned (or, when submitted while
    /// queued items were being applied, right after them).
    case applied

    /// The gate was not ready; the link waits for ``markReady()``.
    ///
    /// - Parameter superseding: The older pending link this one replaced, if any.
    case queued(superseding: Link?)
  }

  private enum Item {
    case link(Link)
    case call(@MainActor () -> Void)
  }

  /// Whether items apply immediately.
  public private(set) var isReady: Bool

  /// Called with every link that a newer link superseded before the gate became ready.
  @ObservationIgnored public var onSuperseded: (@MainActor (Link) -> Void)?

  @ObservationIgnored private let handler: @MainActor (Link) -> Void
  private var queue: [Item] = []
  @ObservationIgnored private var isDraining = false

  /// Creates a gate.
  ///
  /// - Parameters:
  ///   - isReady: Whether the gate starts open; `false` (the default) queues until ``markReady()``.
  ///   - handler: Applies one link; called exactly once per link that is not superseded.
  public init(isReady: Bool = false, handler: @escaping @MainActor (Link) -> Void) {
    self.isReady = isReady
    self.handler = handler
  }

  /// The number of links and calls waiting for ``markReady()``.
  public var pendingCount: Int { queue.count }

  /// The link waiting for ``markReady()``, if any.
  public var pendingLink: Link? {
    for case .link(let link) in queue { return link }
    return nil
  }

  /// Submits a link: handles it now when ready, otherwise queues it in place of any pending link.
  ///
  /// - Parameter link: The link to apply.
  /// - Returns: ``Submission/applied`` when handled now, or ``Submission/queued(superseding:)`` with the
  ///   pending link it replaced.
  @discardableResult
  public func submit(_ link: Link) -> Submission {
    if isReady {
      queue.append(.link(link))
      drain()
      return .applied
    }
    let superseded = removePendingLink()
    queue.append(.link(link))
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
  public func submitInitial(_ link: Link) -> Submission {
    if isReady {
      return submit(link)
    }
    if pendingLink != nil {
      onSuperseded?(link)
      return .queued(superseding: link)
    }
    queue.insert(.link(link), at: 0)
    return .queued(superseding: nil)
  }

  /// Performs a programmatic navigation call now when ready, otherwise queues it behind earlier items.
  ///
  /// Calls are never superseded: every queued call runs once, in order.
  ///
  /// - Parameter call: The navigation to perform.
  public func perform(_ call: @escaping @MainActor () -> Void) {
    queue.append(.call(call))
    drain()
  }

  /// Opens the gate and applies everything queued, in order, each item exactly once.
  ///
  /// Items submitted while the queue is being applied run after it, in order. Calling this when
  /// already ready does nothing.
  ///
  /// - Returns: The number of items applied.
  @discardableResult
  public func markReady() -> Int {
    guard !isReady else { return 0 }
    isReady = true
    return drain()
  }

  /// Closes the gate: links and calls queue again until the next ``markReady()``.
  public func markNotReady() {
    isReady = false
  }

  @discardableResult
  private func drain() -> Int {
    guard isReady, !isDraining else { return 0 }
    isDraining = true
    defer { isDraining = false }
    var applied = 0
    while isReady, !queue.isEmpty {
      let item = queue.removeFirst()
      applied += 1
      switch item {
      case .link(let link): handler(link)
      case .call(let call): call()
      }
    }
    return applied
  }

  private func removePendingLink() -> Link? {
    guard let index = queue.firstIndex(where: { if case .link = $0 { true } else { false } }),
      case .link(let link) = queue.remove(at: index)
    else { return nil }
    return link
  }
}

extension ReadinessGate.Submission: Equatable where Link: Equatable {}

extension ReadinessGate.Submission: Sendable where Link: Sendable {}
