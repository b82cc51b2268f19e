"""Computer players (filled in below)."""
BOTS: dict = {}
