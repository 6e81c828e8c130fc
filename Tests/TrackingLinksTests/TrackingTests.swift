import Testing

/// The parent suite of every tracking-link test, so that `swift test --filter Tracking` selects them all.
@Suite("Tracking links")
enum TrackingTests {}
