// watchOS has UIKit but no scenes (`UIScene` and `UIOpenURLContext` are unavailable there).
#if canImport(UIKit) && canImport(SwiftUI) && !os(watchOS)
  import DeepLinking
  import UIKit

  extension LinkIntake {
    /// Receives the links a scene was launched with (a cold start through a `UISceneDelegate`).
    ///
    /// An app with a scene delegate gets its launch link in `scene(_:willConnectTo:options:)`, not in
    /// `scene(_:openURLContexts:)` or SwiftUI's `onOpenURL`: forward the connection options here, and the
    /// link waits in the intake until the UI is ready.
    ///
    /// - Parameter options: The scene's connection options.
    public func receive(_ options: UIScene.ConnectionOptions) async {
      for context in options.urlContexts {
        // The system delivered these URLs to the scene, so the scheme tells the source here.
        await receive(context.url, source: IncomingLink.systemSource(of: context.url))
      }
      for activity in options.userActivities where activity.activityType == NSUserActivityTypeBrowsingWeb {
        if let url = activity.webpageURL {
          await receive(url.absoluteString, source: .universalLink)
        }
      }
    }
  }
#endif
