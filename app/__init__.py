"""Ironbottom: hidden-movement wargames of the 1942 Pacific campaign, refereed by the server."""
