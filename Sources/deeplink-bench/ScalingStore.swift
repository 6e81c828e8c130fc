// deeplink-bench --scaling: the durable link store delivering the links that wait in it.
import DeepLinking
import DurableLinkStorage
import Foundation

extension Scaling {
  /// 10,000 to 80,000 links waiting in a durable store (a quarter with `--quick`), all delivered by one
  /// `deliver` call. The time is the whole delivery; the note gives the time per link and its ratio to
  /// the smallest size: flat means linear. The store lives on tmpfs (`/dev/shm`) where there is one,
  /// so that `fsync` costs next to nothing and the table shows the store's own work.
  static func storeDelivery(scale: Int) -> ScalingDimension {
    let sizes = (0..<4).map { max(1, 10_000 / scale) << $0 }
    var smallest: Double?
    return ScalingDimension(
      name: "store-delivery", unit: "links", sizes: sizes, metrics: ["deliver"], showsMemory: false,
      stepBudget: 60
    ) { size in
      let directory = storeDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      do {
        // Appended by one store, delivered by the next: the links an app finds waiting at launch.
        do {
          let store = try DurableLinkStore(directory: directory)
          for index in 0..<size {
            try await store.append(
              IncomingLink(url: "myapp://channel/video/\(index)", source: .customScheme), reason: "not ready")
          }
        }
        let store = try DurableLinkStore(directory: directory)
        var delivered = 0
        let start = now()
        let count = try await store.deliver { delivery in
          if delivery.link.url.hasSuffix("/\(delivered)") { delivered += 1 }
        }
        let seconds = now() - start
        guard count == size, delivered == size else {
          fail("store-delivery: \(count) links delivered, \(delivered) in order, of \(size)")
        }
        let perLink = seconds / Double(size)
        let first = smallest ?? perLink
        smallest = first
        return ScalingStep(
          seconds: [seconds], note: "\(duration(perLink)) a link, \(format(perLink / first, 2))x the first")
      } catch {
        fail("store-delivery: \(error)")
      }
    }
  }

  /// A fresh directory for a store: on tmpfs (`/dev/shm`) when there is one.
  static func storeDirectory() -> URL {
    var isDirectory: ObjCBool = false
    let base =
      FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory) && isDirectory.boolValue
      ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    return base.appendingPathComponent("bench-store-\(UUID().uuidString)")
  }
}
