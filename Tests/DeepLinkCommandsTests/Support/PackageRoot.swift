import Foundation

/// The package's root directory, found from this file's place in it
/// (`Tests/DeepLinkCommandsTests/Support`).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
