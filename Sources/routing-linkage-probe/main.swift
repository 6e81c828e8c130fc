// Links against DeepLinkRouting alone: builds a router from a one-route table and matches one link.
// Scripts/check-routing-linkage.sh builds it and checks what the binary links, so that the router
// keeps needing nothing but Foundation. Exit status: 0 when the link matches as expected, 1 otherwise.

import DeepLinkRouting
import Foundation

let table = RouteTable(schemes: ["myapp"], routes: [RouteDefinition("clip", "/video/{clipId}")])
do {
  let router = try Router(table)
  let match = try router.match("myapp://video/12345")
  guard let match, match.route == "clip", match.parameters["clipId"] == .string("12345") else {
    FileHandle.standardError.write(Data("unexpected match: \(String(describing: match))\n".utf8))
    exit(1)
  }
  print("matched \(match.route)")
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
