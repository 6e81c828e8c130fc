import DeepLinking
import Testing

@testable import ChannelNavigation

@MainActor
@Suite("ChannelViewModel: calls waiting for ready")
struct ChannelViewModelQueueCapTests {
  @Test("a call past the gate's cap is reported as queueFull; the queued calls still apply once")
  func callPastTheCapIsReported() throws {
    let recorder = Recorder()
    let viewModel = ChannelViewModel(callbacks: recorder.callbacks)
    let limit = ReadinessGate<ChannelNavigationState>.defaultMaximumPendingCalls
    for _ in 0..<limit { viewModel.search("goal") }
    #expect(recorder.errors.isEmpty)
    viewModel.goBack()
    #expect(recorder.errors == [.queueFull(.tooManyPendingCalls(limit: limit))])
    #expect(viewModel.lastError == .queueFull(.tooManyPendingCalls(limit: limit)))
    #expect(viewModel.pendingCount == limit)
    viewModel.load(try ChannelCatalog.demo)
    #expect(viewModel.pendingCount == 0)
    #expect(viewModel.state == ChannelNavigationState(page: .search, query: "goal"))
    #expect(recorder.errors.count == 1)
  }
}
