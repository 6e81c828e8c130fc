/// Stops the fuzz target with a message when a checked property does not hold.
///
/// `precondition` drops its message in optimized builds; `fatalError` keeps it, so the log of a
/// finding says which property broke and on what.
///
/// - Parameters:
///   - condition: The property.
///   - message: What broke, with the input.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("fuzz check failed: \(message())") }
}

/// Stops the fuzz target with a message: a property that cannot hold on this path broke.
///
/// - Parameter message: What broke, with the input.
func fail(_ message: String) -> Never {
  fatalError("fuzz check failed: \(message)")
}
