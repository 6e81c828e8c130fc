/// How a destination is shown: pushed on its tab's stack, or presented modally over it.
///
/// ``NavigationRules`` say which destinations are modal (a sign-in form, a share sheet, a player
/// that covers the screen). A modal destination still has a place: its tab is selected and its
/// parent chain is built on the tab's stack beneath it, so dismissing it shows what a user expects
/// below (the product a "write a review" sheet belongs to).
public enum Presentation: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
  /// On top of its tab's stack (`NavigationStack`, `UINavigationController.pushViewController`).
  case push
  /// As a sheet over its tab (`sheet(item:)`, a page sheet from `present(_:animated:)`).
  case sheet
  /// Covering the whole screen (`fullScreenCover(item:)`, `.fullScreen` from
  /// `present(_:animated:)`).
  case fullScreenCover

  /// The presentation's name, such as `sheet`.
  public var description: String { rawValue }

  /// Whether the destination is shown modally (``sheet`` or ``fullScreenCover``).
  public var isModal: Bool { self != .push }
}

/// A destination shown modally over its tab's stack, with the way it is shown.
///
/// It is `Identifiable` by its destination, so SwiftUI's `sheet(item:)` and `fullScreenCover(item:)`
/// take it directly (see `Navigator.sheet` and `Navigator.fullScreenCover` in `DeepLinkingSwiftUI`),
/// and a new destination replaces the modal rather than updating it in place.
public struct PresentedDestination<Destination>: Sendable, Hashable, Codable, Identifiable
where Destination: Hashable & Sendable & Codable {
  /// The destination shown.
  public var destination: Destination
  /// How it is shown: ``Presentation/sheet`` or ``Presentation/fullScreenCover``.
  public var presentation: Presentation

  /// The destination: two modals are the same modal when they show the same destination.
  public var id: Destination { destination }

  /// Creates a modal.
  ///
  /// - Parameters:
  ///   - destination: The destination shown.
  ///   - presentation: How it is shown; ``Presentation/push`` is not modal and reads as
  ///     ``Presentation/sheet``.
  public init(_ destination: Destination, presentation: Presentation) {
    self.destination = destination
    self.presentation = presentation == .push ? .sheet : presentation
  }
}
