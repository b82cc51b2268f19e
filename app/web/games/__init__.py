"""Game-specific web parts, one package per game (app/web/games/<id>/), each declaring a `plugin`
(app/web/plugin.py) that the registry names. Nothing here registers anything."""
