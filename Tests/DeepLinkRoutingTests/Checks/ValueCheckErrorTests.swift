import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// A check that cannot be read is refused when the table is built: code `invalid-check`, naming the
/// parameter, with a caret under the check (and, in a route file, its line and column).
@Suite("Checks on a value: refused checks")
struct ValueCheckErrorTests {
  @Test func aReversedRangeIsRefusedNamingThePiece() throws {
    let error = #expect(throws: RoutePatternError.self) { try RoutePattern("/m/{lat:decimal(90...-90)}") }
    #expect(error?.code == .invalidCheck)
    #expect(error?.name == "lat")
    #expect(
      error?.description == """
        pattern '/m/{lat:decimal(90...-90)}': the check of parameter 'lat': the range 90...-90 runs backwards, so no value is in it; write the lower end first (-90...90)
          /m/{lat:decimal(90...-90)}
                          ^
        """)
  }

  @Test(arguments: [
    // Ends reversed, in the path and in the query.
    ("/m/{n:int(12...1)}", 10, "the range 12...1 runs backwards"),
    ("/go?lat={lat:decimal(1.5...-1.5)}", 21, "the range 1.5...-1.5 runs backwards"),
    // Ends that are not of the type.
    ("/m/{n:int(1...x)}", 14, "'x' is not an int (int reads it so), so it cannot end the range of int"),
    ("/m/{n:int(1.5...3)}", 10, "'1.5' is not an int"),
    ("/m/{n:int(-...3)}", 10, "'-' is not an int"),
    ("/m/{n:decimal(1e3...)}", 14, "'1e3' is not a decimal number"),
    ("/m/{n:int(99999999999999999999...)}", 10, "is not an int"),
    // No range at all, or no end.
    ("/m/{n:int(1-12)}", 9, "int takes a range: (1...12), (1...) or (...12)"),
    ("/m/{n:int(...)}", 9, "the range (...) has no end"),
    // Types without order, and checks a type does not take.
    ("/m/{id:uuid(1...2)}", 11, "uuid takes no check: a range is for int and decimal"),
    ("/m/{on:bool(1...2)}", 11, "bool takes no check"),
    ("/m/{s:string(1...2)}", 13, "string takes the check (lower), got (1...2)"),
    ("/m/{s:string(upper)}", 13, "string takes the check (lower), got (upper)"),
    ("/m/{u:url(ftp)}", 10, "url takes the check (https), got (ftp)"),
    ("/m/{u:url(1...2)}", 10, "url takes the check (https)"),
  ])
  func aCheckThatCannotBeReadIsRefused(_ pattern: String, _ offset: Int, _ why: String) throws {
    let error = #expect(throws: RoutePatternError.self) { try RoutePattern(pattern) }
    #expect(error?.code == .invalidCheck, "\(pattern)")
    #expect(error?.offset == offset, "\(pattern)")
    #expect(error?.message.contains(why) == true, "\(pattern): \(error?.message ?? "")")
  }

  @Test func aCheckFillsItsSegmentAndIsNotAnOptionalPathSegment() throws {
    let template = #expect(throws: RoutePatternError.self) { try RoutePattern("/m/v{n:int(1...3)}") }
    #expect(template?.code == .kindInTemplate)
    let optional = #expect(throws: RoutePatternError.self) { try RoutePattern("/m/{n:int(1...3)?}") }
    #expect(optional?.code == .optionalKindInPath)
    // In the query, a check may be optional.
    let query = try RoutePattern("/m?n={n:int(1...3)?}")
    #expect(query.query.first?.isOptional == true)
  }

  @Test func aRouteFileNamesTheLineAndColumnOfABadCheck() throws {
    let json = """
      {"hosts": ["osmand.net"],
       "routes": [
         {"name": "location", "pattern": "/go?lat={lat:decimal(90...-90)}"}]}
      """
    let table = try RouteTable(json: Data(json.utf8))
    let error = #expect(throws: RouteTableError.self) { try Router(table) }
    let located = RouteTable.locatingPattern(try #require(error), inJSON: Data(json.utf8))
    #expect(located.code == .invalidPattern)
    #expect(located.patternError?.code == .invalidCheck)
    #expect(located.route == "location")
    #expect(located.line == 3)
    // The pattern's text starts at column 37; the range at character 21 of it.
    #expect(located.column == 37 + 21)
    #expect(located.description.contains("the range 90...-90 runs backwards"))
  }

  @Test func aValueSetAndAKindOfTheTableAreNotReadAsChecks() throws {
    _ = try RoutePattern("/s/{section:(int|url)}")
    let router = try Router(
      RouteTable(
        hosts: ["example.com"], kinds: ["code": ValueKind(characters: "a-z()")],
        routes: [RouteDefinition("a", "/a/{c:code}")]))
    #expect(try router.match("https://example.com/a/x(y)")?.parameters.string("c") == "x(y)")
    // An unknown name before the parentheses is an unknown type, as before.
    let unknown = #expect(throws: RoutePatternError.self) { try RoutePattern("/m/{n:integer(1...2)}") }
    #expect(unknown?.code == .unknownType)
  }
}
