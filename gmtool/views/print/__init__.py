"""Printed character sheets: PDF export and print preview (sheet_document.py)."""
