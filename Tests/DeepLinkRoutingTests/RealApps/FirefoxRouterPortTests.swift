import Foundation
import Testing

@testable import DeepLinkRouting

/// The deep-link router of Firefox for iOS (github.com/mozilla-mobile/firefox-ios), ported to a route
/// file: `Firefox.routes.json` holds what `firefox-ios/Client/Coordinators/Router/RouteBuilder.swift`
/// routes on (the hosts of `DeeplinkInput.swift`, the sections of `Route.swift`, the schemes of
/// `URLScanner.swift`, and every http or https link as a page to open), and every link of its router
/// tests, `firefox-ios/firefox-ios-tests/Tests/ClientTests/Coordinators/RouteTests.swift`, is a row here
/// with the destination that file expects.
///
/// A route's name is the app's destination or the custom-scheme host it comes from; `deep-link?url=`
/// routes its nested path again, so those rows reach the nested route (`settings`, `homepanel`, ...).
/// The app lower-cases that nested path before reading it, hence `"caseInsensitive": true` for the
/// literals (a value set's members still compare byte for byte: see `caseFolding`).
@Suite("Router port: Firefox")
struct FirefoxRouterPortTests {
  static let file = "Firefox"

  /// The pieces of the grammar plan each route of the route file uses.
  static let routeNeeds: [String: Set<Piece>] = [
    // Every http or https link, on any host, opens as a page.
    "webPage": [.hostScope],
    "deepLink": [.nestedLink],
    "settings": [.valueSet],
    "homepanel": [.valueSet],
    "defaultBrowser": [.valueSet],
    "action": [.valueSet],
    // The sign-in screen receives every query item.
    "fxaSignIn": [.queryDictionary],
    "openURL": [],
    "openText": [],
    "glean": [],
    "shareSheet": [],
    "widgetMediumTopSitesOpenURL": [],
    "widgetSmallQuickLinkOpenURL": [],
    "widgetMediumQuickLinkOpenURL": [],
    "widgetSmallQuickLinkOpenCopied": [],
    "widgetMediumQuickLinkOpenCopied": [],
    "widgetSmallQuickLinkClosePrivateTabs": [],
    "widgetMediumQuickLinkClosePrivateTabs": [],
    "widgetTabsMediumOpenURL": [],
    "widgetTabsLargeOpenURL": [],
  ]

  static func nested(_ url: String, _ route: String?, _ values: [String: Expected] = [:], _ test: String)
    -> PortRow
  {
    PortRow(
      url: url, route: route, values: values, needs: route == nil ? [.nestedLink] : [.nestedLink, .valueSet],
      source: test)
  }

  static let pasteboard =
    "the app answers with the pasteboard's text or URL, which no link holds: the port routes to the "
    + "widget's route and the destination reads the pasteboard"

  static let caseFolding =
    "a value set compares byte for byte, also in a caseInsensitive table (GRAMMAR-PLAN 3): the member "
    + "`newtab` (`homepage`) is not the segment `newTab` (`homePage`). Firefox lower-cases the whole nested "
    + "link, which also makes its own camel-case members (`contentBlocker`, `creditCard`, `topSites`, "
    + "`rateApp`) unreachable; the package keeps the link's text as it is, so a link must spell the "
    + "member as declared (the next row)"

