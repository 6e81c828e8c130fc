// UIPasteboard exists on iOS, iPadOS and visionOS, not on tvOS or watchOS.
#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
  import DeepLinking
  import UIKit

  /// The system pasteboard as `DeferredLinks` asks it: whether it probably holds a web link, found out
  /// with `UIPasteboard.detectedPatterns(for: [\.probableWebURL])`, which neither reads the link nor
  /// shows the paste prompt. The link itself reaches the app only when the user taps a paste control
  /// (`PasteButton`, `UIPasteControl`).
  ///
  /// ```swift
  /// let deferred = DeferredLinks(intake: intake, pasteboard: SystemPasteboard(), ledger: ledger)
  /// ```
  public struct SystemPasteboard: LinkPasteboard {
    /// Creates the system pasteboard's link check.
    public init() {}

    /// Whether the general pasteboard probably holds a web link; `false` when the check fails.
    public func probablyHoldsWebLink() async -> Bool {
      do {
        let found = try await UIPasteboard.general.detectedPatterns(for: [\.probableWebURL])
        return found.contains(\.probableWebURL)
      } catch {
        return false
      }
    }
  }
#endif
