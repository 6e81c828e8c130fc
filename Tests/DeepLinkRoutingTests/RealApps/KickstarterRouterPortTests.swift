import Foundation
import Testing

@testable import DeepLinkRouting

/// The deep-link router of Kickstarter's iOS app (github.com/kickstarter/ios-oss), ported to a route
/// file: `Kickstarter.routes.json` holds the routes of `Library/Navigation.swift` (its `allRoutes`
/// templates, its recognised hosts and the `ksr` scheme), and every link of its router tests,
/// `Library/NavigationTests.swift`, is a row here with the destination that file expects.
///
/// The app's test links are the web base URL of its test environment (`https://www.kickstarter.com`)
/// followed by a path. A route's name is the name of the app's route function; its parameters keep the
/// app's names (`creator_param`, `project_param`, `ref`). What the app derives from the whole link
/// (`RefInfo.deeplinkUrl`, a survey page's address) is the match's `url`, not a parameter.
@Suite("Router port: Kickstarter")
struct KickstarterRouterPortTests {
  static let file = "Kickstarter"

  /// The pieces of the grammar plan each route of the route file uses.
  static let routeNeeds: [String: Set<Piece>] = {
    var needs = [String: Set<Piece>]()
    for name in [
      "activity", "authorize", "paymentsRoot", "paymentsNew", "paymentsApplePay", "paymentsUseStoredCard",
      "messages", "me", "verifyEmail", "search", "signup", "backing", "thanks", "projectComments",
      "creatorBio", "friends", "messageCreator", "pledgeRoot", "pledgeBigPrint", "pledgeChangeMethod",
      "pledgeDestroy", "pledgeEdit", "pledgeNew", "posts", "updates", "update", "updateComments",
      "projectSurvey", "projectSurveyEdit", "projectSurveyEditAddress", "settingsNotifications",
      "userSurvey",
    ] {
      needs[name] = []
    }
    // The email-click hosts answer every path with the click redirect, and only those hosts do.
    needs["emailClick"] = [.hostScope]
    // Discovery reads every query item (and the path's category ids) as its filters.
    for name in ["discovery", "discoveryAdvanced", "discoveryCategory", "discoverySubcategory"] {
      needs[name] = [.queryDictionary]
    }
    // The project page refuses a link with a `token` (a preview link, left to the web view).
    for name in ["project", "projectDescription", "projectFaqs"] { needs[name] = [.queryAbsent] }
    // `?ref=ksr_email_backer_failed_transaction` opens pledge management instead of the pledge screen.
    needs["pledgeManage"] = [.queryValue]
    return needs
  }()

  static let creatorProject: [String: Expected] = [
    "creator_param": .text("creator"), "project_param": .text("project"),
  ]

  static func project(_ values: [String: Expected] = [:]) -> [String: Expected] {
    creatorProject.merging(values) { $1 }
  }

  static let web = "https://www.kickstarter.com"