  // All rows: firefox-ios/firefox-ios-tests/Tests/ClientTests/Coordinators/RouteTests.swift
  static let rows: [PortRow] = [
    // The page itself is the match's url; the app also focuses the location field.
    PortRow(
      url: "http://google.com?a=1&b=2&c=foo%20bar", route: "webPage", values: ["path": .segments([])],
      needs: [.hostScope], source: "testSearchRouteWithUrl"),
    PortRow(
      url: "firefox://open-url?url=http%3A%2F%2Fgoogle.com%3Fa%3D1%26b%3D2%26c%3Dfoo%2520bar",
      route: "openURL",
      values: ["url": .url("http://google.com?a=1&b=2&c=foo%20bar")], source: "testSearchRouteWithEncodedUrl"),
    PortRow(
      url: "firefox://open-url?private=true", route: "openURL", values: ["private": .bool(true)],
      source: "testSearchRouteWithPrivateFlag"),
    nested(
      "firefox://deep-link?url=/settings/clear-private-data", "settings",
      ["section": .text("clear-private-data")], "testSettingsRouteWithClearPrivateData"),
    // The app lower-cases the nested path before reading it, so `newTab` reaches its section `newtab`.
    PortRow(
      url: "firefox://deep-link?url=/settings/newTab", route: nil, needs: [.nestedLink, .valueSet],
      source: "testSettingsRouteWithNewTab", difference: caseFolding),
    PortRow(
      url: "firefox://deep-link?url=/settings/newTab/", route: nil, needs: [.nestedLink, .valueSet],
      source: "testSettingsRouteWithNewTabTrailingSlash", difference: caseFolding),
    PortRow(
      url: "firefox://deep-link?url=/settings/homePage", route: nil, needs: [.nestedLink, .valueSet],
      source: "testSettingsRouteWithHomePage", difference: caseFolding),
    // The spelling the app declares reaches the section.
    nested(
      "firefox://deep-link?url=/settings/newtab", "settings", ["section": .text("newtab")],
      "testSettingsRouteWithNewTab, in the spelling of Route.SettingsSection"),
    nested(
      "firefox://deep-link?url=/settings/mailto", "settings", ["section": .text("mailto")],
      "testSettingsRouteWithMailto"),
    nested(
      "firefox://deep-link?url=/settings/search", "settings", ["section": .text("search")],
      "testSettingsRouteWithSearch"),
    nested(
      "firefox://deep-link?url=/settings/fxa", "settings", ["section": .text("fxa")],
      "testSettingsRouteWithFxa"),
    nested(
      "firefox://deep-link?url=/homepanel/bookmarks", "homepanel", ["section": .text("bookmarks")],
      "testHomepanelRouteWithBookmarks"),
    nested(
      "firefox://deep-link?url=/homepanel/top-sites", "homepanel", ["section": .text("top-sites")],
      "testHomepanelRouteWithTopSites"),
    nested(
      "firefox://deep-link?url=/homepanel/history", "homepanel", ["section": .text("history")],
      "testHomepanelRouteWithHistory"),
    nested(
      "firefox://deep-link?url=/homepanel/reading-list", "homepanel", ["section": .text("reading-list")],
      "testHomepanelRouteWithReadingList"),
    nested(
      "firefox://deep-link?url=/default-browser/tutorial", "defaultBrowser", ["section": .text("tutorial")],
      "testDefaultBrowserRouteWithTutorial"),
    nested(
      "firefox://deep-link?url=/default-browser/system-settings", "defaultBrowser",
      ["section": .text("system-settings")], "testDefaultBrowserRouteWithSystemSettings"),
    PortRow(
      url: "firefox://deep-link?url=/homepanel/badbad", route: nil, needs: [.nestedLink, .valueSet],
      source: "testInvalidRouteWithBadPath"),
    // The app's sign-in parameters are every item, `signin` among them.
    PortRow(
      url: "firefox://fxa-signin?signin=coolcodes&user=foo&email=bar", route: "fxaSignIn",
      values: ["signin": .text("coolcodes"), "query": .dictionary(["user": "foo", "email": "bar"])],
      needs: [.queryDictionary], source: "testFxaSignInrouteBuilderRoute"),
    PortRow(url: "focus://deep-link?url=/settings/newTab", route: nil, source: "testInvalidScheme"),
    // `javascript:` is not an http or https URL, so the `url` kind refuses it and the route does not match.
    PortRow(
      url: "firefox://open-url?url=javascript://https://google.com%2Fsearch?q=foo", route: nil,
      source: "testWhenJSSchemeWithSearchThenDoesntOpenRoute"),
    PortRow(
      url: "firefox://open-url?url=javascript:alert(1)", route: nil,
      source: "testMakeRouteWhenJSSchemeWithAlertThenDoesntOpenRoute"),
    PortRow(
      url: "firefox://open-url?url=javascript:window.close();alert(1337)", route: nil,
      source: "testMakeRouteWhenJSSchemeWithWindowCloseThenDoesntOpenRoute"),
    PortRow(
      url: "firefox://deep-links-are-fun?url=/settings/newTab/", route: nil, source: "testInvalidDeepLink"),
    PortRow(
      url: "firefox://widget-medium-topsites-open-url?url=https://google.com",
      route: "widgetMediumTopSitesOpenURL",
      values: ["url": .url("https://google.com")], source: "testWidgetMediumTopSitesOpenUrl"),
    PortRow(
      url: "firefox://widget-small-quicklink-open-url?private=true&url=https://google.com",
      route: "widgetSmallQuickLinkOpenURL",
      values: ["url": .url("https://google.com"), "private": .bool(true)],
      source: "testWidgetSmallQuicklinkOpenUrlWithPrivateFlag"),
    PortRow(
      url: "firefox://widget-medium-quicklink-open-url?url=https://google.com",
      route: "widgetMediumQuickLinkOpenURL",
      values: ["url": .url("https://google.com")],
      source: "testWidgetMediumQuicklinkOpenUrlWithoutPrivateFlag"),
    PortRow(
      url: "firefox://widget-small-quicklink-open-copied", route: "widgetSmallQuickLinkOpenCopied",
      source: "testWidgetSmallQuicklinkOpenCopied", difference: pasteboard),
    PortRow(
      url: "firefox://widget-small-quicklink-open-copied", route: "widgetSmallQuickLinkOpenCopied",
      source: "testWidgetSmallQuicklinkOpenCopiedWithUrl", difference: pasteboard),
    PortRow(
      url: "firefox://widget-small-quicklink-close-private-tabs",
      route: "widgetSmallQuickLinkClosePrivateTabs",
      source: "testWidgetSmallQuicklinkClosePrivateTabs"),
    PortRow(
      url: "firefox://widget-medium-quicklink-close-private-tabs",
      route: "widgetMediumQuickLinkClosePrivateTabs",
      source: "testWidgetMediumQuicklinkClosePrivateTabs"),
    PortRow(url: "chrome://example.com", route: nil, source: "testUnsupportedScheme"),
    PortRow(url: "firefox://", route: nil, source: "testInvalidHost"),
    PortRow(
      url: "firefox://deep-link?url=/invalid-path", route: nil, needs: [.nestedLink],
      source: "testInvalidDeepLinking"),
    PortRow(
      url: "firefox://widget-tabs-medium-open-url?uuid=invalid", route: "widgetTabsMediumOpenURL",
      values: ["uuid": .text("invalid")], source: "testInvalidWidgetTabUuid",
      difference:
        "the app looks the tab up among its saved tabs and, finding none, opens an empty search: no link "
        + "holds the saved tabs, so the port routes to the widget's route with the uuid and the destination "
        + "looks it up"),
    // Without `signin` the app has no destination: the route's required item is missing.
    PortRow(
      url: "firefox://fxa-signin", route: nil, needs: [.queryDictionary], source: "testInvalidFxaSignIn"),
    PortRow(
      url: "firefox://open-text?text=google", route: "openText", values: ["text": .text("google")],
      source: "testOpenText"),
    PortRow(
      url: "firefox://share-sheet?url=https://www.google.com", route: "shareSheet",
      values: ["url": .url("https://www.google.com")], source: "testShareSheetRouteUrlOnly"),
    // The test writes the title with a raw space; `URL(string:)` (iOS 17) encodes it as %20 before the
    // router sees the link, and so do the rows.
    PortRow(
      url: "firefox://share-sheet?url=https://www.google.com&title=TEST%20TITLE", route: "shareSheet",
      values: ["url": .url("https://www.google.com"), "title": .text("TEST TITLE")],
      source: "testShareSheetRouteUrlTitle"),
    PortRow(
      url: "firefox://share-sheet?url=https://www.google.com&title=TEST%20TITLE&subtitle=TEST%20SUBTITLE",
      route: "shareSheet",
      values: [
        "url": .url("https://www.google.com"), "title": .text("TEST TITLE"),
        "subtitle": .text("TEST SUBTITLE"),
      ], source: "testShareSheetRouteUrlTitleAndSubtitle"),
    nested(
      "firefox://deep-link?url=/action/show-intro-onboarding", "action",
      ["action": .text("show-intro-onboarding")], "testAppAction_showIntroOnboarding"),
  ]

  static func router() throws -> Router {
    try Router(RouterPort.table(file, routeNeeds: routeNeeds))
  }

  @Test("links of the app's router tests that main routes today", arguments: rows.filter(\.needs.isEmpty))
  func routedToday(_ row: PortRow) throws {
    RouterPort.check(row, with: try Self.router())
  }

  @Test(
    "links of the app's router tests that wait for pieces of the grammar plan",
    arguments: rows.filter { !$0.needs.isEmpty })
  func waitingForPieces(_ row: PortRow) throws {
    RouterPort.checkOrWait(row, with: try Self.router())
  }

  @Test func routeFileAndRowsAgree() throws {
    try RouterPort.checkConsistency(Self.file, rows: Self.rows, routeNeeds: Self.routeNeeds)
  }
}
