import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// The links of Zulip's mobile app (github.com/zulip/zulip-flutter, commit
/// e989e4f67923e64906c25577525f4a38374bb9a9), ported to a route file: `Zulip.routes.json`.
///
/// Facts from `lib/model/internal_link.dart` (`parseInternalLink`): a link is the app's only on its
/// realm's origin. With the path `/` (or none) and no query, the fragment is split on `/`; its first
/// segment must be `narrow`, and the rest (a last empty segment dropped) are operator/operand pairs:
/// `stream` or `channel` (a channel: `42-general`, its id then its name, or an old link's name alone),
/// `topic` or `subject` (in Zulip's dot-encoding, `.20` for a space), `dm` or `pm-with` (user ids
/// joined by `,`, then `-` and a label the app ignores), `with` and `near` (message ids), `is`. The
/// app opens a channel, a topic of a channel (with `with` or `near`), a DM (with `near`), or
/// `is/mentioned` and `is/starred` (with `near`); a negated operator (`-is`), an unknown one, an
/// operator given twice, `with` outside a topic or any other combination opens nothing. A path
/// `/user_uploads/<realm id, digits>/<path, not empty>` is an uploaded file.
///
/// The routes state each narrow in the order Zulip writes it (`narrowLinkFragment`: channel, topic,
/// then `with` or `near`), the operator's two spellings as a value set. Operands are read as the link
/// writes them: which channel an operand names (an id first, then a name in the app's store) and the
/// dot-decoding of names and topics are the app's (`_parseStreamOperand`, `decodeHashComponent`).
///
/// The app also reads the terms in any order (`#narrow/topic/lunch/channel/42`); the table does not.
/// The route language cannot say what that needs: a pair catch-all (`{terms:pairs*}`) takes any
/// operator, so it would take the unknown and negated operators, the operator given twice and the
/// `with` outside a topic that the app refuses; nor can it say a term given twice with one operand
/// (`is/starred/is/starred`), a dot-encoded operand (a kind states characters, not escapes), or a list
/// of user ids (`1,2,3`, read as text).
///
/// Rows: `test/model/internal_link_test.dart`, every link, each run with both `#narrow/stream` and
/// `#narrow/channel` as its `getUrlSyntaxVariants` does, resolved against the test's realm
/// (`https://example.com/`, or `eg.realmUrl`, `https://chat.example/`) as `tryResolveUrl` does; the
/// links `narrowLink` writes are rows too, with `parseInternalLink`'s answer for them. Where the test
/// generates an id (`eg.selfUser`, `eg.stream`), the row takes 9 for the user and 17 for the channel.
@Suite("Router port: Zulip")
struct ZulipRouterPortTests {
  static let file = "Zulip"

  static let channelRoutes = ["channel", "channelNear"]
  static let topicRoutes = ["topic", "topicNear", "topicWith"]
  static let dmRoutes = ["dm", "dmNear"]

  static let routeNeeds: [String: Set<Piece>] = {
    var needs: [String: Set<Piece>] = ["upload": [.kinds]]
    for name in channelRoutes + topicRoutes + dmRoutes + ["is", "isNear"] {
      needs[name] = [.fragment, .valueSet]
    }
    return needs
  }()

  static let realm = "https://example.com"
  static let writerRealm = "https://chat.example"
  static let test = "test/model/internal_link_test.dart"

  // Deliberate differences, one line each.
  static let lookedUp =
    "no channel of the test's store has this id or name: the app looks the operand up and refuses it; the route reads the operand as text and leaves the lookup to the app"
  static let notDotEncoded =
    "'.' starts no escape here ('.AP', '.co'): the app refuses the operand as it decodes it; the route reads it as text (a kind states characters, not escapes)"
  static let termTwice =
    "a term given twice: the app reads is-operands as a set, a route states each term once"
  static let emptySegments =
    "the package reads empty path segments as none, in every link, so // is the root path; the app compares the path with / as written"

  /// The link as the app's test hands it to `parseInternalLink`: resolved against the realm.
  static func resolved(_ link: String, realm: String) -> String {
    if let colon = link.firstIndex(of: ":"), !link[..<colon].contains(where: { "/#".contains($0) }) {
      return link
    }
    return realm + (link.hasPrefix("/") ? "" : "/") + link
  }

