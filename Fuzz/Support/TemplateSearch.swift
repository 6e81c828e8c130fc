import DeepLinkRouting

/// The grammar page's rule for splitting a decoded segment by a template, written naively, with every
/// value plain text: the leading literal is the segment's start and the trailing literal its end, not
/// overlapping; each separator between two parameters is found leftmost from the second byte of the
/// value before it, leaving a non-empty value after it; every value is non-empty.
///
/// - Parameters:
///   - segment: The decoded segment's bytes.
///   - parts: The template's parts.
///   - folds: Whether ASCII letters compare without case.
/// - Returns: Whether the segment fits.
func referenceFits(_ segment: [UInt8], _ parts: [SegmentTemplate.Part], folds: Bool) -> Bool {
  func lowered(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
  func occurs(_ wanted: [UInt8], at start: Int) -> Bool {
    start >= 0 && start + wanted.count <= segment.count
      && wanted.indices.allSatisfy { index in
        let byte = segment[start + index]
        return byte == wanted[index] || (folds && lowered(byte) == lowered(wanted[index]))
      }
  }
  func literal(_ part: SegmentTemplate.Part) -> [UInt8]? {
    if case .literal(let text) = part { return Array(text.utf8) }
    return nil
  }
  var low = 0
  var high = segment.count
  var rest = parts[...]
  if let leading = rest.first.flatMap(literal) {
    guard occurs(leading, at: 0) else { return false }
    low = leading.count
    rest = rest.dropFirst()
  }
  if rest.count > 1, let trailing = rest.last.flatMap(literal) {
    guard low + trailing.count <= high, occurs(trailing, at: high - trailing.count) else { return false }
    high -= trailing.count
    rest = rest.dropLast()
  }
  var position = low
  while rest.count > 1 {
    guard let separator = literal(rest[rest.startIndex + 1]) else { return false }
    var start = position + 1
    while start + separator.count < high && !occurs(separator, at: start) { start += 1 }
    guard start + separator.count < high else { return false }
    position = start + separator.count
    rest = rest.dropFirst(2)
  }
  return position < high
}

/// Checks that the router's search for a template's separators splits each segment as
/// ``referenceFits(_:_:folds:)`` does, with and without case.
///
/// - Parameters:
///   - template: The template.
///   - segments: Decoded segments to try.
func checkTemplateSearch(_ template: SegmentTemplate, on segments: [String]) {
  for segment in segments {
    for folds in [false, true] {
      let fits = template.accepts(segment, folds: folds, typed: false)
      check(
        fits == referenceFits(Array(segment.utf8), template.parts, folds: folds),
        "\(template) on \(segment) (folds \(folds)): the search says \(fits), the rule says otherwise")
    }
  }
}
