#if canImport(SwiftUI)
  import ChannelNavigation
  import DeepLinking
  import SwiftUI

  /// A channel on screen: the main page, clip details, clip lists and search results, with links.
  ///
  /// The shape of the channel SDK's view: give it the channel's URL, where it should open, a view model
  /// and callbacks. It loads the catalog when it appears (which makes the view model ready, so queued
  /// navigation applies once), follows `ChannelViewModel/path` with a
  /// `NavigationStack`, and opens links it receives through the channel's routes.
  ///
  /// ```swift
  /// ChannelView(
  ///   channelUrl: "https://demo.example.com/ch/channel_name.json",
  ///   initialNavigationState: ChannelNavigationState(page: "detail", clipId: "12345"),
  ///   viewModel: viewModel,
  ///   callbacks: ChannelCallbacks(onReady: { print("ready") }))
  /// ```
  public struct ChannelView: View {
    let channelUrl: String
    let initialNavigationState: ChannelNavigationState?
    @Bindable var viewModel: ChannelViewModel
    let callbacks: ChannelCallbacks
    let links: ChannelLinks?

    /// Creates a channel view.
    ///
    /// - Parameters:
    ///   - channelUrl: The channel's catalog, a file or `https` URL.
    ///   - initialNavigationState: Where the channel opens, unless a link arrives first.
    ///   - viewModel: The channel's view model.
    ///   - callbacks: What the channel reports to.
    ///   - links: The channel's links, to open links the view receives (default: `myapp` and
    ///     `example.com`); `nil` leaves link handling to the app.
    public init(
      channelUrl: String,
      initialNavigationState: ChannelNavigationState? = nil,
      viewModel: ChannelViewModel,
      callbacks: ChannelCallbacks = ChannelCallbacks(),
      links: ChannelLinks? = try? ChannelLinks()
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
      .onOpenURL { url in
        if let links { viewModel.open(url, links: links) }
      }
      .task {
        viewModel.callbacks = callbacks
        guard let url = URL(string: channelUrl) else { return }
        await viewModel.load(from: url, initialNavigationState: initialNavigationState)
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

  /// One page of the channel: a simple list or detail for the state's page.
  struct ChannelPageView: View {
    let state: ChannelNavigationState
    let viewModel: ChannelViewModel

    var body: some View {
      List {
        switch state.page {
        case .detail:
          if let clip = state.clipId.flatMap({ viewModel.catalog?.clip(id: $0) }) {
            Text(clip.title).font(.headline)
            if let text = clip.description { Text(text) }
          }
        case .overview:
          if let id = state.clipListId, let catalog = viewModel.catalog {
            ForEach(catalog.clips(inList: id), id: \.id) { clip in
              Button(clip.title) { viewModel.navigateToEntity(entityType: "mediaclip", entityId: clip.id) }
            }
          }
        case .search:
          if let query = state.query, let catalog = viewModel.catalog {
            ForEach(catalog.search(query, subChannelId: state.subChannelId), id: \.id) { clip in
              Button(clip.title) { viewModel.navigateToEntity(entityType: "mediaclip", entityId: clip.id) }
            }
          }
        default:
          if let catalog = viewModel.catalog {
            ForEach(catalog.clipLists, id: \.id) { list in
              Button(list.title) {
                viewModel.navigateToEntity(entityType: "mediacliplist", entityId: list.id)
              }
            }
            ForEach(catalog.subChannels, id: \.id) { subChannel in
              Button(subChannel.title) { viewModel.navigateToSubChannel(subChannelId: subChannel.id) }
            }
          } else {
            ProgressView()
          }
        }
      }
      .navigationTitle(state.page.rawValue.capitalized)
    }
  }
#endif