  /// The link with `#narrow/stream` and with `#narrow/channel`, as the app's test runs it.
  static func variants(_ link: String) -> [String] {
    var links = [link]
    for (from, to) in [("#narrow/stream", "#narrow/channel"), ("#narrow/channel", "#narrow/stream")] {
      if let range = link.range(of: from) {
        let variant = link.replacingCharacters(in: range, with: to)
        if !links.contains(variant) { links.append(variant) }
      }
    }
    return links
  }

  /// The operator words a narrow route reads from the link, as the link spells them.
  static func operators(of url: String, route: String) -> [String: Expected] {
    guard let hash = url.firstIndex(of: "#") else { return [:] }
    let terms = url[url.index(after: hash)...].split(separator: "/").dropFirst().map(String.init)
    var values: [String: Expected] = [:]
    if channelRoutes.contains(route) || topicRoutes.contains(route) {
      values["channelOperator"] = .text(terms[0])
    }
    if topicRoutes.contains(route) { values["topicOperator"] = .text(terms[2]) }
    if dmRoutes.contains(route) { values["dmOperator"] = .text(terms[0]) }
    return values
  }

  /// The rows of one link of the app's test: each variant (the link alone for a link the app writes),
  /// resolved, with the route's operator words.
  static func rows(
    _ link: String, _ route: String?, _ values: [String: Expected] = [:], realm: String = realm,
    source: String, difference: String? = nil, written: Bool = false
  ) -> [PortRow] {
    (written ? [link] : variants(link)).map { variant in
      let url = resolved(variant, realm: realm)
      let operatorValues = route.map { operators(of: url, route: $0) } ?? [:]
      return PortRow(
        url: url, route: route, values: values.merging(operatorValues) { value, _ in value },
        needs: route.flatMap { routeNeeds[$0] } ?? [], source: "\(test): \(source)", difference: difference)
    }
  }

  static func channel(_ operand: String) -> [String: Expected] { ["channel": .text(operand)] }

  static func topic(_ channel: String, _ topic: String, near: Int? = nil, with: Int? = nil) -> [String:
    Expected]
  {
    var values: [String: Expected] = ["channel": .text(channel), "topic": .text(topic)]
    if let near { values["near"] = .int(near) }
    if let with { values["with"] = .int(with) }
    return values
  }

  static func dm(_ users: String, _ label: String, near: Int? = nil) -> [String: Expected] {
    var values: [String: Expected] = ["users": .text(users), "label": .text(label)]
    if let near { values["near"] = .int(near) }
    return values
  }

