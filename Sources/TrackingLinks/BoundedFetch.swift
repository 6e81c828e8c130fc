import DeepLinking
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP request bounded on the wall clock and on the bytes received, whatever the server does:
/// the package's one rule for fetching from a server it does not trust (the tracking-link resolver's
/// hops and the `deeplink` checks of well-known files).
///
/// - **Wall clock.** The fetch returns ``BoundedFetchResult/timedOut`` at ``deadline`` on the continuous
///   clock (in tests, on a ``clock`` the test moves). The deadline is checked every ``checkInterval`` by
///   a timer of the fetch's own, not by `URLSession`, whose request time limit restarts with every byte
///   (a server that trickles a byte at a time never reaches it) and, on Linux, is served by the same
///   queue as the transfer (a server that sends faster than the client reads keeps that queue busy, and
///   a cancel waits behind it). The fetch never waits for `URLSession` to acknowledge a cancel: the
///   result is handed back first, and the task is cancelled and its session invalidated afterwards, off
///   the caller's path.
/// - **Bytes.** At most ``byteLimit`` body bytes are received: the bytes handed to the fetch after
///   decoding are counted as each piece arrives (so a compressed body is capped on what it inflates
///   to), and the bytes the platform reports read from the connection (Darwin's `countOfBytesReceived`)
///   are checked with the deadline. One byte past the limit ends the fetch with
///   ``BoundedFetchResult/tooLarge(announced:)``, as does a `Content-Length` above it; bytes past the
///   limit are never kept.
/// - **Redirects** are never followed: a 3xx answer is the result.
///
/// On Linux (swift-corelibs-foundation) a redirect's body is read to its end before the redirect is
/// reported, with no count the fetch can read, so only the deadline bounds it; and a transfer cannot
/// be stopped while the server keeps the connection full: the cancel runs once the server pauses or
/// closes. The fetch has returned by then and keeps nothing of what still arrives.
package struct BoundedFetch: Sendable {
  /// How often the deadline and the bytes read from the connection are checked: every 10 ms.
  package static let checkInterval = Duration.milliseconds(10)

  /// The most body bytes the request may receive.
  package var byteLimit: Int
  /// When the fetch gives up, on ``clock``.
  package var deadline: ContinuousClock.Instant
  /// The clock ``deadline`` is read on.
  package var clock: DeadlineClock
  /// Whether the body of a 200 answer is read (up to ``byteLimit``) and returned; every other answer,
  /// and every answer when this is `false`, ends the fetch at its head.
  package var readsBody: Bool

  /// A fetch with these bounds.
  ///
  /// - Parameters:
  ///   - byteLimit: The most body bytes the request may receive.
  ///   - deadline: When the fetch gives up, on `clock`.
  ///   - readsBody: Whether the body of a 200 answer is read and returned.
  ///   - clock: The clock `deadline` is read on: the continuous clock unless a test moves its own.
  package init(
    byteLimit: Int, deadline: ContinuousClock.Instant, readsBody: Bool, clock: DeadlineClock = .continuous
  ) {
    self.byteLimit = byteLimit
    self.deadline = deadline
    self.readsBody = readsBody
    self.clock = clock
  }

  /// Sends `request` in a session of its own (ephemeral: no cache, no cookies, no credentials) and
  /// returns how it ended. Cancelling the calling task ends the fetch at once with
  /// ``BoundedFetchResult/cancelled``.
  ///
  /// - Parameter request: The request; its own time limit is replaced by one past ``deadline``.
  /// - Returns: The answer's head (and body, when read), or why there is none.
  package func run(_ request: URLRequest) async -> BoundedFetchResult {
    let transfer = BoundedTransfer(bounds: self)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        transfer.start(request, continuation: continuation)
      }
    } onCancel: {
      transfer.finish(.cancelled, abandoning: true)
    }
  }

  /// The time limit handed to `URLSession`: the whole seconds left from `now` to `deadline`, rounded
  /// up, plus one, so that it never fires before the fetch's own deadline (some implementations round
  /// it down to whole seconds).
  static func sessionTimeout(until deadline: ContinuousClock.Instant, now: ContinuousClock.Instant)
    -> TimeInterval
  {
    let parts = (deadline - now).components
    let wholeSeconds = parts.seconds + (parts.attoseconds > 0 ? 1 : 0)
    return TimeInterval(max(0, wholeSeconds) + 1)
  }
}

