#if canImport(SwiftUI)
  import ChannelNavigation
  import SwiftUI

  /// A channel on screen: the main page, clip details, clip lists and search results, with links.
  ///
  /// The shape of the channel SDK's view: give it the channel's URL, where it should open, a view model
  /// and callbacks. Every decision is the view model's; the view only renders it:
  /// - Each time it appears it sets the view model's `ChannelViewModel/viewCallbacks` to `callbacks`
  ///   (the app's `ChannelViewModel/callbacks` stay as they are and are called first) and calls
  ///   `ChannelViewModel/loadIfNeeded(channelUrl:initialNavigationState:session:)`, which loads each
  ///   channel once, so appearing again keeps the user where they were.
  /// - Its `NavigationStack` follows `ChannelViewModel/path`; each page lists what the view model
  ///   says that place shows (title, text, rows), and a tapped row opens through the view model.
  /// - Links: only when the app passes its own `links` (its schemes and hosts), links the view receives
  ///   through `onOpenURL` (custom-scheme links and Universal Links) open through the channel's routes.
  ///   Make the view the root of the `WindowGroup` so that it is there when a link launches the app;
  ///   links that arrive before the catalog has loaded wait in the view model. Without `links` the view
  ///   handles no link at all, so an app that routes links itself (its own `onOpenURL`, a `LinkIntake`
  ///   calling `ChannelViewModel/open(_:links:)`) handles each link once, and no demo host is accepted.
  ///
  /// ```swift
  /// ChannelView(
  ///   channelUrl: "https://demo.example.com/ch/channel_name.json",
  ///   initialNavigationState: ChannelNavigationState(page: "detail", clipId: "12345"),
  ///   viewModel: viewModel,
  ///   callbacks: ChannelCallbacks(onReady: { print("ready") }),
  ///   links: try ChannelLinks(schemes: ["myapp"], hosts: ["channel.example.org"]))
  /// ```
  public struct ChannelView: View {
    let channelUrl: String
    let initialNavigationState: ChannelNavigationState?
    let viewModel: ChannelViewModel
    let callbacks: ChannelCallbacks
    let links: ChannelLinks?

    /// Creates a channel view.
    ///
    /// - Parameters:
    ///   - channelUrl: The channel's catalog, a file or `https` URL.
    ///   - initialNavigationState: Where the channel opens the first time it loads, unless a link
    ///     arrives first.
    ///   - viewModel: The channel's view model.
    ///   - callbacks: What the channel also reports to, after the view model's own callbacks.
    ///   - links: The channel's links (the app's own schemes and hosts), to open the links the view
    ///     receives; `nil` (the default) leaves link handling to the app: the view handles none.
    public init(
      channelUrl: String,
      initialNavigationState: ChannelNavigationState? = nil,
      viewModel: ChannelViewModel,
      callbacks: ChannelCallbacks = ChannelCallbacks(),
      links: ChannelLinks? = nil
    ) {
      self.channelUrl = channelUrl
      self.initialNavigationState = initialNavigationState
      self.viewModel = viewModel
      self.callbacks = callbacks
      self.links = links
    }

    /// The channel's screens.
    public var body: some View {
      NavigationStack(path: pathBinding) {
        ChannelPageView(state: .main, viewModel: viewModel)
          .navigationDestination(for: ChannelNavigationState.self) { state in
            ChannelPageView(state: state, viewModel: viewModel)
          }
      }
      // SwiftUI delivers custom-scheme links and Universal Links alike to onOpenURL.
      .onOpenURL { url in
        if let links { viewModel.open(url, links: links) }
      }
      .task(id: channelUrl) {
        viewModel.viewCallbacks = callbacks
        await viewModel.loadIfNeeded(channelUrl: channelUrl, initialNavigationState: initialNavigationState)
      }
    }

    private var pathBinding: Binding<[ChannelNavigationState]> {
      Binding(
        get: { viewModel.path },
        set: { newPath in
          // SwiftUI only shortens the path (Back); each step back goes through the view model.
          var steps = viewModel.path.count - newPath.count
          while steps > 0 {
            viewModel.goBack()
            steps -= 1
          }
        })
    }
  }

  /// One page of the channel: the view model's content for its place.
  struct ChannelPageView: View {
    let state: ChannelNavigationState
    let viewModel: ChannelViewModel

    var body: some View {
      let content = viewModel.content(for: state)
      List {
        switch content.status {
        case .loading:
          ProgressView()
        case .missing:
          Text("This page is not available.")
        case .ready:
          if let text = content.text {
            Text(text)
          }
          ForEach(content.rows) { row in
            Button(row.title) { viewModel.select(row) }
          }
        }
      }
      .navigationTitle(content.title)
    }
  }
#endif