  /// `narrowLink`: the links the app writes, read back.
  static let writtenRows: [PortRow] = {
    let source = "narrowLink"
    var rows: [PortRow] = []
    func add(_ link: String, _ route: String?, _ values: [String: Expected] = [:], _ test: String) {
      rows += Self.rows(link, route, values, realm: writerRealm, source: "\(source) \(test)", written: true)
    }
    add("#narrow", nil, [:], "CombinedFeedNarrow (the app's parser opens no narrow without terms)")
    add("#narrow/near/1", nil, [:], "CombinedFeedNarrow (near alone narrows nothing)")
    for word in ["mentioned", "starred"] {
      let test = word == "mentioned" ? "MentionsNarrow" : "StarredMessagesNarrow"
      add("#narrow/is/\(word)", "is", ["is": .text(word)], test)
      add("#narrow/is/\(word)/near/1", "isNear", ["is": .text(word), "near": .int(1)], test)
    }
    let modern = "ChannelNarrow / TopicNarrow modern including \"channel\" operator"
    for operand in [
      "1-announce", "378-api-design", "391-Outreachy", "415-chat.2Ezulip.2Eorg", "419-fran.C3.A7ais",
      "403-Hshs.5B.E2.84.A2~.7D.28.2E", "404-a.27b.2Ac.21d",
    ] {
      add("#narrow/channel/\(operand)", "channel", channel(operand), modern)
    }
    add(
      "#narrow/channel/60-twitter/near/1570686", "channelNear",
      ["channel": .text("60-twitter"), "near": .int(1_570_686)], modern)
    add(
      "#narrow/channel/48-mobile/topic/Welcome.20screen.20UI", "topic",
      topic("48-mobile", "Welcome.20screen.20UI"), modern)
    add(
      "#narrow/channel/243-mobile-team/topic/Podfile.2Elock.20clash.20.23F92", "topic",
      topic("243-mobile-team", "Podfile.2Elock.20clash.20.23F92"), modern)
    add(
      "#narrow/channel/377-translation.2Fzh_tw/topic/.E7.BF.BB.E8.AD.AF.20.22stream.22", "topic",
      topic("377-translation.2Fzh_tw", ".E7.BF.BB.E8.AD.AF.20.22stream.22"), modern)
    add(
      "#narrow/channel/42-Outreachy-2016-2017/topic/2017-18.20Stream.3F/near/302690", "topicNear",
      topic("42-Outreachy-2016-2017", "2017-18.20Stream.3F", near: 302_690), modern)
    let legacy = "ChannelNarrow / TopicNarrow legacy including \"stream\" operator"
    add("#narrow/stream/1-announce", "channel", channel("1-announce"), legacy)
    add(
      "#narrow/stream/48-mobile-team/topic/Welcome.20screen.20UI", "topic",
      topic("48-mobile-team", "Welcome.20screen.20UI"), legacy)
    // Zulip web's encodeHashComponent fixture, through a topic operand.
    for encoded in [
      "-", "_", "~", ".20", ".21", ".22", ".23", ".24", ".25", ".26", ".27", ".28", ".29", ".2A", ".2B",
      ".2C", ".2E", ".2F", ".3A", ".3B", ".3C", ".3D", ".3E", ".3F", ".40", ".5B", ".5C", ".5D", ".5E",
      ".60", ".7B", ".7C", ".7D", "https.3A.2F.2Fzulip.2Eexample",
    ] {
      add(
        "#narrow/channel/1-general/topic/\(encoded)", "topic", topic("1-general", encoded),
        "encode each character like Zulip web")
    }
    for (modern, legacy) in [
      ("1-dm", "1-pm"), ("1,2-dm", "1,2-pm"), ("1,2,3-group", "1,2,3-group"),
      ("1,2,3,4-group", "1,2,3,4-group"),
    ] {
      for (word, operand) in [("dm", modern), ("pm-with", legacy)] {
        let parts = operand.split(separator: "-").map(String.init)
        add("#narrow/\(word)/\(operand)", "dm", dm(parts[0], parts[1]), "DmNarrow")
      }
    }
    add("#narrow/dm/1,2-dm/near/12345", "dmNear", dm("1,2", "dm", near: 12345), "DmNarrow")
    add("#narrow/pm-with/1,2-pm/near/12345", "dmNear", dm("1,2", "pm", near: 12345), "DmNarrow")
    let slash = "normalize links to always include a \"/\" after hostname"
    for link in [
      "http://chat.example.com/#narrow", "http://chat.example.com/path#narrow",
      "http://chat.example.com/path/#narrow",
    ] {
      add(link, nil, [:], slash)
    }
    return rows
  }()

  /// `parseInternalLink is-internal`: which links are the realm's.
  static let internalRows: [PortRow] = {
    let accepts = "parseInternalLink is-internal accepts"
    let rejects = "parseInternalLink is-internal rejects"
    let bharat = "https://example.भारत"
    return rows(
      "#narrow/stream/check", "channel", channel("check"), source: "\(accepts) legacy: stream name, no ID")
      + rows(
        "#narrow/stream/check/topic/topic1", "topic", topic("check", "topic1"),
        source: "\(accepts) legacy: stream name, no ID, topic")
      + rows(
        "#narrow/stream/123-check", "channel", channel("123-check"),
        source: "\(accepts) with numeric stream ID")
      + rows(
        "#narrow/stream/123-a/topic/topic1", "topic", topic("123-a", "topic1"),
        source: "\(accepts) with numeric stream ID and topic")
      + rows(
        "#narrow/dm/123-mark", "dm", dm("123", "mark"),
        source: "\(accepts) with numeric pm user IDs (new operator)")
      + rows(
        "#narrow/pm-with/123-mark", "dm", dm("123", "mark"),
        source: "\(accepts) with numeric pm user IDs (old operator)")
      + rows("#nope", nil, source: "\(rejects) wrong fragment")
      + rows("user_uploads/#narrow/stream/check", nil, source: "\(rejects) wrong path")
      + rows("https://another.com/#narrow/stream/check", nil, source: "\(rejects) wrong domain")
      + rows("#narrowly/stream/check", nil, source: "\(rejects) #narrowly")
      + rows(
        "https://example.com//#narrow/stream/check", "channel", channel("check"),
        source: "\(rejects) double slash",
        difference: emptySegments)
      + rows(
        "https://example.com///#narrow/stream/check", "channel", channel("check"),
        source: "\(rejects) triple slash",
        difference: emptySegments)
      + rows(
        "https://example.com:444/#narrow/stream/check", "channel", channel("check"),
        realm: "https://example.com:444", source: "\(accepts) with port")
      + rows(
        "https://example.xn--h2brj9c/#narrow/stream/check", "channel", channel("check"), realm: bharat,
        source: "\(accepts) same domain, punycoded host (commented out there: Dart's Uri has no Punycode)")
      + rows(
        "https://example.भारत/#narrow/stream/check", "channel", channel("check"), realm: bharat,
        source: "\(accepts) punycodable host")
      + rows(
        "https://ℯⅩªm🄿ₗℰ.ℭᴼⓂ/#narrow/stream/check", "channel", channel("check"),
        source: "\(accepts) same domain, IDNA-mappable (commented out there: Dart's Uri has no IDNA)")
      + rows(
        "http://192.168.0.1/#narrow/stream/check", "channel", channel("check"), realm: "http://192.168.0.1",
        source: "\(accepts) ipv4 address")
      + rows(
        "http://１𝟗𝟚。①⁶🯸．₀｡𝟭/#narrow/stream/check", "channel", channel("check"), realm: "http://192.168.0.1",
        source: "\(accepts) same IPv4 address, IDNA-mappable (commented out there: Dart's Uri has no IDNA)")
      + rows(
        "https://web.archive.org/web/*/https://example.com/#narrow/stream/check", nil,
        source: "\(rejects) wrong domain, realm-like path, narrow-like fragment")
      + rows(
        "ftp://web.archive.org/web/*/https://example.com/#narrow/stream/check", nil,
        source: "\(rejects) odd scheme, wrong domain, realm-like path, narrow-like fragment")
      + rows(
        "web/*/https://example.com/#narrow/stream/check", nil,
        source: "\(rejects) same domain, realm-like path, narrow-like fragment")
  }()

