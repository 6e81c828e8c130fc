import Testing

@testable import UniversalLinks
