"""HTTP: pages, HTMX fragments, the JSON API and websockets. Everything a role receives is rendered from its view."""
