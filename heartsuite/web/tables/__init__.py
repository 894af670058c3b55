"""Hearts tables with people on the web: the protocol's HTTP routes and WebSocket
(docs/protocol.md), the hub that keeps live tables and drives their computer players."""
