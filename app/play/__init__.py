"""Use cases, one function each: sign up, create a game, join a seat, submit an action, replay, verify."""
