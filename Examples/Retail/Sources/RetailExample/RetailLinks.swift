import DeepLinking
import Foundation

/// The retail example's links: one route table in place of an ordered list of regular expressions.
///
/// A list tried in order with unanchored patterns (`/category/\w+/?` before
/// `/category/\w+/(\w|-)+/?`) opens `/category/women/dresses` as the *category* page, because the
/// shorter pattern also matches a prefix of the longer link. Routes matched by specificity cannot make
/// that mistake: the two-segment link reaches the sub-category route whatever the order of the table.
///
/// Each route is declared by a case of ``RetailDestination``. A product link carries the product's id;
/// the intake's load step (``load(_:)``) asks the catalog, so an id no product has opens nothing.
public struct RetailLinks: Sendable {
  /// The route table: custom scheme `shop`, web host `shop.example.com`.
  public static let table = RouteTable(
    schemes: ["shop"],
    hosts: ["shop.example.com"],
    routes: [
      RouteDefinition("product", "/product/{id}"),
      RouteDefinition("category", "/category/{gender}"),
      RouteDefinition("subCategory", "/category/{gender}/{category}"),
      RouteDefinition("account", "/account"),
      RouteDefinition("order", "/account/orders/{id}", requiresVerifiedLink: true, requiresSignIn: true),
    ]
  )

  /// The links of the shop's own catalog: a constant of the app, so a table that does not fit
  /// ``RetailDestination`` stops the app at launch with the error's message (the tests build it first).
  public static let shop: RetailLinks = {
    do {
      return try RetailLinks()
    } catch {
      fatalError("The retail route table does not build: \(error)")
    }
  }()

  /// The typed router.
  public let destinations: DestinationRouter<RetailDestination>
  private let productsByID: [String: Product]

  /// Creates the links over a product list.
  ///
  /// - Parameter products: The products links may name.
  /// - Throws: ``RouteTableError`` if the table does not build or does not fit ``RetailDestination``.
  public init(products: [Product] = Product.mock) throws(RouteTableError) {
    destinations = try DestinationRouter(table: Self.table)
    productsByID = Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The product with an id, if the catalog has one.
  ///
  /// - Parameter id: The product's id.
  /// - Returns: The product, or `nil`.
  public func product(id: String) -> Product? {
    productsByID[id]
  }

  /// The intake's load step: a product link whose id no product has names nothing.
  ///
  /// - Parameter destination: The destination a link read as.
  /// - Returns: The destination, or `nil` when it names a product the catalog does not have.
  public func load(_ destination: RetailDestination) -> RetailDestination? {
    if case .product(let id) = destination, product(id: id) == nil { return nil }
    return destination
  }

  /// Where each destination sits: its tab, the screen Back leads to, and each tab's root.
  ///
  /// A product sits on its sub-category, a sub-category on its category; so a product link opened on
  /// a cold start shows category → sub-category → product. The account screen *is* the account tab's
  /// root: opening it selects the tab and pops to the root, and an order sits directly on it.
  public var rules: NavigationRules<RetailDestination, RetailTab> {
    NavigationRules(
      tab: { destination in
        switch destination {
        case .product, .category, .subCategory: .home
        case .account, .order: .account
        }
      },
      parent: { [productsByID] destination in
        switch destination {
        case .product(let id):
          productsByID[id].map { .subCategory(gender: $0.gender, category: $0.category) }
        case .subCategory(let gender, _): .category(gender: gender)
        case .category, .account: nil
        case .order: .account
        }
      },
      root: { tab in tab == .account ? .account : nil }
    )
  }

  /// An intake that opens links in a navigator, asking the catalog first.
  ///
  /// - Parameters:
  ///   - navigator: The navigator that shows destinations.
  ///   - storage: Where links that wait are kept: in memory by default; the app passes
  ///     `LinkStorage.durable(directory:)` so that a link that arrives while the app starts survives the
  ///     app being killed.
  ///   - fallbacks: Handlers for links the router cannot handle (a marketing SDK, tracking links).
  ///   - isSignedIn: Whether a user is signed in at start; order links wait for sign-in otherwise.
  /// - Returns: The intake. A destination the navigator refuses, or one that arrives after the navigator
  ///   is gone, is refused with ``LinkRefusal/navigationFailed(route:reason:)``.
  @MainActor
  public func intake(
    navigator: Navigator<RetailDestination, RetailTab>, storage: LinkStorage = .inMemory,
    fallbacks: [LinkFallbackHandler] = [], isSignedIn: Bool
  ) -> LinkIntake<RetailDestination> {
    LinkIntake(
      destinations: destinations, navigator: navigator, storage: storage, fallbacks: fallbacks,
      isSignedIn: isSignedIn, load: { [self] in load($0) })
  }
}
