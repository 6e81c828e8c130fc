import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// The deep links of Mattermost's mobile app (github.com/mattermost/mattermost-mobile, commit
/// 06ed862d222012d7c9d0d9fc6111399ad60cf7fa), ported to a route file: `MattermostMobile.routes.json`.
///
/// Facts from its sources: `app/utils/deep_link/index.ts` reads a link without its scheme as a server's
/// address (host, port and the path a server is installed under, `*serverUrl`) followed by
/// `/:teamName/channels/:identifier` (a channel), `/:teamName/messages/@:user` (a direct message),
/// `/:teamName/messages/:identifier` (a group message), `/:teamName/pl/:postId` (a permalink),
/// `/playbooks/playbooks/:id`, `/playbooks/runs/:id` and `/playbooks/runs/:id/retrospective`, and
/// `/login/one_time_link?t=<token>` (a magic link); a team name is `[a-z0-9\-_]+`, an identifier
/// `[@a-zA-Z\-_0-9][@a-zA-Z\-_0-9.:]*`, an id 26 of `[a-z0-9]`, a token 64 (`app/utils/url/path.ts`).
/// On a cold start it reads a server's address alone, dropping a last `login`, `signup` or
/// `admin_console` (`extractServerUrl`). Any web host may be a Mattermost server, so the web routes
/// answer any host (the server is the link's host: ``RouteMatch/origin``); a `mattermost://` link
/// carries the server's address, port included, as its authority: `{server:address}`.
///
/// Rows: `app/utils/url/test.ts` (`matchDeepLink`, whose server is `http://localhost:8065`, its deep
/// links `mattermost://localhost:8065/...`) and `app/utils/deep_link/index.test.ts` (`extractServerUrl`,
/// each input written as the `mattermost://` link it is read from; `parseAndHandleDeepLink`;
/// `getLaunchPropsFromDeepLink`).
@Suite("Router port: Mattermost mobile")
struct MattermostMobileRouterPortTests {
  static let file = "MattermostMobile"

  static let routeNeeds: [String: Set<Piece>] = {
    var needs: [String: Set<Piece>] = [:]
    for name in [
      "channel", "directMessage", "groupMessage", "permalink", "playbook", "playbookRun",
      "playbookRetrospective", "magicLink", "server",
    ] {
      needs[name] = [.hostScope, .kinds]
    }
    for name in ["appChannel", "appDirectMessage", "appGroupMessage", "appPermalink"] {
      needs[name] = [.hostScope, .kinds]
    }
    needs["server"] = [.hostScope, .valueSet]
    needs["appServer"] = [.hostScope, .valueSet]
    needs["appServerRoot"] = [.hostScope]
    return needs
  }()

  static let urlTest = "app/utils/url/test.ts: matchDeepLink"
  static let deepLinkTest = "app/utils/deep_link/index.test.ts"
  static let needs: Set<Piece> = [.hostScope, .kinds]
  static let serverNeeds: Set<Piece> = [.hostScope, .valueSet]
  static let site = "http://localhost:8065"
  static let app = "mattermost://localhost:8065"
  static let hostIsOrigin =
    "the server is the link's origin (RouteMatch.origin), and a path it is installed under the value subpath"

