/// A link read by the table's rules into byte ranges, before any route is consulted.
///
/// Path segments are decoded once into a scratch ``SegmentStore``; nothing is turned into a `String`
/// unless it is not ASCII or a route has been chosen. A view is valid only inside
/// ``LinkReader/withLink(_:_:)``, which hands it out: never store it beyond that closure.
struct LinkView {
  /// The link's bytes as given.
  let link: Bytes
  /// The decoded path segments.
  var segments: SegmentStore
  /// Where the scheme ends; for a web link, where its host is.
  var schemeEnd = 0
  var isWeb = false
  var hostStart = 0
  var hostEnd = 0
  /// The host with its port as ``LinkOrigin`` names it, when it is not a host listed without a port.
  var host: String? {
    get { unusual?.host }
    set { setUnusual(newValue) { $0.host = newValue } }
  }
  /// Whether the web host is one the table does not list: read only for a table with an any-host route
  /// (``RouteDefinition/hosts`` `["*"]`), and admitted only by such routes.
  var hostIsUnlisted = false
  var hasTrailingSlash = false
  var queryStart = -1
  var queryEnd = -1
  /// How many `&` a plain query holds: its items number at most one more.
  var querySeparators = 0
  var fragmentStart = -1
  /// The query items, when the query is not plain text: decoded (and so checked) while reading. A plain
  /// query is decoded only when a route needs it, by ``PercentCoding/decodePlain(_:from:to:plusAsSpace:)``,
  /// which cannot fail.
  var decodedQuery: [QueryItem]? {
    get { unusual?.query }
    set { setUnusual(newValue) { $0.query = newValue } }
  }
  /// The fragment, when it is not plain text: decoded (and so checked) while reading.
  var decodedFragment: String? {
    get { unusual?.fragment }
    set { setUnusual(newValue) { $0.fragment = newValue } }
  }
  /// The index in ``segments`` of the fragment mark (``ReadingRules/fragmentMark(_:at:)``), when the
  /// view reads the fragment as a path: a table with fragment routes that start as the link's
  /// fragment does (with `/` or not). The fragment's segments follow it, and the query fields are the
  /// fragment's own; -1 otherwise.
  var fragmentMark = -1
  /// The path's query fields and trailing slash, kept while the view reads the fragment's.
  var pathReading: PathReading? {
    get { unusual?.pathReading }
    set { setUnusual(newValue) { $0.pathReading = newValue } }
  }

  /// What only a link out of the ordinary gives its view: kept in one optional, so that an ordinary
  /// link's view holds nothing to give back when it goes (one test, where four optional fields were
  /// four releases).
  struct Unusual {
    var host: String?
    var query: [QueryItem]?
    var fragment: String?
    var pathReading: PathReading?
  }
  private var unusual: Unusual?

  /// Sets one field of ``unusual``, made the first time a field is set to something.
  @inline(__always)
  private mutating func setUnusual<Field>(_ value: Field?, _ set: (inout Unusual) -> Void) {
    if value == nil && unusual == nil { return }
    var fields = unusual ?? Unusual()
    unusual = nil
    set(&fields)
    unusual = fields
  }

  /// What a view reads of the link's own path besides its segments: put back by
  /// ``dropFragmentPath()``.
  struct PathReading {
    var queryStart: Int
    var queryEnd: Int
    var querySeparators: Int
    var decodedQuery: [QueryItem]?
    var hasTrailingSlash: Bool
  }

  /// Makes a view that reads the fragment as a path read the link's path only: the fragment's
  /// segments are forgotten and the path's query and trailing slash come back. Routes without a
  /// fragment are searched on this view.
  mutating func dropFragmentPath() {
    guard fragmentMark >= 0, let saved = pathReading else { return }
    segments.forget(from: fragmentMark)
    queryStart = saved.queryStart
    queryEnd = saved.queryEnd
    querySeparators = saved.querySeparators
    decodedQuery = saved.decodedQuery
    hasTrailingSlash = saved.hasTrailingSlash
    fragmentMark = -1
    pathReading = nil
  }
  /// The index of the link's scheme in ``LinkReader/schemeNames``, or of its host in
  /// ``LinkReader/hostNames`` when it is listed without a port, so that the origin is a string built
  /// once per table.
  var originIndex = -1

  @inline(__always)
  init(link: Bytes, segments: SegmentStore) {
    self.link = link
    self.segments = segments
  }

  /// Whether a custom-scheme link's authority is a listed host, read as the link's host
  /// (``RouteTable/Options/listedHostInCustomScheme``) rather than as its first segment.
  var carriesHost = false

  /// Whether a custom-scheme link's authority holds a `:` (a port, an IPv6 address): read as the first
  /// segment only for a table with a route that starts with an address, and admitted only by such
  /// routes (``RouteScope/takesAddress``).
  var authorityIsAddress = false

  /// Whether the link names a host: a web link, or a custom-scheme link carrying a listed host.
  @inline(__always)
  var hasHost: Bool { isWeb || carriesHost }

  /// How many path segments the link has (the authority of a custom-scheme link counts).
  @inline(__always)
  var count: Int { segments.count }

  @inline(__always)
  func isASCII(_ index: Int) -> Bool { segments.isASCII(index) }

  @inline(__always)
  func bytes(_ index: Int) -> Bytes { segments.bytes(index) }

  /// Where in the link segment `index` is, unchanged by decoding, or -1.
  @inline(__always)
  func verbatimStart(_ index: Int) -> Int { segments.verbatimStart(index) }

  /// Where in the link the segments from `index` to the last are, when they are the link's bytes
  /// unchanged joined by single slashes: from the first one's start to the last one's end (an empty
  /// place when `index` is past the last segment), or `nil`.
  @inline(__always)
  func verbatimRun(from index: Int) -> (start: Int, end: Int)? {
    guard index < count else { return (0, 0) }
    let start = verbatimStart(index)
    guard start >= 0 else { return nil }
    var end = start + bytes(index).count
    for segment in (index + 1)..<count {
      let next = verbatimStart(segment)
      // One byte between two segments is one slash; more would be an empty segment the reading dropped.
      guard next == end + 1 else { return nil }
      end = next + bytes(segment).count
    }
    return (start, end)
  }

  /// The link's text from the start of segment `index` to the link's end, query and fragment included,
  /// as the link writes it (not decoded): the value of `{name:rest}`. Past the last segment, the query
  /// and fragment alone, with their `?` and `#` (empty when the link has neither). The segments are
  /// found from the path's end, one run of bytes between slashes each (the reading drops empty ones).
  func restOfLink(from index: Int) -> String {
    var start = link.count
    if queryStart >= 0 { start = min(start, queryStart) }
    if fragmentStart >= 0 { start = min(start, fragmentStart) }
    // Never before the scheme's `:` (`app:a/b` has no `//` before its first segment).
    let floor = schemeEnd + 1
    var runs = count - index
    while runs > 0 {
      while start > floor && link[start - 1] == UInt8(ascii: "/") { start -= 1 }
      while start > floor && link[start - 1] != UInt8(ascii: "/") { start -= 1 }
      runs -= 1
    }
    return link.slice(start, link.count).string()
  }

  /// The decoded text of a segment.
  func string(_ index: Int) -> String {
    return segments.bytes(index).string()
  }
}
