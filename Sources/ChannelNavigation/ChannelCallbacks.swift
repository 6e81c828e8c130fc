/// What a channel tells the app: it is ready, it failed, it moved.
///
/// Every closure is optional; `ChannelCallbacks()` listens to nothing. All are called on the main
/// actor, after the view model's state has changed.
///
/// ```swift
/// let callbacks = ChannelCallbacks(
///   onReady: { print("channel ready") },
///   onError: { error in print("channel error: \(error)") },
///   onNavigate: { state in analytics.track(state) }
/// )
/// ```
public struct ChannelCallbacks: Sendable {
  /// Called once each time a catalog has loaded and every queued navigation has been applied.
  public var onReady: (@MainActor @Sendable () -> Void)?

  /// Called when a navigation is refused (unknown clip, unknown entity type, ...) or the catalog
  /// fails to load. The navigation state is unchanged when this is called.
  public var onError: (@MainActor @Sendable (ChannelError) -> Void)?

  /// Called with the new state after every change of the channel's navigation state.
  public var onNavigate: (@MainActor @Sendable (ChannelNavigationState) -> Void)?

  /// Called with a link that arrived before the channel was ready and was superseded by a newer one.
  public var onSuperseded: (@MainActor @Sendable (ChannelNavigationState) -> Void)?

  /// Creates a set of callbacks.
  ///
  /// - Parameters:
  ///   - onReady: Called when the channel has loaded and applied queued navigation.
  ///   - onError: Called with every refused navigation or failed load.
  ///   - onNavigate: Called with the new state after every change.
  ///   - onSuperseded: Called with every queued link a newer link replaced before ready.
  public init(
    onReady: (@MainActor @Sendable () -> Void)? = nil,
    onError: (@MainActor @Sendable (ChannelError) -> Void)? = nil,
    onNavigate: (@MainActor @Sendable (ChannelNavigationState) -> Void)? = nil,
    onSuperseded: (@MainActor @Sendable (ChannelNavigationState) -> Void)? = nil
  ) {
    self.onReady = onReady
    self.onError = onError
    self.onNavigate = onNavigate
    self.onSuperseded = onSuperseded
  }
}
