import Testing

@testable import ChannelNavigation
