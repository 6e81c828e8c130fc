import Foundation

// SwiftPM generates `Bundle.module` for a target with resources; outside SwiftPM the fuzz build
// provides this one: a directory `ChannelNavigation.resources` next to the fuzz executable, which
// `Fuzz/run.sh` fills with the target's resources.
extension Foundation.Bundle {
  static let module: Bundle = {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let directory = executable.deletingLastPathComponent().appendingPathComponent(
      "ChannelNavigation.resources")
    guard let bundle = Bundle(path: directory.path) else {
      fatalError("missing \(directory.path): build with Fuzz/run.sh")
    }
    return bundle
  }()
}
