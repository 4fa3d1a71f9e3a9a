"""Map the text model to RDF."""
