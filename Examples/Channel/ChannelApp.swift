// The channel example: the video-channel guide's `MyApp`, ported. Its logic lives in the tested
// ChannelNavigation module; this file is only the SwiftUI shell (build it in an Xcode app target that
// depends on the ChannelNavigationSwiftUI product).
#if canImport(SwiftUI)
  import ChannelNavigation
  import ChannelNavigationSwiftUI
  import SwiftUI

  @main
  struct ChannelApp: App {
    // The app's callbacks belong to the view model; the view adds its own after them, never instead.
    @State private var viewModel = ChannelViewModel(
      callbacks: ChannelCallbacks(
        onReady: { print("channel ready") },
        onError: { error in print("channel refused: \(error)") }
      )
    )
    private let links = try? ChannelLinks(schemes: ["myapp"], hosts: ["example.com"])

    var body: some Scene {
      WindowGroup {
        // The root of the window group from the first frame, so a link that launches the app reaches
        // its `onOpenURL` and user-activity handlers. Every row of the URL table (video, playlist,
        // search, sub-channels), as custom scheme and Universal Link, goes through the route table;
        // links before the channel is ready wait, and the newest wins over the initial state.
        ChannelView(
          channelUrl: "https://demo.example.com/ch/channel_name.json",
          initialNavigationState: ChannelNavigationState(page: "overview", clipListId: "678"),
          viewModel: viewModel,
          links: links
        )
      }
    }
  }
#endif
