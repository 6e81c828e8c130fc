import Foundation

/// What the app may learn about the pasteboard without reading it.
///
/// On iOS, `SystemPasteboard` in `DeepLinkingUIKit` answers with
/// `UIPasteboard.detectedPatterns(for: [\.probableWebURL])`, which tells whether the pasteboard probably
/// holds a web link without showing the paste prompt and without reading the link. Tests use their own
/// pasteboard.
public protocol LinkPasteboard: Sendable {
  /// Whether the pasteboard probably holds a web link, found out without reading its contents.
  func probablyHoldsWebLink() async -> Bool
}

/// Remembers, once per install, that the deferred link was offered, so it is offered at most once.
///
/// `FileDeferredLinkLedger` in `DurableLinkStorage` keeps a marker file in the app's own container,
/// which goes with the app when it is deleted, so a reinstall asks again.
public protocol DeferredLinkLedger: Sendable {
  /// Whether the offer was already made (shown, declined or used) on this install.
  func isSpent() throws -> Bool
  /// Records that the offer was made; idempotent.
  func spend() throws
}

/// A ledger that lives in memory only: the package's tests use it.
package final class InMemoryDeferredLinkLedger: DeferredLinkLedger {
  private let spent = LockedValue(false)

  /// Creates a ledger whose offer is not spent yet.
  package init() {}

  /// Whether ``spend()`` was called.
  package func isSpent() -> Bool { spent.withLock { $0 } }

  /// Records that the offer was made.
  package func spend() { spent.withLock { $0 = true } }
}

/// Deferred deep links without fingerprinting: the link a user tapped before the app was installed,
/// carried over by the user's own paste.
///
/// The fallback page's "Get the app" button (a tap, never on load) copies the page's link with a
/// `deeplink_copied_at` item, then opens the store. On the app's first launch, ``shouldOffer()`` checks
/// whether to show "Continue where you left off" with a paste control (`PasteButton`,
/// `UIPasteControl`: a tap on them pastes without the system's permission prompt); asking does not read
/// the pasteboard. The pasted text goes to ``receivePasted(_:)``, which opens it through the intake as a
/// ``LinkSource/deferred`` link, never trusted for verified-only routes, when:
///
/// - the offer was not made before on this install (the ledger is spent at the first answer, whatever
///   the answer);
/// - it is an `https` link on a host the route table lists by name (``Router/lists(_:)``: a route
///   for any host does not make another site's link the app's own), carrying the page's marker;
/// - it was copied at most ``maximumAge`` ago;
/// - a route accepts it (the marker removed).
///
/// Nothing leaves the device: no server is asked, no address or device trait is matched.
@MainActor
public final class DeferredLinks<Destination: Hashable & Sendable> {
  /// The query item the fallback page adds to the link it copies: the copy time, in whole seconds
  /// since 1970.
  public static var copiedAtKey: String { "deeplink_copied_at" }

  /// The intake that opens the link.
  public let intake: LinkIntake<Destination>
  /// How long after the copy a pasted link still opens.
  public let maximumAge: Duration

  private let pasteboard: any LinkPasteboard
  private let ledger: any DeferredLinkLedger
  private let now: @Sendable () -> Date

  /// Creates the first-launch offer.
  ///
  /// - Parameters:
  ///   - intake: The intake that opens the link.
  ///   - pasteboard: Tells whether the pasteboard probably holds a web link, without reading it.
  ///   - ledger: Remembers that the offer was made on this install.
  ///   - maximumAge: How long after the copy a pasted link still opens (default one day: long enough
  ///     for a store download, short enough that an old copied link is not taken for one).
  ///   - now: The clock (tests pass their own).
  public init(
    intake: LinkIntake<Destination>, pasteboard: any LinkPasteboard, ledger: any DeferredLinkLedger,
    maximumAge: Duration = .seconds(24 * 3600), now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.intake = intake
    self.pasteboard = pasteboard
    self.ledger = ledger
    self.maximumAge = maximumAge
    self.now = now
  }

