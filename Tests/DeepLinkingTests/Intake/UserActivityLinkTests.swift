import DeepLinkRouting
import Foundation
import Testing

@testable import DeepLinking

/// What an `NSUserActivity` handed to the app carries, and with which trust: Universal Links, Spotlight
/// results, Handoff and the app's own advertised screens.
@Suite("User activities")
struct UserActivityLinkTests {
  @Test("a web-browsing activity is a Universal Link with its referring page")
  func universalLink() throws {
    let link = try #require(
      UserActivityLink.link(
        activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: "https://shop.example/p/1", userInfo: nil,
        referrer: "https://news.example/article"))
    #expect(link.url == "https://shop.example/p/1")
    #expect(link.source == .universalLink)
    #expect(link.referrer == "https://news.example/article")
    // Without a web page it carries nothing, whatever its user info says.
    #expect(
      UserActivityLink.link(
        activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: nil, userInfo: ["link": "myapp://p/1"],
        referrer: nil) == nil)
  }

  @Test("a Spotlight result carries the link it was indexed with, never trusted as verified")
  func spotlight() throws {
    let link = try #require(
      UserActivityLink.link(
        activityType: "com.apple.corespotlightitem", webpageURL: nil,
        userInfo: ["kCSSearchableItemActivityIdentifier": "https://shop.example/p/1"], referrer: nil))
    #expect(link.source == .spotlight)
    #expect(link.url == "https://shop.example/p/1")
    #expect(!LinkPolicy.standard.trustedSources.contains(.spotlight))
    #expect(
      UserActivityLink.link(
        activityType: "com.apple.corespotlightitem", webpageURL: nil,
        userInfo: ["kCSSearchableItemActivityIdentifier": ""], referrer: nil) == nil)
  }

  @Test("Handoff and advertised activities give their web page, else their user-info link")
  func handoff() throws {
    let web = try #require(
      UserActivityLink.link(
        activityType: "com.shop.product", webpageURL: "https://shop.example/p/1",
        userInfo: ["link": "myapp://p/2"], referrer: nil))
    #expect(web.url == "https://shop.example/p/1")
    #expect(web.source == .userActivity)
    let custom = try #require(
      UserActivityLink.link(
        activityType: "com.shop.product", webpageURL: nil, userInfo: ["link": URL(string: "myapp://p/2")!],
        referrer: nil))
    #expect(custom.url == "myapp://p/2")
    #expect(!LinkPolicy.standard.trustedSources.contains(.userActivity))
    // A restoration activity carries a state, not a link: ignored.
    #expect(
      UserActivityLink.link(
        activityType: "com.shop.navigation", webpageURL: nil, userInfo: ["navigationState": Data()],
        referrer: nil) == nil)
  }

  @Test("an advertised screen's link is built from the route table and comes back to the same screen")
  func advertisement() throws {
    let web = try DestinationRouter<Int>(
      table: RouteTable(
        schemes: ["https", "shop"], hosts: ["www.shop.example"],
        routes: [RouteDefinition("product", "/p/{id:int}")]),
      destination: { match in match.parameters.int("id") },
      values: { id in RouteValues("product", ["id": .int(id)]) })
    let advertisement = try LinkAdvertisement(for: 42, in: web, title: "Red shoes")
    #expect(advertisement.webpageURL?.absoluteString == "https://www.shop.example/p/42")
    #expect(advertisement.targetContentIdentifier == "https://www.shop.example/p/42")
    #expect(advertisement.title == "Red shoes")
    #expect(try web.destination(for: advertisement.link) == 42)

    // A custom-scheme link is never an activity's web page.
    let custom = try LinkAdvertisement(for: 42, in: web, form: .customScheme)
    #expect(custom.webpageURL == nil)
    #expect(custom.link.absoluteString == "shop://p/42")
    let back = try #require(
      UserActivityLink.link(
        activityType: "com.shop.product", webpageURL: nil, userInfo: ["link": custom.link.absoluteString],
        referrer: nil))
    #expect(try web.destination(for: back.url) == 42)

    // A destination without a link is a typed error, not an empty activity.
    let none = try DestinationRouter<Int>(
      table: RouteTable(schemes: ["shop"], routes: [RouteDefinition("product", "/p/{id:int}")]),
      destination: { _ in nil }, values: { _ in nil })
    #expect(throws: URLBuildError.self) { try LinkAdvertisement(for: 1, in: none) }
  }
}
