import Testing

/// The suites of the `Navigation` folder, grouped so `swift test --filter Navigation` runs all of them.
@Suite("Navigation")
enum NavigationTests {}
