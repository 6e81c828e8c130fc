import ChannelNavigation

/// Records every callback a channel makes, in order.
@MainActor
final class Recorder {
  var ready = 0
  var errors: [ChannelError] = []
  var navigations: [ChannelNavigationState] = []
  var superseded: [ChannelNavigationState] = []

  var callbacks: ChannelCallbacks {
    ChannelCallbacks(
      onReady: { self.ready += 1 },
      onError: { self.errors.append($0) },
      onNavigate: { self.navigations.append($0) },
      onSuperseded: { self.superseded.append($0) }
    )
  }
}