  static let rows: [PortRow] = [
    // Library/NavigationTests.swift, testDoesNotRecognizeNonKickstarterURLs
    PortRow(
      url: "http://www.face-kickstarter.com/projects/creator/project", route: nil,
      source: "testDoesNotRecognizeNonKickstarterURLs"),

    // Library/NavigationTests.swift, testRecognizesURLs
    PortRow(
      url: web + "/checkouts/1/payments/new", route: "paymentsNew", values: ["checkout_param": .int(1)],
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/checkouts/1/payments", route: "paymentsRoot", values: ["checkout_param": .int(1)],
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/checkouts/1/payments/use_stored_card", route: "paymentsUseStoredCard",
      values: ["checkout_param": .int(1)], source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project", route: "project", values: project(), needs: [.queryAbsent],
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project?token=4", route: nil, needs: [.queryAbsent],
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project?ref=discovery&token=4", route: nil, needs: [.queryAbsent],
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/checkouts/1/thanks", route: "thanks",
      values: project(["checkout_param": .int(1)]), source: "testRecognizesURLs"),
    // The app reads `racing` as an integer and takes 1 as true.
    PortRow(
      url: web + "/projects/creator/project/checkouts/1/thanks?racing=1", route: "thanks",
      values: project(["checkout_param": .int(1), "racing": .int(1)]), source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project?ref=discovery", route: "project",
      values: project(["ref": .text("discovery")]), needs: [.queryAbsent], source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/comments", route: "projectComments", values: project(),
      source: "testRecognizesURLs"),
    // With a `comment` the app opens that thread (and its `reply`).
    PortRow(
      url: web + "/projects/creator/project/comments?comment=dead", route: "projectComments",
      values: project(["comment": .text("dead")]), source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/comments?comment=dead&reply=beef", route: "projectComments",
      values: project(["comment": .text("dead"), "reply": .text("beef")]), source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/creator_bio", route: "creatorBio", values: project(),
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/description", route: "projectDescription", values: project(),
      needs: [.queryAbsent], source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/friends", route: "friends", values: project(),
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/pledge/big_print", route: "pledgeBigPrint", values: project(),
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/pledge/change_method", route: "pledgeChangeMethod",
      values: project(), source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/pledge/destroy", route: "pledgeDestroy", values: project(),
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/pledge/edit", route: "pledgeEdit", values: project(),
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/pledge/new", route: "pledgeNew", values: project(),
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/pledge", route: "pledgeRoot", values: project(),
      source: "testRecognizesURLs"),
    // The literal value is the route's own: the app's ref tag is implied by the route, not read.
    PortRow(
      url: web + "/projects/creator/project/pledge?ref=ksr_email_backer_failed_transaction",
      route: "pledgeManage", values: project(), needs: [.queryValue], source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/posts", route: "posts", values: project(),
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/posts/1", route: "update",
      values: project(["update_param": .int(1)]), source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/posts/2/comments", route: "updateComments",
      values: project(["update_param": .int(2)]), source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/posts/2/comments?comment=dead", route: "updateComments",
      values: project(["update_param": .int(2), "comment": .text("dead")]), source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/posts/2/comments?comment=dead&reply=beef",
      route: "updateComments",
      values: project(["update_param": .int(2), "comment": .text("dead"), "reply": .text("beef")]),
      source: "testRecognizesURLs"),
    // The app opens the survey's web page: the web base URL followed by the link's path.
    PortRow(
      url: web + "/projects/creator/project/surveys/3", route: "projectSurvey",
      values: project(["survey_param": .text("3")]), source: "testRecognizesURLs"),
    PortRow(url: web + "/signup", route: "signup", source: "testRecognizesURLs"),
    PortRow(
      url: web + "/discover?sort=newest", route: "discovery",
      values: ["filters": .dictionary(["sort": "newest"])],
      needs: [.queryDictionary], source: "testRecognizesURLs"),
    // No filters: the app's discovery tab without parameters.
    PortRow(
      url: web + "/discover/advanced", route: "discoveryAdvanced", values: ["filters": .dictionary([:])],
      needs: [.queryDictionary], source: "testRecognizesURLs"),
    PortRow(
      url: web + "/discover/categories/a", route: "discoveryCategory",
      values: ["category_id": .text("a"), "filters": .dictionary([:])], needs: [.queryDictionary],
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/discover/categories/b/c", route: "discoverySubcategory",
      values: ["parent_category_id": .text("b"), "category_id": .text("c"), "filters": .dictionary([:])],
      needs: [.queryDictionary], source: "testRecognizesURLs"),
    PortRow(url: web + "/search", route: "search", source: "testRecognizesURLs"),
    PortRow(url: web + "/activity", route: "activity", source: "testRecognizesURLs"),
    PortRow(
      url: web + "/profile/me", route: "me", values: ["user_param": .text("me")], source: "testRecognizesURLs"
    ),
    PortRow(url: web + "/authorize", route: "authorize", source: "testRecognizesURLs"),
    PortRow(
      url: web + "/projects/creator/project/messages/new", route: "messageCreator", values: project(),
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/users/self/surveys/3", route: "userSurvey",
      values: ["user_param": .text("self"), "survey_response_id": .int(3)], source: "testRecognizesURLs"),
    // The app reaches this through `/profile/:user_param` and a check for the slug; here the literal
    // route is more specific.
    PortRow(url: web + "/profile/verify_email", route: "verifyEmail", source: "testRecognizesURLs"),
    PortRow(
      url: web + "/settings/notify_mobile_of_marketing_update/true", route: "settingsNotifications",
      values: [
        "notification_param": .text("notify_mobile_of_marketing_update"), "enabled_param": .bool(true),
      ],
      source: "testRecognizesURLs"),
    PortRow(
      url: web + "/settings/notify_mobile_of_messages/false", route: "settingsNotifications",
      values: ["notification_param": .text("notify_mobile_of_messages"), "enabled_param": .bool(false)],
      source: "testRecognizesURLs"),

    // Library/NavigationTests.swift, testRecognizesEmailClickUrls
    PortRow(
      url: "https://clicks.kickstarter.com/wf/click?upn=deadbeef", route: "emailClick",
      values: ["path": .segments(["wf", "click"])], needs: [.hostScope],
      source: "testRecognizesEmailClickUrls"),
    PortRow(
      url: "https://emails.kickstarter.com/anything/?qs=deadbeef", route: "emailClick",
      values: ["path": .segments(["anything"])], needs: [.hostScope], source: "testRecognizesEmailClickUrls"),
    PortRow(
      url: "https://notemailhost.kickstarter.com/wf/click?upn=deadbeef", route: nil,
      source: "testRecognizesEmailClickUrls"),

    // Library/NavigationTests.swift, testRecognizesTruncatedUrl
    PortRow(
      url: "https://kickstarter.com/profile/verify_email", route: "verifyEmail",
      source: "testRecognizesTruncatedUrl"),

    // Library/NavigationTests.swift, testRecognizesKsrUrlScheme
    PortRow(
      url: "ksr://www.kickstarter.com/projects/creator/project", route: "project", values: project(),
      needs: [.customSchemeHost, .queryAbsent], source: "testRecognizesKsrUrlScheme"),
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
    RouterPort.checkMergedPiecesArePresent()
  }
}
