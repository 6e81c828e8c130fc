/// The substitution variables Apple predefines for `applinks` patterns.
///
/// `$(alpha)`, `$(upper)`, `$(lower)`, `$(alnum)`, `$(digit)` and `$(xdigit)` each match one ASCII
/// character of their class. `$(region)` matches one ISO 3166-1 alpha-2 region code (`GB`, not `UK`),
/// `$(lang)` one ISO 639-1 language code. Both lists are embedded here in full, so matching does not
/// depend on the platform's locale data.
package enum PredefinedSubstitutionVariables {
  /// The names of the predefined variables.
  package static let names = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]

  /// The 249 officially assigned ISO 3166-1 alpha-2 region codes, upper case.
  package static let regionCodes: [String] = """
    AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV \
    BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES \
    ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE \
    IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY \
    MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU \
    NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM \
    SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE \
    VG VI VN VU WF WS YE YT ZA ZM ZW
    """.split(separator: " ").map(String.init)

  /// The 183 ISO 639-1 language codes, lower case.
  package static let languageCodes: [String] = """
    aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz \
    ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii \
    ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi \
    mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw \
    sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk \
    ur uz ve vi vo wa wo xh yi yo za zh zu
    """.split(separator: " ").map(String.init)

  /// The one-character class of a predefined variable, or `nil` for `region`, `lang` and other names.
  static func characterClass(named name: String) -> ASCIISet? {
    switch name {
    case "alpha": ASCIISet("A"..."Z").union(ASCIISet("a"..."z"))
    case "upper": ASCIISet("A"..."Z")
    case "lower": ASCIISet("a"..."z")
    case "alnum": ASCIISet("A"..."Z").union(ASCIISet("a"..."z")).union(ASCIISet("0"..."9"))
    case "digit": ASCIISet("0"..."9")
    case "xdigit": ASCIISet("0"..."9").union(ASCIISet("A"..."F")).union(ASCIISet("a"..."f"))
    default: nil
    }
  }
}