  /// `parseInternalLink`: the narrow each link opens.
  static let narrowRows: [PortRow] = {
    let group = "parseInternalLink"
    var rows: [PortRow] = []
    let channels = "\(group) \"/#narrow/stream/<...>\" returns expected ChannelNarrow"
    for (link, operand) in [
      ("/#narrow/stream/check", "check"), ("/#narrow/stream/stream/", "stream"),
      ("/#narrow/stream/topic/", "topic"),
    ] {
      rows += Self.rows(link, "channel", channel(operand), source: channels)
    }
    let topics = "\(group) \"/#narrow/stream/<...>/topic/<...>\" returns expected TopicNarrow"
    let topicCases: [(String, String?, [String: Expected])] = [
      ("/#narrow/stream/check/topic/test", "topic", topic("check", "test")),
      (
        "/#narrow/stream/mobile/subject/topic/near/378333", "topicNear",
        topic("mobile", "topic", near: 378_333)
      ),
      ("/#narrow/stream/mobile/subject/topic/with/1", "topicWith", topic("mobile", "topic", with: 1)),
      ("/#narrow/stream/mobile/topic/topic/", "topic", topic("mobile", "topic")),
      ("/#narrow/stream/stream/topic/topic/near/1", "topicNear", topic("stream", "topic", near: 1)),
      ("/#narrow/stream/stream/topic/topic/with/22", "topicWith", topic("stream", "topic", with: 22)),
      ("/#narrow/stream/stream/subject/topic/near/1", "topicNear", topic("stream", "topic", near: 1)),
      ("/#narrow/stream/stream/subject/topic/with/333", "topicWith", topic("stream", "topic", with: 333)),
      ("/#narrow/stream/stream/subject/topic", "topic", topic("stream", "topic")),
      ("/#narrow/stream/stream/subject/topic/with/asdf", nil, [:]),
    ]
    for (link, route, values) in topicCases { rows += Self.rows(link, route, values, source: topics) }
    let both = "\(group) Both `stream` and `channel` can be used interchangeably"
    for prefix in ["/#narrow/stream", "/#narrow/channel"] {
      rows += Self.rows("\(prefix)/check", "channel", channel("check"), source: both)
      rows += Self.rows("\(prefix)/check/topic/test", "topic", topic("check", "test"), source: both)
      rows += Self.rows(
        "\(prefix)/check/topic/test/near/378333", "topicNear", topic("check", "test", near: 378_333),
        source: both)
    }
    for (word, with) in [("dm", "4"), ("pm-with", "3")] {
      let dms = "\(group) \"/#narrow/\(word)/<...>\" returns expected DmNarrow"
      rows += Self.rows("/#narrow/\(word)/1,2-group", "dm", dm("1,2", "group"), source: dms)
      rows += Self.rows(
        "/#narrow/\(word)/1,2-group/near/1", "dmNear", dm("1,2", "group", near: 1), source: dms)
      rows += Self.rows("/#narrow/\(word)/1,2-group/with/2", nil, source: dms)
      rows += Self.rows("/#narrow/\(word)/a.40b.2Ecom.2Ec.2Ed.2Ecom/near/3", nil, source: dms)
      rows += Self.rows("/#narrow/\(word)/a.40b.2Ecom.2Ec.2Ed.2Ecom/with/\(with)", nil, source: dms)
    }
    // IsOperand's words, in the app's order; only mentioned and starred open a narrow.
    for word in [
      "dm", "private", "alerted", "mentioned", "starred", "followed", "resolved", "unread", "unknown",
    ] {
      let opens = word == "mentioned" || word == "starred"
      let source = "\(group) /#narrow/is/<...> returns corresponding narrow (\(word))"
      rows += Self.rows(
        "/#narrow/is/\(word)", opens ? "is" : nil, opens ? ["is": .text(word)] : [:], source: source)
      rows += Self.rows(
        "/#narrow/is/\(word)/is/\(word)", nil, source: source, difference: opens ? termTwice : nil)
      rows += Self.rows(
        "/#narrow/is/\(word)/near/1", opens ? "isNear" : nil,
        opens ? ["is": .text(word), "near": .int(1)] : [:],
        source: source)
      for link in [
        "/#narrow/is/\(word)/with/2", "/#narrow/channel/7-test-here/is/\(word)",
        "/#narrow/channel/check/topic/test/is/\(word)", "/#narrow/topic/test/is/\(word)",
        "/#narrow/dm/17327-Chris-Bobbe-(Test-Account)/is/\(word)", "/#narrow/-is/\(word)",
      ] {
        rows += Self.rows(link, nil, source: source)
      }
    }
    let shapes = "\(group) unexpected link shapes are rejected"
    rows += Self.rows("/#narrow/stream/name/topic/", nil, source: "\(shapes) (missing operand)")
    rows += Self.rows("/#narrow/stream/name/unknown/operand/", nil, source: "\(shapes) (unknown operator)")
    let decoding = "decodeHashComponent parses correctly in stream and topic operands"
    for operand in ["some_stream", "some.20stream", "some.2Estream"] {
      rows += Self.rows("/#narrow/stream/\(operand)", "channel", channel(operand), source: decoding)
    }
    for operand in ["some_topic", "some.20topic", "some.2Etopic"] {
      rows += Self.rows(
        "/#narrow/stream/some_stream/topic/\(operand)", "topic", topic("some_stream", operand),
        source: decoding)
    }
    return rows
  }()

