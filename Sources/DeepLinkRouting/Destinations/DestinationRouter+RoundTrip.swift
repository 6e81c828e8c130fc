import Foundation

extension DestinationRouter {
  /// A destination that does not come back from its own link: which destination, which link, and what
  /// came back instead.
  ///
  /// ``code`` says what went wrong; the details that belong to it (``buildError``, ``linkError``,
  /// ``cameBack``) are set for the codes that have them and `nil` otherwise. New problems can be added
  /// as new codes without breaking callers.
  package struct RoundTripError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; more codes may be added.
    ///
    /// Its ``description`` is a short, stable identifier for logs (`no-link`, `unreadable`,
    /// `came-back`).
    package struct Code: Sendable, Hashable, CustomStringConvertible {
      /// The stable identifier: `no-link`, `unreadable` or `came-back`.
      package let description: String

      fileprivate init(_ description: String) {
        self.description = description
      }

      /// The destination's link could not be built; see ``DestinationRouter/RoundTripError/buildError``.
      package static var noLink: Code { Code("no-link") }
      /// The built link does not read; see ``DestinationRouter/RoundTripError/linkError``.
      package static var unreadable: Code { Code("unreadable") }
      /// The built link reads as another destination, or as none; see
      /// ``DestinationRouter/RoundTripError/cameBack``.
      package static var cameBack: Code { Code("came-back") }
    }

    /// What went wrong, with its details: what
    /// ``DestinationRouter/RoundTripError/init(destination:form:url:reason:)`` takes.
    ///
    /// Make one with the static member named like its code (`.cameBack(nil)`); read it back through
    /// the error's ``DestinationRouter/RoundTripError/code`` and detail properties.
    package struct Reason: Sendable, Hashable {
      fileprivate enum Problem: Sendable, Hashable {
        case noLink(URLBuildError)
        case unreadable(LinkError)
        case cameBack(Destination?)
      }

      fileprivate let problem: Problem

      private init(_ problem: Problem) {
        self.problem = problem
      }

      /// The destination's link could not be built, for `error`: code ``Code/noLink``.
      package static func noLink(_ error: URLBuildError) -> Reason { Reason(.noLink(error)) }
      /// The built link does not read, for `error`: code ``Code/unreadable``.
      package static func unreadable(_ error: LinkError) -> Reason { Reason(.unreadable(error)) }
      /// The built link reads as `other`, or as no destination (`nil`): code ``Code/cameBack``.
      package static func cameBack(_ other: Destination?) -> Reason { Reason(.cameBack(other)) }
    }

    /// The destination that was checked.
    package var destination: Destination
    /// The kind of link that was built.
    package var form: LinkForm
    /// The built link, when one was built.
    package var url: String?
    /// What went wrong, with its details.
    package var reason: Reason

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - destination: The destination that was checked.
    ///   - form: The kind of link that was built.
    ///   - url: The built link, if any.
    ///   - reason: What went wrong.
    package init(destination: Destination, form: LinkForm, url: String?, reason: Reason) {
      self.destination = destination
      self.form = form
      self.url = url
      self.reason = reason
    }

    /// What went wrong.
    package var code: Code {
      switch reason.problem {
      case .noLink: .noLink
      case .unreadable: .unreadable
      case .cameBack: .cameBack
      }
    }

    /// Why the link could not be built, for ``Code/noLink``; `nil` otherwise.
    package var buildError: URLBuildError? {
      guard case .noLink(let error) = reason.problem else { return nil }
      return error
    }

    /// Why the built link does not read, for ``Code/unreadable``; `nil` otherwise.
    package var linkError: LinkError? {
      guard case .unreadable(let error) = reason.problem else { return nil }
      return error
    }

    /// The destination the built link reads as, for ``Code/cameBack``; `nil` otherwise, and `nil` for
    /// ``Code/cameBack`` when the link reads as no destination.
    package var cameBack: Destination? {
      guard case .cameBack(let other) = reason.problem else { return nil }
      return other
    }

    /// The problem in words: the destination, the link and what came back.
    package var description: String {
      let link = url ?? "no link"
      switch reason.problem {
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
  /// - Throws: An error for the first destination that does not come back, whose description names the
  ///   destination, the link and what went wrong.
  public func checkRoundTrip(
    _ destinations: [Destination], forms: [LinkForm] = [.preferred]
  ) throws {
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
