import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// Every parameter type walked through the server files: the generated AASA opens the app for a
/// link holding the type's sample, reports a widening exactly when the type's AASA pattern cannot
/// say what it accepts (and then lets the type's refused example through, as reported), and the
/// nginx rule of the route accepts the sample and refuses what the type refuses.
@Suite("Parameter types in the server files")
struct ParameterTypeFilesTests {
  static let appID = "ABCDE12345.com.example.app"

  @Test(arguments: ParameterType.allCases)
  func generatedFilesFollowTheTypesDescription(_ type: ParameterType) throws {
    let template = "/t/" + RoutePattern.Segment.parameter(name: "x", type: type).description
    let shape = try RoutePathShape(name: "t", template: template)
    #expect(shape.pieces.last == .parameter(name: "x", type: type))
    let generator = AASAGenerator(appIDs: [Self.appID], shapes: [shape])
    let document = try generator.document(includeLegacyPaths: false)
    let matcher = AASAMatcher(document: document)
    let sample = "/t/" + type.sampleValue.description
    // A value whose text holds a `/` (a URL) stands in one segment percent-encoded; nginx reads it decoded.
    let encodedSample = "/t/" + type.sampleValue.description.replacingOccurrences(of: "/", with: "%2F")
    #expect(try matcher.match(encodedSample).opensApp)
    #expect(shape.routes(encodedSample))
    #expect(AASAConsistencyCheck(shapes: [shape]).run(on: document).isConsistent)

    let regex = try NSRegularExpression(pattern: NginxConfiguration.locationRegex(for: shape))
    func nginxAccepts(_ path: String) -> Bool {
      regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }
    #expect(nginxAccepts(sample))

    if let widening = type.aasaWidening {
      let refused = "/t/" + widening.example
      #expect(generator.widenings.map(\.kind.description) == [widening.code])
      #expect(generator.widenings.first?.example == refused)
      #expect(generator.widenings.first?.reason.contains("{x}") == true)
      #expect(try matcher.match(refused).opensApp)
      #expect(!shape.routes(refused))
      #expect(!nginxAccepts(refused))
    } else {
      #expect(generator.widenings.isEmpty)
    }
  }

  @Test func theNamedWideningKindsAreTheTypesCodes() {
    #expect(ParameterType.int.aasaWidening?.code == ErrorCode<AASAWidening>.integerText.description)
    #expect(ParameterType.uuid.aasaWidening?.code == ErrorCode<AASAWidening>.uuidText.description)
  }
}
