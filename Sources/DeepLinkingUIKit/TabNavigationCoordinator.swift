// watchOS has no UITabBarController or UINavigationController.
#if canImport(UIKit) && !os(watchOS)
  import DeepLinking
  import Observation
  import UIKit

  /// Keeps a `UITabBarController` with one `UINavigationController` per tab in step with a `Navigator`,
  /// both ways: a link the navigator opens pushes the view controllers (its parents below it), a Back
  /// swipe or a tab tap changes the navigator. A modal destination (a `Presentation` of `.sheet` or
  /// `.fullScreenCover` in the navigator's rules) is presented over the tab bar controller with
  /// `present(_:animated:)` (`.automatic`, a page sheet, or `.fullScreen`), its parents pushed beneath
  /// it; a swipe down dismisses it in the navigator.
  ///
  /// What to show is decided by `ContainerSync` (in `DeepLinking`, tested on every platform); this
  /// class only makes the view-controller calls. Push screens through the navigator, never on a
  /// navigation controller directly, so both stay in step.
  ///
  /// The tab bar's items come from the tabs' root view controllers: the coordinator wraps each root in
  /// a `UINavigationController` and gives it the root's `tabBarItem` (by default an item showing the
  /// root's `title`). Set each root's `tabBarItem` (title, image) before creating the coordinator.
  ///
  /// ```swift
  /// let home = HomeViewController()
  /// home.tabBarItem = UITabBarItem(title: "Home", image: UIImage(systemName: "house"), tag: 0)
  /// let coordinator = TabNavigationCoordinator(
  ///   navigator: navigator,
  ///   tabs: [(.home, home), (.shop, ShopViewController())],
  ///   makeViewController: { screen in ScreenViewController(screen) })
  /// window.rootViewController = coordinator.tabBarController
  /// ```
  @MainActor
  public final class TabNavigationCoordinator<Destination, Tab>
  where Destination: Hashable & Sendable & Codable, Tab: Hashable & Sendable & Codable {
    /// The tab bar controller, with one navigation controller per tab.
    public let tabBarController: UITabBarController
    /// The navigator the controllers follow.
    public let navigator: Navigator<Destination, Tab>

    private let navigationControllers: [UINavigationController]
    private let makeViewController: @MainActor (Destination) -> UIViewController
    private var sync: ContainerSync<Destination, Tab>
    private let delegate = ContainerDelegate()
    /// The view controller presented for the navigator's modal, while it is up.
    private var modalController: UIViewController?

    /// Creates the controllers for the navigator's tabs and shows its state.
    ///
    /// - Parameters:
    ///   - navigator: The navigator the controllers follow.
    ///   - tabs: The tabs in the tab bar's order, each with its root view controller, whose
    ///     `tabBarItem` is the tab's item in the tab bar.
    ///   - tabBarController: The tab bar controller to fill (a new one by default).
    ///   - makeViewController: Makes the view controller that shows a destination.
    public init(
      navigator: Navigator<Destination, Tab>,
      tabs: [(tab: Tab, root: UIViewController)],
      tabBarController: UITabBarController = UITabBarController(),
      makeViewController: @escaping @MainActor (Destination) -> UIViewController
    ) {
      self.navigator = navigator
      self.tabBarController = tabBarController
      self.makeViewController = makeViewController
      sync = ContainerSync(tabs: tabs.map(\.tab))
      navigationControllers = tabs.map { tab in
        let controller = UINavigationController(rootViewController: tab.root)
        // The tab bar shows the navigation controller's item: the root's, title and image.
        controller.tabBarItem = tab.root.tabBarItem
        return controller
      }
      tabBarController.viewControllers = navigationControllers
      tabBarController.delegate = delegate
      for controller in navigationControllers {
        controller.delegate = delegate
      }
      delegate.didSelect = { [weak self] index in self?.userSelected(index) }
      delegate.didShow = { [weak self] controller in self?.userShowed(controller) }
      delegate.didDismiss = { [weak self] in self?.userDismissed() }
      show(animated: false)
      observe()
    }

    /// Shows the navigator's state: each changed tab keeps what it still shares with the state and
    /// pushes the rest.
    private func show(animated: Bool) {
      let (changes, select, modal) = sync.update(to: navigator.state)
      let selected = tabBarController.selectedIndex
      for change in changes {
        guard let index = sync.tabs.firstIndex(of: change.tab) else { continue }
        let controller = navigationControllers[index]
        let kept = Array(controller.viewControllers.prefix(1 + change.kept))
        controller.setViewControllers(
          kept + change.pushed.map(makeViewController), animated: animated && index == selected)
      }
      if let select, let index = sync.tabs.firstIndex(of: select) {
        tabBarController.selectedIndex = index
      }
      switch modal {
      case nil: break
      case .dismiss: dismissModal(animated: animated, then: nil)
      case .present(let presented):
        let controller = makeViewController(presented.destination)
        controller.modalPresentationStyle =
          presented.presentation == .fullScreenCover ? .fullScreen : .automatic
        dismissModal(animated: animated) { [weak self] in
          guard let self else { return }
          self.tabBarController.present(controller, animated: animated)
          controller.presentationController?.delegate = self.delegate
          self.modalController = controller
        }
      }
    }

    /// Dismisses the modal this coordinator presented, if it is still up, then runs `next`.
    private func dismissModal(animated: Bool, then next: (@MainActor () -> Void)?) {
      guard let shown = modalController, tabBarController.presentedViewController === shown else {
        modalController = nil
        next?()
        return
      }
      modalController = nil
      shown.dismiss(animated: animated) { next?() }
    }

    private func userDismissed() {
      modalController = nil
      if sync.userDismissed() { navigator.dismiss() }
    }

    /// Shows every change of the navigator's state, after it happened.
    private func observe() {
      withObservationTracking {
        _ = navigator.state
      } onChange: { [weak self] in
        Task { @MainActor in
          self?.show(animated: true)
          self?.observe()
        }
      }
    }

    private func userSelected(_ index: Int) {
      if let tab = sync.userSelected(index) { navigator.select(tab: tab) }
    }

    private func userShowed(_ controller: UINavigationController) {
      guard let index = navigationControllers.firstIndex(where: { $0 === controller }) else { return }
      let tab = sync.tabs[index]
      if let stack = sync.userPopped(tab: tab, toCount: controller.viewControllers.count - 1) {
        navigator.replace(stack: stack, in: tab)
      }
    }
  }

  /// The delegate of the tab bar and navigation controllers: not generic, as UIKit's delegate
  /// protocols need an Objective-C class.
  @MainActor
  final class ContainerDelegate: NSObject, UITabBarControllerDelegate, UINavigationControllerDelegate,
    UIAdaptivePresentationControllerDelegate
  {
    var didSelect: (@MainActor (Int) -> Void)?
    var didShow: (@MainActor (UINavigationController) -> Void)?
    var didDismiss: (@MainActor () -> Void)?

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
      didDismiss?()
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    {
      didSelect?(tabBarController.selectedIndex)
    }

    func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
      didShow?(navigationController)
    }
  }
#endif
