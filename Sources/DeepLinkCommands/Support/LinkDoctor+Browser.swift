import DeepLinking
import Foundation
import TrackingLinks
import UniversalLinks

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension LinkDoctor {
  /// What a browser gets for one URL: the answer's status and what it is.
  private struct Answer {
    enum Kind {
      /// The fallback page `deeplink site` writes (or a route's preview page, made from it).
      case fallbackPage
      /// A page of the site's own.
      case otherPage
      /// A redirect, with its `Location`.
      case redirect(String)
      /// Another status.
      case status(Int)
      /// No answer: why.
      case failed(String)
    }

    var kind: Kind
    /// In a few words, as the hop's result.
    var summary: String
  }

  /// The short link the link is, as the short-link file reads it: adds the `short-link` hop and
  /// returns the long link the short-link host redirects it to, which the app's router is given in
  /// its place (the app resolves the short link first); `nil` for a link that is not a short link.
  func shortLinkHop(_ link: DoctorLink, into diagnosis: inout LinkDiagnosis) -> String? {
    guard let shortLinks, let table = shortLinks.shortLinks, link.host == table.host,
      let path = URLComponents(string: link.text)?.path, path.hasPrefix(ShortLinkTable.pathPrefix)
    else { return nil }
    if case .shortLink(let index, let target)? = shortLinks.resolve(
      ArraySlice(link.text.utf8), ownHost: false)
    {
      let entry = table.links[index]
      diagnosis.hops.append(
        .init(
          name: "short-link", url: nil,
          result: "\(table.file):\(entry.line): code \(entry.code) redirects to \(target)"))
      diagnosis.shortLinkTarget = target
      return target
    }
    diagnosis.hops.append(
      .init(name: "short-link", url: nil, result: "\(table.file) has no code for \(path)"))
    diagnosis.add(
      .error, "unknown-short-link", hop: "short-link",
      "\(table.file) has no code for \(path): the short-link host answers 404 for it (its nginx.conf redirects the file's codes only), so the app, which resolves the link with the server, gets nothing to show, and a browser an error page",
      fix: "add the code to \(table.file) and write the site again with deeplink site, or fix the link")
    return nil
  }

  /// The browser hop: what a browser gets for the link, the page a phone shows when the app is not
  /// installed or the link is not verified. A redirect is followed one hop, with the same bounded
  /// fetch, and no further; the long link it leads to is routed.
  mutating func diagnoseBrowser(_ link: DoctorLink, into diagnosis: inout LinkDiagnosis) async {
    guard let url = URL(string: link.text) else { return }
    let first = await answer(url)
    diagnosis.hops.append(.init(name: "browser", url: url.absoluteString, result: first.summary))
    switch first.kind {
    case .fallbackPage:
      break
    case .otherPage:
      diagnosis.add(
        .note, "not-fallback-page", hop: "browser",
        "a browser gets a page of the site's own, not the fallback page deeplink site writes: a phone without the app shows it, with no way into the app or its store page unless the page offers one",
        fix:
          "none needed if the page is meant; to offer the app, serve the fallback page deeplink site writes")
    case .status(let status):
      guard diagnosis.route != nil else { break }
      diagnosis.add(
        .warning, "no-fallback-page", hop: "browser",
        "a browser gets \(status) for a link route \(diagnosis.route ?? "") takes: a phone without the app, or where the link is not verified, shows an error page",
        fix:
          "serve the fallback page for every routed path (deeplink site writes it, and its nginx.conf sends routed paths to it)"
      )
    case .failed(let why):
      diagnosis.add(
        .note, "browser-fetch-failed", hop: "browser", "the link cannot be fetched (\(why))",
        fix: "make \(url.absoluteString) answer over https")
    case .redirect(let location):
      await followRedirect(from: url, to: location, into: &diagnosis)
    }
  }

  /// The one redirect hop the browser hop follows: where it leads, what a browser gets there, and
  /// the route of the long link; for a short link, whether the server redirects where the file says.
  private mutating func followRedirect(
    from url: URL, to location: String, into diagnosis: inout LinkDiagnosis
  )
    async
  {
    if let expected = diagnosis.shortLinkTarget, expected != location {
      diagnosis.add(
        .warning, "short-link-differs", hop: "browser",
        "the short-link host redirects to \(location), the short-link file says \(expected): the server does not serve the file given",
        fix: "write the site again with deeplink site from the file, and deploy its nginx.conf")
    }
    guard let target = URL(string: location, relativeTo: url)?.absoluteURL,
      ["https", "http"].contains(target.scheme?.lowercased() ?? "")
    else {
      diagnosis.hops.append(
        .init(name: "redirect", url: nil, result: "to \(location), not an http(s) URL: not followed"))
      return
    }
    let second = await answer(target)
    let routed =
      (try? router.match(target.absoluteString))?.map { "route \($0.route)" } ?? "no route takes it"
    diagnosis.hops.append(
      .init(name: "redirect", url: target.absoluteString, result: "\(second.summary); \(routed)"))
    if case .redirect(let next) = second.kind {
      diagnosis.add(
        .note, "redirect-chain", hop: "redirect",
        "\(target.absoluteString) redirects again, to \(next); the doctor follows one redirect, and every further hop is a round trip a phone waits for",
        fix: "redirect to the final link in one hop")
    }
    if routed == "no route takes it" {
      diagnosis.add(
        .warning, "redirect-unrouted", hop: "redirect",
        "the link redirects to \(target.absoluteString), which no route of the table takes: the app, resolving the link, gets a link it cannot show",
        fix: "redirect to a link a route takes, or add a route for it")
    }
  }

  /// Fetches `url` as a browser does, bounded like every fetch of the doctor (128 KB, the time
  /// limit), following no redirect.
  private func answer(_ url: URL) async -> Answer {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("text/html", forHTTPHeaderField: "Accept")
    request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    let fetch = BoundedFetch(
      byteLimit: WellKnownFetch.maximumBodySize, deadline: .now + .milliseconds(Int(timeout * 1000)),
      readsBody: true)
    switch await fetch.run(request) {
    case .response(let response) where (300..<400).contains(response.status):
      let location = response.location ?? ""
      return Answer(kind: .redirect(location), summary: "\(response.status) to \(location)")
    case .response(let response) where response.status == 200:
      if String(decoding: response.body, as: UTF8.self).contains(FallbackPage.generatorTag) {
        return Answer(kind: .fallbackPage, summary: "200, the fallback page deeplink site writes")
      }
      return Answer(
        kind: .otherPage,
        summary:
          "200, a page of the site's own (\(response.contentType ?? "no Content-Type")), not the fallback page"
      )
    case .response(let response):
      return Answer(kind: .status(response.status), summary: "\(response.status)")
    case .tooLarge:
      return Answer(kind: .otherPage, summary: "a page over 128 KB, read no further, not the fallback page")
    case .timedOut:
      return Answer(kind: .failed("no answer in time"), summary: "no answer within the time limit")
    case .cancelled:
      return Answer(kind: .failed("cancelled"), summary: "cancelled")
    case .failed(_, let message):
      return Answer(kind: .failed(message), summary: "no answer (\(message))")
    }
  }
}
