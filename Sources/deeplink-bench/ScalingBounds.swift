// deeplink-bench --scaling: inputs built to make one call cost the square (or more) of their size:
// nested links whose candidates all follow, many links before the UI is ready, and segment templates
// whose separators the segment almost holds everywhere.
import DeepLinking
import Foundation

extension Scaling {
  /// Each of the three dimensions doubles its input three times (1x, 2x, 4x, 8x) and gives, in its note,
  /// the ratio of the measured cost to a baseline timed in the same step, and the cost per unit against
  /// the first size: flat means linear.
  static func boundsDimensions(scale: Int) -> [ScalingDimension] {
    [followFanOut(), linksBeforeReady(scale: scale), templateSeparators()]
  }

  /// 64 routes `/l<L>?u={t:link}&!k<j>` (L = 1...4, j = 1...16), each following `t`, and a link nested
  /// four deep through them around a path that matches nothing, of 512 to 4,096 bytes: every
  /// candidate of every level routes its nested link, within the budget of nested links one link may
  /// route. The baseline is one match of the same link (the route index, which follows nothing).
  static func followFanOut() -> ScalingDimension {
    var firstPerByte: Double?
    return ScalingDimension(
      name: "follow-fan-out", unit: "bytes", sizes: [512, 1_024, 2_048, 4_096],
      metrics: ["one match", "fan-out"], showsMemory: false
    ) { size in
      var routes: [RouteDefinition] = []
      for level in 1...4 {
        for variant in 1...16 {
          routes.append(
            RouteDefinition("l\(level)k\(variant)", "/l\(level)?u={t:link}&!k\(variant)", follow: "t"))
        }
      }
      let router = build(RouteTable(schemes: ["myapp"], routes: routes))
      func wrapped(_ padding: Int) -> String {
        var link = "/nowhere/" + String(repeating: "a", count: max(1, padding))
        for level in (2...4).reversed() {
          link = "/l\(level)?u=" + (link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }
        return "myapp://l1?u=" + (link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
      }
      // The padding that makes the whole link `size` bytes.
      let link = wrapped(size - wrapped(1).utf8.count + 1)
      let outcome: String
      do throws(LinkError) {
        outcome = try router.match(link).map { "matched \($0.route)" } ?? "no match"
      } catch {
        outcome = error.code.description
      }
      let one = secondsPerRun { (try? router.matchIndex(link)) ?? -1 }
      let fanOut = secondsPerRun { (try? router.match(link))?.route.utf8.count ?? -1 }
      let perByte = fanOut / Double(size)
      return ScalingStep(
        seconds: [one, fanOut],
        note:
          "fan-out/one \(format(fanOut / one, 1))x, per byte \(format(growth(perByte, since: &firstPerByte), 2))x the first, "
          + "\(link.utf8.count) bytes: \(outcome)")
    }
  }

  /// n links received by a `LinkIntake` before `markReady()`, then `markReady()` (the newest applies,
  /// the others are reported superseded), for n = 5,000 to 40,000 (a quarter with `--quick`). The
  /// baseline is n links received after `markReady()`, each applied as it arrives.
  static func linksBeforeReady(scale: Int) -> ScalingDimension {
    var firstPerLink: Double?
    let destinations: DestinationRouter<String>
    do {
      destinations = try DestinationRouter<String>(
        table: RouteTable(schemes: ["myapp"], routes: [RouteDefinition("clip", "/clip/{id}")]),
        destination: { $0.parameters.string("id") }, values: { _ in nil })
    } catch {
      fail("links-before-ready: the table does not build: \(error)")
    }
    return ScalingDimension(
      name: "links-before-ready", unit: "links", sizes: (0..<4).map { max(1, 5_000 / scale) << $0 },
      metrics: ["after ready", "before ready"], showsMemory: false, stepBudget: 20
    ) { size in
      var applied: [String] = []
      var superseded = 0
      let links = (0..<size).map { "myapp://clip/\($0)" }
      let late = LinkIntake(destinations: destinations, isSignedIn: true) { applied.append($0) }
      await late.markReady()
      var start = now()
      for link in links { await late.receive(link, source: .customScheme) }
      let after = now() - start
      guard applied.count == size else { fail("links-before-ready: \(applied.count) of \(size) applied") }
      applied = []
      let early = LinkIntake(destinations: destinations, isSignedIn: true) { applied.append($0) }
      early.onRefusal = { _, refusal in if refusal.code == .superseded { superseded += 1 } }
      start = now()
      for link in links { await early.receive(link, source: .customScheme) }
      await early.markReady()
      let before = now() - start
      guard applied == ["\(size - 1)"], superseded == size - 1 else {
        fail("links-before-ready: applied \(applied.count), superseded \(superseded) of \(size)")
      }
      let perLink = before / Double(size)
      return ScalingStep(
        seconds: [after, before],
        note: "before/after \(format(before / after, 2))x, \(duration(perLink)) a link, "
          + "\(format(growth(perLink, since: &firstPerLink), 2))x the first")
    }
  }

  /// One segment of 1,024 to 8,192 `a` against 64 templates `/p/{x}` + s/2 `a` + `b<i>{y}` (s the
  /// segment's length) and a plain `/p/{whole}` that takes it: each separator's run of `a` matches at
  /// every place of the segment and never ends there. The baseline is the plain route alone.
  static func templateSeparators() -> ScalingDimension {
    var firstPerByte: Double?
    let limits = RouteTable.Options(maxURLLength: 1 << 20, maxSegments: 64)
    return ScalingDimension(
      name: "template-separators", unit: "bytes", sizes: [1_024, 2_048, 4_096, 8_192],
      metrics: ["plain", "64 templates"], showsMemory: false
    ) { size in
      let run = String(repeating: "a", count: size / 2)
      let templates = build(
        RouteTable(
          hosts: ["example.com"], options: limits,
          routes: (0..<64).map { RouteDefinition("t\($0)", "/p/{x}\(run)b\($0){y}") } + [
            RouteDefinition("whole", "/p/{whole}")
          ]))
      let plain = build(
        RouteTable(hosts: ["example.com"], options: limits, routes: [RouteDefinition("whole", "/p/{whole}")]))
      let link = "https://example.com/p/" + String(repeating: "a", count: size)
      guard (try? templates.matchIndex(link)) == 64, (try? plain.matchIndex(link)) == 0 else {
        fail("template-separators: the segment does not reach the plain route")
      }
      let plainSeconds = secondsPerRun { (try? plain.matchIndex(link)) ?? -1 }
      let templateSeconds = secondsPerRun { (try? templates.matchIndex(link)) ?? -1 }
      let perByte = templateSeconds / Double(size)
      return ScalingStep(
        seconds: [plainSeconds, templateSeconds],
        note: "templates/plain \(format(templateSeconds / plainSeconds, 1))x, per byte "
          + "\(format(growth(perByte, since: &firstPerByte), 2))x the first")
    }
  }
}
