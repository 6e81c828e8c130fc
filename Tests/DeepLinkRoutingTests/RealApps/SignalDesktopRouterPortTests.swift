import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// The links of Signal Desktop (github.com/signalapp/Signal-Desktop), ported to a route file:
/// `SignalDesktop.routes.json` holds the links its `sgnl://` and `signal.*` handling routes.
///
/// Facts from its sources: `ts/util/sgnlHref.ts` (commit 00f82a6d399fa6fafb8242b9af807208f9cc5ab9)
/// reads a `sgnl://` link as a command (the authority) with the query's items as arguments (the first
/// value of a repeated name) and the fragment as a hash; a `signalcaptcha://` link as its captcha (the
/// authority); an `https` link on `signal.group`, `signal.art` or `signal.me` without user information or
/// port as a Signal link, whose data is in the fragment: a group's (`signal.group/#<data>`), a sticker
/// pack's (`signal.art/addstickers/#pack_id=<id>&pack_key=<key>`), a phone number's
/// (`signal.me/#p/<E.164>`) or a username's (`signal.me/#u/<percent-encoded username>`, which
/// `generateUsernameLink` writes); `http` on those hosts is rewritten to `https`. The rows come from
/// `ts/test-node/util/sgnlHref_test.ts` (commit 5619eeca83a1ebdafdc13ce3b541ddf8c96fd28b), each hash
/// of the E.164 tests written into the `signal.me` link it is read from.
@Suite("Router port: Signal Desktop")
struct SignalDesktopRouterPortTests {
  static let file = "SignalDesktop"

  static let routeNeeds: [String: Set<Piece>] = [
    "groupLink": [.fragment, .hostScope], "stickerPack": [.fragment, .hostScope],
    "phoneNumber": [.fragment, .hostScope, .kinds], "username": [.fragment, .hostScope],
    "command": [.hostScope, .queryDictionary], "captcha": [.hostScope],
  ]

  static let test = "ts/test-node/util/sgnlHref_test.ts"
  static let web: Set<Piece> = [.fragment, .hostScope]
  static let phone: Set<Piece> = [.fragment, .hostScope, .kinds]
  static let command: Set<Piece> = [.hostScope, .queryDictionary]
  static let userInfo = "a link with user information is refused, as every such link is: the app drops it"

