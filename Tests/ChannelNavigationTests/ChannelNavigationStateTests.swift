import Foundation
import Testing

@testable import ChannelNavigation

@Suite("ChannelNavigationState and ChannelPage")
struct ChannelNavigationStateTests {
  @Test("pages read from their names", arguments: ["main", "detail", "overview", "search"])
  func pageNames(name: String) throws {
    let page = try #require(ChannelPage(rawValue: name))
    #expect(page.rawValue == name)
    #expect(page.isKnown)
    #expect(ChannelPage.allPages.contains(page))
  }

  @Test("string literals are the same pages as the constants")
  func literals() {
    let detail: ChannelPage = "detail"
    #expect(detail == .detail)
    #expect(ChannelNavigationState(page: "search", query: "highlights").page == .search)
  }

  @Test("strings that name no page are refused", arguments: ["", "Main", "detial", "home"])
  func unknownPageNames(name: String) {
    #expect(ChannelPage(rawValue: name) == nil)
    #expect(!ChannelPage(stringLiteral: name).isKnown)
  }

  @Test(
    "every state survives an encode/decode round trip",
    arguments: [
      ChannelNavigationState.main,
      ChannelNavigationState(page: "detail", clipId: "12345"),
      ChannelNavigationState(page: "overview", clipListId: "678"),
      ChannelNavigationState(page: "search", query: "highlights"),
      ChannelNavigationState(page: "detail", clipId: "20001", subChannelId: "sports"),
    ]
  )
  func roundTrip(state: ChannelNavigationState) throws {
    let data = try JSONEncoder().encode(state)
    #expect(try JSONDecoder().decode(ChannelNavigationState.self, from: data) == state)
  }

  @Test("decoding a state with an unknown page fails")
  func decodeUnknownPage() {
    let json = Data(#"{"page":"detial","clipId":"12345"}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(ChannelNavigationState.self, from: json) }
  }

  @Test(
    "parents: pages sit on main; pages inside a sub-channel sit on its main page",
    arguments: [
      (ChannelNavigationState.main, nil),
      (ChannelNavigationState(page: "detail", clipId: "1"), ChannelNavigationState.main),
      (ChannelNavigationState(page: "overview", clipListId: "2"), .main),
      (ChannelNavigationState(page: "search", query: "q"), .main),
      (ChannelNavigationState(page: "main", subChannelId: "sports"), .main),
      (
        ChannelNavigationState(page: "detail", clipId: "1", subChannelId: "sports"),
        ChannelNavigationState(page: "main", subChannelId: "sports")
      ),
    ] as [(ChannelNavigationState, ChannelNavigationState?)]
  )
  func parents(state: ChannelNavigationState, parent: ChannelNavigationState?) {
    #expect(state.parent == parent)
  }

  @Test("description names the page and the identifiers set")
  func description() {
    #expect(ChannelNavigationState.main.description == "main")
    #expect(
      ChannelNavigationState(page: "detail", clipId: "7", subChannelId: "sports").description
        == "detail(clipId: 7, subChannelId: sports)"
    )
  }
}
