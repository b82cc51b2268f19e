"""What the Solomons boards list, from `view(state, role)`, the prompt (its typed orders and `info.choices`) and the
printed data: the choices each board offers, in the rules' words and order (the Plotting Chart's reachable places,
the standing orders that can apply to a force, the doctrine's kinds of ship and odds columns), and the panels beside
the map. Pure functions over plain data, no web: the plug-in (app/web/games/solomons) hands them to its templates
as `sol.<name>`.
"""
