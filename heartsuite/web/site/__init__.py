"""The rest of the site: home, rules (with their replayed examples) and statistics."""
