#if canImport(SwiftUI)
  import SwiftUI
  import DeepLinking
#endif
