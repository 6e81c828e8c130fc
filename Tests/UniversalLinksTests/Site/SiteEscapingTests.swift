import Foundation
import Testing

@testable import UniversalLinks

/// Hostile names, paths and hosts written into the site's files: each stays a value of its format.
@Suite("Site files escape what they are given")
struct SiteEscapingTests {
  static let injection = "promo\n    location / { return 302 https://attacker.example/; }\n#"

  /// The configuration with every comment removed, as nginx reads it: a `#` outside quotes starts a
  /// comment that runs to the end of the line.
  static func directives(_ configuration: String) -> String {
    var result = ""
    var quote: Character?
    var escaped = false
    var comment = false
    for character in configuration {
      if comment {
        if character == "\n" {
          comment = false
          result.append(character)
        }
        continue
      }
      if escaped {
        escaped = false
      } else if character == "\\" && quote != nil {
        escaped = true
      } else if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "#" {
        comment = true
        continue
      }
      result.append(character)
    }
    return result
  }

  /// The quoted arguments of the `location ~` lines, read back as nginx reads a quoted string.
  static func locationRegexes(_ configuration: String) -> [String] {
    configuration.split(separator: "\n").compactMap { line -> String? in
      guard let start = line.range(of: "location ~ \"")?.upperBound else { return nil }
      var value = ""
      var index = start
      while index < line.endIndex, line[index] != "\"" {
        if line[index] == "\\", line.index(after: index) < line.endIndex {
          let next = line[line.index(after: index)]
          switch next {
          case "\"", "'", "\\": value.append(next)
          case "t": value.append("\t")
          case "r": value.append("\r")
          case "n": value.append("\n")
          default: value += "\\" + String(next)
          }
          index = line.index(index, offsetBy: 2)
          continue
        }
        value.append(line[index])
        index = line.index(after: index)
      }
      return value
    }
  }

  @Test("A route name with a newline stays inside its comment")
  func routeNameCannotAddADirective() throws {
    let shapes = [
      try RoutePathShape(name: Self.injection, template: "/promo"),
      try RoutePathShape(name: "bell\u{07}\u{1B}[31m\r\u{85}\u{2028}\u{202E}", template: "/b"),
    ]
    let text = try NginxConfiguration(serverName: "example.com", root: "/srv", shapes: shapes).text()
    let live = Self.directives(text)
    #expect(!live.contains("attacker"), "\(text)")
    #expect(!live.contains("return"))
    // The two association files, the fallback page, one per route.
    #expect(live.components(separatedBy: "location").count == 3 + shapes.count + 1)
    #expect(
      text.contains(
        #"# route promo\u{A}    location / { return 302 https://attacker.example/; }\u{A}#: /promo"#))
    for scalar in text.unicodeScalars {
      #expect(
        scalar == "\n" || !PrintableTextProbe.isInvisible(scalar), "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test("Location regexes read back, after nginx unquotes them, as the route's own regex")
  func locationRegexesSurviveNginxQuoting() throws {
    let shapes = [
      RoutePathShape(
        name: "back", pieces: [.literal(#"back\slash"#), .literal(#"t\t"#), .literal(#"end\"#)]),
      RoutePathShape(name: "quotes", pieces: [.literal(#"we"ird"#), .literal("x'y"), .literal("a$b;c d")]),
      RoutePathShape(name: "control", pieces: [.literal("new\nline")]),
    ]
    let text = try NginxConfiguration(serverName: "example.com", root: "/srv", shapes: shapes).text()
    let read = Self.locationRegexes(text)
    #expect(read == shapes.map { NginxConfiguration.locationRegex(for: $0) }, "\(text)")
    #expect(!Self.directives(text).contains("\nline"))
    let paths = [#"/back\slash/t\t/end\"#, #"/we"ird/x'y/a$b;c d"#, "/new\nline"]
    for (regex, path) in zip(read, paths) {
      let compiled = try NSRegularExpression(pattern: regex)
      #expect(compiled.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil, "\(regex)")
    }
  }

  @Test(
    "Paths and host names nginx would read as variables, or that hold control characters, are refused",
    arguments: [
      ("root", "/srv/$host"), ("root", "/srv/a\nb"), ("serverName", "example.com;\n    listen 80"),
      ("serverName", "ex$ample.com"), ("certificatePath", "/etc/ssl/$ssl_server_name.pem"),
      ("keyPath", "/etc/ssl/key\u{0}.pem"),
    ])
  func refusedValues(field: String, value: String) throws {
    var configuration = NginxConfiguration(
      serverName: "example.com", root: "/srv", shapes: [],
      certificate: .init(certificatePath: "/etc/ssl/c.pem", keyPath: "/etc/ssl/k.pem"))
    switch field {
    case "root": configuration.root = value
    case "serverName": configuration.serverName = value
    case "certificatePath": configuration.certificate?.certificatePath = value
    default: configuration.certificate?.keyPath = value
    }
    let error = try #require(throws: SiteGenerationError.self) { try configuration.text() }
    #expect(error.field == field)
    #expect(!error.description.contains("\n"))
  }

  @Test("Paths with spaces, quotes, semicolons and braces are quoted and escaped, not refused")
  func quotedPaths() throws {
    let configuration = NginxConfiguration(
      serverName: "example.com *.example.com", root: #"/srv/my "site"; {x} \n"#, shapes: [])
    let text = try configuration.text()
    #expect(text.contains(#"    root "/srv/my \"site\"; {x} \\n";"#), "\(text)")
    #expect(text.contains("    server_name example.com *.example.com;\n"))
  }

  /// Every tag of an HTML document, by name, in order (`/title` for an end tag).
  static func tags(_ html: String) -> [String] {
    var tags: [String] = []
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "/" || $0 == "!" }
      if let first = name.first, first.isLetter || first == "/" || first == "!" {
        tags.append(name.lowercased())
      }
    }
    return tags
  }

  @Test("A hostile app name adds no tag to the fallback page")
  func hostileAppNameAddsNoTag() throws {
    func page(_ name: String) throws -> String {
      try FallbackPage(
        appName: name, appStoreID: "1", canonicalURL: "https://example.com/", appURL: "myapp://"
      ).html()
    }
    let plain = try page("Example")
    let hostile = try page(#"</title><script>alert(1)</script><img src=x onerror="alert(2)">'"#)
    #expect(Self.tags(hostile) == Self.tags(plain))
    #expect(!hostile.contains("<script>alert"))
    #expect(!hostile.contains("onerror=\""))
  }

  @Test(
    "The app link refuses the schemes a browser runs or reads locally",
    arguments: [
      "javascript://", "JavaScript://x", "vbscript://", "data://", "file://", "blob://", "about://",
    ])
  func scriptSchemesAreRefused(appURL: String) throws {
    let error = try #require(throws: SiteGenerationError.self) {
      try FallbackPage(appName: "A", appStoreID: nil, canonicalURL: "https://example.com/", appURL: appURL)
    }
    #expect(error.field == "appURL")
  }

  @Test("Script strings escape the line and paragraph separators as well as <, > and &")
  func scriptStringsEscapeSeparators() {
    #expect(HTMLText.javaScriptString("a\u{2028}b\u{2029}c</") == #""a\u2028b\u2029c\u003C/""#)
  }
}

/// The terminal rule's set of invisible characters, for checking generated text.
enum PrintableTextProbe {
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: true
    default: false
    }
  }
}
