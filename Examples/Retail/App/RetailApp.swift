// The retail example: the SwiftUI deep-link manager, ported. Links go through one LinkIntake: the
// app's routes first, then the marketing SDK's tracking links (a fallback handler), and links the SDK
// stored earlier arrive through `connect`. The logic lives in the tested RetailExample module.
#if canImport(SwiftUI)
  import DeepLinking
  import DeepLinkingSwiftUI
  import RetailExample
  import SwiftUI

  @main
  struct RetailApp: App {
    @State private var navigator = Navigator(rules: RetailLinks.rules, initialTab: .home)
    @State private var intake: LinkIntake<RetailDestination>?

    var body: some Scene {
      WindowGroup {
        if let intake {
          ContentView(navigator: navigator)
            .deepLinks(intake)
        } else {
          ProgressView().task { intake = makeIntake() }
        }
      }
    }

    @MainActor
    private func makeIntake() -> LinkIntake<RetailDestination>? {
      guard let links = try? RetailLinks() else { return nil }
      // Tracking ("creative tag") links resolve to their click-through URL, which is routed again.
      let tracking = TrackingLinkResolver(
        origins: (try? [TrackingOrigin("https://click.example-ink.com")]) ?? [])
      let directory = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("links")
      let intake = try? LinkIntake(
        destinations: links.destinations, navigator: navigator, storeDirectory: directory,
        fallbacks: [TrackingLinkFallback(resolver: tracking)])
      // Links a marketing SDK stored earlier: connect its stream of URL strings as a source.
      // intake?.connect(MarketingSDK.storedLinks, source: .stored)
      return intake
    }
  }

  struct ContentView: View {
    @Bindable var navigator: Navigator<RetailDestination, RetailTab>

    var body: some View {
      TabView(selection: navigator.tabSelection) {
        NavigationStack(path: navigator.path(for: .home)) {
          List(Product.Gender.allCases, id: \.self) { gender in
            NavigationLink(gender.rawValue.capitalized, value: RetailDestination.category(gender: gender))
          }
          .navigationDestination(for: RetailDestination.self) { destination in
            DestinationView(destination: destination)
          }
        }
        .tag(RetailTab.home)
        .tabItem { Label("Shop", systemImage: "bag") }

        NavigationStack(path: navigator.path(for: .account)) {
          Text("Account")
            .navigationDestination(for: RetailDestination.self) { destination in
              DestinationView(destination: destination)
            }
        }
        .tag(RetailTab.account)
        .tabItem { Label("Account", systemImage: "person") }
      }
    }
  }

  struct DestinationView: View {
    let destination: RetailDestination

    var body: some View {
      switch destination {
      case .product(let product):
        Text(product.name).font(.title)
      case .category(let gender):
        List(Product.Category.allCases, id: \.self) { category in
          NavigationLink(
            category.rawValue, value: RetailDestination.products(gender: gender, category: category))
        }
      case .products(let gender, let category):
        List(Product.mock.filter { $0.gender == gender && $0.category == category }) { product in
          NavigationLink(product.name, value: RetailDestination.product(product))
        }
      case .account:
        Text("Account")
      case .order(let id):
        Text("Order \(id)")
      }
    }
  }
#endif
