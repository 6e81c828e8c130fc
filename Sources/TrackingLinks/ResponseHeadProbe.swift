import DeepLinking
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The part of an HTTP response the resolver needs: the status and the raw `Location` header.
struct ResponseHead: Sendable, Hashable {
  var status: Int
  var location: String?
}

/// Why a probe produced no response head.
enum ProbeFailure: Error, Sendable, Hashable {
  case cancelled
  case timedOut
  case transport(String)
}

/// Sends one request and hands back the response head, without following redirects or reading a body.
///
/// One `URLSession` (ephemeral, no cache, no cookies, no credentials) serves every request; this object is
/// its delegate. The delegate refuses every redirect (`completionHandler(nil)`) and cancels the task as
/// soon as the head of a response is known, so a body is never read. swift-corelibs-foundation reports a
/// refused redirect through `willPerformHTTPRedirection` and Darwin through `didReceive response`; both
/// paths end here.
final class ResponseHeadProbe: NSObject, URLSessionDataDelegate, Sendable {
  private typealias Waiter = CheckedContinuation<Result<ResponseHead, ProbeFailure>, Never>

  private let waiters = LockedValue<[Int: Waiter]>([:])
  private let sessionBox = LockedValue<URLSession?>(nil)

  override init() {
    super.init()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.urlCredentialStorage = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    sessionBox.withLock { $0 = session }
  }

  /// Cancels outstanding requests and breaks the session's strong reference to this delegate.
  func invalidate() {
    let session = sessionBox.withLock { box -> URLSession? in
      defer { box = nil }
      return box
    }
    session?.invalidateAndCancel()
  }

  /// Sends `request` and returns the head of the first response, or why there is none.
  ///
  /// Cancelling the calling task cancels the request and returns `.cancelled` at once, without waiting
  /// for the session to acknowledge it.
  func head(for request: URLRequest) async -> Result<ResponseHead, ProbeFailure> {
    guard let session = sessionBox.withLock({ $0 }) else {
      return .failure(.cancelled)
    }
    let task = session.dataTask(with: request)
    let id = task.taskIdentifier
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: Waiter) in
        waiters.withLock { $0[id] = continuation }
        if Task.isCancelled {
          finish(id, with: .failure(.cancelled))
          task.cancel()
        } else {
          task.resume()
        }
      }
    } onCancel: {
      finish(id, with: .failure(.cancelled))
      task.cancel()
    }
  }

  /// Resumes the waiter for task `id` once; later calls for the same task do nothing.
  @discardableResult
  private func finish(_ id: Int, with result: Result<ResponseHead, ProbeFailure>) -> Bool {
    guard let waiter = waiters.withLock({ $0.removeValue(forKey: id) }) else {
      return false
    }
    waiter.resume(returning: result)
    return true
  }

  private static func head(of response: HTTPURLResponse) -> ResponseHead {
    ResponseHead(status: response.statusCode, location: response.value(forHTTPHeaderField: "Location"))
  }

  func urlSession(
    _ session: URLSession,
    task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // The refusal first, and no cancel: swift-corelibs-foundation handles the completion on the
    // task's queue and stops with a fatal error ("not waiting for it") if a cancel, ours or one that
    // follows the waiter's resumption, changed the task's state before it runs. A refused redirect
    // ends the task with the 3xx response as its last; nothing more is requested.
    completionHandler(nil)
    finish(task.taskIdentifier, with: .success(Self.head(of: response)))
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    if let http = response as? HTTPURLResponse {
      finish(dataTask.taskIdentifier, with: .success(Self.head(of: http)))
    } else {
      finish(dataTask.taskIdentifier, with: .failure(.transport("the response is not HTTP")))
    }
    completionHandler(.cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    // Bodies are never used; the task is cancelled as soon as its head is known.
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let id = task.taskIdentifier
    if let http = task.response as? HTTPURLResponse {
      finish(id, with: .success(Self.head(of: http)))
      return
    }
    guard let error else {
      finish(id, with: .failure(.transport("the connection closed without a response")))
      return
    }
    if let urlError = error as? URLError {
      switch urlError.code {
      case .cancelled:
        finish(id, with: .failure(.cancelled))
        return
      case .timedOut:
        finish(id, with: .failure(.timedOut))
        return
      default:
        break
      }
    }
    finish(id, with: .failure(.transport(error.localizedDescription)))
  }
}