  static let rows: [PortRow] = [
    // parseSgnlHref
    PortRow(url: "", route: nil, source: "\(test): parseSgnlHref returns a null command for invalid URLs"),
    PortRow(
      url: "sgnl", route: nil, source: "\(test): parseSgnlHref returns a null command for invalid URLs"),
    PortRow(
      url: "https://example/?foo=bar", route: nil,
      source: "\(test): parseSgnlHref returns a null command for invalid URLs"),
    PortRow(
      url: "sgnl://foo", route: "command",
      values: ["command": .text("foo"), "args": .dictionary([:]), "path": .segments([])],
      needs: command, source: "\(test): parses the command for URLs with no arguments"),
    PortRow(
      url: "sgnl://foo/", route: "command",
      values: ["command": .text("foo"), "args": .dictionary([:]), "path": .segments([])],
      needs: command, source: "\(test): parses the command for URLs with no arguments"),
    PortRow(
      url: "sgnl://foo?", route: "command",
      values: ["command": .text("foo"), "args": .dictionary([:]), "path": .segments([])],
      needs: command, source: "\(test): parses the command for URLs with no arguments"),
    PortRow(
      url: "SGNL://foo?", route: "command",
      values: ["command": .text("foo"), "args": .dictionary([:]), "path": .segments([])],
      needs: command, source: "\(test): parses the command for URLs with no arguments"),
    PortRow(
      url: "sgnl://user:pass@foo", route: nil, needs: command,
      source: "\(test): parses the command for URLs with no arguments", difference: userInfo),
    PortRow(
      url: "sgnl://foo/path/data", route: "command",
      values: ["command": .text("foo"), "args": .dictionary([:]), "path": .segments(["path", "data"])],
      needs: command,
      source: "\(test): parses the command for URLs with no arguments",
      difference: "the rest of the path is a value of its own (the app ignores it)"),
    PortRow(
      url: "sgnl://Foo?bar=baz&qux=Quux&num=123&empty=&encoded=hello%20world", route: "command",
      values: [
        "command": .text("Foo"), "path": .segments([]),
        "args": .dictionary([
          "bar": "baz", "qux": "Quux", "num": "123", "empty": "", "encoded": "hello world",
        ]),
      ], needs: command, source: "\(test): parses a command's arguments"),
    PortRow(
      url: "sgnl://foo:1234", route: nil, needs: command,
      source: "\(test): treats the port as part of the command",
      difference: "a custom-scheme authority with a port is refused unless a route starts with an address"),
    PortRow(
      url: "sgnl://x?foo=bar&foo=totally-ignored", route: "command",
      values: ["command": .text("x"), "path": .segments([]), "args": .dictionary(["foo": "bar"])],
      needs: command, source: "\(test): ignores duplicate query parameters"),
    PortRow(
      url: "sgnl://foo?bar=baz#somehash", route: "command",
      values: ["command": .text("foo"), "path": .segments([]), "args": .dictionary(["bar": "baz"])],
      needs: command, source: "\(test): includes hash (the fragment stays on the match)"),
    PortRow(
      url: "sgnl://user:pass@foo?bar=baz#somehash", route: nil, needs: command,
      source: "\(test): includes hash", difference: userInfo),
    PortRow(
      url: "sgnl://foo/?bar=baz", route: "command",
      values: ["command": .text("foo"), "path": .segments([]), "args": .dictionary(["bar": "baz"])],
      needs: command, source: "\(test): ignores other parts of the URL"),
    PortRow(
      url: "sgnl://foo/lots/of/path?bar=baz", route: "command",
      values: [
        "command": .text("foo"), "path": .segments(["lots", "of", "path"]),
        "args": .dictionary(["bar": "baz"]),
      ], needs: command, source: "\(test): ignores other parts of the URL",
      difference: "the rest of the path is a value of its own (the app ignores it)"),
    PortRow(
      url: "sgnl://x?foo[]=bar&foo[]=baz", route: "command",
      values: ["command": .text("x"), "path": .segments([]), "args": .dictionary(["foo[]": "bar"])],
      needs: command, source: "\(test): doesn't do anything fancy with arrays or objects in the query string"),
    PortRow(
      url: "sgnl://x?foo[bar][baz]=foobarbaz", route: "command",
      values: [
        "command": .text("x"), "path": .segments([]), "args": .dictionary(["foo[bar][baz]": "foobarbaz"]),
      ],
      needs: command, source: "\(test): doesn't do anything fancy with arrays or objects in the query string"),
    // parseCaptchaHref
    PortRow(
      url: "signalcaptcha://foo", route: "captcha", values: ["captcha": .text("foo"), "path": .segments([])],
      needs: [.hostScope], source: "\(test): parseCaptchaHref parses the command for URLs with no arguments"),
    PortRow(
      url: "signalcaptcha://foo?x=y", route: "captcha",
      values: ["captcha": .text("foo"), "path": .segments([])],
      needs: [.hostScope], source: "\(test): parseCaptchaHref parses the command for URLs with no arguments"),
    PortRow(
      url: "signalcaptcha://a:b@foo?x=y", route: nil, needs: [.hostScope],
      source: "\(test): parseCaptchaHref parses the command for URLs with no arguments", difference: userInfo),
    PortRow(
      url: "signalcaptcha://foo#hash", route: "captcha",
      values: ["captcha": .text("foo"), "path": .segments([])],
      needs: [.hostScope], source: "\(test): parseCaptchaHref parses the command for URLs with no arguments"),
    PortRow(
      url: "signalcaptcha://foo/", route: "captcha",
      values: ["captcha": .text("foo"), "path": .segments([])],
      needs: [.hostScope], source: "\(test): parseCaptchaHref parses the command for URLs with no arguments"),
    // parseE164FromSignalDotMeHash, each hash in its signal.me link
    PortRow(
      url: "https://signal.me/#", route: nil, needs: phone,
      source: "\(test): parseE164FromSignalDotMeHash returns undefined for invalid inputs ('')"),
    PortRow(
      url: "https://signal.me/# p/+18885551234", route: nil, needs: phone,
      source: "\(test): parseE164FromSignalDotMeHash returns undefined for invalid inputs",
      difference: "a raw space is refused in any link (invalid-character), before the hash is read"),
    PortRow(
      url: "https://signal.me/#p/+18885551234 ", route: nil, needs: phone,
      source: "\(test): parseE164FromSignalDotMeHash returns undefined for invalid inputs",
      difference: "a raw space is refused in any link (invalid-character), before the hash is read"),
    PortRow(
      url: "https://signal.me/#x/+18885551234", route: nil, needs: phone,
      source: "\(test): parseE164FromSignalDotMeHash returns undefined for invalid inputs"),
    PortRow(
      url: "https://signal.me/#p/+notanumber", route: nil, needs: phone,
      source: "\(test): parseE164FromSignalDotMeHash returns undefined for invalid inputs"),
    PortRow(
      url: "https://signal.me/#p/7c7e87a0-3b74-4efd-9a00-6eb8b1dd5be8", route: nil, needs: phone,
      source: "\(test): parseE164FromSignalDotMeHash returns undefined for invalid inputs"),
    PortRow(
      url: "https://signal.me/#p/+08885551234", route: "phoneNumber", values: ["e164": .text("+08885551234")],
      needs: phone, source: "\(test): parseE164FromSignalDotMeHash returns undefined for invalid inputs",
      difference:
        "a kind says which characters and how many, not that the first digit is not 0 (libphonenumber's rule)"
    ),
    PortRow(
      url: "https://signal.me/#p/18885551234", route: nil, needs: phone,
      source: "\(test): parseE164FromSignalDotMeHash returns undefined for invalid inputs"),
    PortRow(
      url: "https://signal.me/#p/+18885551234", route: "phoneNumber", values: ["e164": .text("+18885551234")],
      needs: phone, source: "\(test): parseE164FromSignalDotMeHash returns the E164 for valid inputs"),
    PortRow(
      url: "https://signal.me/#p/+441632960104", route: "phoneNumber",
      values: ["e164": .text("+441632960104")],
      needs: phone, source: "\(test): parseE164FromSignalDotMeHash returns the E164 for valid inputs"),
    // parseSignalHttpsLink
    PortRow(
      url: "https", route: nil,
      source: "\(test): parseSignalHttpsLink returns a null command for invalid URLs"),
    PortRow(
      url: "https://signal.art/addstickers/#pack_id=baz&pack_key=Quux&num=123&empty=&encoded=hello%20world",
      route: "stickerPack",
      values: ["packData": .text("pack_id=baz&pack_key=Quux&num=123&empty=&encoded=hello world")], needs: web,
      source: "\(test): handles signal.art links",
      difference: "the fragment is one value, decoded as a segment: the app reads it as query items"),
    PortRow(
      url: "https://signal.group/#data", route: "groupLink", values: ["groupData": .text("data")], needs: web,
      source: "\(test): handles signal.group links"),
    PortRow(
      url: "https://signal.me/#p/+18885551234", route: "phoneNumber", values: ["e164": .text("+18885551234")],
      needs: phone, source: "\(test): handles signal.me links"),
    // isSignalHttpsLink
    PortRow(
      url: "https://user:password@signal.group", route: nil, needs: web,
      source: "\(test): isSignalHttpsLink returns false if username or password are set"),
    PortRow(
      url: "https://signal.group:1234", route: nil, needs: web,
      source: "\(test): isSignalHttpsLink returns false if port is set"),
    PortRow(
      url: "sgnl://example.com", route: "command",
      values: ["command": .text("example.com"), "args": .dictionary([:]), "path": .segments([])],
      needs: command, source: "\(test): isSignalHttpsLink accepts URL objects (not https: a sgnl command)"),
    PortRow(
      url: "https://signal.art", route: nil, needs: web,
      source: "\(test): isSignalHttpsLink accepts URL objects",
      difference: "the app takes any link on the host for a Signal link and then finds no data in it"),
  ]

  @Test(arguments: rows)
  func row(_ row: PortRow) throws {
    let router = try Router(RouterPort.table(Self.file, routeNeeds: Self.routeNeeds))
    RouterPort.checkOrWait(row, with: router)
  }

  @Test func theRouteFileIsConsistent() throws {
    try RouterPort.checkConsistency(Self.file, rows: Self.rows, routeNeeds: Self.routeNeeds)
  }

  /// `generateUsernameLink` in `ts/util/sgnlHref.ts` writes `https://signal.me/#u/` and the username
  /// encoded as a URI component; building the route writes the same link, and reads it back.
  @Test(arguments: [
    ("signal.03", "https://signal.me/#u/signal.03"), ("signal/03", "https://signal.me/#u/signal%2F03"),
  ])
  func usernameLinksAreBuiltAsTheAppWritesThem(_ username: String, _ link: String) throws {
    let router = try Router(RouteTable(json: RouterPort.fileData(Self.file)))
    #expect(
      try router.urlString(for: "username", ["username": .string(username)], form: .host("signal.me")) == link
    )
    #expect(try router.match(link)?.parameters.string("username") == username)
  }
}
