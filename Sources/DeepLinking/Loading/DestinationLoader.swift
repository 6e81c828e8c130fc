import Foundation

/// Loads what a screen needs for a destination: the plug-in point between routing and navigation.
///
/// The router turns a URL into a typed destination (`.video(id: 12345)`); a loader fetches the entity
/// behind it (the video's metadata) so the navigator can push a screen that is ready to show. Run loads
/// through a ``LoadCoordinator``, which adds supersession, cancellation and a timeout.
///
/// ```swift
/// struct VideoLoader: DestinationLoader {
///   let catalog: Catalog
///   func load(_ destination: ChannelDestination) async throws -> Video? {
///     guard case .video(let id) = destination else { return nil }
///     return try await catalog.video(id: id)
///   }
/// }
/// ```
package protocol DestinationLoader<Destination, Value>: Sendable {
  /// The typed destination a route produces.
  associatedtype Destination: Sendable
  /// What the screen for a destination needs.
  associatedtype Value: Sendable

  /// Loads the value for a destination.
  ///
  /// Check for cancellation: a newer load, the caller or a timeout may cancel this one.
  ///
  /// - Parameter destination: The destination to load.
  /// - Returns: The loaded value, or `nil` when the destination names nothing that exists.
  /// - Throws: Any error that kept the value from loading; ``LoadCoordinator`` reports it as
  ///   ``LoadOutcome/failed(_:)`` (a `CancellationError` as ``LoadOutcome/cancelled``).
  func load(_ destination: Destination) async throws -> Value?
}
