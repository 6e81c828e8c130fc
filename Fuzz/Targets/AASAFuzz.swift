import DeepLinkRouting
import Foundation
import RouteFiles
import UniversalLinks

// Fuzz target `aasa`: the input is an apple-app-site-association file, and also a URL.
//
// Checks: decoding either throws a typed error or gives a document; the validator never crashes and
// gives an exit status of 0, 1 or 2, with 2 exactly when decoding failed or an error is reported; a
// decoded document written back with `jsonData()` decodes to a document that answers the same for a
// set of URLs; the matcher answers every URL (the input itself among them) without crashing, with a
// rule index inside the document for a match or a block.
//
// The same input is also read as an AndroidManifest.xml (the reader throws a typed error with a line
// and column, or gives filters that answer every probe URL), as a path pattern of each of Android's
// kinds (refused with a typed error or matched against the probes' paths), and as a route file, whose
// generated intent filters are XML that reads back to the same filters.

let probeURLs = [
  "https://example.com/", "https://example.com/buy/42", "https://example.com/help/123?articleNumber=4815",
  "https://example.com/en_US/pizza/", "https://example.com/a%2Fb/caf%C3%A9?x=1&x=2#frag",
  "https://EXAMPLE.com//videos/wwdc/2015/x", "https://other.example.com/buy/1",
]

/// libFuzzer's entry point: checks one input.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0: every input may enter the corpus.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  checkAndroid(bytes)
  let diagnostics = AASAValidator().validate(data: bytes)
  let status = diagnostics.exitStatus
  check(status >= 0 && status <= 2, "exit status \(status)")
  let text = String(decoding: bytes, as: UTF8.self)
  let document: AASADocument
  do {
    document = try AASADocument(jsonData: bytes)
  } catch {
    check(status == 2, "a file that does not decode is not an error for the validator")
    check(!error.description.isEmpty, "a decoding error without a description")
    return 0
  }
  let matcher = AASAMatcher(document: document)
  var answers: [AASAMatchResult] = []
  for url in probeURLs + [text, "https://example.com/" + text] {
    guard let answer = try? matcher.match(url, domain: "example.com") else { continue }
    answers.append(answer)
  }
  guard let written = try? AASADocument(jsonData: document.jsonData()) else {
    fail("a decoded document does not read back after writing it")
  }
  let again = AASAMatcher(document: written)
  var index = 0
  for url in probeURLs + [text, "https://example.com/" + text] {
    guard let answer = try? again.match(url, domain: "example.com") else { continue }
    guard index < answers.count else { fail("the written document answers more URLs") }
    check(answer.name == answers[index].name, "written document answers \(url) differently")
    index += 1
  }
  return 0
}

/// The Android checks of one input.
func checkAndroid(_ bytes: Data) {
  let text = String(decoding: bytes, as: UTF8.self)
  let links = probeURLs + ["myapp://channel/" + text, "https://example.com/" + text]
  do {
    let filters = try AndroidManifestReader.filters(in: text)
    for filter in filters {
      for link in links { _ = filter.opens(link) }
    }
  } catch {
    check(error.line >= 1 && error.column >= 1, "a manifest error without a place: \(error)")
  }
  for kind in AndroidPathPattern.Kind.allCases {
    let pattern = AndroidPathPattern(kind, text)
    for path in ["/", "/buy/42", "/" + text, text] {
      do {
        _ = try pattern.matches(path)
      } catch {
        check(kind == .advancedGlob, "only an advanced pattern can be refused")
      }
    }
  }
  guard let table = try? RouteTable(json: bytes), let router = try? Router(table) else { return }
  for level in [24, 31] {
    let generator = AndroidIntentFilterGenerator(router: router, minimumAPILevel: level)
    guard let read = try? AndroidManifestReader.filters(in: generator.xml) else {
      fail("the generated intent filters do not read back")
    }
    check(read.map(\.paths) == generator.filters.map(\.paths), "the generated paths read back differently")
    check(read.map(\.hosts) == generator.filters.map(\.hosts), "the generated hosts read back differently")
    check(
      read.map(\.schemes) == generator.filters.map(\.schemes), "the generated schemes read back differently")
  }
}