  static let rows: [PortRow] = [
    PortRow(url: "", route: nil, source: "\(urlTest): should return null if all inputs are empty"),
    PortRow(
      url: "https://otherserver.com", route: nil, needs: needs,
      source: "\(urlTest): should return null for not supported link"),
    PortRow(
      url: "http://myserver.com", route: nil, needs: needs,
      source: "\(urlTest): should return null despite url subset match"),
    PortRow(
      url: "/ad-1/pl/qe93kkfd7783iqwuwfcwcxbsgy", route: nil, needs: needs,
      source: "\(urlTest): should match despite no server URL in input link",
      difference:
        "a link without a scheme is relative and refused: the app puts its own server's URL first (the row below)"
    ),
    PortRow(
      url: "\(site)/ad-1/pl/qe93kkfd7783iqwuwfcwcxbsgy", route: "permalink",
      values: [
        "subpath": .segments([]), "team": .text("ad-1"), "postId": .text("qe93kkfd7783iqwuwfcwcxbsgy"),
      ],
      needs: needs, source: "\(urlTest): should match despite no server URL in input link (with it)",
      difference: hostIsOrigin),
    PortRow(
      url: "\(app)/ad-1/channels/../town-square", route: nil, needs: needs,
      source: "\(urlTest): should return null for invalid deeplink"),
    PortRow(
      url: "\(app)/ad-1/channels/\\..town-square", route: nil, needs: needs,
      source: "\(urlTest): should return null for backslash-invalid deeplink"),
    PortRow(
      url: "\(app)/ad-1/channels/t..\\town-square", route: nil, needs: needs,
      source: "\(urlTest): should return null for backslash-invalid-alt deeplink"),
    PortRow(
      url: "\(app)/ad-1/channels/%252f%252e.town-square", route: nil, needs: needs,
      source: "\(urlTest): should return null for double encoded invalid deeplink"),
    PortRow(
      url: "\(app)/ad-1/channels/%255C%252e.town-square", route: nil, needs: needs,
      source: "\(urlTest): should return null for double encoded backslash-invalid deeplink"),
    PortRow(
      url: "\(site)/ad-1/channels/town-square", route: "channel",
      values: ["subpath": .segments([]), "team": .text("ad-1"), "channel": .text("town-square")],
      needs: needs,
      source: "\(urlTest): should match channel link", difference: hostIsOrigin),
    PortRow(
      url: "\(site)/ad-1/pl/qe93kkfd7783iqwuwfcwcxbsgy", route: "permalink",
      values: [
        "subpath": .segments([]), "team": .text("ad-1"), "postId": .text("qe93kkfd7783iqwuwfcwcxbsgy"),
      ],
      needs: needs, source: "\(urlTest): should match permalink", difference: hostIsOrigin),
    PortRow(
      url: "\(app)/ad-1/channels/town-square", route: "appChannel",
      values: [
        "server": .text("localhost:8065"), "subpath": .segments([]), "team": .text("ad-1"),
        "channel": .text("town-square"),
      ], needs: needs, source: "\(urlTest): should match channel link with deeplink prefix"),
    PortRow(
      url: "\(app)/ad-1/channels/messages", route: "appChannel",
      values: [
        "server": .text("localhost:8065"), "subpath": .segments([]), "team": .text("ad-1"),
        "channel": .text("messages"),
      ], needs: needs,
      source: "\(urlTest): should match channel link (channel name: messages) with deeplink prefix"),
    PortRow(
      url: "\(app)/pl/messages/@jane.doe", route: "appDirectMessage",
      values: [
        "server": .text("localhost:8065"), "subpath": .segments([]), "team": .text("pl"),
        "user": .text("jane.doe"),
      ], needs: needs,
      source:
        "\(urlTest): should match DM channel link with deeplink prefix (the test's user name is generated; jane.doe here)"
    ),
    PortRow(
      url: "\(app)/pl/messages/4862db64e76a321d167fe6677f16e96e9275dabe", route: "appGroupMessage",
      values: [
        "server": .text("localhost:8065"), "subpath": .segments([]), "team": .text("pl"),
        "channel": .text("4862db64e76a321d167fe6677f16e96e9275dabe"),
      ], needs: needs, source: "\(urlTest): should match GM channel link with deeplink prefix"),
    PortRow(
      url: "\(app)/pl/channels/messages", route: "appChannel",
      values: [
        "server": .text("localhost:8065"), "subpath": .segments([]), "team": .text("pl"),
        "channel": .text("messages"),
      ], needs: needs,
      source:
        "\(urlTest): should match channel link (team name: pl, channel name: messages) with deeplink prefix"),
    PortRow(
      url: "\(app)/subpath/deepsubpath/ad-1/pl/qe93kkfd7783iqwuwfcwcxbsrr", route: "appPermalink",
      values: [
        "server": .text("localhost:8065"), "subpath": .segments(["subpath", "deepsubpath"]),
        "team": .text("ad-1"), "postId": .text("qe93kkfd7783iqwuwfcwcxbsrr"),
      ], needs: needs,
      source: "\(urlTest): should match permalink with deeplink prefix on a Server hosted in a Subpath",
      difference:
        "the server's address and the path it is installed under are two values (the app joins them)"),
    PortRow(
      url: "\(app)/subpath/deepsubpath/pl/pl/qe93kkfd7783iqwuwfcwcxbsrr", route: "appPermalink",
      values: [
        "server": .text("localhost:8065"), "subpath": .segments(["subpath", "deepsubpath"]),
        "team": .text("pl"), "postId": .text("qe93kkfd7783iqwuwfcwcxbsrr"),
      ], needs: needs,
      source:
        "\(urlTest): should match permalink (team name: pl) with deeplink prefix on a Server hosted in a Subpath",
      difference:
        "the server's address and the path it is installed under are two values (the app joins them)"),
    PortRow(
      url: "http://localhost:8065/subpath/deepsubpath/ad-1/pl/qe93kkfd7783iqwuwfcwcxbsrr", route: "permalink",
      values: [
        "subpath": .segments(["subpath", "deepsubpath"]), "team": .text("ad-1"),
        "postId": .text("qe93kkfd7783iqwuwfcwcxbsrr"),
      ], needs: needs, source: "\(urlTest): should match permalink on a Server hosted in a Subpath",
      difference: hostIsOrigin),
    PortRow(
      url: "https://github.com/mattermost/mattermost-mobile/issues/new", route: nil, needs: needs,
      source: "\(urlTest): should not match url"),
    PortRow(
      url: "\(app)/subpath/deepsubpath/plugins/abc/api/testroute", route: nil, needs: needs,
      source: "\(urlTest): should not match plugin path"),
    // extractServerUrl: each input as the mattermost:// link it is read from on a cold start.
    PortRow(
      url: "mattermost://example.com:8080//path/to///login", route: "appServer",
      values: [
        "server": .text("example.com:8080"), "subpath": .segments(["path", "to"]), "page": .text("login"),
      ],
      needs: serverNeeds, source: "\(deepLinkTest): extractServerUrl should extract the sanitized server url",
      difference: "the page the app drops is a value; address and path are two values (the app joins them)"),
    PortRow(
      url: "mattermost://localhost:3000/signup", route: "appServer",
      values: ["server": .text("localhost:3000"), "subpath": .segments([]), "page": .text("signup")],
      needs: serverNeeds, source: "\(deepLinkTest): extractServerUrl should extract the sanitized server url",
      difference: "the page the app drops is a value"),
    PortRow(
      url: "mattermost://192.168.0.1/admin_console", route: "appServer",
      values: ["server": .text("192.168.0.1"), "subpath": .segments([]), "page": .text("admin_console")],
      needs: serverNeeds, source: "\(deepLinkTest): extractServerUrl should extract the sanitized server url",
      difference: "the page the app drops is a value"),
    PortRow(
      url: "mattermost://example.com/path//to/resource", route: nil, needs: serverNeeds,
      source: "\(deepLinkTest): extractServerUrl should extract the sanitized server url",
      difference:
        "a server at any path is read only before login, signup or admin_console: a route taking every path would take the links the app refuses (../town-square)"
    ),
    PortRow(
      url: "mattermost://my.local.network/.../resource/admin_console", route: "appServer",
      values: [
        "server": .text("my.local.network"), "subpath": .segments(["...", "resource"]),
        "page": .text("admin_console"),
      ], needs: serverNeeds,
      source: "\(deepLinkTest): extractServerUrl should extract the sanitized server url",
      difference:
        "a segment of dots is text, kept: the app deletes runs of dots ('my.local.network/resource')"),
    PortRow(
      url: "mattermost://my.local.network//ad-1/channels/%252f%252e.town-square", route: nil, needs: needs,
      source: "\(deepLinkTest): extractServerUrl should extract the sanitized server url (null)"),
    PortRow(
      url: "mattermost://example.com:8080", route: "appServerRoot",
      values: ["server": .text("example.com:8080")],
      needs: [.hostScope], source: "\(deepLinkTest): extractServerUrl should extract the sanitized server url"
    ),
    PortRow(
      url: "mattermost://example.com:8080/", route: "appServerRoot",
      values: ["server": .text("example.com:8080")],
      needs: [.hostScope], source: "\(deepLinkTest): extractServerUrl should extract the sanitized server url"
    ),
    // parseAndHandleDeepLink, getLaunchPropsFromDeepLink
    PortRow(
      url: "invalid-url", route: nil, source: "\(deepLinkTest): should return error for invalid deep link"),
    PortRow(
      url: "https://newserver.com/team/channels/town-square", route: "channel",
      values: ["subpath": .segments([]), "team": .text("team"), "channel": .text("town-square")],
      needs: needs,
      source: "\(deepLinkTest): should add new server if not existing", difference: hostIsOrigin),
    PortRow(
      url: "https://existingserver.com/team/messages/@user-id", route: "directMessage",
      values: ["subpath": .segments([]), "team": .text("team"), "user": .text("user-id")], needs: needs,
      source: "\(deepLinkTest): should create direct message for DirectMessage deep link",
      difference: hostIsOrigin),
    PortRow(
      url: "https://existingserver.com/team/messages/7b35c77a645e1906e03a2c330f89203385db102f",
      route: "groupMessage",
      values: [
        "subpath": .segments([]), "team": .text("team"),
        "channel": .text("7b35c77a645e1906e03a2c330f89203385db102f"),
      ], needs: needs,
      source: "\(deepLinkTest): should switch to group message channel for GroupMessage deep link",
      difference: hostIsOrigin),
    PortRow(
      url: "https://existingserver.com/team/pl/7b35c77a645e1906e03a2c330f", route: "permalink",
      values: [
        "subpath": .segments([]), "team": .text("team"), "postId": .text("7b35c77a645e1906e03a2c330f"),
      ],
      needs: needs, source: "\(deepLinkTest): should show permalink for Permalink deep link",
      difference: hostIsOrigin),
    PortRow(
      url: "https://existingserver.com/playbooks/playbooks/7b35c77a645e1906e03a2c330f", route: "playbook",
      values: ["subpath": .segments([]), "playbookId": .text("7b35c77a645e1906e03a2c330f")], needs: needs,
      source: "\(deepLinkTest): should alert when Playbooks deep link is used", difference: hostIsOrigin),
    PortRow(
      url: "https://existingserver.com/playbooks/runs/7b35c77a645e1906e03a2c330f/retrospective",
      route: "playbookRetrospective",
      values: ["subpath": .segments([]), "runId": .text("7b35c77a645e1906e03a2c330f")], needs: needs,
      source: "\(deepLinkTest): should alert when PlaybookRunsRetrospective deep link is used",
      difference: hostIsOrigin),
    PortRow(
      url: "https://existingserver.com/playbooks/runs/7b35c77a645e1906e03a2c330f", route: "playbookRun",
      values: ["subpath": .segments([]), "runId": .text("7b35c77a645e1906e03a2c330f")], needs: needs,
      source: "\(deepLinkTest): should go to playbook run if enabled and playbook exists",
      difference: hostIsOrigin),
    PortRow(
      url: "https://existingserver.com/login", route: "server",
      values: ["subpath": .segments([]), "page": .text("login")], needs: serverNeeds,
      source:
        "\(deepLinkTest): should return launch props with extra data to add a new server when opened from cold start",
      difference:
        "read on every start (the app reads a server alone only on a cold start); the page is a value"),
  ]

  @Test(arguments: rows)
  func row(_ row: PortRow) throws {
    let router = try Router(RouterPort.table(Self.file, routeNeeds: Self.routeNeeds))
    RouterPort.checkOrWait(row, with: router)
  }

  @Test func theRouteFileIsConsistent() throws {
    try RouterPort.checkConsistency(Self.file, rows: Self.rows, routeNeeds: Self.routeNeeds)
  }

  /// The server the app connects to is the link's origin for a web link and the `server` value for a
  /// `mattermost://` link, in the router's one form: a Unicode host in its ASCII form.
  @Test func theServerIsTheOriginOrTheAddress() throws {
    let router = try Router(RouteTable(json: RouterPort.fileData(Self.file)))
    let web = try #require(try router.match("https://chat.example.भारत/team/channels/town-square"))
    #expect(web.route == "channel")
    #expect(web.origin == .universalLink(host: "chat.example.xn--h2brj9c"))
    let app = try #require(try router.match("mattermost://Chat.Example:8065/team/channels/town-square"))
    #expect(app.parameters.string("server") == "chat.example:8065")
  }
}
