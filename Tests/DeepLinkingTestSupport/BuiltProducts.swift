import Foundation

/// The package's executables as `swift build` left them, for tests that run one in a child process.
public enum BuiltProducts {
  /// The executable named `name`, looked for next to the test bundle and then in the package's
  /// `.build/debug`, or `nil` when it was not built.
  ///
  /// - Parameter name: The product's name, such as `deeplink`.
  /// - Returns: Its URL when the file there is executable.
  public static func executable(named name: String) -> URL? {
    // Tests/DeepLinkingTestSupport/<this file>: three levels below the package's root.
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let candidates = [
      Bundle.main.executableURL?.deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(),
      packageRoot.appendingPathComponent(".build/debug"),
    ]
    return candidates.compactMap { $0?.appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
