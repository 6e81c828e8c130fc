/// An array copied once into memory aligned to a cache line and never changed again, read without
/// reference counting; the memory is freed with the buffer.
struct FrozenBuffer<Element>: ~Copyable {
  private let base: UnsafeMutableBufferPointer<Element>

  /// Copies an array.
  ///
  /// - Parameter array: The elements.
  init(_ array: [Element]) {
    let capacity = max(array.count, 1)
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: capacity * MemoryLayout<Element>.stride,
      alignment: max(64, MemoryLayout<Element>.alignment))
    let memory = UnsafeMutableBufferPointer(
      start: raw.bindMemory(to: Element.self, capacity: capacity), count: array.count)
    _ = memory.initialize(from: array)
    base = memory
  }

  /// How many elements there are.
  @inline(__always)
  var count: Int { base.count }

  /// The element at `index`, which must be in `0..<count`.
  @inline(__always)
  subscript(index: Int) -> Element {
    precondition(index >= 0 && index < base.count, "index out of range")
    return base[index]
  }

  deinit {
    base.deinitialize()
    base.baseAddress.map { UnsafeMutableRawPointer($0).deallocate() }
  }
}

extension FrozenBuffer: @unchecked Sendable where Element: Sendable {}

extension FrozenBuffer where Element == UInt8 {
  /// Calls `body` with `count` bytes from `start`, which must lie within the buffer.
  @inline(__always)
  func withBytes<Value>(from start: Int, count: Int, _ body: (Bytes) -> Value) -> Value {
    precondition(start >= 0 && count >= 0 && start <= base.count - count, "byte range out of range")
    return body(Bytes(UnsafeBufferPointer(rebasing: base[start..<(start + count)])))
  }
}
