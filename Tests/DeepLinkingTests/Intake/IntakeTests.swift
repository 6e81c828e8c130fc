import Testing

/// The parent suite of every intake test, so that `swift test --filter Intake` selects them all.
@Suite("Intake")
enum IntakeTests {}
