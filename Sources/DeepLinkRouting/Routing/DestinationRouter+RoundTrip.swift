import Foundation

extension DestinationRouter {
  /// A destination that does not come back from its own link: which destination, which link, and what
  /// came back instead.
  public struct RoundTripError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
      /// The destination's link could not be built.
      case noLink(URLBuildError)
      /// The built link does not read.
      case unreadable(LinkError)
      /// The built link reads as another destination, or as none (`nil`).
      case cameBack(Destination?)
    }

    /// The destination that was checked.
    public var destination: Destination
    /// The kind of link that was built.
    public var form: LinkForm
    /// The built link, when one was built.
    public var url: String?
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - destination: The destination that was checked.
    ///   - form: The kind of link that was built.
    ///   - url: The built link, if any.
    ///   - reason: What went wrong.
    public init(destination: Destination, form: LinkForm, url: String?, reason: Reason) {
      self.destination = destination
      self.form = form
      self.url = url
      self.reason = reason
    }

    /// The problem in words: the destination, the link and what came back.
    public var description: String {
      let link = url ?? "no link"
      switch reason {
      case .noLink(let error): return "\(destination): no \(form) link: \(error)"
      case .unreadable(let error): return "\(destination) -> \(link): the link does not read: \(error)"
      case .cameBack(let other):
        return "\(destination) -> \(link): reads back as " + (other.map { "\($0)" } ?? "no destination")
      }
    }
  }

  /// Checks that each destination comes back from its own link: destination, then ``url(for:form:)``,
  /// then ``destination(for:)-(URL)``, in every form asked for.
  ///
  /// Call it in the app's tests with one destination of each kind, including values that need
  /// escaping (a space, a `/`), so a route and its destination cannot drift apart unnoticed:
  ///
  /// ```swift
  /// @Test func everyScreenHasALinkThatOpensIt() throws {
  ///   try Screen.router.checkRoundTrip(
  ///     [.clip(id: "a b/c"), .search(query: "goals")], forms: [.universalLink, .customScheme])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - destinations: The destinations to check.
  ///   - forms: The kinds of link to build (default: the preferred one).
  /// - Throws: ``RoundTripError`` for the first destination that does not come back.
  public func checkRoundTrip(
    _ destinations: [Destination], forms: [LinkForm] = [.preferred]
  ) throws(RoundTripError) {
    for destination in destinations {
      for form in forms {
        let url: URL
        do {
          url = try self.url(for: destination, form: form)
        } catch {
          throw RoundTripError(destination: destination, form: form, url: nil, reason: .noLink(error))
        }
        let cameBack: Destination?
        do {
          cameBack = try self.destination(for: url)
        } catch {
          throw RoundTripError(
            destination: destination, form: form, url: url.absoluteString, reason: .unreadable(error))
        }
        guard cameBack == destination else {
          throw RoundTripError(
            destination: destination, form: form, url: url.absoluteString, reason: .cameBack(cameBack))
        }
      }
    }
  }
}
