extension [UInt8] {
  /// The NUL-terminated form the system calls take.
  var cString: [CChar] {
    map { CChar(bitPattern: $0) } + [0]
  }
}

/// A file-system path as bytes, so that names which are not valid UTF-8 reach the system unchanged.
struct RawPath: Sendable {
  var bytes: [UInt8]

  init(_ path: String) {
    bytes = Array(path.utf8)
  }

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// This path with one more component.
  func appending(_ name: [UInt8]) -> RawPath {
    RawPath(bytes: bytes + [UInt8(ascii: "/")] + name)
  }

  /// The NUL-terminated form the system calls take.
  var cString: [CChar] {
    bytes.map { CChar(bitPattern: $0) } + [0]
  }

  /// The path for messages.
  var display: String {
    DurableLinkStore.displayName(bytes)
  }
}
