"""truco: the open-source Truco Paulista system."""

__version__ = "0.1.0"
