# The app image for docker-compose.yml: migrations run before the server starts (the prestart step).
FROM python:3.11-slim
WORKDIR /srv/ironbottom
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
COPY pyproject.toml README.md alembic.ini ./
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
# Editable, so the package finds templates/, static/ and migrations/ beside it.
RUN pip install --no-cache-dir -e .
EXPOSE 8000
CMD ["sh", "-c", "python -m app migrate && uvicorn app.web.main:app --host 0.0.0.0 --port 8000 --proxy-headers --ws-max-size 65536 --ws app.realtime.frames:Protocol"]
