/// A reading rule a link broke, by its code.
struct ReferenceFailure: Error, Equatable {
  var code: String
  init(_ code: String) { self.code = code }
}
