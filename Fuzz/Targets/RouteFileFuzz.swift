import DeepLinkRouting
import Foundation
import RouteFiles

/// Fuzz target `routefile`: the input is a JSON route file.
///
/// Checks: `RouteTable(json:)` throws a ``RouteTableError`` or reads a table; `Router(table)` throws
/// or builds; a table that builds writes itself back with `jsonData()` and reads back equal; and the
/// router reads a handful of links without crashing (errors and misses are fine).
private let probes = [
  "myapp://channel/video/1", "https://example.com/", "https://example.com/a/b/c?q=1&q=2#f",
  "myapp:///a%2Fb/%E2%9C%93?x", "https://EXAMPLE.com:443/items/-5", "shop://product/007/",
  "https://elsewhere.example/x", "myapp://example.com/items/1", "http://a.example/x",
]

/// libFuzzer's entry point: checks one input.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0: every input may enter the corpus.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let json = Data(bytes: data, count: size)
  let table: RouteTable
  do {
    table = try RouteTable(json: json)
  } catch {
    check(!error.description.isEmpty, "an error without a description")
    return 0
  }
  let router: Router
  do {
    router = try Router(table)
  } catch {
    check(!error.description.isEmpty, "an error without a description")
    return 0
  }
  do {
    let again = try RouteTable(json: table.jsonData())
    check(again == table, "the table does not read back from its own JSON")
  } catch {
    fail("the table's own JSON does not read: \(error)")
  }
  for probe in probes {
    _ = try? router.match(probe)
  }
  return 0
}
