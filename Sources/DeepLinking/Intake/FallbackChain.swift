import Foundation

/// The fallback handlers of an intake, tried in order, and the bounds on the links they hand back: a
/// link already in the chain is a loop, and a chain longer than the policy's depth is refused.
struct FallbackChain: Sendable {
  /// What the chain did with a link.
  enum Decision: Sendable {
    /// A handler took the link.
    case handled(handler: String)
    /// A handler handed back a new link, to be routed again; its chain records how it was reached, and
    /// it keeps the source (so the trust) of the link it came from.
    case redirected(IncomingLink)
    /// A handler failed, or the links handed back looped or went too deep.
    case refused(LinkRefusal)
    /// No handler knew the link.
    case notHandled
  }

  let handlers: [LinkFallbackHandler]
  /// The most links handlers may hand back in a row (``LinkPolicy/maxFallbackDepth``).
  let maxDepth: Int

  /// Offers a link to the handlers in order, until one knows it.
  func offer(_ link: IncomingLink) async -> Decision {
    for handler in handlers {
      switch await handler.handle(link) {
      case .notHandled:
        continue
      case .handled:
        return .handled(handler: handler.name)
      case .failed(let reason):
        return .refused(.fallbackFailed(handler: handler.name, reason: reason))
      case .redirect(let url):
        switch successor(of: link, url.absoluteString) {
        case .success(let next): return .redirected(next)
        case .failure(let refusal): return .refused(refusal)
        }
      }
    }
    return .notHandled
  }

  /// The link `url` a handler turned `link` into, now or later: refused when it is already in the
  /// chain (a loop) or the chain is longer than the depth allows.
  func successor(of link: IncomingLink, _ url: String) -> Result<IncomingLink, LinkRefusal> {
    let next = link.successor(url)
    if next.chain.contains(url) { return .failure(.fallbackLoop(url)) }
    if next.chain.count > maxDepth { return .failure(.fallbackTooDeep(limit: maxDepth)) }
    return .success(next)
  }
}
