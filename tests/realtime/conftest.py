"""The platform tests' helpers, for these tests too."""
from tests.platform.conftest import anon  # noqa: F401
