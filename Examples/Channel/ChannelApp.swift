// The channel example: the video-channel guide's `MyApp`, ported. Its logic lives in the tested
// ChannelNavigation module; this file is only the SwiftUI shell (build it in an Xcode app target that
// depends on the DeepLinkingSwiftUI product).
#if canImport(SwiftUI)
  import ChannelNavigation
  import DeepLinking
  import DeepLinkingSwiftUI
  import SwiftUI

  @main
  struct ChannelApp: App {
    @State private var viewModel = ChannelViewModel()
    @State private var initialState: ChannelNavigationState?
    private let links = try? ChannelLinks(schemes: ["myapp"], hosts: ["example.com"])

    var body: some Scene {
      WindowGroup {
        ChannelView(
          channelUrl: "https://demo.example.com/ch/channel_name.json",
          initialNavigationState: initialState,
          viewModel: viewModel,
          callbacks: ChannelCallbacks(
            onReady: { print("channel ready") },
            onError: { error in print("channel refused: \(error)") }
          ),
          links: links
        )
        // Every row of the URL table (video, playlist, search, sub-channels), as custom scheme and
        // Universal Link, goes through the route table; links before the channel is ready wait.
        .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
          if let url = activity.webpageURL, let links { viewModel.open(url, links: links) }
        }
      }
    }
  }
#endif
