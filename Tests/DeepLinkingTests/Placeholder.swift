import Testing

@testable import DeepLinking
