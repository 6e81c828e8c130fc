import Foundation
import UniversalLinks

/// The SHA-256 fingerprint of an X.509 certificate file, a PEM or DER one such as
/// `keytool -exportcert` writes, read with `openssl x509 -noout -fingerprint -sha256`. openssl is run
/// directly with its arguments, never through a shell.
@MainActor
enum CertificateFile {
  /// The most bytes of openssl's output read; its fingerprint line is about 110.
  static let maximumOutput = 4096

  /// The fingerprint of the certificate at `path`, or a failure naming the file and saying why: openssl
  /// is not on the PATH, or it cannot read the file as a certificate.
  static func fingerprint(_ path: String) throws(ToolFailure) -> CertificateFingerprint {
    let shown = Printable.escaped(path)
    let data: Data
    do {
      data = try AASACommand.contents(of: path)
    } catch {
      throw ToolFailure(description: "--certificate \(Printable.escaped(error.description))")
    }
    guard let openssl = executable(named: "openssl") else {
      throw ToolFailure(
        description:
          "--certificate \(shown): reading a certificate needs openssl on the PATH, and there is none; install openssl, or give the key's SHA-256 with --fingerprint"
      )
    }
    // PEM is text with a BEGIN line; anything else is given to openssl as DER.
    let isPEM = String(decoding: data.prefix(65_536), as: UTF8.self).contains("-----BEGIN ")
    var arguments = ["x509", "-noout", "-fingerprint", "-sha256", "-in", path]
    if !isPEM { arguments += ["-inform", "DER"] }
    let (status, output, errors) = run(openssl, arguments)
    let failure = errors.split(whereSeparator: \.isNewline).first.map(String.init) ?? "no output"
    guard status == 0,
      let line = output.split(whereSeparator: \.isNewline).first(where: { $0.contains("Fingerprint=") }),
      let value = line.split(separator: "=", maxSplits: 1).last
    else {
      throw ToolFailure(
        description:
          "--certificate \(shown): not an X.509 certificate openssl can read as \(isPEM ? "PEM" : "DER") (openssl: \(Printable.escaped(failure)))"
      )
    }
    do {
      return try CertificateFingerprint(value.trimmingCharacters(in: .whitespaces).uppercased())
    } catch {
      throw ToolFailure(
        description:
          "--certificate \(shown): openssl printed no SHA-256 fingerprint (\(Printable.escaped(String(line))))"
      )
    }
  }

  /// The first executable file called `name` in a directory of the PATH.
  static func executable(named name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") where !directory.isEmpty {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// Runs `program` with `arguments`, no shell and no input; returns its exit status and the first
  /// ``maximumOutput`` bytes of its standard output and standard error.
  private static func run(_ program: URL, _ arguments: [String]) -> (Int32, String, String) {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return (-1, "", "cannot run \(program.path): \(error.localizedDescription)")
    }
    // openssl writes a line or two to each, far less than a pipe holds, so reading one after the
    // other cannot block it.
    let out = output.fileHandleForReading.readDataToEndOfFile().prefix(maximumOutput)
    let err = errors.fileHandleForReading.readDataToEndOfFile().prefix(maximumOutput)
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)
    )
  }
}
