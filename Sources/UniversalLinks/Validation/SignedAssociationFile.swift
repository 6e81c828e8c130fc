import DeepLinkRouting
import Foundation
import RouteFiles

/// Recognises the iOS 8 form of the association file: the JSON wrapped in CMS/PKCS#7 signed data
/// (`openssl smime -sign -nodetach -outform DER`), served as `application/pkcs7-mime`.
enum SignedAssociationFile {
  /// The DER encoding of the PKCS#7 signedData object identifier, 1.2.840.113549.1.7.2.
  static let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]

  /// How far into the file the object identifier must appear: it follows the outer SEQUENCE header.
  private static let identifierWindow = 32

  /// Whether the bytes are a DER/BER SEQUENCE (0x30, then an indefinite 0x80 or a definite length)
  /// that starts with the signedData object identifier.
  static func isSigned(_ data: Data) -> Bool {
    let head = Array(data.prefix(identifierWindow))
    guard head.count > signedDataOID.count, head[0] == 0x30,
      head[1] == 0x80 || (0x81...0x84).contains(head[1])
    else { return false }
    let last = head.count - signedDataOID.count
    return (0...last).contains { Array(head[$0..<($0 + signedDataOID.count)]) == signedDataOID }
  }

  /// The JSON object carried inside signed data: from the first `{` to the last `}` that ends a
  /// valid JSON text (the signature and certificates follow the content).
  static func embeddedJSON(in data: Data) -> Data? {
    let bytes = [UInt8](data)
    guard let start = bytes.firstIndex(of: UInt8(ascii: "{")) else { return nil }
    var end = bytes.endIndex
    var attempts = 0
    while attempts < 16, let close = bytes[start..<end].lastIndex(of: UInt8(ascii: "}")) {
      let candidate = Data(bytes[start...close])
      if (try? JSONReader.read(candidate)) != nil { return candidate }
      end = close
      attempts += 1
    }
    return nil
  }
}
