import ChannelNavigation
import DeepLinking

/// The built-in demo route table used when a command gets no `--routes`: the channel's links,
/// `myapp://channel/...` and `https://example.com/channel/...`.
enum DemoRoutes {
  static let table = ChannelLinks.demoTable
}
