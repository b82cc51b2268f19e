"""Schemathesis against the OpenAPI schema: whatever a script sends, the server never answers with a 5xx."""
import uuid

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from app.web.main import create_app
from tests.conftest import Player

app = create_app()
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@pytest.fixture(scope="module")
def token():
    """A signed-in user with a running game, so generated requests sometimes hit real objects."""
    from app import games as registry
    registry.load(["tests.fixtures.duel"])
    player = Player(app, f"fuzz{uuid.uuid4().hex[:8]}")
    player.post("/api/games", json={"game": "duel", "side": "red"})
    yield player.token
    player.close()


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_makes_a_server_error(case, token):
    case.call_and_validate(headers={"Authorization": f"Bearer {token}"}, checks=[not_a_server_error])
