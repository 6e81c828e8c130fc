// The routing code's direct uses of memory are in this folder (Bytes, SegmentStore, FrozenBuffer),
// behind closure-scoped APIs whose accessors check their bounds. The types that hold pointers are
// internal and must not outlive the closure that handed them out; the rest of the routing code reads
// bytes through them only.

extension Router {
  /// The index in ``table`` of the route a link given as UTF-8 bytes matches.
  ///
  /// - Parameter buffer: The link's bytes, valid UTF-8; an error's text is decoded from them.
  /// - Returns: The route's index, or `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  package func matchIndex(utf8 buffer: UnsafeBufferPointer<UInt8>) throws(LinkError) -> Int? {
    try matchIndex(bytes: Bytes(buffer))
  }
}
