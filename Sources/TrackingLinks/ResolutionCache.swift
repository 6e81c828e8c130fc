import Foundation

/// A small least-recently-used cache of successful resolutions, with a lifetime per entry.
///
/// Not thread-safe by itself: ``TrackingLinkResolver`` keeps it inside a lock.
struct ResolutionCache: Sendable {
  private struct Entry: Sendable {
    var resolution: TrackingLinkResolution
    var storedAt: ContinuousClock.Instant
    var lastUse: UInt64
  }

  let capacity: Int
  let lifetime: Duration
  private var entries: [String: Entry] = [:]
  private var tick: UInt64 = 0

  init(capacity: Int, lifetime: Duration) {
    self.capacity = max(0, capacity)
    self.lifetime = lifetime
  }

  var count: Int { entries.count }

  mutating func value(for key: String, now: ContinuousClock.Instant) -> TrackingLinkResolution? {
    guard var entry = entries[key] else {
      return nil
    }
    guard now - entry.storedAt < lifetime else {
      entries[key] = nil
      return nil
    }
    tick &+= 1
    entry.lastUse = tick
    entries[key] = entry
    return entry.resolution
  }

  mutating func insert(_ resolution: TrackingLinkResolution, for key: String, now: ContinuousClock.Instant) {
    guard capacity > 0 else {
      return
    }
    tick &+= 1
    entries[key] = Entry(resolution: resolution, storedAt: now, lastUse: tick)
    while entries.count > capacity {
      guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key else {
        break
      }
      entries[oldest] = nil
    }
  }
}
