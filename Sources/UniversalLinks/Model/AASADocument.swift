import DeepLinkRouting
import Foundation

/// An apple-app-site-association file: the associated-domains services of one host.
///
/// Read a file with ``init(jsonData:)`` (``validate(jsonData:)`` also reports the keys Apple would ignore),
/// and write one with ``jsonData()``, which gives stable, pretty-printed JSON
/// with sorted keys, so a generated file only changes when its content does.
///
/// ```swift
/// let document = try AASADocument(jsonData: data)
/// let matcher = AASAMatcher(document: document)
/// matcher.match(URL(string: "https://example.com/buy/42")!, domain: "example.com")
/// ```
package struct AASADocument: Hashable, Sendable {
  /// The `applinks` section (Universal Links), if present.
  package var appLinks: AASAAppLinks?
  /// The `webcredentials` section (shared web credentials), if present.
  package var webCredentials: AASAAppList?
  /// The `appclips` section, if present.
  package var appClips: AASAAppList?
  /// The `activitycontinuation` section (Handoff), if present.
  package var activityContinuation: AASAAppList?

  /// Creates a document from its sections.
  ///
  /// - Parameters:
  ///   - appLinks: The `applinks` section.
  ///   - webCredentials: The `webcredentials` section.
  ///   - appClips: The `appclips` section.
  ///   - activityContinuation: The `activitycontinuation` section.
  package init(
    appLinks: AASAAppLinks? = nil,
    webCredentials: AASAAppList? = nil,
    appClips: AASAAppList? = nil,
    activityContinuation: AASAAppList? = nil
  ) {
    self.appLinks = appLinks
    self.webCredentials = webCredentials
    self.appClips = appClips
    self.activityContinuation = activityContinuation
  }

  /// Reads a document from the bytes of an apple-app-site-association file.
  ///
  /// The text must be strict JSON: a trailing comma, a comment, or a key written twice in one object
  /// (whose second value iOS would keep without a word) is an error with its line and column.
  /// Unknown keys are ignored, as iOS ignores them; ``validate(jsonData:)`` lists them.
  ///
  /// - Parameter jsonData: The file's bytes (UTF-8 JSON).
  /// - Throws: ``AssociationFileDecodingError`` when the text is not JSON or a value has the wrong type; the error
  ///   carries the line and column, or the path in the document.
  package init(jsonData: Data) throws(AssociationFileDecodingError) {
    self = try Self.decodeReportingUnknownKeys(from: jsonData).document
  }

  /// Reads a document and lists the keys that Apple's parser would ignore.
  ///
  /// - Parameter data: The file's bytes (UTF-8 JSON).
  /// - Returns: The document, and every unknown key with its path and a suggested known key.
  /// - Throws: ``AssociationFileDecodingError`` when the text is not JSON or a value has the wrong type.
  package static func decodeReportingUnknownKeys(
    from data: Data
  ) throws(AssociationFileDecodingError) -> (document: AASADocument, unknownKeys: [AASAUnknownKey]) {
    let value = try AssociationFileDecodingError.json(in: data)
    var decoder = AASADecoder()
    let document = try decoder.document(value)
    return (document, decoder.unknownKeys)
  }

  /// The document as stable, pretty-printed JSON with sorted keys and a final newline.
  ///
  /// - Returns: UTF-8 JSON, ready to be served at `/.well-known/apple-app-site-association`.
  package func jsonData() -> Data {
    Data(AASAEncoder.document(self).prettyPrinted.utf8)
  }

  /// The document as stable, pretty-printed JSON text; the same text as ``jsonData()``.
  ///
  /// - Returns: The JSON text.
  package func jsonString() -> String {
    AASAEncoder.document(self).prettyPrinted
  }
}