  /// `parseInternalLink edge cases`, `with historic links` and `again`.
  static let historicRows: [PortRow] = {
    var rows: [PortRow] = []
    let edge = "parseInternalLink edge cases"
    for (operand, test) in [
      ("1-general", "basic"), ("123-topic", "if stream not found, use stream ID anyway"),
      ("1-nonsense", "on stream link with wrong name, ID wins"),
      ("1-", "on stream link with wrong name, ID wins"),
    ] {
      rows += Self.rows("#narrow/stream/\(operand)", "channel", channel(operand), source: "\(edge) \(test)")
    }
    for operand in ["-1", "1nonsense-general", "-general"] {
      rows += Self.rows(
        "#narrow/stream/\(operand)", "channel", channel(operand),
        source: "\(edge) on malformed stream link: reject",
        difference: lookedUp)
    }
    let historic = "parseInternalLink with historic links"
    for operand in ["test-team", "311", "311-", "311-help", "--help"] {
      rows += Self.rows(
        "#narrow/stream/\(operand)/", "channel", channel(operand),
        source: "\(historic) for stream with hyphens or even looking like new-style")
    }
    for operand in ["311", "311-", "311-help"] {
      rows += Self.rows(
        "#narrow/stream/\(operand)/", "channel", channel(operand),
        source: "\(historic) on ambiguous new- or old-style: new wins")
    }
    for operand in ["check", "bot.20testing", "check.2EAPI", "stream", "topic"] {
      rows += Self.rows(
        "#narrow/stream/\(operand)/", "channel", channel(operand), source: "\(historic) on old stream link")
    }
    rows += Self.rows(
      "#narrow/stream/check.API/", "channel", channel("check.API"), source: "\(historic) on old stream link",
      difference: notDotEncoded)
    let again = "parseInternalLink again topic link parsing"
    for operand in ["(no.20topic)", "lunch"] {
      rows += Self.rows(
        "#narrow/stream/17-general/topic/\(operand)", "topic", topic("17-general", operand),
        source: "\(again) basic")
    }
    let old = "\(again) on old topic link, with dot-encoding"
    for operand in ["(no.20topic)", "google.2Ecom", "topic.20name", "stream", "topic"] {
      rows += Self.rows(
        "#narrow/stream/general/topic/\(operand)", "topic", topic("general", operand), source: old)
    }
    rows += Self.rows(
      "#narrow/stream/general/topic/google.com", "topic", topic("general", "google.com"), source: old,
      difference: notDotEncoded)
    let dms = "parseInternalLink again DM link parsing"
    for word in ["dm", "pm-with"] {
      rows += Self.rows(
        "#narrow/\(word)/1,2-group", "dm", dm("1,2", "group"), source: "\(dms) on group PM link")
      rows += Self.rows(
        "#narrow/\(word)/1,2,9-group", "dm", dm("1,2,9", "group"),
        source: "\(dms) on group PM link including self")
    }
    return rows
  }()

