import DeepLinking
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension DurableLinkStore {
  static func path(_ root: RawPath, _ folder: Folder) -> RawPath {
    root.appending(Array(folder.rawValue.utf8))
  }

  static func ioError(_ operation: String, _ path: RawPath) -> DurableLinkStoreError {
    ioError(operation, path.display)
  }

  static func ioError(_ operation: String, _ path: String) -> DurableLinkStoreError {
    let code = errno
    return .io(operation: operation, path: path, code: code, message: String(cString: strerror(code)))
  }

  /// Creates directories and every missing directory above them, each with mode `0700`, then flushes
  /// each directory that names a new one (once), so a stored link never outlives the path to it.
  ///
  /// Existing directories are only looked at (`stat`), never passed to `mkdir`: a sandbox may refuse
  /// `mkdir` on a parent the app cannot write even though it exists. Directories above a path are
  /// followed as the system resolves them; the path itself is not (`lstat`): a symbolic link there is
  /// refused.
  static func makeDirectories(_ paths: [String]) throws(DurableLinkStoreError) {
    var changedParents: [String] = []
    for path in paths {
      for parent in try makeDirectory(path) where !changedParents.contains(parent) {
        changedParents.append(parent)
      }
    }
    for parent in changedParents {
      let path = RawPath(parent)
      // Above the store: followed as the system resolves it, like every directory above.
      let descriptor = open(path.cString, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { throw ioError("open", path) }
      defer { close(descriptor) }
      try syncDirectory(descriptor, path: path)
    }
  }

  /// Creates a directory and every missing directory above it, each with mode `0700`.
  ///
  /// - Returns: The directories that gained an entry, to be flushed.
  private static func makeDirectory(_ path: String) throws(DurableLinkStoreError) -> [String] {
    var missing: [String] = []
    var current = path
    while true {
      var status = stat()
      let found = current == path ? lstat(current, &status) : stat(current, &status)
      if found == 0 {
        if status.st_mode & S_IFMT == S_IFLNK { throw .foreignEntry(path: current, reason: notFollowed) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path: current) }
        break
      }
      // ENOTDIR: something above is not a directory; going up finds it and names it.
      guard errno == ENOENT || errno == ENOTDIR else { throw ioError("stat", current) }
      missing.append(current)
      let parent = parentPath(of: current)
      guard parent != current else { break }
      current = parent
    }
    var changedParents: [String] = []
    for directory in missing.reversed() {
      if mkdir(directory, 0o700) != 0 {
        guard errno == EEXIST else { throw ioError("mkdir", directory) }
        // Created meanwhile by someone else: fine if it is a directory.
        var status = stat()
        guard (directory == path ? lstat(directory, &status) : stat(directory, &status)) == 0,
          status.st_mode & S_IFMT == S_IFDIR
        else {
          if status.st_mode & S_IFMT == S_IFLNK { throw .foreignEntry(path: directory, reason: notFollowed) }
          throw .notADirectory(path: directory)
        }
        continue
      }
      changedParents.append(parentPath(of: directory))
    }
    return changedParents
  }

  /// The directory that contains a path: `/a/b` for `/a/b/c`, `/` for `/a`, `.` for `a`.
  private static func parentPath(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    guard slash != trimmed.startIndex else { return "/" }
    return String(trimmed[..<slash])
  }

  /// Why an entry that is a symbolic link is refused or set aside.
  static let notFollowed = "a symbolic link, which the store does not follow"

  /// Why an entry of another type is refused or set aside where a regular file belongs.
  static func notARegularFile(_ mode: mode_t) -> String {
    mode & S_IFMT == S_IFLNK ? notFollowed : "\(typeName(mode)), not a regular file"
  }

  /// What an entry is, from its `st_mode`: "a directory", "a FIFO", ...
  static func typeName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFLNK: "a symbolic link"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    default: "a file of unknown type"
    }
  }

  /// What to do when a directory to open does not exist.
  enum Missing {
    case fails, absent
  }

  /// Opens a directory without following a symbolic link in its place, and checks that it is a
  /// directory owned by the process's user.
  ///
  /// - Parameters:
  ///   - parent: The directory `name` is in (`AT_FDCWD` for a path, whose parents are followed).
  ///   - name: The directory's name, or its path under `AT_FDCWD`.
  ///   - path: The directory's path, for errors.
  ///   - missing: Whether a missing directory is an error or gives `nil`.
  /// - Returns: The descriptor, to be closed by the caller; `nil` for a missing directory when
  ///   `missing` is `.absent`.
  /// - Throws: ``DurableLinkStoreError/foreignEntry(path:reason:)`` for a symbolic link or a directory
  ///   of another user, ``DurableLinkStoreError/notADirectory(path:)`` for another type, or an I/O
  ///   error.
  static func openOwnDirectory(
    _ parent: Int32, _ name: [UInt8], path: RawPath, missing: Missing = .fails
  ) throws(DurableLinkStoreError) -> Int32? {
    let descriptor = openat(parent, name.cString, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT && missing == .absent { return nil }
      var status = stat()
      if code == ELOOP || code == ENOTDIR, fstatat(parent, name.cString, &status, AT_SYMLINK_NOFOLLOW) == 0 {
        if status.st_mode & S_IFMT == S_IFLNK { throw .foreignEntry(path: path.display, reason: notFollowed) }
        if code == ENOTDIR && missing == .absent { return nil }
        throw .notADirectory(path: path.display)
      }
      // Something above is not a directory: there is no store here.
      if code == ENOTDIR && missing == .absent { return nil }
      errno = code
      throw ioError("open", path)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let failure = ioError("fstat", path)
      close(descriptor)
      throw failure
    }
    let user = geteuid()
    guard status.st_uid == user else {
      close(descriptor)
      throw .foreignEntry(
        path: path.display, reason: "owned by user \(status.st_uid), not by this process's user (\(user))")
    }
    return descriptor
  }

  /// ``openOwnDirectory(_:_:path:missing:)`` for a directory that must exist.
  static func openOwnDirectory(_ parent: Int32, _ name: [UInt8], path: RawPath)
    throws(DurableLinkStoreError) -> Int32
  {
    guard let descriptor = try openOwnDirectory(parent, name, path: path, missing: .fails) else {
      throw .notADirectory(path: path.display)
    }
    return descriptor
  }

  /// Creates the store's folders that are missing (mode `0700`) and opens each; takes over the root's
  /// descriptor (closed on failure).
  static func openFolders(_ rootDescriptor: Int32, root: RawPath) throws(DurableLinkStoreError)
    -> Folders
  {
    var descriptors: [Int32] = []
    var created = false
    do throws(DurableLinkStoreError) {
      for folder in Folder.allCases {
        let name = Array(folder.rawValue.utf8)
        if mkdirat(rootDescriptor, name.cString, 0o700) == 0 {
          created = true
        } else if errno != EEXIST {
          throw ioError("mkdir", path(root, folder))
        }
        descriptors.append(try openOwnDirectory(rootDescriptor, name, path: path(root, folder)))
      }
      if created { try syncDirectory(rootDescriptor, path: root) }
    } catch {
      for descriptor in descriptors { close(descriptor) }
      close(rootDescriptor)
      throw error
    }
    return Folders(root: rootDescriptor, descriptors: descriptors)
  }

  /// Opens and locks the store's `lock` file: a regular file, created if missing, never through a
  /// symbolic link.
  static func lock(_ rootDescriptor: Int32, root: RawPath) throws(DurableLinkStoreError) -> Int32 {
    let name = Array("lock".utf8)
    let lockPath = root.appending(name)
    let descriptor = openat(
      rootDescriptor, name.cString, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      var status = stat()
      if fstatat(rootDescriptor, name.cString, &status, AT_SYMLINK_NOFOLLOW) == 0,
        status.st_mode & S_IFMT != S_IFREG
      {
        throw .foreignEntry(path: lockPath.display, reason: notARegularFile(status.st_mode))
      }
      errno = code
      throw ioError("open", lockPath)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .foreignEntry(path: lockPath.display, reason: notARegularFile(status.st_mode))
    }
    // A lock just released can stay held for a moment by a child process between fork and exec (the
    // descriptor is close-on-exec), so a busy lock is tried again for up to 200 ms before giving up.
    var attempts = 0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      if code == EWOULDBLOCK && attempts < 40 {
        attempts += 1
        usleep(5_000)
        continue
      }
      close(descriptor)
      if code == EWOULDBLOCK {
        throw .locked(path: root.display)
      }
      throw .io(
        operation: "flock", path: lockPath.display, code: code, message: String(cString: strerror(code)))
    }
    return descriptor
  }

  /// The names in an open folder, as the bytes the file system returns, in byte order.
  static func list(_ folder: Int32, path: RawPath, counting listings: inout Int)
    throws(DurableLinkStoreError) -> [[UInt8]]
  {
    listings += 1
    // A descriptor of its own: `closedir` closes it, and reading starts at the first entry.
    let descriptor = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0, let directory = fdopendir(descriptor) else {
      let failure = ioError("opendir", path)
      if descriptor >= 0 { close(descriptor) }
      throw failure
    }
    defer { closedir(directory) }
    var names: [[UInt8]] = []
    while let item = readdir(directory) {
      // `d_name` is a fixed-size, NUL-terminated array: its bytes up to the NUL are the name.
      let name = withUnsafeBytes(of: item.pointee.d_name) { bytes in Array(bytes.prefix { $0 != 0 }) }
      if name != Array(".".utf8) && name != Array("..".utf8) {
        names.append(name)
      }
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// Writes a new file in a folder and flushes it; a file of that name is replaced, never written
  /// through.
  static func writeSynced(_ data: Data, to name: [UInt8], in folder: Int32, path folderPath: RawPath)
    throws(DurableLinkStoreError)
  {
    let path = folderPath.appending(name)
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    var descriptor = openat(folder, name.cString, flags, 0o600)
    if descriptor < 0 && errno == EEXIST {
      // Left by an earlier attempt, or planted: removed (the name only), then created afresh.
      unlinkat(folder, name.cString, 0)
      descriptor = openat(folder, name.cString, flags, 0o600)
    }
    guard descriptor >= 0 else {
      throw ioError("open", path)
    }
    var failure: DurableLinkStoreError?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR {
            continue
          }
          failure = ioError("write", path)
          return
        }
        offset += written
      }
    }
    if failure == nil && fsync(descriptor) != 0 {
      failure = ioError("fsync", path)
    }
    close(descriptor)
    if let failure {
      unlinkat(folder, name.cString, 0)
      throw failure
    }
  }

  static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  /// Renames an entry from one folder to another (`renameat`): a symbolic link is moved itself.
  static func rename(
    _ name: [UInt8], from: Folder, to target: [UInt8], in destination: Folder, folders: Folders, root: RawPath
  ) throws(DurableLinkStoreError) {
    guard renameat(folders[from], name.cString, folders[destination], target.cString) == 0 else {
      throw ioError(
        "rename to \(path(root, destination).appending(target).display)", path(root, from).appending(name))
    }
  }

  static func move(_ name: [UInt8], from: Folder, to: Folder, folders: Folders, root: RawPath)
    throws(DurableLinkStoreError)
  {
    try rename(name, from: from, to: name, in: to, folders: folders, root: root)
    try syncDirectory(folders[to], path: path(root, to))
    try syncDirectory(folders[from], path: path(root, from))
  }

  static func syncDirectory(_ descriptor: Int32, path: RawPath) throws(DurableLinkStoreError) {
    guard fsync(descriptor) == 0 else {
      throw ioError("fsync", path)
    }
  }

  /// The store's directory and its folders, opened once; every step after opening works relative to
  /// these descriptors.
  struct Folders: Sendable {
    var root: Int32
    /// One per ``Folder``, in the order of `Folder.allCases`.
    var descriptors: [Int32]

    subscript(folder: Folder) -> Int32 {
      switch folder {
      case .pending: descriptors[0]
      case .delivering: descriptors[1]
      case .redelivering: descriptors[2]
      case .quarantine: descriptors[3]
      case .tmp: descriptors[4]
      }
    }

    var pending: Int32 { self[.pending] }
    var quarantine: Int32 { self[.quarantine] }
    var tmp: Int32 { self[.tmp] }
    var redelivering: Int32 { self[.redelivering] }

    func close() {
      for descriptor in descriptors + [root] {
        _ = DurableLinkStore.closeDescriptor(descriptor)
      }
    }
  }

  fileprivate static func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(descriptor)
    #elseif canImport(Musl)
      Musl.close(descriptor)
    #else
      Darwin.close(descriptor)
    #endif
  }
}
