// The router lives in DeepLinkRouting, which needs only Foundation. DeepLinking re-exports it, so
// `import DeepLinking` brings the route table, the router and the JSON reader as before.
@_exported import DeepLinkRouting
