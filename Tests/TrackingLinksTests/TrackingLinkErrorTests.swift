import DeepLinking
import Foundation
import Testing
import TrackingLinks

extension TrackingTests {
  @Suite("TrackingLinkError")
  struct TrackingLinkErrorTests {
    let url = URL(string: "https://click.example.com/c/1") ?? URL(fileURLWithPath: "/")

    @Test("each code keeps its stable identifier, which the tool prints after tracking-")
    func codeIdentifiers() {
      let identifiers: [(ErrorCode<TrackingLinkError>, String)] = [
        (.loop, "loop"), (.tooManyHops, "too-many-hops"), (.timedOut, "timed-out"),
        (.notRedirect, "not-a-redirect"), (.httpError, "http-error"), (.missingLocation, "missing-location"),
        (.invalidLocation, "invalid-location"), (.insecure, "insecure"), (.cancelled, "cancelled"),
        (.transport, "transport"),
      ]
      for (code, identifier) in identifiers {
        #expect(code.description == identifier)
      }
      #expect(Set(identifiers.map(\.0)).count == identifiers.count)
    }

    @Test("an error carries the details of its code and no others")
    func detailsBelongToTheirCode() {
      let invalid = TrackingLinkError.invalidLocation(url: url, hop: 2, status: 302, location: "::")
      #expect(invalid.code == .invalidLocation)
      #expect(invalid.url == url && invalid.hop == 2)
      #expect(invalid.status == 302 && invalid.location == "::")
      #expect(
        invalid.limit == nil && invalid.timeout == nil && invalid.elapsed == nil && invalid.message == nil)

      let late = TrackingLinkError.timedOut(url: url, hop: 1, timeout: .seconds(5), elapsed: .seconds(6))
      #expect(late.code == .timedOut && late.timeout == .seconds(5) && late.elapsed == .seconds(6))
      #expect(late.status == nil && late.location == nil && late.limit == nil && late.message == nil)

      let tooMany = TrackingLinkError.tooManyHops(url: url, hop: 11, limit: 10)
      #expect(tooMany.code == .tooManyHops && tooMany.limit == 10 && tooMany.status == nil)

      let refused = TrackingLinkError.transport(url: url, hop: 3, message: "connection refused")
      #expect(refused.code == .transport && refused.message == "connection refused" && refused.status == nil)
      #expect(refused.description == "transport error at hop 3 (\(url.absoluteString)): connection refused")

      #expect(TrackingLinkError.httpError(url: url, hop: 1, status: 404).status == 404)
      #expect(TrackingLinkError.notRedirect(url: url, hop: 1, status: 200).code == .notRedirect)
      #expect(TrackingLinkError.missingLocation(url: url, hop: 1, status: 301).code == .missingLocation)
      #expect(TrackingLinkError.loop(url: url, hop: 2).status == nil)
    }

    @Test("errors are equal only when code, place and details are")
    func equality() {
      #expect(
        TrackingLinkError.httpError(url: url, hop: 1, status: 404)
          == .httpError(url: url, hop: 1, status: 404))
      #expect(
        TrackingLinkError.httpError(url: url, hop: 1, status: 404)
          != .httpError(url: url, hop: 1, status: 500))
      #expect(
        TrackingLinkError.httpError(url: url, hop: 1, status: 404)
          != .notRedirect(url: url, hop: 1, status: 404))
      #expect(TrackingLinkError.cancelled(url: url, hop: 1) != .cancelled(url: url, hop: 2))
    }
  }
}
