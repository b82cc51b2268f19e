"""Persistence: SQLAlchemy models and repositories. Only Alembic migrations change the schema."""
