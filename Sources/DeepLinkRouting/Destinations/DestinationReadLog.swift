import Foundation

/// What reading a destination asked of a match, so that a failure can be explained in route terms.
final class DestinationReadLog {
  /// Whether the destination type has no case named after the route.
  var routeIsNoCase = false
  /// The labels the destination asked for, in order, each once.
  private(set) var requestedLabels: [String] = []

  func request(_ label: String) {
    if !requestedLabels.contains(label) { requestedLabels.append(label) }
  }
}
