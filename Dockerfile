# The app image for docker-compose.yml: migrations run before the server starts (the prestart step).
# The rulebooks' transcriptions live beside the repository (../shared/rules), outside this build context: they come
# in as the named context "rules" (docker-compose.yml passes it; by hand: docker build --build-context
# rules=../shared/rules .). Without it this empty stage stands in, and /rules/<game> says the text is not installed.
FROM scratch AS rules

FROM python:3.11-slim
WORKDIR /srv/ironbottom
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
COPY pyproject.toml README.md alembic.ini ./
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
COPY --from=rules . /srv/shared/rules
ENV IRONBOTTOM_RULES_DIR=/srv/shared/rules
# Editable, so the package finds templates/, static/ and migrations/ beside it.
RUN pip install --no-cache-dir -e .
EXPOSE 8000
CMD ["sh", "-c", "python -m app migrate && uvicorn app.web.main:app --host 0.0.0.0 --port 8000 --proxy-headers --ws-max-size 65536 --ws app.realtime.frames:Protocol"]
