import DeepLinking

/// A small deterministic random number generator (SplitMix64), so every run sees the same data.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

/// One piece of a generated pattern, kept apart so the baselines can use it without parsing.
enum Piece: Equatable {
  case literal(String)
  case plain
  case int
  case uuid
  case catchAll
}

/// A generated route table with links to match against it and the route each link should reach.
struct Workload {
  static let sections = [
    "shop", "channel", "news", "account", "help", "media", "blog", "events",
    "store", "docs", "music", "video", "games", "books", "travel", "food",
  ]
  static let stems = [
    "product", "item", "clip", "story", "offer", "deal", "guide", "topic", "series", "artist",
  ]

  let table: RouteTable
  /// The pieces of each route's path, in table order.
  let pieces: [[Piece]]
  /// The links, about one in ten of which matches no route.
  let urls: [String]
  /// The index of the route each link reaches, or `nil` for a miss.
  let expected: [Int?]

  /// Routes cycle through five kinds: literal only, plain, typed `int`, typed `uuid`, catch-all.
  static func routes(count: Int) -> (definitions: [RouteDefinition], pieces: [[Piece]]) {
    var definitions: [RouteDefinition] = []
    var allPieces: [[Piece]] = []
    definitions.reserveCapacity(count)
    allPieces.reserveCapacity(count)
    for index in 0..<count {
      let section = sections[index % sections.count]
      let name = stems[(index / sections.count) % stems.count] + String(index)
      let head: [Piece] = [.literal(section), .literal(name)]
      let tail: [Piece]
      let pattern: String
      switch index % 5 {
      case 0:
        tail = [.literal("details")]
        pattern = "/\(section)/\(name)/details"
      case 1:
        tail = [.plain]
        pattern = "/\(section)/\(name)/{slug}"
      case 2:
        tail = [.int, .literal("reviews")]
        pattern = "/\(section)/\(name)/{id:int}/reviews"
      case 3:
        tail = [.uuid]
        pattern = "/\(section)/\(name)/{token:uuid}"
      default:
        tail = [.catchAll]
        pattern = "/\(section)/\(name)/{path+}"
      }
      definitions.append(RouteDefinition("r\(index)", pattern))
      allPieces.append(head + tail)
    }
    return (definitions, allPieces)
  }

  static func table(_ definitions: [RouteDefinition]) -> RouteTable {
    RouteTable(schemes: ["myapp"], hosts: ["example.com"], routes: definitions)
  }

  init(routeCount: Int, urlCount: Int, seed: UInt64) {
    let (definitions, pieces) = Self.routes(count: routeCount)
    self.table = Self.table(definitions)
    self.pieces = pieces
    var generator = SplitMix64(seed: seed ^ UInt64(routeCount))
    var urls: [String] = []
    var expected: [Int?] = []
    urls.reserveCapacity(urlCount)
    expected.reserveCapacity(urlCount)
    for _ in 0..<urlCount {
      let (url, route) = Self.link(pieces: pieces, using: &generator)
      urls.append(url)
      expected.append(route)
    }
    self.urls = urls
    self.expected = expected
  }

  static func word(_ length: Int, using generator: inout SplitMix64) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    var bytes: [UInt8] = []
    for _ in 0..<length { bytes.append(letters[Int(generator.next() % 26)]) }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func uuidText(using generator: inout SplitMix64) -> String {
    let hex = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    for position in 0..<36 {
      if position == 8 || position == 13 || position == 18 || position == 23 {
        bytes.append(UInt8(ascii: "-"))
      } else {
        bytes.append(hex[Int(generator.next() % 16)])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// One link: a hit on a random route (nine times in ten) or a miss, as a custom-scheme link or a
  /// Universal Link, sometimes with a query.
  static func link(pieces: [[Piece]], using generator: inout SplitMix64) -> (String, Int?) {
    let route = Int(generator.next() % UInt64(pieces.count))
    let miss = generator.next() % 10 == 0
    var segments: [String] = []
    for piece in pieces[route] {
      switch piece {
      case .literal(let text): segments.append(text)
      case .plain: segments.append(word(4 + Int(generator.next() % 8), using: &generator))
      case .int: segments.append(String(generator.next() % 1_000_000))
      case .uuid: segments.append(uuidText(using: &generator))
      case .catchAll:
        for _ in 0...Int(generator.next() % 3) {
          segments.append(word(3 + Int(generator.next() % 6), using: &generator))
        }
      }
    }
    if miss {
      if pieces[route].contains(.int) {
        segments[2] += "x"  // not an integer any more
      } else {
        segments[1] = "x" + segments[1]  // no such literal
      }
    }
    let path = segments.joined(separator: "/")
    var url = generator.next() % 2 == 0 ? "myapp://" + path : "https://example.com/" + path
    if generator.next() % 5 == 0 { url += "?utm_source=mail&utm_campaign=" + word(6, using: &generator) }
    return (url, miss ? nil : route)
  }
}
