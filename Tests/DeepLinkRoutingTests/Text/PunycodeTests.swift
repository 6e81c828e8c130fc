import Foundation
import Testing

@testable import DeepLinkRouting

/// Punycode (RFC 3492) on the RFC's own sample strings (section 7.1) and on hosts people know, both ways,
/// and refusing what is not Punycode.
@Suite("Punycode")
struct PunycodeTests {
  /// RFC 3492, section 7.1: each sample's Unicode and its encoding. The RFC writes some samples with
  /// mixed-case annotation (`b1abfaaepdrnnbgefbaDotcwatmq2g4l`); the encoder writes lower case, and the
  /// decoder reads either.
  static let rfcSamples: [(name: String, unicode: String, encoded: String)] = [
    ("(A) Arabic (Egyptian)", "ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
    ("(B) Chinese (simplified)", "他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
    ("(C) Chinese (traditional)", "他們爲什麽不說中文", "ihqwctvzc91f659drss3x8bo0yb"),
    ("(D) Czech", "Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"),
    ("(E) Hebrew", "למההםפשוטלאמדבריםעברית", "4dbcagdahymbxekheh6e0a7fei0b"),
    ("(F) Hindi", "यहलोगहिन्दीक्योंनहींबोलसकतेहैं", "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"),
    ("(G) Japanese", "なぜみんな日本語を話してくれないのか", "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"),
    (
      "(H) Korean", "세계의모든사람들이한국어를이해한다면얼마나좋을까",
      "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"
    ),
    ("(I) Russian", "почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"),
    (
      "(J) Spanish", "PorquénopuedensimplementehablarenEspañol",
      "PorqunopuedensimplementehablarenEspaol-fmd56a"
    ),
    ("(K) Vietnamese", "TạisaohọkhôngthểchỉnóitiếngViệt", "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"),
    ("(L) 3年B組金八先生", "3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
    ("(M) 安室奈美恵-with-SUPER-MONKEYS", "安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
    (
      "(N) Hello-Another-Way-それぞれの場所", "Hello-Another-Way-それぞれの場所", "Hello-Another-Way--fc4qua05auwb3674vfr0b"
    ),
    ("(O) ひとつ屋根の下2", "ひとつ屋根の下2", "2-u9tlzr9756bt3uc0v"),
    ("(P) MajiでKoiする5秒前", "MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
    ("(Q) パフィーdeルンバ", "パフィーdeルンバ", "de-jg4avhby1noc0d"),
    ("(R) そのスピードで", "そのスピードで", "d9juau41awczczp"),
    ("(S) -> $1.00 <-", "-> $1.00 <-", "-> $1.00 <--"),
  ]

  @Test(arguments: rfcSamples.map(\.name))
  func theRFCSamplesEncodeAndDecode(_ name: String) throws {
    let sample = try #require(Self.rfcSamples.first { $0.name == name })
    let scalars = Array(sample.unicode.unicodeScalars)
    #expect(Punycode.encode(scalars) == sample.encoded)
    #expect(Punycode.decode(Substring(sample.encoded).utf8) == scalars)
  }

  @Test func theRFCsMixedCaseAnnotationDecodes() {
    #expect(
      Punycode.decode(Substring("b1abfaaepdrnnbgefbaDotcwatmq2g4l").utf8)
        == Array("почемужеонинеговорятпорусски".unicodeScalars))
  }

  @Test(arguments: [
    ("bücher", "bcher-kva"), ("भारत", "h2brj9c"), ("münchen", "mnchen-3ya"), ("ß", "zca"), ("☃", "n3h"),
    ("中国", "fiqs8s"),
  ])
  func knownLabels(_ unicode: String, _ encoded: String) {
    #expect(Punycode.encode(Array(unicode.unicodeScalars)) == encoded)
    #expect(Punycode.decode(Substring(encoded).utf8) == Array(unicode.unicodeScalars))
  }

  @Test(arguments: [
    "a!b",  // not a digit
    "99999",  // a digit run that never ends
    "abc-9",  // a run that ends early
    "99999999a",  // past U+10FFFF
    "ü-abc",  // not ASCII before the delimiter
  ])
  func whatIsNotPunycodeIsRefused(_ text: String) {
    #expect(Punycode.decode(Substring(text).utf8) == nil)
  }
}
