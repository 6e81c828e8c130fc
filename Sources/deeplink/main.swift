import DeepLinkCommands

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe (`deeplink route ... | head`) must end the tool quietly, not with a signal.
signal(SIGPIPE, SIG_IGN)
let status = await DeepLinkTool.run(Array(CommandLine.arguments.dropFirst()), streams: .standard())
exit(status)
