import Testing

@testable import DeepLinkCommands

@Suite("LineSource")
struct LineSourceTests {
  /// Every result of a source, lines as text and over-long lines as `too long: LENGTH`.
  static func results(_ source: LineSource) -> [String] {
    var results: [String] = []
    while let read = source.nextLine() {
      switch read {
      case .success(let line): results.append(String(decoding: line, as: UTF8.self))
      case .failure(let overlong): results.append("too long: \(overlong.length)")
      }
    }
    return results
  }

  static func source(_ text: String, limit: Int = 16, chunkSize: Int) -> LineSource {
    LineSource(bytes: Array(text.utf8), maximumLineLength: limit, chunkSize: chunkSize)
  }

  @Test("lines come out whole whatever the read size: \\r\\n, a last line without \\n, blank lines")
  func linesAcrossChunks() {
    let text = "one\r\ntwo\n\nthree\r\n\r\nlast"
    for chunkSize in [1, 2, 3, 7, 64] {
      #expect(
        Self.results(Self.source(text, chunkSize: chunkSize)) == ["one", "two", "", "three", "", "last"],
        "chunk size \(chunkSize)")
    }
    #expect(Self.results(Self.source("", chunkSize: 4)).isEmpty)
    #expect(Self.results(Self.source("\n", chunkSize: 4)) == [""])
  }

  /// The same as ``results(_:)``, read with ``LineSource/forEachLine(_:overlong:)``, prefixes included.
  static func eachLine(_ source: LineSource) -> [String] {
    var results: [String] = []
    source.forEachLine { line in
      results.append(String(decoding: line, as: UTF8.self))
    } overlong: { overlong in
      results.append("too long: \(overlong.length) from \(String(decoding: overlong.prefix, as: UTF8.self))")
    }
    return results
  }

  @Test("reading every line at once gives the lines, the over-long ones and their prefixes nextLine gives")
  func forEachLineAgreesWithNextLine() {
    let long = String(repeating: "x", count: 3_000)
    let text = "one\r\n\(long)\n\ntwo\n\(long)y\r\nthree\r\n\(long)z"
    for chunkSize in [1, 3, 64, 1 << 16] {
      var expected: [String] = []
      let reference = Self.source(text, limit: 16, chunkSize: chunkSize)
      while let read = reference.nextLine() {
        switch read {
        case .success(let line): expected.append(String(decoding: line, as: UTF8.self))
        case .failure(let overlong):
          expected.append(
            "too long: \(overlong.length) from \(String(decoding: overlong.prefix, as: UTF8.self))")
        }
      }
      #expect(expected.count == 7, "chunk size \(chunkSize)")
      #expect(expected.filter { $0.hasPrefix("too long: 300") }.count == 3, "chunk size \(chunkSize)")
      #expect(
        Self.eachLine(Self.source(text, limit: 16, chunkSize: chunkSize)) == expected,
        "chunk size \(chunkSize)")
    }
    #expect(Self.eachLine(Self.source("", chunkSize: 4)).isEmpty)
  }

  @Test("a line at the limit is returned; one byte more is over-long, skipped to its newline")
  func limitIsInclusive() {
    let atLimit = String(repeating: "a", count: 16)
    let over = String(repeating: "b", count: 17)
    for chunkSize in [1, 5, 64] {
      #expect(
        Self.results(
          Self.source("\(atLimit)\n\(over)\nnext\n\(atLimit)\r\n\(over)\r\nend", chunkSize: chunkSize))
          == [atLimit, "too long: 17", "next", atLimit, "too long: 17", "end"], "chunk size \(chunkSize)")
    }
  }

  @Test("an over-long line reports its full length and its first bytes, also as the last line")
  func overlongLengthAndPrefix() throws {
    let long = "myapp://channel/" + String(repeating: "x", count: 5_000)
    let source = Self.source("\(long)\nshort\n\(long)", limit: 100, chunkSize: 64)
    guard case .failure(let first) = source.nextLine() else {
      Issue.record("expected an over-long line")
      return
    }
    #expect(first.length == long.utf8.count)
    #expect(first.limit == 100)
    #expect(first.code == "line-too-long")
    #expect(first.prefix.count == LineSource.keptPrefixLength)
    #expect(first.excerpt == String(long.prefix(Excerpt.maximumCharacters)) + "…")
    #expect(first.description.contains("\(long.utf8.count) bytes"))
    #expect(try source.nextLine()?.get() == Array("short".utf8)[...])
    guard case .failure(let last) = source.nextLine() else {
      Issue.record("expected an over-long last line")
      return
    }
    #expect(last.length == long.utf8.count)
    #expect(source.nextLine() == nil)
  }

  @Test("reading one long line touches each byte a bounded number of times")
  func linearInOneLongLine() {
    for length in [1 << 16, 1 << 20] {
      let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length) + [UInt8(ascii: "\n")]
      let kept = LineSource(bytes: bytes, maximumLineLength: 1 << 21, chunkSize: 4096)
      #expect(kept.nextLine().map { (try? $0.get())?.count } == length)
      #expect(kept.bytesTouched <= 4 * bytes.count, "kept line of \(length) bytes")
      let skipped = LineSource(bytes: bytes, maximumLineLength: 1024, chunkSize: 4096)
      guard case .failure(let overlong) = skipped.nextLine() else {
        Issue.record("expected an over-long line")
        continue
      }
      #expect(overlong.length == length)
      #expect(skipped.bytesTouched <= 4 * bytes.count, "skipped line of \(length) bytes")
    }
  }

  @Test("skipping an over-long line keeps the buffer bounded by the limit, not the line")
  func skippingIsConstantMemory() {
    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 4 << 20) + Array("\nnext".utf8)
    let source = LineSource(bytes: bytes, maximumLineLength: 1024, chunkSize: 4096)
    guard case .failure = source.nextLine() else {
      Issue.record("expected an over-long line")
      return
    }
    #expect(source.bufferSize <= 4 * (1024 + 4096))
    #expect((try? source.nextLine()?.get()) == Array("next".utf8)[...])
  }

  @Test("a rejected line is shown as its first 200 characters and an ellipsis")
  func excerpt() {
    #expect(Excerpt.of("short") == "short")
    let exact = String(repeating: "é", count: 200)
    #expect(Excerpt.of(exact) == exact)
    #expect(Excerpt.of(exact + "z") == exact + "…")
  }
}
