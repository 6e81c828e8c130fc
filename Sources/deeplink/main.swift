import DeepLinkCommands

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe (`deeplink route ... | head`) must end the tool quietly, not with a signal.
signal(SIGPIPE, SIG_IGN)
let status = await DeepLinkTool.run(Array(CommandLine.arguments.dropFirst()), streams: .standard())
// The tool ends without the process's exit-time teardown: a fetch that gave up on a slow server
// leaves its cancelled transfer to finish on a thread of its own (BoundedFetch), and tearing the
// process's libraries down under that thread can crash it. Everything written is flushed first.
fflush(nil)
_exit(status)
