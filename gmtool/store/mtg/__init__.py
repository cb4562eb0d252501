"""The MTG card database: the shipped sample, the user's imported cache, lookup by name (no Qt)."""
