#if canImport(SwiftUI) && canImport(Combine)
  import ChannelNavigation
  import Combine

  /// Lets code written for a channel SDK's view model keep `@StateObject private var viewModel =
  /// ChannelViewModel()`.
  ///
  /// The view model is `@Observable`, so SwiftUI tracks the properties a view reads whichever wrapper
  /// holds it; new code should prefer `@State`.
  extension ChannelViewModel: ObservableObject {}
#endif
