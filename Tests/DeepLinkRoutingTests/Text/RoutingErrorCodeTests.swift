import Foundation
import Testing

@testable import DeepLinkRouting

/// Each routing error's codes keep their identifiers (the tool prints them and logs group by them), and
/// each error carries the details of its code and no others.
@Suite("Routing error codes")
struct RoutingErrorCodeTests {
  /// One reason of an error type: the code it has, that code's identifier, and the details it sets.
  struct Expectation<Reason, Code> {
    var reason: Reason
    var code: Code
    var identifier: String
    var details: [String: String] = [:]
  }

  /// The detail properties that are set, by name, with their values in words.
  static func setDetails(_ pairs: [(String, Any?)]) -> [String: String] {
    var set: [String: String] = [:]
    for (name, value) in pairs {
      if let value { set[name] = "\(value)" }
    }
    return set
  }

  static func checkIdentifiersAreDistinct(_ identifiers: [String]) {
    #expect(Set(identifiers).count == identifiers.count, "\(identifiers)")
  }

  @Test("LinkError: stable identifiers, details only for their code")
  func linkError() {
    typealias Case = Expectation<LinkError, ErrorCode<LinkError>>
    let cases: [Case] = [
      Case(reason: .empty, code: .empty, identifier: "empty"),
      Case(
        reason: .tooLong(length: 3000, limit: 2048), code: .tooLong, identifier: "too-long",
        details: ["length": "3000", "limit": "2048"]),
      Case(reason: .relativeURL, code: .relativeURL, identifier: "relative-url"),
      Case(
        reason: .unknownScheme("ftp"), code: .unknownScheme, identifier: "unknown-scheme",
        details: ["scheme": "ftp"]),
      Case(
        reason: .unknownHost("evil.example"), code: .unknownHost, identifier: "unknown-host",
        details: ["host": "evil.example"]),
      Case(reason: .missingHost, code: .missingHost, identifier: "missing-host"),
      Case(
        reason: .invalidHost("a b"), code: .invalidHost, identifier: "invalid-host", details: ["host": "a b"]),
      Case(
        reason: .portNotAllowed(host: "example.com", port: "8080"), code: .portNotAllowed,
        identifier: "port-not-allowed", details: ["host": "example.com", "port": "8080"]),
      Case(
        reason: .invalidPort("99999"), code: .invalidPort, identifier: "invalid-port",
        details: ["port": "99999"]),
      Case(reason: .userInfoNotAllowed, code: .userInfoNotAllowed, identifier: "user-info"),
      Case(
        reason: .invalidCharacter(0x20), code: .invalidCharacter, identifier: "invalid-character",
        details: ["codePoint": "32"]),
      Case(
        reason: .malformedPercentEscape, code: .malformedPercentEscape, identifier: "malformed-percent-escape"
      ),
      Case(reason: .invalidUTF8, code: .invalidUTF8, identifier: "invalid-utf8"),
      Case(
        reason: .forbiddenCharacter(0x202E), code: .forbiddenCharacter, identifier: "forbidden-character",
        details: ["codePoint": "8238"]),
      Case(
        reason: .tooManySegments(limit: 32), code: .tooManySegments, identifier: "too-many-segments",
        details: ["limit": "32"]),
      Case(
        reason: .tooManyQueryItems(limit: 64), code: .tooManyQueryItems, identifier: "too-many-query-items",
        details: ["limit": "64"]),
      Case(
        reason: .nestedLinksTooMany(route: "redirect", limit: 16), code: .nestedLinksTooMany,
        identifier: "nested-links-too-many", details: ["limit": "16"]),
    ]
    for expected in cases {
      let error = LinkError(url: "myapp://x", offset: 3, reason: expected.reason)
      #expect(error.code == expected.code)
      #expect(error.code.description == expected.identifier)
      let details = Self.setDetails([
        ("length", error.length), ("limit", error.limit), ("scheme", error.scheme), ("host", error.host),
        ("port", error.port), ("codePoint", error.codePoint),
      ])
      #expect(details == expected.details, "\(expected.identifier)")
    }
    Self.checkIdentifiersAreDistinct(cases.map(\.identifier))
    #expect(
      LinkError(url: "a", reason: .tooLong(length: 1, limit: 2))
        != LinkError(url: "a", reason: .tooLong(length: 1, limit: 3)))
  }

  @Test("RoutePatternError: stable identifiers, details only for their code")
  func routePatternError() {
    typealias Case = Expectation<RoutePatternError, ErrorCode<RoutePatternError>>
    let cases: [Case] = [
      Case(reason: .missingLeadingSlash, code: .missingLeadingSlash, identifier: "missing-leading-slash"),
      Case(reason: .emptySegment, code: .emptySegment, identifier: "empty-segment"),
      Case(reason: .unbalancedBrace, code: .unbalancedBrace, identifier: "unbalanced-brace"),
      Case(
        reason: .parameterNotWholeSegment, code: .parameterNotWholeSegment,
        identifier: "parameter-not-whole-segment"),
      Case(
        reason: .invalidParameterName("1d"), code: .invalidParameterName,
        identifier: "invalid-parameter-name",
        details: ["name": "1d"]),
      Case(
        reason: .unknownType("date"), code: .unknownType, identifier: "unknown-type",
        details: ["typeName": "date"]),
      Case(
        reason: .catchAllNotLast("path"), code: .catchAllNotLast, identifier: "catch-all-not-last",
        details: ["name": "path"]),
      Case(
        reason: .catchAllNotAllowed("path"), code: .catchAllNotAllowed, identifier: "catch-all-not-allowed",
        details: ["name": "path"]),
      Case(
        reason: .optionalPathParameter("id"), code: .optionalPathParameter,
        identifier: "optional-path-parameter",
        details: ["name": "id"]),
      Case(
        reason: .duplicateParameterName("id"), code: .duplicateParameterName,
        identifier: "duplicate-parameter-name", details: ["name": "id"]),
      Case(
        reason: .duplicateQueryKey("q"), code: .duplicateQueryKey, identifier: "duplicate-query-key",
        details: ["queryKey": "q"]),
      Case(
        reason: .invalidQueryItem("q"), code: .invalidQueryItem, identifier: "invalid-query-item",
        details: ["queryItem": "q"]),
      Case(
        reason: .malformedPercentEscape, code: .malformedPercentEscape, identifier: "malformed-percent-escape"
      ),
      Case(reason: .forbiddenCharacter, code: .forbiddenCharacter, identifier: "forbidden-character"),
      Case(reason: .dotSegment, code: .dotSegment, identifier: "dot-segment"),
    ]
    for expected in cases {
      let error = RoutePatternError(pattern: "/a", offset: 1, reason: expected.reason)
      #expect(error.code == expected.code)
      #expect(error.code.description == expected.identifier)
      let details = Self.setDetails([
        ("name", error.name), ("typeName", error.typeName), ("queryKey", error.queryKey),
        ("queryItem", error.queryItem),
      ])
      #expect(details == expected.details, "\(expected.identifier)")
    }
    Self.checkIdentifiersAreDistinct(cases.map(\.identifier))
  }

  @Test("URLBuildError: stable identifiers, details only for their code")
  func urlBuildError() {
    typealias Case = Expectation<URLBuildError, ErrorCode<URLBuildError>>
    let cases: [Case] = [
      Case(reason: .unknownRoute, code: .unknownRoute, identifier: "unknown-route"),
      Case(
        reason: .missingValue("id"), code: .missingValue, identifier: "missing-value",
        details: ["parameter": "id"]),
      Case(
        reason: .unexpectedValue("x"), code: .unexpectedValue, identifier: "unexpected-value",
        details: ["parameter": "x"]),
      Case(
        reason: .typeMismatch(name: "id", expected: .int, value: "abc"), code: .typeMismatch,
        identifier: "type-mismatch", details: ["parameter": "id", "expected": "int", "value": "abc"]),
      Case(
        reason: .emptyValue("slug"), code: .emptyValue, identifier: "empty-value",
        details: ["parameter": "slug"]),
      Case(
        reason: .formUnavailable("the table lists no host"), code: .formUnavailable,
        identifier: "form-unavailable",
        details: ["detail": "the table lists no host"]),
      Case(
        reason: .shadowed(by: "new"), code: .shadowed, identifier: "shadowed", details: ["otherRoute": "new"]),
      Case(
        reason: .notRoundTrippable("a control character"), code: .notRoundTrippable,
        identifier: "not-round-trippable", details: ["detail": "a control character"]),
      Case(
        reason: .dotSegment(name: "page", value: ".."), code: .dotSegment, identifier: "dot-segment",
        details: ["parameter": "page", "value": ".."]),
      Case(
        reason: .unwritableValue(name: "id", detail: "too big"), code: .unwritableValue,
        identifier: "unwritable-value", details: ["parameter": "id", "detail": "too big"]),
    ]
    for expected in cases {
      let error = URLBuildError(route: "item", reason: expected.reason)
      #expect(error.code == expected.code)
      #expect(error.code.description == expected.identifier)
      let details = Self.setDetails([
        ("parameter", error.parameter), ("expected", error.expected), ("value", error.value),
        ("otherRoute", error.otherRoute), ("detail", error.detail),
      ])
      #expect(details == expected.details, "\(expected.identifier)")
    }
    Self.checkIdentifiersAreDistinct(cases.map(\.identifier))
    // A problem that is not one label's names no parameter.
    let whole = URLBuildError(route: "item", reason: .unwritableValue(name: nil, detail: "not an enum"))
    #expect(whole.code == .unwritableValue)
    #expect(whole.parameter == nil)
    #expect(whole.detail == "not an enum")
    #expect(whole.description == "route 'item': not an enum")
  }

  @Test("RouteTableError: stable identifiers, details only for their code")
  func routeTableError() {
    typealias Case = Expectation<RouteTableError, ErrorCode<RouteTableError>>
    let patternError = RoutePatternError(pattern: "/a/{b", offset: 3, reason: .unbalancedBrace)
    let cases: [Case] = [
      Case(
        reason: .invalidPattern(patternError), code: .invalidPattern, identifier: "invalid-pattern",
        details: ["patternError": patternError.description]),
      Case(reason: .duplicateRouteName, code: .duplicateRouteName, identifier: "duplicate-route-name"),
      Case(
        reason: .ambiguous(with: "other"), code: .ambiguous, identifier: "ambiguous",
        details: ["otherRoute": "other"]),
      Case(reason: .emptyRouteName, code: .emptyRouteName, identifier: "empty-route-name"),
      Case(
        reason: .invalidScheme("1x"), code: .invalidScheme, identifier: "invalid-scheme",
        details: ["scheme": "1x"]),
      Case(
        reason: .invalidHost("a b"), code: .invalidHost, identifier: "invalid-host", details: ["host": "a b"]),
      Case(reason: .noSchemeOrHost, code: .noSchemeOrHost, identifier: "no-scheme-or-host"),
      Case(
        reason: .tooManyRoutes(limit: 10), code: .tooManyRoutes, identifier: "too-many-routes",
        details: ["limit": "10"]),
      Case(
        reason: .limitOutOfRange(key: "maxSegments", value: 0, allowed: 1...65536), code: .limitOutOfRange,
        identifier: "limit-out-of-range",
        details: ["key": "maxSegments", "value": "0", "allowed": "1...65536"]),
      Case(
        reason: .invalidJSON("at line 1"), code: .invalidJSON, identifier: "invalid-json",
        details: ["detail": "at line 1"]),
      Case(
        reason: .wrongType(expected: "a string"), code: .wrongType, identifier: "wrong-type",
        details: ["expected": "a string"]),
      Case(
        reason: .unknownKey("patern", suggestion: "pattern"), code: .unknownKey, identifier: "unknown-key",
        details: ["key": "patern", "suggestion": "pattern"]),
      Case(
        reason: .missingKey("name"), code: .missingKey, identifier: "missing-key", details: ["key": "name"]),
      Case(
        reason: .noCase(type: "Screen"), code: .noCase, identifier: "no-case",
        details: ["destinationType": "Screen"]),
      Case(
        reason: .unlabeledValue(caseName: "clip", key: "_0"), code: .unlabeledValue,
        identifier: "unlabeled-value",
        details: ["caseName": "clip", "label": "_0"]),
      Case(
        reason: .labelNotInPattern("clipID", parameters: ["clipId"]), code: .labelNotInPattern,
        identifier: "label-not-in-pattern", details: ["label": "clipID", "parameters": "[\"clipId\"]"]),
      Case(
        reason: .parameterNotInCase("slug"), code: .parameterNotInCase, identifier: "parameter-not-in-case",
        details: ["parameter": "slug"]),
      Case(
        reason: .typeMismatch(label: "n", reads: "Int", pattern: "{n}", suggestion: "{n:int}"),
        code: .typeMismatch,
        identifier: "type-mismatch",
        details: ["label": "n", "readType": "Int", "patternPiece": "{n}", "suggestion": "{n:int}"]),
      Case(
        reason: .optionalItemRequired("page"), code: .optionalItemRequired,
        identifier: "optional-item-required",
        details: ["parameter": "page"]),
      Case(
        reason: .writesDifferentValue(label: "id", read: "01", written: "1"), code: .writesDifferentValue,
        identifier: "writes-different-value",
        details: ["label": "id", "readValue": "01", "writtenValue": "1"]),
      Case(
        reason: .writesOtherRoute("home"), code: .writesOtherRoute, identifier: "writes-other-route",
        details: ["otherRoute": "home"]),
      Case(
        reason: .unsupportedShape("a Bool"), code: .unsupportedShape, identifier: "unsupported-shape",
        details: ["detail": "a Bool"]),
      Case(
        reason: .invalidScope(key: "hosts", entry: "c.example", problem: .unlisted(listed: ["a.example"])),
        code: .invalidScope, identifier: "invalid-scope",
        details: ["key": "hosts", "scopeEntry": "c.example"]),
    ]
    for expected in cases {
      let error = RouteTableError(route: "r", reason: expected.reason)
      #expect(error.code == expected.code)
      #expect(error.code.description == expected.identifier)
      let details = Self.setDetails([
        ("patternError", error.patternError), ("otherRoute", error.otherRoute), ("scheme", error.scheme),
        ("host", error.host), ("limit", error.limit), ("key", error.key), ("value", error.value),
        ("allowed", error.allowed), ("detail", error.detail), ("expected", error.expected),
        ("suggestion", error.suggestion), ("destinationType", error.destinationType),
        ("caseName", error.caseName),
        ("label", error.label), ("parameters", error.parameters), ("parameter", error.parameter),
        ("readType", error.readType), ("patternPiece", error.patternPiece), ("readValue", error.readValue),
        ("writtenValue", error.writtenValue), ("scopeEntry", error.scopeEntry),
      ])
      #expect(details == expected.details, "\(expected.identifier)")
    }
    Self.checkIdentifiersAreDistinct(cases.map(\.identifier))
    let noSuggestion = RouteTableError(reason: .unknownKey("zzz", suggestion: nil))
    #expect(noSuggestion.key == "zzz" && noSuggestion.suggestion == nil)
  }

  @Test("RoundTripError: stable identifiers, details only for their code")
  func roundTripError() {
    typealias RoundTripError = DestinationRouter<String>.RoundTripError
    typealias Case = Expectation<RoundTripError.Reason, RoundTripError.Code>
    let buildError = URLBuildError(route: "a", reason: .unknownRoute)
    let linkError = LinkError(url: "myapp://a b", offset: 8, reason: .invalidCharacter(0x20))
    let cases: [Case] = [
      Case(
        reason: .noLink(buildError), code: .noLink, identifier: "no-link",
        details: ["buildError": buildError.description]),
      Case(
        reason: .unreadable(linkError), code: .unreadable, identifier: "unreadable",
        details: ["linkError": linkError.description]),
      Case(reason: .cameBack("b"), code: .cameBack, identifier: "came-back", details: ["cameBack": "b"]),
      Case(reason: .cameBack(nil), code: .cameBack, identifier: "came-back"),
    ]
    for expected in cases {
      let error = RoundTripError(
        destination: "a", form: .preferred, url: "myapp://a", reason: expected.reason)
      #expect(error.code == expected.code)
      #expect(error.code.description == expected.identifier)
      let details = Self.setDetails([
        ("buildError", error.buildError), ("linkError", error.linkError), ("cameBack", error.cameBack),
      ])
      #expect(details == expected.details, "\(expected.identifier)")
    }
    #expect(RoundTripError.Code.noLink != .unreadable && RoundTripError.Code.unreadable != .cameBack)
  }
}