  /// `parseInternalLink uploads`, on `eg.store()`'s realm.
  static let uploadRows: [PortRow] = {
    let source = "parseInternalLink uploads"
    var rows = [
      PortRow(
        url: "\(writerRealm)/user_uploads/123/abc.pdf", route: "upload",
        values: ["realmId": .text("123"), "path": .segments(["abc.pdf"])], needs: [.kinds],
        source: "\(test): \(source) -> parse"),
      PortRow(
        url: "\(writerRealm)/user_uploads/123/4/ab/5/cde", route: "upload",
        values: ["realmId": .text("123"), "path": .segments(["4", "ab", "5", "cde"])], needs: [.kinds],
        source: "\(test): \(source) -> parse"),
    ]
    for path in [
      "/user_uploads/123/", "/user_uploads/123", "/user_uploads/", "/user_uploads", "/user_uploads//abc.pdf",
      "/user_uploads/-123/abc.pdf", "/user_upload/123/abc.pdf",
    ] {
      rows.append(PortRow(url: writerRealm + path, route: nil, source: "\(test): \(source) -> reject"))
    }
    return rows
  }()

  static let rows = writtenRows + internalRows + narrowRows + historicRows + uploadRows

  @Test(arguments: rows)
  func row(_ row: PortRow) throws {
    let router = try Router(RouterPort.table(Self.file, routeNeeds: Self.routeNeeds))
    RouterPort.checkOrWait(row, with: router)
  }

  @Test func theRouteFileIsConsistent() throws {
    try RouterPort.checkConsistency(Self.file, rows: Self.rows, routeNeeds: Self.routeNeeds)
    RouterPort.checkMergedPiecesArePresent()
  }

  /// The rows are the app's test links, each once per spelling: a row lost or added shows here.
  @Test func everyLinkOfTheAppsTestIsARow() {
    #expect(Self.rows.count == 339)
    #expect(Self.rows.filter { $0.difference != nil }.count == 16)
  }

  /// The package builds the links `narrowLink` writes, byte for byte.
  @Test func linksBuildAsTheAppWritesThem() throws {
    let router = try Router(RouteTable(json: RouterPort.fileData(Self.file)))
    let form = LinkForm.host("chat.example")
    #expect(
      try router.urlString(
        for: "topic",
        [
          "channelOperator": .string("channel"), "channel": .string("243-mobile-team"),
          "topicOperator": .string("topic"), "topic": .string("Podfile.2Elock.20clash.20.23F92"),
        ], form: form)
        == "https://chat.example/#narrow/channel/243-mobile-team/topic/Podfile.2Elock.20clash.20.23F92")
    #expect(
      try router.urlString(
        for: "dmNear",
        ["dmOperator": .string("dm"), "users": .string("1,2"), "label": .string("dm"), "near": .int(12345)],
        form: form) == "https://chat.example/#narrow/dm/1,2-dm/near/12345")
    #expect(
      try router.urlString(for: "isNear", ["is": .string("starred"), "near": .int(1)], form: form)
        == "https://chat.example/#narrow/is/starred/near/1")
    // An is-operand the app opens no narrow for is no word of the set.
    #expect(throws: URLBuildError.self) {
      try router.urlString(for: "is", ["is": .string("unread")], form: form)
    }
  }
}
