/// The most recent refusals of an intake, newest last: at most ``limit``, the oldest dropped first.
struct RefusalLog<Record> {
  /// How many refusals the log keeps.
  static var limit: Int { 50 }

  /// The kept refusals, newest last.
  private(set) var records: [Record] = []

  /// Adds a refusal, dropping the oldest beyond ``limit``.
  mutating func append(_ record: Record) {
    records.append(record)
    if records.count > Self.limit { records.removeFirst(records.count - Self.limit) }
  }
}
