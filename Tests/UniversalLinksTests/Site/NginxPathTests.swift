import Testing

@testable import UniversalLinks

@Suite("nginx paths")
struct NginxPathTests {
  @Test func pathsAreWrittenAsGivenAndQuotedOnlyWhenNeeded() throws {
    #expect(NginxConfiguration.token("site") == "site")
    #expect(NginxConfiguration.token("/srv/www/site") == "/srv/www/site")
    #expect(NginxConfiguration.token("my site") == "\"my site\"")
    #expect(NginxConfiguration.token("a\"b;c") == "\"a\\\"b;c\"")
    let relative = try NginxConfiguration(serverName: "example.com", root: "site", shapes: []).text()
    #expect(relative.contains("    root site;\n"))
  }

  @Test func certificateLinesNameTheGivenFilesOrArePlaceholders() throws {
    let given = try NginxConfiguration(
      serverName: "example.com", root: "/srv", shapes: [],
      certificate: .init(certificatePath: "/etc/ssl/site.pem", keyPath: "/etc/ssl/site.key")
    ).text()
    #expect(given.contains("    ssl_certificate /etc/ssl/site.pem;\n"))
    #expect(given.contains("    ssl_certificate_key /etc/ssl/site.key;\n"))
    #expect(!given.contains("REPLACE"))
    let placeholder = try NginxConfiguration(serverName: "example.com", root: "/srv", shapes: []).text()
    #expect(placeholder.contains("ssl_certificate /REPLACE/"))
  }
}
