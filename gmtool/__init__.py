"""gmtool: a game master's table tool with exact check probabilities."""

__version__ = "0.1.0"
