"""Text handling: clean reading text with offsets back to the file, and normalisation."""