/// The head of an answer, and its body when one was read.
package struct BoundedFetchResponse: Sendable, Hashable {
  /// The HTTP status.
  package var status: Int
  /// The raw `Location` header.
  package var location: String?
  /// The raw `Content-Type` header.
  package var contentType: String?
  /// The body: empty unless ``BoundedFetch/readsBody`` and the status is 200.
  package var body: Data
}

/// How a ``BoundedFetch`` ended.
package enum BoundedFetchResult: Sendable, Hashable {
  /// An answer.
  case response(BoundedFetchResponse)
  /// More than ``BoundedFetch/byteLimit`` bytes; the `Content-Length` when the server announced that much.
  case tooLarge(announced: Int64?)
  /// The deadline passed first.
  case timedOut
  /// The calling task was cancelled.
  case cancelled
  /// The request failed below HTTP: `URLError`'s code when there is one, and the description.
  case failed(code: URLError.Code?, message: String)
}

/// The `URLSession` delegate of one ``BoundedFetch``: the state of one request, touched only under
/// `lock`.
///
/// A task is either answered or abandoned, never both: an abandoned task (the deadline, the byte limit,
/// a cancelled caller, an answer known at its head) is cancelled and its redirect, should one still be
/// reported, is left unanswered; a task whose redirect was answered is never cancelled.
/// swift-corelibs-foundation stops with a fatal error when a cancel changes a task's state between a
/// redirect and the delegate's answer to it.
private final class BoundedTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // @unchecked Sendable: every mutable property is touched only under `lock`.
  private let lock = NSLock()
  private let bounds: BoundedFetch
  private var continuation: CheckedContinuation<BoundedFetchResult, Never>?
  private var finished = false
  private var abandoned = false
  private var session: URLSession?
  private var task: URLSessionDataTask?
  private var timer: (any DispatchSourceTimer)?
  private var head: BoundedFetchResponse?
  private var body = Data()
  private var decodedBytes = 0

  init(bounds: BoundedFetch) {
    self.bounds = bounds
  }

  /// Starts the deadline timer, then creates and resumes the task off the caller's thread: on Linux
  /// creating a task waits for a queue that a busy transfer elsewhere in the process can hold.
  func start(_ request: URLRequest, continuation: CheckedContinuation<BoundedFetchResult, Never>) {
    let alreadyFinished = lock.withLock { () -> Bool in
      if finished { return true }
      self.continuation = continuation
      return false
    }
    if alreadyFinished {
      continuation.resume(returning: .cancelled)
      return
    }
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
    let interval = BoundedFetch.checkInterval.components
    timer.schedule(
      deadline: .now(), repeating: .nanoseconds(Int(interval.attoseconds / 1_000_000_000)),
      leeway: .milliseconds(1))
    timer.setEventHandler { [weak self] in self?.check() }
    lock.withLock { self.timer = timer }
    timer.resume()
    DispatchQueue.global().async { self.open(request) }
  }

  private func open(_ request: URLRequest) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.urlCredentialStorage = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
    let limit = BoundedFetch.sessionTimeout(until: bounds.deadline, now: bounds.clock.now())
    configuration.timeoutIntervalForRequest = limit
    configuration.timeoutIntervalForResource = limit
    var request = request
    request.timeoutInterval = limit
    request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
    request.httpShouldHandleCookies = false
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    let task = session.dataTask(with: request)
    let proceed = lock.withLock { () -> Bool in
      self.session = session
      self.task = task
      return !finished
    }
    if proceed {
      task.resume()
    } else {
      task.cancel()
      session.finishTasksAndInvalidate()
    }
  }

  /// The deadline and the bytes read from the connection, every ``BoundedFetch/checkInterval``.
  private func check() {
    if bounds.clock.now() >= bounds.deadline {
      finish(.timedOut, abandoning: true)
      return
    }
    guard let task = lock.withLock({ self.task }) else { return }
    // Darwin counts a data task's bytes in `countOfBytesReceived`; some swift-corelibs-foundation
    // builds count them in the task's progress instead.
    let received = max(task.countOfBytesReceived, task.progress.completedUnitCount)
    if received > Int64(bounds.byteLimit) {
      finish(.tooLarge(announced: nil), abandoning: true)
    }
  }

  /// Hands `result` to the caller, once; later calls do nothing. An abandoned task is then cancelled.
  func finish(_ result: BoundedFetchResult, abandoning abandon: Bool) {
    let state = lock.withLock {
      () -> (
        CheckedContinuation<BoundedFetchResult, Never>?, URLSessionDataTask?, URLSession?,
        (any DispatchSourceTimer)?
      )? in
      guard !finished else { return nil }
      finished = true
      abandoned = abandon
      body = Data()
      defer {
        continuation = nil
        timer = nil
      }
      return (continuation, task, session, timer)
    }
    guard let (waiter, task, session, timer) = state else { return }
    timer?.cancel()
    waiter?.resume(returning: result)
    // Off the caller's path: on Linux both calls queue behind a transfer that the server keeps busy.
    DispatchQueue.global().async {
      if abandon {
        task?.cancel()
      }
      session?.finishTasksAndInvalidate()
    }
  }

  private static func head(of response: HTTPURLResponse) -> BoundedFetchResponse {
    BoundedFetchResponse(
      status: response.statusCode, location: response.value(forHTTPHeaderField: "Location"),
      contentType: response.value(forHTTPHeaderField: "Content-Type"), body: Data())
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let answer = lock.withLock { !abandoned }
    guard answer else { return }
    // The refusal first: a refused redirect ends the task with the 3xx response as its last, and this
    // task is never cancelled (see the type's note).
    completionHandler(nil)
    finish(.response(Self.head(of: response)), abandoning: false)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let http = response as? HTTPURLResponse else {
      completionHandler(.cancel)
      finish(.failed(code: nil, message: "the answer is not HTTP"), abandoning: true)
      return
    }
    let head = Self.head(of: http)
    guard bounds.readsBody, head.status == 200 else {
      // Only the head is needed. swift-corelibs-foundation ignores the disposition and reads on; the
      // cancel that follows the result stops it.
      completionHandler(.cancel)
      finish(.response(head), abandoning: true)
      return
    }
    if response.expectedContentLength > Int64(bounds.byteLimit) {
      completionHandler(.cancel)
      finish(.tooLarge(announced: response.expectedContentLength), abandoning: true)
      return
    }
    lock.withLock { self.head = head }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overLimit = lock.withLock { () -> Bool in
      guard !finished else { return false }
      decodedBytes += data.count
      guard decodedBytes <= bounds.byteLimit else { return true }
      body.append(data)
      return false
    }
    if overLimit {
      finish(.tooLarge(announced: nil), abandoning: true)
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let error else {
      let answer = lock.withLock { () -> BoundedFetchResponse? in
        guard var answer = head ?? (task.response as? HTTPURLResponse).map(Self.head(of:)) else { return nil }
        if bounds.readsBody, answer.status == 200 {
          answer.body = body
        }
        return answer
      }
      if let answer {
        finish(.response(answer), abandoning: false)
      } else {
        finish(.failed(code: nil, message: "the connection closed without an answer"), abandoning: false)
      }
      return
    }
    if let http = task.response as? HTTPURLResponse, !bounds.readsBody || http.statusCode != 200 {
      finish(.response(Self.head(of: http)), abandoning: false)
      return
    }
    let urlError = error as? URLError
    if urlError?.code == .cancelled {
      finish(.cancelled, abandoning: false)
    } else {
      finish(
        .failed(code: urlError?.code, message: (error as NSError).localizedDescription), abandoning: false)
    }
  }
}