  /// Whether to offer "Continue where you left off": not offered before on this install, and the
  /// pasteboard probably holds a web link. Asking neither reads the pasteboard nor spends the offer.
  public func shouldOffer() async -> Bool {
    guard (try? ledger.isSpent()) == false else { return false }
    return await pasteboard.probablyHoldsWebLink()
  }

  /// Records that the user dismissed the offer: it is not made again on this install.
  ///
  /// - Throws: The ledger's error.
  public func decline() throws {
    try ledger.spend()
  }

  /// Opens the text the user pasted with the paste control, as a deferred link.
  ///
  /// The offer is spent at once, whatever the answer, so a second paste or a second first launch
  /// opens nothing.
  ///
  /// - Parameter text: The pasted text (a `PasteButton`'s URL or string).
  /// - Returns: The intake's outcome; or, when the text is not opened as a deferred link,
  ///   ``IntakeOutcome/refused(_:)`` with code `alreadyOffered`, `notACopiedLink`, `foreignLink`,
  ///   `expired`, `noRoute` or `ledgerFailed`.
  public func receivePasted(_ text: String) async -> IntakeOutcome<Destination> {
    do {
      guard try !ledger.isSpent() else { return .refused(.alreadyOffered) }
      try ledger.spend()
    } catch {
      return .refused(.ledgerFailed(reason: String(describing: error)))
    }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let (link, copiedAt) = Self.removingMarker(from: trimmed) else { return .refused(.notACopiedLink) }
    guard trimmed.lowercased().hasPrefix("https://") else { return .refused(.foreignLink(link)) }
    let age = now().timeIntervalSince1970 - TimeInterval(copiedAt)
    let limit = Double(maximumAge.components.seconds)
    // A copy up to five minutes "ahead" is clock skew between the phone and itself (a changed time
    // zone does not move these seconds); more is a forged or mangled time.
    guard age <= limit, age >= -300 else { return .refused(.expired(ageSeconds: Int(age.rounded()))) }
    let match: RouteMatch?
    do {
      match = try intake.destinations.router.match(link)
    } catch  where [.unknownHost, .unknownScheme, .portNotAllowed].contains(error.code) {
      return .refused(.foreignLink(link))
    } catch {
      return .refused(.noRoute(link))
    }
    guard let match else { return .refused(.noRoute(link)) }
    // A route for any host matches another site's link too: the link must be on a host the table
    // lists by name, whatever routes exist.
    guard intake.destinations.router.lists(match.arrivalOrigin) else { return .refused(.foreignLink(link)) }
    return await intake.receive(IncomingLink(url: link, source: .deferred))
  }

  /// The link without the marker item, and the copy time; `nil` when there is no marker with whole
  /// seconds (only one marker item is allowed).
  static func removingMarker(from text: String) -> (link: String, copiedAt: Int)? {
    let beforeFragment = text.firstIndex(of: "#").map { text[..<$0] } ?? text[...]
    let fragment = text[beforeFragment.endIndex...]
    guard let question = beforeFragment.firstIndex(of: "?") else { return nil }
    let base = beforeFragment[..<question]
    let items = beforeFragment[beforeFragment.index(after: question)...].split(
      separator: "&", omittingEmptySubsequences: false)
    var copiedAt: Int?
    var kept: [Substring] = []
    for item in items {
      let key = item.prefix { $0 != "=" }
      guard key == copiedAtKey else {
        kept.append(item)
        continue
      }
      let value = item.dropFirst(key.count + 1)
      guard copiedAt == nil, !value.isEmpty, value.count <= 12, value.allSatisfy(\.isASCII),
        value.allSatisfy(\.isNumber), let seconds = Int(value)
      else { return nil }
      copiedAt = seconds
    }
    guard let copiedAt else { return nil }
    let query = kept.isEmpty ? "" : "?" + kept.joined(separator: "&")
    return (String(base) + query + fragment, copiedAt)
  }
}
