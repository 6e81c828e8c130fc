// The retail example as a UIKit app: a scene delegate forwards every callback that carries a link to
// one LinkIntake, a TabNavigationCoordinator keeps the tab bar and its navigation controllers in step
// with the navigator, and the navigation is saved and restored, checked against the catalog, with a
// launch link opening on top. The logic lives in the tested RetailExample module; the Info.plist's
// scene manifest names `RetailSceneDelegate` as the delegate class.
#if canImport(UIKit) && !os(watchOS)
  import DeepLinking
  import DeepLinkingUIKit
  import RetailExample
  import UIKit

  #if canImport(UserNotifications) && !os(tvOS)
    import UserNotifications
  #endif

  /// The activity type of the navigation state saved with a scene (listed in `NSUserActivityTypes`).
  let restorationActivityType = "com.example.retail.navigation"

  /// One screen of the shop, made for a destination the navigator shows.
  final class RetailScreenController: UIViewController {
    convenience init(_ destination: RetailDestination, links: RetailLinks) {
      self.init(nibName: nil, bundle: nil)
      switch destination {
      case .product(let id): title = links.product(id: id)?.name ?? "Unknown product"
      case .category(let gender): title = gender.rawValue.capitalized
      case .subCategory(_, let category): title = category.rawValue
      case .account: title = "Account"
      case .order(let id): title = "Order \(id)"
      }
    }
  }

  final class RetailSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let links = RetailLinks.shop
    private(set) var navigator: Navigator<RetailDestination, RetailTab>?
    private(set) var intake: LinkIntake<RetailDestination>?
    private var coordinator: TabNavigationCoordinator<RetailDestination, RetailTab>?
    #if canImport(UserNotifications) && !os(tvOS)
      /// The notification center's delegate (held weakly by the center): the window connected last
      /// receives the notifications tapped while the app runs.
      private var notificationLinks: RetailNotificationLinks?
    #endif

    func scene(
      _ scene: UIScene, willConnectTo session: UISceneSession,
      options connectionOptions: UIScene.ConnectionOptions
    ) {
      guard let windowScene = scene as? UIWindowScene else { return }
      let navigator = Navigator(rules: links.rules, initialTab: RetailTab.home)
      // The shop starts signed out: order links wait until the app calls `intake.signIn()`.
      let intake = links.intake(navigator: navigator, isSignedIn: false)
      let coordinator = TabNavigationCoordinator(
        navigator: navigator,
        tabs: [(tab: .home, root: UIViewController()), (tab: .account, root: UIViewController())],
        makeViewController: { [links] destination in RetailScreenController(destination, links: links) })
      let window = UIWindow(windowScene: windowScene)
      window.rootViewController = coordinator.tabBarController
      window.makeKeyAndVisible()
      self.window = window
      self.navigator = navigator
      self.intake = intake
      self.coordinator = coordinator
      #if canImport(UserNotifications) && !os(tvOS)
        let notificationLinks = RetailNotificationLinks(intake: intake)
        UNUserNotificationCenter.current().delegate = notificationLinks
        self.notificationLinks = notificationLinks
      #endif

      let saved = session.stateRestorationActivity?.navigationState(
        of: NavigationState<RetailDestination, RetailTab>.self)
      Task {
        // The launch link waits in the intake while the saved screens are checked against the catalog
        // (a product deleted since is not restored), then opens on top of them.
        await intake.receive(connectionOptions)
        if let saved {
          await navigator.restore(from: saved) { [links] destination in links.load(destination) }
        }
        await intake.markReady()
      }
    }

    func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
      guard let intake else { return }
      Task { await intake.receive(urlContexts) }
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
      guard let intake else { return }
      Task { await intake.receive(userActivity) }
    }

    #if !os(tvOS)
      // Home Screen quick actions (tvOS has none).
      func windowScene(
        _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
      ) {
        guard let intake else { return completionHandler(false) }
        Task { completionHandler(await intake.receive(shortcutItem)) }
      }
    #endif

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
      guard let navigator else { return nil }
      return try? NSUserActivity(restoring: navigator.state, activityType: restorationActivityType)
    }
  }
#endif
