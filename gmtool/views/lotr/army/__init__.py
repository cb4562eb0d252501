"""The LotR army tracker: mass battle, units and structures (one dialog, a tab each)."""
