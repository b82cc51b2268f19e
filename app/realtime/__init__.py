"""Per-game channels for live push."""
