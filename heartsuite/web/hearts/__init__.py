"""Hearts on the web: the page, its JSON API and WebSocket, and the tables in play."""
