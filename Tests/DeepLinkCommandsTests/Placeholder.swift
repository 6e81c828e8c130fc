import Testing

@testable import DeepLinkCommands
