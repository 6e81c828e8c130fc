// The retail example: the SwiftUI deep-link manager, ported. Links go through one LinkIntake: the
// app's routes first, then tracking links (a fallback handler), and links a marketing SDK stored earlier
// arrive through `connect`. The logic lives in the tested RetailExample module.
#if canImport(SwiftUI)
  import DeepLinking
  import DeepLinkingSwiftUI
  import DurableLinkStorage
  import RetailExample
  import SwiftUI
  import TrackingLinks

  #if canImport(UserNotifications) && !os(tvOS)
    import UserNotifications
  #endif

  /// The app's link machinery, built synchronously so the root view handles links from the first frame.
  @MainActor
  final class RetailModel {
    let links = RetailLinks.shop
    let navigator: Navigator<RetailDestination, RetailTab>
    let intake: LinkIntake<RetailDestination>
    #if canImport(UserNotifications) && !os(tvOS)
      /// The notification center's delegate, which it holds weakly: kept here.
      let notifications: RetailNotifications
    #endif

    init() {
      navigator = Navigator(rules: links.rules, initialTab: .home)
      // Tracking ("creative tag") links resolve to their click-through URL, which is routed again.
      let origins = (try? [TrackingOrigin("https://click.example-ink.com")]) ?? []
      let tracking = TrackingLinkResolver(origins: origins)
      let fallbacks: [LinkFallbackHandler] = [.trackingLinks(resolver: tracking)]
      let directory = URL.applicationSupportDirectory.appendingPathComponent("links")
      // Waiting links survive a relaunch when the store opens; otherwise they are kept in memory.
      let storage = (try? LinkStorage.durable(directory: directory)) ?? .inMemory
      // The shop starts signed out: order links wait until the app calls `intake.signIn()`.
      intake = links.intake(navigator: navigator, storage: storage, fallbacks: fallbacks, isSignedIn: false)
      #if canImport(UserNotifications) && !os(tvOS)
        // Set before the app finishes launching, so that the tap that launched it is delivered.
        notifications = RetailNotifications(intake: intake)
        UNUserNotificationCenter.current().delegate = notifications
      #endif
      // Links the marketing SDK stored earlier, connected before the first screen is ready.
      intake.connectMarketingSDK()
    }
  }

  @main
  struct RetailApp: App {
    @State private var model = RetailModel()

    var body: some Scene {
      WindowGroup {
        // On the root view from the first frame, so a cold-start link is not lost.
        ContentView(navigator: model.navigator, links: model.links)
          .deepLinks(model.intake)
      }
    }
  }

  struct ContentView: View {
    @Bindable var navigator: Navigator<RetailDestination, RetailTab>
    let links: RetailLinks

    var body: some View {
      TabView(selection: navigator.tabSelection) {
        NavigationStack(path: navigator.path(for: .home)) {
          List(Product.Gender.allCases, id: \.self) { gender in
            NavigationLink(gender.rawValue.capitalized, value: RetailDestination.category(gender: gender))
          }
          .navigationDestination(for: RetailDestination.self) { destination in
            DestinationView(destination: destination, links: links)
          }
        }
        .tag(RetailTab.home)
        .tabItem { Label("Shop", systemImage: "bag") }

        // The account screen is this tab's root (`NavigationRules(root:)`); orders push onto it.
        NavigationStack(path: navigator.path(for: .account)) {
          AccountView()
            .navigationDestination(for: RetailDestination.self) { destination in
              DestinationView(destination: destination, links: links)
            }
        }
        .tag(RetailTab.account)
        .tabItem { Label("Account", systemImage: "person") }
      }
    }
  }

  struct AccountView: View {
    var body: some View {
      Text("Account").font(.title)
    }
  }

  struct DestinationView: View {
    let destination: RetailDestination
    let links: RetailLinks

    var body: some View {
      switch destination {
      case .product(let id):
        Text(links.product(id: id)?.name ?? "Unknown product").font(.title)
      case .category(let gender):
        List(Product.Category.allCases, id: \.self) { category in
          NavigationLink(
            category.rawValue, value: RetailDestination.subCategory(gender: gender, category: category))
        }
      case .subCategory(let gender, let category):
        List(Product.mock.filter { $0.gender == gender && $0.category == category }) { product in
          NavigationLink(product.name, value: RetailDestination.product(id: product.id))
        }
      case .account:
        AccountView()
      case .order(let id):
        Text("Order \(id)")
      }
    }
  }
#endif
