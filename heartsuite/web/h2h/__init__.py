"""Heart to Heart on the web: the page, its JSON API and the games held for people."""
