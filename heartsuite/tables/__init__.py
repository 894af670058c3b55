"""Tables where several people play Hearts together (SPEC §3): seats, the secret and provably
fair deals, and what each seat or spectator may be told. Pure (no I/O); the web app runs them."""
